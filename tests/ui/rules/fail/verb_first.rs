//! `verb_first`: a fn name that is a noun phrase is reported at the fn name.
use mcp_tools_runtime::prelude::*;

/// Estimate when a shipment reaches its destination, as a date and a confidence.
///
/// Use before promising a delivery date to a customer.
#[tool(namespace = "shipment", read_only)]
async fn delivery_estimate(
    /// Shipment number, for example `SH-2026-004211`.
    #[param(pattern = r"^SH-\d{4}-\d{6}$")]
    shipment_number: String,
) -> String {
    format!("{shipment_number}: due tomorrow")
}

fn main() {
    let _ = Registry::builder()
        .server_info("t", "1")
        .tools(tools![delivery_estimate])
        .build();
}
