//! An unknown `task` mode is reported at its value, with the nearest mode and both modes.
use mcp_tools::prelude::*;

/// Build the month's delivery report for a depot, one row per route.
///
/// Use at the end of a month; building it takes several minutes.
#[tool(namespace = "report", read_only, task = "requried")]
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
