//! `bounded_limit` edges: `limit` with `min = 1` and `max = 100` passes, and so do the other
//! result-count names with both bounds; the validator enforces the bounds at run time.
use mcp_tools::prelude::*;
use serde_json::json;

/// Find shipments whose recipient, city or reference matches the words given.
///
/// Use to locate a shipment when the customer does not know its number.
#[tool(namespace = "shipment", read_only)]
async fn search(
    /// Words to match, for example `Lisbon ACME`.
    #[param(min_length = 1, max_length = 200)]
    query: String,
    /// How many shipments to return.
    #[param(min = 1, max = 100, default = 20)]
    limit: u32,
) -> String {
    format!("first {limit} matches of {query}")
}

/// Find the passages of the handbook closest in meaning to a question.
///
/// Use before answering a policy question, and quote the passage you rely on.
#[tool(namespace = "handbook", read_only)]
async fn search_passages(
    /// The question, in the user's words.
    #[param(min_length = 3, max_length = 500)]
    question: String,
    /// How many passages to return, best first.
    #[param(min = 1, max = 10)]
    top_k: u8,
) -> String {
    format!("{top_k} passages for {question}")
}

fn main() {
    let registry = Registry::builder()
        .server_info("t", "1")
        .tools(tools![search, search_passages])
        .build()
        .unwrap();
    let runtime = tokio::runtime::Runtime::new().unwrap();
    let over = runtime
        .block_on(registry.call("shipment_search", json!({"query": "ACME", "limit": 101})))
        .unwrap();
    assert_eq!(over.is_error, Some(true), "{over:?}");
    let edge = runtime
        .block_on(registry.call("shipment_search", json!({"query": "ACME", "limit": 100})))
        .unwrap();
    assert_ne!(edge.is_error, Some(true), "{edge:?}");
}
