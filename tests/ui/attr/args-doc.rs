//! An `Args<T>` parameter is no property of its own, so a doc on it would describe nothing
//! a model reads: the build fails at the doc.
use mcp_tools::prelude::*;
use serde::Deserialize;

#[derive(Deserialize, ToolArgs)]
struct SearchArgs {
    /// Words to look for in issue titles.
    text: String,
}

/// Search issues by title and return the matches, newest first.
#[tool(namespace = "issue", read_only)]
async fn search(
    /// What to search for.
    args: Args<SearchArgs>,
) -> String {
    args.0.text
}

fn main() {
    let _ = tools![search];
}
