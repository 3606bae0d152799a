//! The design rules of [mcp-tools](https://docs.rs/mcp-tools), as a plain library.
//!
//! The rules judge a [`Tool`]: a neutral model of one tool definition (its name, namespace,
//! description, parameters with their JSON Schema facts and docs, nested fields, and
//! annotations), whoever wrote it. Three front ends build that model:
//!
//! - `#[tool]` (the `mcp-tools-macros` crate) from the fn's syntax, reporting at spans;
//! - the runtime's registry, for tools it did not get from the macro;
//! - [`published`], from a server's `tools/list` entries, reporting at JSON pointers
//!   (what `mcp-tools-lint` runs on any MCP server).
//!
//! [`check`] runs every rule that is not allowed and returns the [`Report`]s, each at a
//! [`Target`] of the model that the front end turns into its own location. The rule ids,
//! their levels and why each rule exists are in RULES.md.
//!
//! ```
//! use mcp_tools_rules::{check, published};
//!
//! let listed = serde_json::json!({
//!     "name": "delete_file",
//!     "description": "Delete a file from the workspace; it cannot be restored.",
//!     "inputSchema": {"type": "object", "properties": {"path": {"type": "string"}}},
//!     "annotations": {"destructiveHint": false}
//! });
//! let tool = published::tool(&listed, None);
//! let ids: Vec<&str> = check(&tool, &published::levels()).iter().map(|r| r.rule.id()).collect();
//! assert_eq!(ids, ["path_format", "destructive_verb"]);
//! ```
//!
//! [`check_prompt`] judges a prompt, modelled as a [`Tool`] with its arguments as text
//! parameters, with the rules that make sense for one ([`PROMPT_RULES`]: its name, namespace,
//! description and arguments' descriptions and names), worded for a prompt and its user;
//! `#[prompt]` runs it, and [`published::judge_prompts`] on a `prompts/list`.
//!
//! [`narrows`] reads the same words for another question: whether setting an argument asks
//! a tool for less (a limit, a window, a filter), which the runtime names when a result is
//! cut and the rest cannot be had page by page.

mod catalog;
pub mod doc;
mod model;
pub mod published;
mod report;
mod rules;
pub mod words;

pub use catalog::{Evidence, Level, Levels, PROMPT_RULES, Rule};
pub use model::{Declared, Description, Dialect, Kind, Noun, Origin, Param, Tool};
pub use report::{DescriptionPart, Hint, ParamPart, Report, Target};
pub use rules::{check, check_prompt, narrows};
