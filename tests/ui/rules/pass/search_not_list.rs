//! `search_not_list` edges: a `list_*` tool with a filter (`customer_id`), or with a bounded
//! `limit`, passes.
use mcp_tools::prelude::*;

/// The orders of one customer, newest first, with their totals and delivery status.
///
/// Use when a customer asks about an order but does not know its number.
#[tool(namespace = "order", read_only)]
async fn list_for_customer(
    /// Customer id, for example `C-100233`.
    #[param(pattern = r"^C-\d{6}$")]
    customer_id: String,
) -> String {
    format!("{customer_id}: 2 orders")
}

/// The most recent orders of the store, newest first, with their totals.
///
/// Use for a quick look at today's trade; search by customer for anything older.
#[tool(namespace = "order", read_only)]
async fn list_recent(
    /// How many orders to return.
    #[param(min = 1, max = 50)]
    limit: u32,
) -> String {
    format!("last {limit} orders")
}

fn main() {
    let _ = Registry::builder()
        .server_info("t", "1")
        .tools(tools![list_for_customer, list_recent])
        .build()
        .unwrap();
}
