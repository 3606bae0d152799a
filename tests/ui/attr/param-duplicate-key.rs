//! A `#[param]` key given twice, across two attributes, is reported at the second one.
use mcp_tools::prelude::*;

/// Record a shipment's measured weight before dispatch.
///
/// Use after weighing a parcel. Dispatched shipments cannot be changed; check the
/// status with `shipment_get_status` first.
#[tool(namespace = "shipment", destructive = false, idempotent)]
async fn set_weight(
    /// Shipment number, for example `SH-2026-004211`.
    #[param(pattern = r"^SH-\d{4}-\d{6}$")]
    shipment_number: String,
    /// Measured weight of the parcel.
    #[param(min = 0.1, max = 30000.0)]
    #[param(max = 25000.0)]
    weight_kg: f64,
) -> Result<String, ToolError> {
    Ok(format!("{shipment_number} weighs {weight_kg} kg"))
}

fn main() {
    let _ = Registry::builder().tools(tools![set_weight]).build();
}
