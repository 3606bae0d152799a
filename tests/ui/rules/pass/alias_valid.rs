//! `alias_valid` edges: an old bare name and an old wire name are valid aliases, and a call
//! through one reaches the tool.
use mcp_tools::prelude::*;
use serde_json::json;

/// Look up where a shipment is and when it is due.
///
/// Use before promising a delivery date to a customer.
#[tool(
    namespace = "shipment",
    read_only,
    aliases("get_status", "shipment_status")
)]
async fn get_status(
    /// Shipment number, for example `SH-2026-004211`.
    #[param(pattern = r"^SH-\d{4}-\d{6}$")]
    shipment_number: String,
) -> String {
    format!("{shipment_number}: in transit")
}

fn main() {
    let registry = Registry::builder()
        .server_info("t", "1")
        .tools(tools![get_status])
        .build()
        .unwrap();
    let runtime = tokio::runtime::Runtime::new().unwrap();
    for name in ["shipment_get_status", "get_status", "shipment_status"] {
        let result = runtime
            .block_on(registry.call(name, json!({"shipment_number": "SH-2026-004211"})))
            .unwrap();
        assert_ne!(result.is_error, Some(true), "{name}: {result:?}");
    }
}
