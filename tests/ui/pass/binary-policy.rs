//! Each binary policy is accepted, and a registry default can be set.
use mcp_tools::{meta::BinaryPolicy, prelude::*};

/// Take a photo of a parcel at the depot's scale, for damage claims.
///
/// Use when a customer reports damage; it changes nothing.
#[tool(namespace = "parcel", read_only, binary = "drop")]
async fn get_photo(
    /// Shipment number, for example `SH-2026-004211`.
    #[param(pattern = r"^SH-\d{4}-\d{6}$")]
    shipment_number: String,
) -> String {
    format!("no photo of {shipment_number}")
}

/// Attach a parcel's delivery receipt as a document the client can open.
///
/// Use after delivery, to show proof of delivery; it changes nothing.
#[tool(namespace = "parcel", read_only, binary = "link")]
async fn get_receipt(
    /// Shipment number, for example `SH-2026-004211`.
    #[param(pattern = r"^SH-\d{4}-\d{6}$")]
    shipment_number: String,
) -> String {
    format!("no receipt of {shipment_number}")
}

fn main() {
    let registry = Registry::builder()
        .tools(tools![get_photo, get_receipt])
        .binary_policy(BinaryPolicy::Count)
        .build();
    assert!(registry.is_ok());
}
