//! `effect_declared`: a tool that says neither `read_only` nor `destructive = …` is reported
//! at the `#[tool(...)]` arguments.
use mcp_tools_runtime::prelude::*;

/// Record a shipment's measured weight before dispatch.
///
/// Use after weighing a parcel. Dispatched shipments cannot be changed.
#[tool(namespace = "shipment", idempotent)]
async fn set_weight(
    /// Shipment number, for example `SH-2026-004211`.
    #[param(pattern = r"^SH-\d{4}-\d{6}$")]
    shipment_number: String,
    /// Measured weight of the parcel.
    #[param(min = 0.1, max = 30000.0)]
    weight_kg: f64,
) -> String {
    format!("{shipment_number} now weighs {weight_kg} kg")
}

fn main() {
    let _ = Registry::builder()
        .server_info("t", "1")
        .tools(tools![set_weight])
        .build();
}
