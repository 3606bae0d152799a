//! What [mcp-tools](https://docs.rs/mcp-tools)' macro and runtime must agree on:
//! the `format` names the macro accepts and the runtime checks, the binary policies, the
//! task modes, the schema keyword that marks a field that narrows a result, the one "did
//! you mean …?" both use, the title a tool gets when it gives none, and the URI templates of
//! resources (parsed by the macro, matched by the runtime, checked for collisions by both).
//!
//! A proc-macro crate can export only macros, so these live here. Not meant to be used
//! directly; depend on `mcp-tools`.

pub mod binary;
pub mod format;
pub mod narrows;
pub mod suggest;
pub mod task;
pub mod title;
pub mod uri_template;
