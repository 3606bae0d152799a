//! The design-rule catalog (RULES.md) at compile time.
//!
//! `ui/rules/fail` holds one file per rule id, named after it: a realistic tool with exactly
//! one violation, whose `.stderr` shows one error at the offending token, with its `= help:`
//! fix and `[rule: id]`. Beside them: every violation of several tools reported in one build
//! (`all_at_once`), wire-name and alias collisions in `tools![...]`, and an unknown id in
//! `allow(...)`.
//!
//! `ui/rules/pass` holds tools at the edges of each rule, and one tool per rule that breaks it
//! and waives it with `allow(...)`. Each builds a registry from its tools, so the runtime's
//! checks run on them too.
//!
//! The `.stderr` files are written by the pinned toolchain; regenerate them with
//! `TRYBUILD=overwrite cargo test -p mcp-tools-tests --test compile ui_rules::` and review the diff.

#[test]
fn ui_rules() {
    let t = trybuild::TestCases::new();
    t.compile_fail("ui/rules/fail/*.rs");
    t.pass("ui/rules/pass/*.rs");
}
