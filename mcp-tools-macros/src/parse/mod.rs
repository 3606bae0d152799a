//! Stage 1: read `#[tool(...)]` (`#[prompt(...)]`, `#[resource(...)]`) and `#[param(...)]`
//! into spanned values.
//!
//! Keys are dispatched by hand rather than through a derive (darling's) so that one bad key
//! costs only that key: every other key still parses, and the rules that follow see them.

pub(crate) mod item_keys;
mod json;
pub(crate) mod keys;
mod param_args;
mod tool_args;
pub(crate) mod value;

pub(crate) use param_args::{ParamArgs, compile_pattern, parse_param_args};
pub(crate) use tool_args::{AliasArg, ToolArgs, parse_item_args, parse_tool_args};
pub(crate) use value::Sp;
