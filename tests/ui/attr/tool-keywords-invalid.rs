//! Keywords that no search can use are reported each at its literal, all at once.
use mcp_tools::prelude::*;

/// Refund an order in full, to the card it was paid with.
///
/// Use after the customer returned every item; it cannot be undone.
#[tool(
    namespace = "order",
    destructive,
    keywords("money back", "", "Money Back", "--", "a keyword that is far too long to be one, a sentence")
)]
async fn refund(
    /// Order number, for example `OR-1001`.
    order_number: String,
) -> String {
    format!("refunded {order_number}")
}

fn main() {
    let _ = Registry::builder().tools(tools![refund]).build();
}
