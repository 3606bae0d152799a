//! `Registry::lint` and the lint policy of `RegistryBuilder::build`: the design rules on the
//! tools a registry lists, judged as `mcp-tools-lint` judges a published server.

use mcp_tools::{
    Registry,
    lint::{Level, Levels, LintPolicy, Rule},
    prelude::*,
};

/// Read a file of the shared folder, for the audit log.
///
/// Use when an audit entry names a file and you need its text.
// The crate's authors judged paths plain here; a published server is judged without that.
#[tool(
    namespace = "files",
    read_only,
    allow(path_format, param_description_required)
)]
async fn read(path: String) -> String {
    path
}

/// Count the files of the shared folder, for the dashboard.
///
/// Use to show how full the folder is; it reads nothing else.
#[tool(namespace = "files", read_only)]
async fn count_entries() -> String {
    String::new()
}

/// The levels of a published server: the defaults, but `namespace_required`.
fn published() -> Levels {
    let mut levels = Levels::default();
    levels.set(Rule::NamespaceRequired, Level::Allow);
    levels
}

#[test]
fn the_registry_reports_what_the_linter_reports_of_its_listing() {
    // Tools that pass `#[tool]`'s rules at the default levels pass them as a published
    // server too: the fixture server's tools give the linter nothing to say.
    let fixture = mcp_tools_tests::registry().expect("the fixture registry builds");
    assert!(fixture.lint().is_empty(), "{:#?}", fixture.lint());

    // Judged at a published server's levels, as the linter judges what it lists.
    let registry = Registry::builder()
        .tools(tools![read, count_entries])
        .rule_levels(published())
        .build()
        .expect("the default policy builds");
    let listed: Vec<serde_json::Value> = registry
        .tool_definitions()
        .iter()
        .map(|t| serde_json::to_value(t).expect("a tool serializes"))
        .collect();
    let by_linter: Vec<(String, String, String)> =
        mcp_tools_lint::lint(&listed, &mcp_tools_lint::settings::Settings::default())
            .into_iter()
            .map(|f| (f.tool, f.pointer, f.report.to_string()))
            .collect();
    let by_registry: Vec<(String, String, String)> = registry
        .lint()
        .into_iter()
        .map(|l| (l.tool, l.pointer, l.report.to_string()))
        .collect();
    assert_eq!(by_registry.len(), 1, "{by_registry:#?}");
    assert_eq!(by_registry, by_linter);
}

#[test]
fn each_tool_is_judged_at_the_levels_its_crate_and_its_waivers_gave() {
    // `read` waives `path_format` and `param_description_required`, as `#[tool]` recorded:
    // the registry judges it as the compiler did.
    let registry = Registry::builder()
        .tools(tools![read, count_entries])
        .lint(LintPolicy::Refuse)
        .build()
        .expect("the tool's own waivers hold at run time");
    assert!(registry.lint().is_empty(), "{:#?}", registry.lint());
}

#[test]
fn a_refusing_registry_names_the_tool_the_rule_and_the_fix() {
    let error = Registry::builder()
        .tools(tools![read, count_entries])
        .rule_levels(published())
        .lint(LintPolicy::Refuse)
        .build()
        .expect_err("an undocumented path is an error for a published server");
    let problems = error.problems();
    assert_eq!(problems.len(), 1, "{problems:#?}");
    assert!(
        problems[0].starts_with("tool `files_read` (/tools/0/inputSchema/properties/path): ")
            && problems[0].contains("= help: say in its `description` how it is written")
            && problems[0].ends_with("[rule: path_format]"),
        "{}",
        problems[0]
    );
}

#[test]
fn logging_registries_and_the_default_serve_and_report_on_demand() {
    for policy in [LintPolicy::Log, LintPolicy::Off] {
        let registry = Registry::builder()
            .tools(tools![read, count_entries])
            .rule_levels(published())
            .lint(policy)
            .build()
            .expect("only `Refuse` refuses");
        let lints = registry.lint();
        assert_eq!(lints.len(), 1, "{lints:#?}");
        assert_eq!(lints[0].report.rule.id(), "path_format");
        assert_eq!(lints[0].report.level, Level::Error);
    }
}
