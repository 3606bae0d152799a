//! `Option<T>` with a `default` is contradictory and reported at the default.
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
    #[param(min = 1, max = 100, default = 20)]
    limit: Option<u32>,
) -> String {
    format!("{limit:?} shipments matching {query}")
}

fn main() {
    let _ = Registry::builder().tools(tools![search]).build();
}
