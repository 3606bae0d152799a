//! A parameter type without a JSON Schema is reported at the type, in our words.
use mcp_tools::prelude::*;

#[derive(serde::Deserialize)]
struct Address {
    street: String,
    city: String,
}

/// Change where a shipment goes, before it is dispatched.
///
/// Use when the recipient moved; dispatched shipments cannot be redirected.
#[tool(namespace = "shipment", destructive = false, idempotent)]
async fn set_destination(
    /// Shipment number, for example `SH-2026-004211`.
    #[param(pattern = r"^SH-\d{4}-\d{6}$")]
    shipment_number: String,
    /// The new delivery address.
    destination: Address,
) -> Result<String, ToolError> {
    Ok(format!(
        "{shipment_number} now goes to {}, {}",
        destination.street, destination.city
    ))
}

fn main() {
    let _ = Registry::builder().tools(tools![set_destination]).build();
}
