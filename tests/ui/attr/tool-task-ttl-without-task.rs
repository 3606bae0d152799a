//! `task_ttl_secs` on a tool whose calls are not tasks keeps nothing: the build fails at the
//! key.
use mcp_tools::prelude::*;

/// Build the month's delivery report for a depot, one row per route.
///
/// Use at the end of a month; building it takes several minutes.
#[tool(namespace = "report", read_only, task_ttl_secs = 3600)]
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
