//! `tools![...]` fails to compile when one tool's alias is another tool's wire name.
use mcp_tools::prelude::*;

/// Look up where a shipment is and when it is due.
///
/// Use before promising a delivery date to a customer.
#[tool(namespace = "shipment", read_only)]
async fn get_status(
    /// Shipment number, for example `SH-2026-004211`.
    #[param(pattern = r"^SH-\d{4}-\d{6}$")]
    shipment_number: String,
) -> String {
    format!("{shipment_number}: in transit")
}

/// Look up where a shipment is, when it is due, and who signed for it.
///
/// Use before promising a delivery date to a customer.
#[tool(namespace = "shipment", read_only, aliases("shipment_get_status"))]
async fn get_tracking(
    /// Shipment number, for example `SH-2026-004211`.
    #[param(pattern = r"^SH-\d{4}-\d{6}$")]
    shipment_number: String,
) -> String {
    format!("{shipment_number}: delivered, signed by J. Kim")
}

fn main() {
    let _ = Registry::builder()
        .tools(tools![get_status, get_tracking])
        .build();
}
