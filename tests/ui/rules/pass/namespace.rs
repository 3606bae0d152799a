//! `namespace_required` and `redundant_namespace` edges: a multi-word namespace, and a fn name
//! that names the namespace's resource after its verb, are not repeats.
use mcp_tools::prelude::*;

/// Show the balance history of a customer account, one entry per booking day.
///
/// Use when a customer disputes a charge; entries name the booking that changed the balance.
#[tool(namespace = "customer_account", read_only)]
async fn get_account_history(
    /// Account number, for example `AC-100234`.
    #[param(pattern = r"^AC-\d{6}$")]
    account_number: String,
) -> String {
    format!("{account_number}: 3 bookings")
}

/// Cancel several orders at once, refunding what was already paid.
///
/// Use when a customer withdraws a batch of orders; shipped orders are skipped and listed.
#[tool(namespace = "order", destructive = true)]
async fn cancel_orders(
    /// Order numbers, for example `["ORD-77120", "ORD-77121"]`.
    #[param(min_length = 1, max_length = 50)]
    order_numbers: Vec<String>,
) -> String {
    format!("{} orders cancelled", order_numbers.len())
}

fn main() {
    let registry = Registry::builder()
        .server_info("t", "1")
        .tools(tools![get_account_history, cancel_orders])
        .build()
        .unwrap();
    let names: Vec<_> = registry
        .tool_definitions()
        .iter()
        .map(|t| t.name.to_string())
        .collect();
    assert_eq!(
        names,
        [
            "customer_account_get_account_history",
            "order_cancel_orders"
        ]
    );
}
