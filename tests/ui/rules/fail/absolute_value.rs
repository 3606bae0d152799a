//! `absolute_value`: a state-changing tool taking a `*_delta` is reported at the parameter.
use mcp_tools::prelude::*;

/// Correct the stock level of one article after a count at the shelf.
///
/// Use after a stocktake finds a difference from the booked quantity.
#[tool(namespace = "inventory", destructive = false)]
async fn update_stock(
    /// Article number, for example `SKU-88213`.
    #[param(pattern = r"^SKU-\d{5}$")]
    sku: String,
    /// Pieces to add (positive) or take away (negative).
    #[param(min = -10000, max = 10000)]
    quantity_delta: i64,
) -> String {
    format!("{sku} changed by {quantity_delta}")
}

fn main() {
    let _ = Registry::builder()
        .server_info("t", "1")
        .tools(tools![update_stock])
        .build();
}
