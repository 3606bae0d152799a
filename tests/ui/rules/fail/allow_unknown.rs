//! An unknown rule id in `allow(...)` is reported at the id, with the nearest id and the list
//! of valid ones; the misspelt waiver waives nothing, so the rule it meant still fires.
use mcp_tools::prelude::*;

/// Set the cooling of a refrigerated container, for perishable cargo.
///
/// Use when the cargo's storage instructions change; the unit adjusts within minutes.
#[tool(
    namespace = "reefer",
    destructive = false,
    idempotent,
    allow(units_in_name)
)]
async fn set_temperature(
    /// Container number, for example `MSKU1234567`.
    #[param(pattern = r"^[A-Z]{4}\d{7}$")]
    container_number: String,
    /// Target temperature of the cargo hold.
    #[param(min = -30.0, max = 30.0)]
    temperature: f64,
) -> String {
    format!("{container_number} set to {temperature}")
}

fn main() {
    let _ = Registry::builder()
        .server_info("t", "1")
        .tools(tools![set_temperature])
        .build();
}
