//! What [mcp-tools](https://docs.rs/mcp-tools)' macro and runtime must agree on:
//! the `format` names the macro accepts and the runtime checks, the binary policies, the
//! task modes, the schema keyword that marks a field that narrows a result, the one "did
//! you mean …?" both use, and the title a tool gets when it gives none.
//!
//! A proc-macro crate can export only macros, so these live here. Not meant to be used
//! directly; depend on `mcp-tools`.

pub mod binary;
pub mod format;
pub mod narrows;
pub mod suggest;
pub mod task;
pub mod title;
