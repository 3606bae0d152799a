//! Compile-time behaviour of `#[tool]` and `tools![...]`.
//!
//! - `ui/attr`: each attribute or signature mistake gives one error, at the offending
//!   token, with a `= help:` line; `all-at-once.rs` shows that every mistake of a tool is
//!   reported in one build.
//! - `ui/tools-list`: a tool list in which two tools, or an alias and a tool, share a wire
//!   name does not compile.
//! - `ui/pass`: every supported form compiles, builds a registry, and serves calls.
//!
//! The `.stderr` files are written by the pinned toolchain; regenerate them with
//! `TRYBUILD=overwrite cargo test -p mcp-tools-tests --test ui` and review the diff.

#[test]
fn ui() {
    let t = trybuild::TestCases::new();
    t.compile_fail("ui/attr/*.rs");
    t.compile_fail("ui/tools-list/*.rs");
    t.pass("ui/pass/*.rs");
}
