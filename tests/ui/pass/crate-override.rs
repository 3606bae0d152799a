//! `crate = path` points the generated code at the runtime, for renamed or re-exported crates.
use mcp_tools::prelude::*;

/// The runtime, re-exported the way a facade crate would.
mod rt {
    pub use mcp_tools::*;
}

/// Look up where a shipment is and when it is due.
///
/// Use before promising a delivery date to a customer.
#[tool(namespace = "shipment", read_only, crate = ::mcp_tools)]
async fn get_status(
    /// Shipment number, for example `SH-2026-004211`.
    #[param(pattern = r"^SH-\d{4}-\d{6}$")]
    shipment_number: String,
) -> String {
    format!("{shipment_number}: in transit")
}

/// Look up who signed for a delivered shipment, and when.
///
/// Use when a customer says a parcel never arrived.
#[tool(namespace = "shipment", read_only, crate = crate::rt)]
async fn get_signature(
    /// Shipment number, for example `SH-2026-004211`.
    #[param(pattern = r"^SH-\d{4}-\d{6}$")]
    shipment_number: String,
) -> String {
    format!("{shipment_number}: signed by J. Kim")
}

fn main() {
    let registry = rt::Registry::builder()
        .tools(tools![crate = crate::rt; get_status, get_signature])
        .build()
        .unwrap();
    assert_eq!(registry.tool_definitions().len(), 2);
}
