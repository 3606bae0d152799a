//! An unknown binary policy is reported at its value, with the nearest policy and all three.
use mcp_tools::prelude::*;

/// Take a photo of a parcel at the depot's scale, for damage claims.
///
/// Use when a customer reports damage; it changes nothing.
#[tool(namespace = "parcel", read_only, binary = "omit")]
async fn get_photo(
    /// Shipment number, for example `SH-2026-004211`.
    #[param(pattern = r"^SH-\d{4}-\d{6}$")]
    shipment_number: String,
) -> String {
    format!("no photo of {shipment_number}")
}

fn main() {
    let _ = Registry::builder().tools(tools![get_photo]).build();
}
