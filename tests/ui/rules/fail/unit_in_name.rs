//! `unit_in_name`: a numeric `weight` with no unit is reported at its name.
use mcp_tools::prelude::*;

/// Record a shipment's measured weight before dispatch.
///
/// Use after weighing a parcel. Dispatched shipments cannot be changed.
#[tool(namespace = "shipment", destructive = false, idempotent)]
async fn set_weight(
    /// Shipment number, for example `SH-2026-004211`.
    #[param(pattern = r"^SH-\d{4}-\d{6}$")]
    shipment_number: String,
    /// Measured weight of the parcel.
    #[param(min = 0.1, max = 30000.0)]
    weight: f64,
) -> String {
    format!("{shipment_number} now weighs {weight}")
}

fn main() {
    let _ = Registry::builder()
        .server_info("t", "1")
        .tools(tools![set_weight])
        .build();
}
