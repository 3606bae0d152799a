//! A tool with no parameters has a closed, empty input schema and accepts `{}` or no arguments.
use mcp_tools::prelude::*;
use serde_json::json;

/// Report whether every depot is open and accepting parcels right now.
///
/// Use before promising same-day pickup.
#[tool(namespace = "depot", read_only)]
async fn check_open() -> String {
    "all depots open".to_owned()
}

fn main() {
    let registry = Registry::builder()
        .tools(tools![check_open])
        .build()
        .unwrap();
    let tool = serde_json::to_value(&registry.tool_definitions()[0]).unwrap();
    assert_eq!(
        tool["inputSchema"],
        json!({"type": "object", "additionalProperties": false})
    );
    let runtime = tokio::runtime::Runtime::new().unwrap();
    for args in [json!({}), serde_json::Value::Null] {
        let result = runtime
            .block_on(registry.call("depot_check_open", args))
            .unwrap();
        assert_ne!(result.is_error, Some(true), "{result:?}");
    }
    let extra = runtime
        .block_on(registry.call("depot_check_open", json!({"depot": "north"})))
        .unwrap();
    assert_eq!(extra.is_error, Some(true));
}
