//! A return type that is not a tool output (a struct without `Json<…>`) is reported at it.
use mcp_tools::prelude::*;

#[derive(serde::Serialize, schemars::JsonSchema)]
struct Shipment {
    shipment_number: String,
    status: String,
}

/// Look up where a shipment is and when it is due.
///
/// Use before promising a delivery date to a customer.
#[tool(namespace = "shipment", read_only)]
async fn get_status(
    /// Shipment number, for example `SH-2026-004211`.
    #[param(pattern = r"^SH-\d{4}-\d{6}$")]
    shipment_number: String,
) -> Result<Shipment, ToolError> {
    Ok(Shipment {
        shipment_number,
        status: "in transit".into(),
    })
}

fn main() {
    let _ = Registry::builder().tools(tools![get_status]).build();
}
