//! `#[derive(ToolArgs)]`: the parameter rules judge the fields of an argument struct, each at
//! its field, and `#[param]` keys are accepted there, as on a tool fn's parameters.
use mcp_tools::prelude::*;
use serde::Deserialize;

/// Which issues to return.
#[derive(Deserialize, ToolArgs)]
pub struct IssueFilters {
    timeout: Option<u64>,
    limit: Option<u32>,
    created_at: Option<String>,
    id: Option<String>,
    path: Option<String>,
    milestone: Option<String>,
    /// Results per page.
    #[param(min = 1, max = 100)]
    per_page: Option<u32>,
    /// `default` belongs to serde on a field.
    #[param(default = 10)]
    page: u32,
}

/// Search issues and return the matches, newest first.
#[tool(namespace = "issue", read_only)]
async fn search(
    /// Words to look for in issue titles.
    text: String,
    filters: IssueFilters,
) -> String {
    format!("{text} {:?}", filters.limit)
}

fn main() {
    let _ = tools![search];
}
