//! What a caller sees of the catalog, whoever set the caller: here the registry's
//! `default_caller`, served in process to rmcp's client (the OAuth tests cover callers
//! made from tokens). `tools/list` and `tools_search` show only the tools whose scopes the
//! caller holds; the others still answer a call with a permission error.

use crate::common_client;

use common_client::{call, connect, within};
use mcp_tools::{Caller, Registry, prelude::*, registry::RegistryBuilder};
use serde_json::json;

/// Look up where an order is.
///
/// Use before promising a delivery date.
#[tool(namespace = "orders", read_only)]
#[allow(clippy::unused_async, reason = "#[tool] fns are async")]
async fn get_status(
    /// The order's number, like `O-1001`.
    #[param(pattern = r"^O-\d+$")]
    order_number: String,
) -> String {
    format!("{order_number}: packed")
}

/// Cancel an order that has not shipped; needs `orders:cancel`.
///
/// Use when a customer withdraws an order before dispatch.
#[tool(namespace = "orders", destructive = true, scopes("orders:cancel"))]
#[allow(clippy::unused_async, reason = "#[tool] fns are async")]
async fn cancel(
    /// The order's number, like `O-1001`.
    #[param(pattern = r"^O-\d+$")]
    order_number: String,
) -> String {
    format!("{order_number} cancelled")
}

/// Refund a cancelled order to the customer's card; needs `orders:cancel` and `payments:write`.
///
/// Use after an order is cancelled.
#[tool(
    namespace = "orders",
    destructive = false,
    scopes("orders:cancel", "payments:write")
)]
#[allow(clippy::unused_async, reason = "#[tool] fns are async")]
async fn refund(
    /// The order's number, like `O-1001`.
    #[param(pattern = r"^O-\d+$")]
    order_number: String,
) -> String {
    format!("{order_number} refunded")
}

fn builder(caller: Caller) -> RegistryBuilder {
    Registry::builder()
        .server_info("orders", "1.0.0")
        .tools(tools![get_status, cancel, refund])
        .default_caller(caller)
}

async fn listed(registry: Registry) -> Vec<String> {
    let session = connect(registry).await;
    let tools = within("tools/list", session.peer().list_all_tools())
        .await
        .expect("tools/list answers");
    session.close().await;
    tools.into_iter().map(|t| t.name.into_owned()).collect()
}

#[tokio::test]
async fn tools_list_shows_what_the_default_caller_may_call() {
    let all = ["orders_get_status", "orders_cancel", "orders_refund"];
    assert_eq!(listed(builder(Caller::local()).build().unwrap()).await, all);
    assert_eq!(
        listed(builder(Caller::anonymous()).build().unwrap()).await,
        ["orders_get_status"]
    );
    // One page a tool: the cursors walk the caller's own list.
    let cancel_only = Caller::new("clerk").with_scopes(["orders:cancel"]);
    assert_eq!(
        listed(builder(cancel_only).page_size(1).build().unwrap()).await,
        ["orders_get_status", "orders_cancel"]
    );
    let both = Caller::new("lead").with_scopes(["orders:cancel", "payments:write"]);
    assert_eq!(
        listed(builder(both).page_size(1).build().unwrap()).await,
        all
    );
}

#[tokio::test]
async fn a_tool_out_of_sight_still_answers_a_call_with_a_permission_error() {
    let session = connect(builder(Caller::anonymous()).build().unwrap()).await;
    let result = call(
        session.peer(),
        "orders_cancel",
        json!({ "order_number": "O-1" }),
    )
    .await;
    assert_eq!(result.is_error, Some(true));
    // A misspelt name is answered with the tools the caller may call, not the hidden ones.
    let err = within(
        "a call of an unknown tool",
        session
            .peer()
            .call_tool(common_client::request("orders_cancl", json!({}))),
    )
    .await
    .expect_err("an unknown tool is an error");
    let message = err.to_string();
    assert!(!message.contains("orders_cancel"), "{message}");
    session.close().await;
}

#[tokio::test]
async fn tools_search_finds_only_what_the_default_caller_may_call() {
    let names = |registry: Registry| async move {
        let result = registry
            .call(
                "tools_search",
                json!({ "query": "cancel refund order status", "limit": 10 }),
            )
            .await
            .unwrap();
        let mut names: Vec<String> = result.structured_content.unwrap()["tools"]
            .as_array()
            .unwrap()
            .iter()
            .map(|t| t["name"].as_str().unwrap().to_owned())
            .collect();
        names.sort();
        names
    };
    let discovery = |caller| {
        builder(caller)
            .progressive_discovery(Vec::<String>::new())
            .build()
            .unwrap()
    };
    assert_eq!(
        names(discovery(
            Caller::new("clerk").with_scopes(["orders:cancel"])
        ))
        .await,
        ["orders_cancel", "orders_get_status"]
    );
    assert_eq!(
        names(discovery(Caller::local())).await,
        ["orders_cancel", "orders_get_status", "orders_refund"]
    );
    // `tools_call` of a tool out of sight runs nothing: the permission error.
    let result = discovery(Caller::anonymous())
        .call(
            "tools_call",
            json!({ "name": "orders_cancel", "arguments": { "order_number": "O-1" } }),
        )
        .await
        .unwrap();
    assert_eq!(result.is_error, Some(true));
}
