//! `min` above `max` is reported at `max`'s value.
use mcp_tools::prelude::*;

/// Find shipments whose number or recipient matches a query, newest first.
///
/// Use to find a shipment number before calling `shipment_get_status`.
#[tool(namespace = "shipment", read_only)]
async fn search(
    /// Words from the shipment number, recipient name or address.
    #[param(min_length = 2, max_length = 200)]
    query: String,
    /// Most shipments to return.
    #[param(min = 100, max = 1)]
    limit: u32,
) -> String {
    format!("{limit} shipments matching {query}")
}

fn main() {
    let _ = Registry::builder().tools(tools![search]).build();
}
