//! A tool that is not an `async fn` breaks the `async_fn` rule, reported at `fn`.
use mcp_tools::prelude::*;

/// Look up where a shipment is and when it is due.
///
/// Use before promising a delivery date to a customer.
#[tool(namespace = "shipment", read_only)]
fn get_status(
    /// Shipment number, for example `SH-2026-004211`.
    #[param(pattern = r"^SH-\d{4}-\d{6}$")]
    shipment_number: String,
) -> String {
    format!("{shipment_number}: in transit")
}

fn main() {
    let _ = Registry::builder().tools(tools![get_status]).build();
}
