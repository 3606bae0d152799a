//! `task_deferred` on a tool whose calls are not tasks defers nothing: the build fails at the
//! key.
use mcp_tools::prelude::*;

/// Build the month's delivery report for a depot, one row per route.
///
/// Use at the end of a month; building it takes several minutes.
#[tool(namespace = "report", read_only, task_deferred)]
async fn build_monthly(
    ctx: ToolContext,
    /// Depot code, for example `BER-2`.
    #[param(pattern = r"^[A-Z]{3}-\d$")]
    depot_code: String,
) -> Result<String, ToolError> {
    ctx.continue_as_task().await?;
    Ok(format!("{depot_code}: 42 routes"))
}

fn main() {
    let _ = Registry::builder().tools(tools![build_monthly]).build();
}
