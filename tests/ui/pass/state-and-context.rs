//! `State<T>` and `ToolContext` are injected by the server and stay out of the schema.
use mcp_tools::prelude::*;
use serde_json::json;

struct Depot {
    name: &'static str,
}

/// Look up where a shipment is and when it is due.
///
/// Use before promising a delivery date to a customer.
#[tool(namespace = "shipment", read_only)]
async fn get_status(
    depot: State<Depot>,
    ctx: ToolContext,
    /// Shipment number, for example `SH-2026-004211`.
    #[param(pattern = r"^SH-\d{4}-\d{6}$")]
    shipment_number: String,
) -> String {
    format!(
        "{shipment_number} at {} via {}",
        depot.name,
        ctx.tool_name()
    )
}

fn main() {
    // Without the state, the registry refuses to build and says what is missing.
    let missing = Registry::builder()
        .tools(tools![get_status])
        .build()
        .unwrap_err();
    assert!(missing.to_string().contains("State<"), "{missing}");

    let registry = Registry::builder()
        .state(Depot { name: "north" })
        .tools(tools![get_status])
        .build()
        .unwrap();
    let tool = serde_json::to_value(&registry.tool_definitions()[0]).unwrap();
    assert_eq!(
        tool["inputSchema"]["properties"]
            .as_object()
            .unwrap()
            .keys()
            .collect::<Vec<_>>(),
        ["shipment_number"]
    );

    let runtime = tokio::runtime::Runtime::new().unwrap();
    let result = runtime
        .block_on(registry.call(
            "shipment_get_status",
            json!({"shipment_number": "SH-2026-004211"}),
        ))
        .unwrap();
    let text = serde_json::to_value(result.content).unwrap().to_string();
    assert!(text.contains("at north via shipment_get_status"), "{text}");
}
