//! `task_required_quick` edges: a required task with a timeout over 30 s, or with none, and an
//! optional task with a short timeout, pass.
// Rule warnings are deprecation warnings: denied, an edge that warns fails the test.
#![deny(deprecated)]
use mcp_tools::prelude::*;

/// Build the month's delivery report for a depot, one row per route.
///
/// Use at the end of a month; building it takes several minutes.
#[tool(
    namespace = "report",
    read_only,
    task = "required",
    timeout_ms = 30_001
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
    task = "required"
)]
async fn rebuild(
    /// Depot code, for example `BER-2`.
    #[param(pattern = r"^[A-Z]{3}-\d$")]
    depot_code: String,
) -> String {
    format!("{depot_code}: index rebuilt")
}

/// Build the day's delivery summary for a depot: routes, parcels and late stops.
///
/// Use at the end of a shift.
#[tool(namespace = "report", read_only, task = "optional", timeout_ms = 1000)]
async fn build_daily(
    /// Depot code, for example `BER-2`.
    #[param(pattern = r"^[A-Z]{3}-\d$")]
    depot_code: String,
) -> String {
    format!("{depot_code}: 12 routes, 3 late stops")
}

fn main() {
    let _ = Registry::builder()
        .server_info("t", "1")
        .tools(tools![build_monthly, rebuild, build_daily])
        .build()
        .unwrap();
}
