//! `Args<T>` is the arguments object, which is never absent: `Option<Args<T>>` fails the
//! build, pointing at the fields that may be left out instead.
use mcp_tools::prelude::*;
use serde::Deserialize;

#[derive(Deserialize, ToolArgs)]
struct SearchArgs {
    /// Words to look for in issue titles.
    text: String,
}

/// Search issues by title and return the matches, newest first.
#[tool(namespace = "issue", read_only)]
async fn search(args: Option<Args<SearchArgs>>) -> String {
    args.map(|a| a.0.text).unwrap_or_default()
}

fn main() {
    let _ = tools![search];
}
