//! Three report tools, one of each kind of task support (`optional`, with an alias;
//! `required`; none), which the task-marking tests list and call in process and through the
//! TypeScript SDK.

use mcp_tools::prelude::*;

/// Export every report of a month as one archive and return where it was written.
#[tool(
    namespace = "report",
    read_only,
    open_world = false,
    task = "optional",
    aliases("report_dump")
)]
pub(crate) async fn export(
    /// The month to export, like `2026-03`.
    #[param(pattern = r"^\d{4}-\d{2}$", example = "2026-03")]
    month: String,
) -> String {
    format!("reports/{month}.zip")
}

/// Rebuild every report from the raw events; this takes hours, so it runs only as a task.
#[tool(
    namespace = "report",
    destructive = false,
    idempotent,
    open_world = false,
    task = "required"
)]
pub(crate) async fn rebuild(
    /// The first month to rebuild, like `2026-03`.
    #[param(pattern = r"^\d{4}-\d{2}$", example = "2026-03")]
    from_month: String,
) -> String {
    format!("rebuilt from {from_month}")
}

/// Return the totals of one report.
#[tool(namespace = "report", read_only, open_world = false)]
pub(crate) async fn lookup(
    /// The month of the report, like `2026-03`.
    #[param(pattern = r"^\d{4}-\d{2}$", example = "2026-03")]
    month: String,
) -> String {
    format!("totals of {month}")
}
