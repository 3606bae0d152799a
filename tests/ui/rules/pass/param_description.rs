//! `param_description_required` edge: injected parameters (`State<T>`, `ToolContext`) and
//! `response_format` need no doc comment; they are not in the schema the model fills.
use mcp_tools::prelude::*;

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
    response_format: ResponseFormat,
    /// Shipment number, for example `SH-2026-004211`.
    #[param(pattern = r"^SH-\d{4}-\d{6}$")]
    shipment_number: String,
) -> String {
    let _ = response_format;
    format!(
        "{shipment_number} at {} via {}",
        depot.name,
        ctx.tool_name()
    )
}

fn main() {
    let registry = Registry::builder()
        .server_info("t", "1")
        .state(Depot { name: "north" })
        .tools(tools![get_status])
        .build()
        .unwrap();
    let tool = serde_json::to_value(&registry.tool_definitions()[0]).unwrap();
    let mut properties: Vec<_> = tool["inputSchema"]["properties"]
        .as_object()
        .unwrap()
        .keys()
        .cloned()
        .collect();
    properties.sort();
    assert_eq!(properties, ["response_format", "shipment_number"]);
}
