//! A tool inside a module is listed by its path: `tools![orders::cancel]`.
use mcp_tools::prelude::*;

mod orders {
    use mcp_tools::prelude::*;

    /// Cancel an order that has not shipped yet; its payment is refunded.
    ///
    /// Cancelling twice is harmless. Shipped orders need `orders_return` instead.
    #[tool(namespace = "orders", destructive, idempotent)]
    pub async fn cancel(
        /// Order number, for example `OR-88231`.
        #[param(pattern = r"^OR-\d{5}$")]
        order_number: String,
    ) -> String {
        format!("{order_number}: cancelled")
    }

    pub mod archive {
        use mcp_tools::prelude::*;

        /// Search archived orders by customer name or order number, newest first.
        ///
        /// Archived orders are older than two years and read-only.
        #[tool(namespace = "archive", read_only)]
        pub(crate) async fn search(
            /// Words from the customer name or the order number.
            #[param(min_length = 2, max_length = 100)]
            query: String,
        ) -> String {
            format!("archived orders matching {query}")
        }
    }
}

fn main() {
    let registry = Registry::builder()
        .tools(tools![orders::cancel, orders::archive::search])
        .build()
        .unwrap();
    let names: Vec<_> = registry
        .tool_definitions()
        .iter()
        .map(|t| t.name.to_string())
        .collect();
    assert_eq!(names, ["orders_cancel", "archive_search"]);
    assert!(
        registry
            .definition("orders_cancel")
            .unwrap()
            .fn_path()
            .ends_with("::orders::cancel")
    );
}
