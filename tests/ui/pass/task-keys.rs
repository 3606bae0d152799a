//! Every form of the task keys compiles, and the tools build a registry: `task` in each mode,
//! `task_ttl_secs`, and `task_deferred` bare or as `= true`/`= false`, with the
//! `ToolContext` a deferred call continues through.
use mcp_tools::prelude::*;

/// Build the month's delivery report for a depot, one row per route.
///
/// Use at the end of a month; building it takes several minutes.
#[tool(
    namespace = "report",
    read_only,
    task = "optional",
    task_ttl_secs = 3600
)]
async fn build_monthly(
    /// Depot code, for example `BER-2`.
    #[param(pattern = r"^[A-Z]{3}-\d$")]
    depot_code: String,
) -> String {
    format!("{depot_code}: 42 routes")
}

/// Rebuild the search index of every shipment the depot has handled.
///
/// Use after a data migration; it runs until it is done.
#[tool(
    namespace = "index",
    destructive = false,
    idempotent,
    task = "required",
    task_deferred = false
)]
async fn rebuild(
    /// Depot code, for example `BER-2`.
    #[param(pattern = r"^[A-Z]{3}-\d$")]
    depot_code: String,
) -> String {
    format!("{depot_code}: index rebuilt")
}

/// Export a depot's shipments as CSV; a small depot answers at once.
///
/// Use before an audit.
#[tool(namespace = "export", read_only, task = "optional", task_deferred)]
async fn shipments(
    ctx: ToolContext,
    /// Depot code, for example `BER-2`.
    #[param(pattern = r"^[A-Z]{3}-\d$")]
    depot_code: String,
) -> Result<String, ToolError> {
    if depot_code.starts_with("BER") {
        // The big depot: the rest of the call runs as a task, where the client has them.
        ctx.continue_as_task().await?;
    }
    Ok(format!("{depot_code}: 1 shipment"))
}

/// Export a depot's routes as CSV; a small depot answers at once.
///
/// Use before planning next week's routes.
#[tool(
    namespace = "export",
    read_only,
    task = "required",
    task_ttl_secs = 600,
    task_deferred = true
)]
async fn routes(
    ctx: ToolContext,
    /// Depot code, for example `BER-2`.
    #[param(pattern = r"^[A-Z]{3}-\d$")]
    depot_code: String,
) -> Result<String, ToolError> {
    ctx.continue_as_task().await?;
    Ok(format!("{depot_code}: 12 routes"))
}

fn main() {
    let registry = Registry::builder()
        .server_info("t", "1")
        .tools(tools![build_monthly, rebuild, shipments, routes])
        .build()
        .unwrap();
    assert_eq!(registry.tool_definitions().len(), 4);
}
