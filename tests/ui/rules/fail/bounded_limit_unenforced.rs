//! `bounded_limit_unenforced`: a result count whose maximum only its doc states warns at its
//! name; one whose schema holds the bound does not.
use mcp_tools::prelude::*;

/// Search issues by title and return the matches, newest first.
#[tool(namespace = "issue", read_only)]
async fn search(
    /// Words to look for in issue titles.
    text: String,
    /// Results per page, max 100.
    per_page: u32,
) -> String {
    format!("{text} {per_page}")
}

/// Search comments by text and return the matches, newest first.
#[tool(namespace = "comment", read_only)]
async fn search_comments(
    /// Words to look for in comments.
    text: String,
    /// Results per page.
    #[param(max = 100)]
    per_page: u32,
) -> String {
    format!("{text} {per_page}")
}

fn main() {}

// A warning does not stop the build; this error does, so the test can show the warnings.
compile_error!("end of test: the warnings of this file are the output under test");
