//! `absolute_value` edge: names that end in `_by` or `_diff` without being a relative change
//! (`group_by`, `requested_by`, `apply_diff`) are absolute values.
use mcp_tools::prelude::*;

/// Create a saved sales report that totals orders per region, product or month.
///
/// Use when a user wants a report they can open again; the result is its link.
#[tool(namespace = "report", destructive = false)]
async fn create_sales_report(
    /// Report title, for example `Q2 by region`.
    #[param(min_length = 1, max_length = 80)]
    title: String,
    /// What to total by: `region`, `product` or `month`.
    #[param(pattern = "^(region|product|month)$")]
    group_by: String,
    /// Email of the person who asked for the report.
    #[param(format = "email")]
    requested_by: String,
) -> String {
    format!("{title} grouped by {group_by}, for {requested_by}")
}

/// Apply a unified diff to a file in the workspace and return the lines that changed.
///
/// Use for targeted edits; the call fails without change if a hunk does not match.
#[tool(namespace = "workspace", destructive = true)]
async fn apply_diff(
    /// Path relative to the workspace root, for example `src/main.rs`.
    #[param(min_length = 1, max_length = 400)]
    path: String,
    /// The diff in unified format, with `@@` hunk headers.
    #[param(min_length = 1, max_length = 100_000)]
    patch: String,
) -> String {
    format!("{path}: {} lines of diff applied", patch.lines().count())
}

fn main() {
    let _ = Registry::builder()
        .server_info("t", "1")
        .tools(tools![create_sales_report, apply_diff])
        .build()
        .unwrap();
}
