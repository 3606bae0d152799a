//! `Json<Vec<T>>` output is published and sent wrapped as `{"result": [...]}`.
use mcp_tools::prelude::*;
use serde_json::json;

/// One stop of a courier's route.
#[derive(serde::Serialize, schemars::JsonSchema)]
struct Stop {
    /// Position on the route, from 1.
    position: u32,
    /// Street address of the stop.
    address: String,
}

/// The stops of a courier's route today, in driving order.
///
/// Use to tell a customer roughly when the courier arrives.
#[tool(namespace = "route", read_only)]
async fn get_stops(
    /// Courier id as printed on the badge, for example `C-0042`.
    #[param(pattern = r"^C-\d{4}$")]
    courier_id: String,
) -> Result<Json<Vec<Stop>>, ToolError> {
    let _ = courier_id;
    Ok(Json(vec![Stop {
        position: 1,
        address: "12 Jong-ro, Seoul".into(),
    }]))
}

fn main() {
    let registry = Registry::builder()
        .tools(tools![get_stops])
        .build()
        .unwrap();
    let tool = serde_json::to_value(&registry.tool_definitions()[0]).unwrap();
    assert_eq!(tool["outputSchema"]["type"], "object");
    assert_eq!(tool["outputSchema"]["required"], json!(["result"]));
    assert_eq!(
        tool["outputSchema"]["properties"]["result"]["type"],
        "array"
    );

    let runtime = tokio::runtime::Runtime::new().unwrap();
    let result = runtime
        .block_on(registry.call("route_get_stops", json!({"courier_id": "C-0042"})))
        .unwrap();
    assert_eq!(
        result.structured_content,
        Some(json!({"result": [{"position": 1, "address": "12 Jong-ro, Seoul"}]}))
    );
}
