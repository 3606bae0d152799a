//! `absolute_value` edges: a state-changing tool that takes the absolute target passes, and a
//! read-only tool may take an offset (`days_delta`): it changes nothing, so a retry is harmless.
use mcp_tools::prelude::*;

/// Set the stock level of one article to the quantity counted at the shelf.
///
/// Use after a stocktake; setting the same quantity twice changes nothing.
#[tool(namespace = "inventory", destructive = true, idempotent)]
async fn set_stock(
    /// Article number, for example `SKU-88213`.
    #[param(pattern = r"^SKU-\d{5}$")]
    sku: String,
    /// Pieces counted on the shelf.
    #[param(min = 0, max = 100_000)]
    quantity: u32,
) -> String {
    format!("{sku} now at {quantity}")
}

/// Show the stock movements of one article over a window of days before or after today.
///
/// Use to explain a stock difference; each movement names the order or count behind it.
#[tool(namespace = "inventory", read_only)]
async fn get_movements(
    /// Article number, for example `SKU-88213`.
    #[param(pattern = r"^SKU-\d{5}$")]
    sku: String,
    /// Days from today where the window ends: `-7` for a week ago.
    #[param(min = -365, max = 0)]
    days_delta: i32,
) -> String {
    format!("{sku}: movements up to {days_delta} days from today")
}

fn main() {
    let _ = Registry::builder()
        .server_info("t", "1")
        .tools(tools![set_stock, get_movements])
        .build()
        .unwrap();
}
