//! Several mistakes in one tool are all reported in one build, each at its token.
use mcp_tools::prelude::*;

/// Record a shipment's measured weight before dispatch.
///
/// Use after weighing a parcel. Dispatched shipments cannot be changed; check the
/// status with `shipment_get_status` first.
#[tool(
    namespace = "shipment",
    destructive = false,
    idempotnt,
    timeout_ms = "5s"
)]
fn set_weight(
    /// Shipment number, for example `SH-2026-004211`.
    #[param(pattern = r"^SH-(\d{4}-\d{6}$", format = "text")]
    shipment_number: String,
    /// Measured weight of the parcel.
    #[param(min = 30000.0, max = 0.1, max_length = 10)]
    weight_kg: f64,
) -> Result<String, ToolError> {
    Ok(format!("{shipment_number} weighs {weight_kg} kg"))
}

fn main() {
    let _ = Registry::builder().tools(tools![set_weight]).build();
}
