//! A raw identifier parameter (`r#type`) is the argument `type` on the wire.
use mcp_tools::prelude::*;
use serde_json::json;

/// Find depots of one kind near a postal code, nearest first.
///
/// Use to suggest where a customer can drop off or collect a parcel.
#[tool(namespace = "depot", read_only)]
async fn search(
    /// Kind of depot: `locker`, `shop` or `hub`.
    #[param(pattern = "^(locker|shop|hub)$")]
    r#type: String,
    /// Postal code to search around.
    #[param(min_length = 3, max_length = 10)]
    postal_code: String,
) -> String {
    format!("{type} near {postal_code}", type = r#type)
}

fn main() {
    let registry = Registry::builder().tools(tools![search]).build().unwrap();
    let tool = serde_json::to_value(&registry.tool_definitions()[0]).unwrap();
    assert_eq!(
        tool["inputSchema"]["required"],
        json!(["type", "postal_code"])
    );

    let runtime = tokio::runtime::Runtime::new().unwrap();
    let result = runtime
        .block_on(registry.call(
            "depot_search",
            json!({"type": "locker", "postal_code": "04524"}),
        ))
        .unwrap();
    let text = serde_json::to_value(result.content).unwrap().to_string();
    assert!(text.contains("locker near 04524"), "{text}");
}
