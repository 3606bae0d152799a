//! Stage 4: the code a `#[tool]`, `#[prompt]` or `#[resource]` fn expands to ([`tool`],
//! [`prompt`], [`resource`]; what they share is in [`parts`]).
//!
//! The fn is emitted unchanged (so it stays callable as written), next to a zero-sized type
//! of the same name in the type namespace (as Rocket does for routes) that implements
//! `ToolSpec`. Everything is static data plus two small fns; the work is done by generic
//! runtime code, which keeps compile time per tool low.
//!
//! What a parameter is comes from its type, never from its name: the parameter table asks
//! `<T as ToolArg>::ROLE` whether the schema requires it, `describe` adds it to the schema
//! (or records the state it needs), and `extract` produces its value. A `#[param]` key on a
//! parameter whose role takes none is a compile error from a `const` check at the key.
//! For `set_weight(depot: State<Depot>, weight_kg: f64, cursor: Option<PageCursor>,
//! response_format: ResponseFormat)` the expansion holds:
//!
//! ```text
//! static __PARAMS: [ParamMeta; 4] = [
//!     ParamMeta { name: "depot", required: ParamRole::required(<State<Depot> as ToolArg>::ROLE, false), .. },
//!     ParamMeta { name: "weight_kg", required: ParamRole::required(<f64 as ToolArg>::ROLE, false), .. },
//!     ParamMeta { name: "cursor", required: ParamRole::required(<PageCursor as ToolArg>::ROLE, true), .. },
//!     ParamMeta { name: "response_format", required: ParamRole::required(<ResponseFormat as ToolArg>::ROLE, false), .. },
//! ];
//! // `#[param(min = 0.1)]` on `depot` would add, spanned at `0.1`:
//! // const _: () = match <State<Depot> as ToolArg>::ROLE { ParamRole::Argument => {}, .. => panic!("`depot` is supplied by the server …") };
//! fn __call<'a>(call: &'a Call<'_>) -> CallFuture<'a> {
//!     Box::pin(async move {
//!         let __format = call.response_format();
//!         let __a0 = <State<Depot> as ToolArg>::extract(&__PARAMS[0], call);
//!         let __a1 = <f64 as ToolArg>::extract(&__PARAMS[1], call);
//!         let __a2 = extract_optional::<PageCursor>(&__PARAMS[2], call);
//!         let __a3 = <ResponseFormat as ToolArg>::extract(&__PARAMS[3], call);
//!         match (__a0, __a1, __a2, __a3) {
//!             (Ok(__a0), Ok(__a1), Ok(__a2), Ok(__a3)) =>
//!                 <R as ToolReturn>::into_output(set_weight(__a0, __a1, __a2, __a3).await, __format),
//!             // Every failed parameter, one line each, in one `isError` result.
//!             (__a0, __a1, __a2, __a3) => Err(ArgError::gather([__a0.err(), __a1.err(), __a2.err(), __a3.err()])),
//!         }
//!     })
//! }
//! ```
//!
//! With `input_schema = "schemas/order.json"`, `ToolMeta::input_schema` holds the file's
//! text through `include_str!` (so rustc tracks the file and an edit rebuilds the crate)
//! and its top-level property names; `__describe` describes only the injected parameters,
//! the one parameter left takes the whole arguments object through
//! `<T as ToolArguments>::from_arguments`, and every other parameter is checked at compile
//! time to have the role `Injected`:
//!
//! ```text
//! const _: () = assert!(matches!(<State<Depot> as ToolArg>::ROLE, ParamRole::Injected), "…");
//! let __a1 = <Booking as ToolArguments>::from_arguments(&__PARAMS[1], call);
//! ```
//!
//! A `#[prompt]` or `#[resource]` fn expands to the same table, role checks, `__describe`
//! and a `__call` of the same shape, whose future yields the prompt or the resource's body
//! (`<R as PromptReturn>::into_prompt`, `<R as ResourceReturn>::into_body`), beside a
//! `PromptMeta` or `ResourceMeta`, one `__complete_<i>` fn per `complete = …` key, and the
//! `PromptSpec` or `ResourceSpec` impl. Every marker type implements `Item`, which
//! `catalog![...]` lists.

mod parts;
mod prompt;
mod resource;
mod tool;

use proc_macro2::{Span, TokenStream};
use quote::quote;
use syn::ItemFn;

use crate::{
    config::Config, diag::Diagnostics, fallback, kind::Kind, model::ToolFn, parse::parse_item_args,
    rules,
};

/// `#[tool(args)] item`.
pub(crate) fn tool(args: TokenStream, item: TokenStream) -> TokenStream {
    expand_item(Kind::Tool, args, item)
}

/// `#[prompt(args)] item`.
pub(crate) fn prompt(args: TokenStream, item: TokenStream) -> TokenStream {
    expand_item(Kind::Prompt, args, item)
}

/// `#[resource("uri", args)] item`.
pub(crate) fn resource(args: TokenStream, item: TokenStream) -> TokenStream {
    expand_item(Kind::Resource, args, item)
}

/// The pipeline every kind runs: parse, model, rules, then the kind's expansion, or on
/// error the fallback.
fn expand_item(kind: Kind, args: TokenStream, item: TokenStream) -> TokenStream {
    let mut cx = Diagnostics::default();
    let config = Config::load();
    config.report(&mut cx);
    let tool_args = parse_item_args(kind, args, &mut cx);
    let item: ItemFn = match syn::parse2(item.clone()) {
        Ok(item) => item,
        Err(_) => {
            let attr = kind.attr();
            let parameters = match kind {
                Kind::Tool | Kind::Prompt => format!("the {}'s arguments", kind.noun()),
                Kind::Resource => "the variables of its URI template".to_owned(),
            };
            cx.error(
                Span::call_site(),
                format!("{attr} applies to an `async fn`"),
                format!("put {attr} on a free `async fn` whose parameters are {parameters}"),
            );
            let errors = cx.into_tokens(None);
            return quote!(#item #errors);
        }
    };
    let tool = ToolFn::from_syn(tool_args, item, &config, &mut cx);
    rules::check(&tool, &mut cx);
    // Items cannot stand in an impl block, where a method gets its error.
    let tracking = if tool.receiver.is_none() {
        config.tracking()
    } else {
        TokenStream::new()
    };
    let expanded = if cx.has_errors() {
        fallback::expand(&tool, cx)
    } else {
        // A method has no marker type, and no item can stand beside it in its impl block.
        let marker = tool.receiver.is_none().then(|| tool.ident());
        let warnings = cx.into_tokens(marker);
        let code = match kind {
            Kind::Tool => tool::expand(&tool),
            Kind::Prompt => prompt::expand(&tool),
            Kind::Resource => resource::expand(&tool),
        };
        quote!(#code #warnings)
    };
    quote!(#expanded #tracking)
}

/// `impl Item` for the marker of a `kind` fn, in a scope where `__rt` is the runtime's
/// contract and the marker implements its `ToolSpec`, `PromptSpec` or `ResourceSpec`.
pub(crate) fn item_impl(tool: &ToolFn) -> TokenStream {
    match tool.kind() {
        Kind::Tool => tool::item_impl(tool),
        Kind::Prompt => prompt::item_impl(tool),
        Kind::Resource => resource::item_impl(tool),
    }
}

/// A resource's URI or template as written; for one that did not parse (reported), a fixed
/// URI of its own, so that `catalog![...]`'s collision check, which reads templates that
/// parsed, adds no error of its own.
pub(crate) fn resource_uri(tool: &ToolFn) -> String {
    if tool.template.is_none() {
        return format!("mcp-tools-unparsed:{}", tool.ident());
    }
    resource::uri(tool)
}
