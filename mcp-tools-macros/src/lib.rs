//! Procedural macros of [mcp-tools](https://docs.rs/mcp-tools): `#[tool]`, `#[prompt]`,
//! `#[resource]`, `tools![...]` and `catalog![...]`.
//!
//! Depend on `mcp-tools`, which re-exports these macros and documents them; the
//! generated code refers to `::mcp_tools::__private::v1` only, the contract of this
//! version (the runtime pins this crate to its own version).
//!
//! Each attribute macro runs four stages, one module each: [`parse`] reads the attributes, [`model`]
//! resolves them into a spanned model of the tool, [`rules`] checks the model's shape and
//! runs the design rules of `mcp-tools-rules` on it (the library the registry and
//! `mcp-tools-lint` run too), reporting every violation at its span, and [`expand`] writes
//! the code (or, on error, [`fallback`] keeps the user's fn compiling next to the errors).

mod args;
mod catalog_list;
mod config;
mod diag;
mod docs;
mod emit;
mod expand;
mod fallback;
mod judged;
mod kind;
mod model;
mod parse;
mod rules;
mod schema_file;
mod template;
mod tools_list;

use proc_macro::TokenStream;

/// Turns a documented `async fn` into an MCP tool. See `mcp_tools::tool`.
#[proc_macro_attribute]
pub fn tool(args: TokenStream, item: TokenStream) -> TokenStream {
    expand::tool(args.into(), item.into()).into()
}

/// Turns a documented `async fn` into an MCP prompt. See `mcp_tools::prompt`.
#[proc_macro_attribute]
pub fn prompt(args: TokenStream, item: TokenStream) -> TokenStream {
    expand::prompt(args.into(), item.into()).into()
}

/// Turns a documented `async fn` into an MCP resource or resource template. See
/// `mcp_tools::resource`.
#[proc_macro_attribute]
pub fn resource(args: TokenStream, item: TokenStream) -> TokenStream {
    expand::resource(args.into(), item.into()).into()
}

/// Lists tools, prompts and resources for the registry: `catalog![set_weight, loan_policy]`.
/// See `mcp_tools::catalog`.
#[proc_macro]
pub fn catalog(input: TokenStream) -> TokenStream {
    catalog_list::expand(input.into()).into()
}

/// Lists tools for the registry: `tools![set_weight, orders::cancel]`. See `mcp_tools::tools`.
#[proc_macro]
pub fn tools(input: TokenStream) -> TokenStream {
    tools_list::expand(input.into()).into()
}

/// The design rules and `#[param(...)]` keys on the fields of an argument struct. See
/// `mcp_tools::ToolArgs`.
#[proc_macro_derive(ToolArgs, attributes(param))]
pub fn tool_args(input: TokenStream) -> TokenStream {
    args::derive(input.into()).into()
}
