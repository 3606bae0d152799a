//! `#[param]` keys bound one argument; on `Args<T>` they would bound none, so the build
//! fails at the key through the type's role.
use mcp_tools::prelude::*;
use serde::Deserialize;

#[derive(Deserialize, ToolArgs)]
struct SearchArgs {
    /// Words to look for in issue titles.
    text: String,
}

/// Search issues by title and return the matches, newest first.
#[tool(namespace = "issue", read_only)]
async fn search(#[param(max_length = 80)] args: Args<SearchArgs>) -> String {
    args.0.text
}

fn main() {
    let _ = tools![search];
}
