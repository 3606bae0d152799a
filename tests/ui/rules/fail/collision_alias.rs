//! An alias equal to another tool's wire name fails `tools![...]`, and the error names both
//! fns.
use mcp_tools::prelude::*;

/// Look up where a shipment is and when it is due.
///
/// Use before promising a delivery date to a customer.
#[tool(namespace = "shipment", read_only, aliases("shipment_track"))]
async fn get_status(
    /// Shipment number, for example `SH-2026-004211`.
    #[param(pattern = r"^SH-\d{4}-\d{6}$")]
    shipment_number: String,
) -> String {
    format!("{shipment_number}: in transit")
}

/// Follow a shipment's scans from pickup to delivery, one event per scan.
///
/// Use when a customer asks where a parcel has been, not only where it is.
#[tool(namespace = "shipment", read_only)]
async fn track(
    /// Shipment number, for example `SH-2026-004211`.
    #[param(pattern = r"^SH-\d{4}-\d{6}$")]
    shipment_number: String,
) -> String {
    format!("{shipment_number}: picked up, sorted, out for delivery")
}

fn main() {
    let registry = Registry::builder()
        .server_info("t", "1")
        .tools(tools![get_status, track])
        .build()
        .unwrap();
    let _ = registry;
}
