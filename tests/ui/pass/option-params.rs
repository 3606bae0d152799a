//! `Option<T>` parameters are optional in the schema and `None` when absent.
use mcp_tools::prelude::*;
use serde_json::json;

/// Find shipments whose number or recipient matches a query, newest first.
///
/// Use to find a shipment number before calling `shipment_get_status`.
#[tool(namespace = "shipment", read_only)]
async fn search(
    /// Words from the shipment number, recipient name or address.
    #[param(min_length = 2, max_length = 200)]
    query: String,
    /// Only shipments created at or after this time.
    #[param(format = "date-time")]
    since: Option<String>,
    /// Most shipments to return.
    #[param(min = 1, max = 100)]
    limit: Option<u32>,
) -> String {
    format!("{query} since={since:?} limit={limit:?}")
}

fn main() {
    let registry = Registry::builder().tools(tools![search]).build().unwrap();
    let tool = serde_json::to_value(&registry.tool_definitions()[0]).unwrap();
    assert_eq!(tool["inputSchema"]["required"], json!(["query"]));
    assert_eq!(tool["inputSchema"]["properties"]["limit"]["maximum"], 100);

    let runtime = tokio::runtime::Runtime::new().unwrap();
    let call = |args| {
        runtime
            .block_on(registry.call("shipment_search", args))
            .unwrap()
    };
    let absent = serde_json::to_value(call(json!({"query": "kim"})).content).unwrap();
    assert!(
        absent.to_string().contains("since=None limit=None"),
        "{absent}"
    );
    let present = serde_json::to_value(call(json!({"query": "kim", "limit": 5})).content).unwrap();
    assert!(present.to_string().contains("limit=Some(5)"), "{present}");
    let out_of_range = call(json!({"query": "kim", "limit": 500}));
    assert_eq!(out_of_range.is_error, Some(true));
}
