//! `task_required_quick`: `task = "required"` on a tool whose `timeout_ms` is at most 30 s is
//! reported, as a warning, at `"required"`.
use mcp_tools::prelude::*;

/// Build the day's delivery summary for a depot: routes, parcels and late stops.
///
/// Use at the end of a shift.
#[tool(
    namespace = "report",
    read_only,
    task = "required",
    timeout_ms = 30_000
)]
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
        .tools(tools![build_daily])
        .build();
}

// A warning does not stop the build; this error does, so the test can show the warning.
compile_error!("end of test: the warnings of this file are the output under test");
