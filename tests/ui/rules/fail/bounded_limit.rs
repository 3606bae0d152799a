//! `bounded_limit`: a `limit` without a `max` is reported at its name.
use mcp_tools::prelude::*;

/// Find shipments whose recipient, city or reference matches the words given.
///
/// Use to locate a shipment when the customer does not know its number.
#[tool(namespace = "shipment", read_only)]
async fn search(
    /// Words to match, for example `Lisbon ACME`.
    #[param(min_length = 1, max_length = 200)]
    query: String,
    /// How many shipments to return.
    limit: u32,
) -> String {
    format!("first {limit} matches of {query}")
}

fn main() {
    let _ = Registry::builder()
        .server_info("t", "1")
        .tools(tools![search])
        .build();
}
