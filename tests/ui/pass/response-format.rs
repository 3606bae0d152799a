//! `response_format: ResponseFormat` becomes the optional `concise`/`detailed` enum.
use mcp_tools::prelude::*;
use serde_json::json;

/// Read a shipment's tracking history, newest event first.
///
/// Use `response_format: "detailed"` only when the depot codes and scan ids matter.
#[tool(namespace = "shipment", read_only)]
async fn get_history(
    /// Shipment number, for example `SH-2026-004211`.
    #[param(pattern = r"^SH-\d{4}-\d{6}$")]
    shipment_number: String,
    response_format: ResponseFormat,
) -> String {
    format!("{shipment_number} as {}", response_format.as_str())
}

fn main() {
    let registry = Registry::builder()
        .tools(tools![get_history])
        .build()
        .unwrap();
    let tool = serde_json::to_value(&registry.tool_definitions()[0]).unwrap();
    let format = &tool["inputSchema"]["properties"]["response_format"];
    assert_eq!(format["enum"], json!(["concise", "detailed"]));
    assert_eq!(format["default"], "concise");
    assert_eq!(tool["inputSchema"]["required"], json!(["shipment_number"]));

    let runtime = tokio::runtime::Runtime::new().unwrap();
    let call = |args| {
        let result = runtime
            .block_on(registry.call("shipment_get_history", args))
            .unwrap();
        serde_json::to_value(result.content).unwrap().to_string()
    };
    assert!(call(json!({"shipment_number": "SH-2026-004211"})).contains("as concise"));
    assert!(
        call(json!({"shipment_number": "SH-2026-004211", "response_format": "detailed"}))
            .contains("as detailed")
    );
}
