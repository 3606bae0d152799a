//! `timeout_ms = 0` would time out every call that awaits anything: the build fails at it.
use mcp_tools::prelude::*;

/// Read a shipment's status.
///
/// Use before promising a delivery date.
#[tool(namespace = "shipment", read_only, timeout_ms = 0)]
async fn get_status(
    /// Shipment number, like `SH-2026-000123`.
    shipment_number: String,
) -> String {
    shipment_number
}

fn main() {
    let _ = tools![get_status];
}
