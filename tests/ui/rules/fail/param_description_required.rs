//! `param_description_required`: a schema parameter without a doc comment is reported at its
//! name, as a warning; injected parameters and documented ones are not.
use mcp_tools::prelude::*;

struct Depot;

/// Record a shipment's measured weight before dispatch.
///
/// Use after weighing a parcel. Dispatched shipments cannot be changed.
#[tool(namespace = "shipment", destructive = false, idempotent)]
async fn set_weight(
    depot: State<Depot>,
    /// Shipment number, for example `SH-2026-004211`.
    #[param(pattern = r"^SH-\d{4}-\d{6}$")]
    shipment_number: String,
    /// Measured weight of the parcel.
    #[param(min = 0.1, max = 30000.0)]
    weight_kg: f64,
    carrier: String,
) -> String {
    let _: &Depot = &depot;
    format!("{shipment_number} now weighs {weight_kg} kg, by {carrier}")
}

fn main() {
    let _ = Registry::builder()
        .server_info("t", "1")
        .state(Depot)
        .tools(tools![set_weight])
        .build();
}

compile_error!("end of test: the warnings of this file are the output under test");
