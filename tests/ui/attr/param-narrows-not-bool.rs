//! `narrows` is a flag or a bool; `"always"` is reported at the value.
use mcp_tools::prelude::*;

/// Show the changes between the working tree and `main`, only in the files given.
///
/// Use to review one part of a change before merging it.
#[tool(namespace = "git", read_only)]
async fn diff(
    /// Paths relative to the repository root; only their changes are shown.
    #[param(narrows = "always")]
    paths: Vec<String>,
) -> String {
    paths.join("\n")
}

fn main() {
    let _ = Registry::builder().tools(tools![diff]).build();
}
