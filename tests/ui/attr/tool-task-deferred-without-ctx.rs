//! A `task_deferred` tool becomes a task only through `ctx.continue_as_task()`: one without a
//! `ToolContext` parameter is reported at the key.
use mcp_tools::prelude::*;

/// Build the month's delivery report for a depot, one row per route.
///
/// Use at the end of a month; a depot with few routes answers at once.
#[tool(namespace = "report", read_only, task = "optional", task_deferred)]
async fn build_monthly(
    /// Depot code, for example `BER-2`.
    #[param(pattern = r"^[A-Z]{3}-\d$")]
    depot_code: String,
) -> String {
    format!("{depot_code}: 42 routes")
}

fn main() {
    let _ = Registry::builder().tools(tools![build_monthly]).build();
}
