//! A generic `#[tool]` fn is reported at its generics.
use mcp_tools::prelude::*;

/// Find shipments whose number or recipient matches a query, newest first.
///
/// Use to find a shipment number before calling `shipment_get_status`.
#[tool(namespace = "shipment", read_only)]
async fn search<Q: AsRef<str> + Send>(
    /// Words from the shipment number, recipient name or address.
    query: Q,
) -> String {
    format!("shipments matching {}", query.as_ref())
}

fn main() {
    let _ = Registry::builder().tools(tools![search]).build();
}
