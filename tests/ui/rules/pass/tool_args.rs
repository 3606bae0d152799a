//! `#[derive(ToolArgs)]` on a struct whose every field is documented, bounded and formatted
//! builds without a report, taken as one parameter or, as `Args<T>`, as the whole arguments
//! object beside a flat `ResponseFormat`.
use mcp_tools::prelude::*;
use serde::Deserialize;

/// Which issues to return.
#[derive(Deserialize, ToolArgs)]
pub struct IssueFilters {
    /// How long to wait for the index, in milliseconds.
    timeout: Option<u64>,
    /// Most issues to return.
    #[param(min = 1, max = 100)]
    limit: Option<u32>,
    /// Only issues opened at or after this instant.
    #[param(format = "date-time")]
    created_after: Option<String>,
    /// The milestone's number, for example `12`.
    milestone_number: Option<u32>,
    include_closed: Option<bool>,
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

/// Which issues to count.
#[derive(Deserialize, ToolArgs)]
pub struct CountArgs {
    /// Words to look for in issue titles.
    text: String,
    /// The milestone's number, for example `12`.
    milestone_number: Option<u32>,
}

/// Count the issues that match, by state.
#[tool(namespace = "issue", read_only)]
async fn count(args: Args<CountArgs>, response_format: ResponseFormat) -> String {
    format!("{} {:?} {}", args.text, args.milestone_number, response_format.as_str())
}

fn main() {
    let _ = Registry::builder()
        .tools(tools![search, count])
        .build()
        .expect("builds");
}
