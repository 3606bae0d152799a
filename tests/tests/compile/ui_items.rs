//! Compile-time behaviour of `#[prompt]`, `#[resource]` and `catalog![...]`.
//!
//! - `ui/prompt`, `ui/resource`: each mistake gives one error (or a rule's warning), at the
//!   offending token, with a `= help:` line; a resource's template is checked against its
//!   parameters, and every class of malformed template is refused at the literal.
//! - `ui/catalog`: a list in which two tools, two prompts or two resources collide does not
//!   compile, nor one that names what is no item.
//! - `ui/items-pass`: prompts, resources and catalogs that compile, build a registry, and
//!   answer `prompts/get` and `resources/read`.
//!
//! The `.stderr` files are written by the pinned toolchain; regenerate them with
//! `TRYBUILD=overwrite cargo test -p mcp-tools-tests --test compile ui_items::` and review
//! the diff.

#[test]
fn ui_items() {
    let t = trybuild::TestCases::new();
    t.compile_fail("ui/prompt/*.rs");
    t.compile_fail("ui/resource/*.rs");
    t.compile_fail("ui/catalog/*.rs");
    t.pass("ui/items-pass/*.rs");
}
