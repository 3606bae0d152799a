//! The advice on a cut result that has no next call: it names only the arguments that ask
//! for less (limits, windows, filters, and those the author marks with
//! `#[param(narrows)]`), through `Registry::call` as a client gets it. A diff's
//! `repo_path` selects nothing smaller and more `context_lines` is longer, so a diff tool
//! is told it takes none.

// `#[tool]` requires an `async fn`, even where the body has nothing to wait for.
#![allow(clippy::unused_async)]

use std::fmt::Write as _;

use mcp_tools::{Registry, prelude::*, wire::TRUNCATION_META_KEY};
use rmcp::model::{CallToolResult, ContentBlock};
use serde::Deserialize;
use serde_json::{Value, json};

/// A unified diff of `files` files, each a hunk of 200 changed lines.
fn long_diff(files: usize) -> String {
    let mut diff = String::new();
    for file in 0..files {
        let _ = writeln!(
            diff,
            "diff --git a/src/m{file}.rs b/src/m{file}.rs\n--- a/src/m{file}.rs\n+++ b/src/m{file}.rs\n@@ -1,200 +1,200 @@"
        );
        for line in 0..200 {
            let _ = writeln!(diff, "-let weight_{line} = parcel.weight_kg * {line};");
            let _ = writeln!(diff, "+let weight_{line} = parcel.weight_kg * {line}.0;");
        }
    }
    diff
}

/// Show the changes between the working tree and a commit, as a unified diff.
///
/// Use to review what a commit or branch would change before merging it.
#[tool(namespace = "git", read_only, max_response_tokens = 1000)]
async fn diff(
    /// Absolute path of the repository's working tree.
    repo_path: String,
    /// The commit or branch to compare the working tree with, such as `main`.
    target: String,
    /// Lines of unchanged context around each change; 3 when left out.
    #[param(max = 20)]
    context_lines: Option<u32>,
) -> String {
    let _ = (repo_path, target, context_lines);
    long_diff(20)
}

/// Show the changes between the working tree and a commit, only in the files given.
///
/// Use to review one part of a change. Every call compares against the same `main`.
#[tool(namespace = "git", read_only, max_response_tokens = 1000)]
async fn diff_paths(
    /// Absolute path of the repository's working tree.
    repo_path: String,
    /// Paths relative to the repository root whose changes are shown.
    #[param(narrows)]
    paths: Vec<String>,
    /// How many times to run `git diff` before giving up on a locked index.
    #[param(max = 5, narrows = false)]
    max_count: Option<u32>,
) -> String {
    let _ = (repo_path, paths, max_count);
    long_diff(20)
}

/// Search issues by the words of their title and body, newest first.
///
/// Use to find issues about a subject; returns each match's number, title and labels.
#[tool(namespace = "issue", read_only, max_response_tokens = 1000)]
async fn search(
    /// Words to look for in the title and body.
    query: String,
    /// Most issues to return.
    #[param(min = 1, max = 500)]
    limit: Option<u32>,
    /// Only issues updated at or after this time.
    #[param(format = "date-time")]
    since: Option<String>,
    /// Whether each match carries its whole body.
    verbose: Option<bool>,
    /// Whether archived issues are searched too.
    include_archived: Option<bool>,
) -> String {
    let _ = (query, limit, since, verbose, include_archived);
    let mut out = String::new();
    for n in 0..2_000 {
        let _ = writeln!(
            out,
            "#{n}: parcel weight rounds to the wrong kilogram [bug, scale]"
        );
    }
    out
}

/// The arguments of `git_diff_fields`, as one struct.
#[derive(Deserialize, ToolArgs)]
struct DiffArgs {
    /// Absolute path of the repository's working tree.
    repo_path: String,
    /// Paths relative to the repository root whose changes are shown.
    #[param(narrows)]
    paths: Vec<String>,
    /// Most changed files to show.
    #[param(min = 1, max = 100)]
    limit: Option<u32>,
    /// How many times to run `git diff` before giving up on a locked index.
    #[param(max = 5, narrows = false)]
    max_count: Option<u32>,
    /// Lines of unchanged context around each change; 3 when left out.
    #[param(max = 20)]
    context_lines: Option<u32>,
}

/// Show the changes between the working tree and `main`, arguments taken as one struct.
///
/// Use to review one part of a change before merging it.
#[tool(namespace = "git", read_only, max_response_tokens = 1000)]
async fn diff_fields(args: Args<DiffArgs>) -> String {
    let _ = (&args.repo_path, &args.paths, args.limit, args.max_count);
    let _ = args.context_lines;
    long_diff(20)
}

fn registry() -> Registry {
    Registry::builder()
        .tools(tools![diff, diff_paths, search, diff_fields])
        .build()
        .expect("the registry builds")
}

/// Calls `name` and returns its notice, checking the result was cut with no next call.
fn notice(name: &str, arguments: Value) -> String {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_time()
        .build()
        .expect("a runtime");
    let result: CallToolResult = runtime
        .block_on(registry().call(name, arguments))
        .unwrap_or_else(|err| panic!("`{name}` is a known tool: {err:?}"));
    assert_ne!(result.is_error, Some(true), "{result:?}");
    let meta = result
        .meta
        .as_ref()
        .and_then(|m| m.get(TRUNCATION_META_KEY))
        .unwrap_or_else(|| panic!("`{name}`'s result is cut: {result:?}"));
    assert!(meta.get("next_call").is_none(), "no next call: {meta}");
    let last = result
        .content
        .last()
        .and_then(ContentBlock::as_text)
        .expect("the notice is the last block");
    last.text.clone()
}

/// The arguments the notice names, in backticks, in order.
fn named(notice: &str) -> Vec<&str> {
    notice.split('`').skip(1).step_by(2).collect()
}

#[test]
fn a_diff_is_told_it_takes_no_argument_that_narrows() {
    let note = notice(
        "git_diff",
        json!({"repo_path": "/srv/depot", "target": "main", "context_lines": 3}),
    );
    assert_eq!(named(&note), Vec::<&str>::new(), "{note}");
    assert!(
        note.contains("This tool takes no arguments that narrow its result"),
        "{note}"
    );
}

#[test]
fn a_search_names_its_limit_and_its_window_not_its_query_or_flags() {
    let note = notice(
        "issue_search",
        json!({"query": "weight", "verbose": true, "include_archived": true}),
    );
    assert_eq!(named(&note), ["limit", "since"], "{note}");
    assert!(
        note.contains("narrow the request with `limit` or `since`"),
        "{note}"
    );
}

#[test]
fn the_author_marks_what_the_name_cannot_tell() {
    // `paths` is named though nothing in its name says it narrows; `max_count` is not,
    // though its name reads as a limit.
    let note = notice(
        "git_diff_paths",
        json!({"repo_path": "/srv/depot", "paths": ["src"]}),
    );
    assert_eq!(named(&note), ["paths"], "{note}");
}

#[test]
fn fields_of_an_argument_struct_are_marked_the_same_way() {
    let note = notice(
        "git_diff_fields",
        json!({"repo_path": "/srv/depot", "paths": ["src"]}),
    );
    assert_eq!(named(&note), ["paths", "limit"], "{note}");
}

#[test]
fn the_mark_stays_out_of_the_listed_schema() {
    let registry = registry();
    for name in ["git_diff_paths", "git_diff_fields"] {
        let tool = registry
            .tool_definitions()
            .iter()
            .find(|t| t.name == name)
            .expect("listed");
        let listed = serde_json::to_string(&tool.input_schema).expect("a schema serializes");
        assert!(!listed.contains("narrows"), "{name}: {listed}");
    }
}
