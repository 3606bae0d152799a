//! Every `#[tool(...)]` key compiles, and each one shows up where the client reads it.
use mcp_tools::prelude::*;
use serde_json::json;

/// Look up where a shipment is and when it is due.
///
/// Use before promising a delivery date to a customer.
#[tool(
    namespace = "shipment",
    name = "get_status",
    title = "Shipment status",
    read_only,
    open_world,
    aliases("get_shipment_status", "track_shipment"),
    scopes("shipments:read"),
    keywords("track", "where is my parcel"),
    timeout_ms = 5000,
    max_response_tokens = 2000,
    allow(verb_first)
)]
async fn status_of(
    /// Shipment number, for example `SH-2026-004211`.
    #[param(pattern = r"^SH-\d{4}-\d{6}$")]
    shipment_number: String,
) -> String {
    format!("{shipment_number}: in transit")
}

/// Cancel a shipment that has not been dispatched yet.
///
/// Cancelling twice is harmless. Dispatched shipments cannot be cancelled.
#[tool(namespace = "shipment", destructive, idempotent, open_world = false)]
async fn cancel(
    /// Shipment number, for example `SH-2026-004211`.
    #[param(pattern = r"^SH-\d{4}-\d{6}$")]
    shipment_number: String,
) -> String {
    format!("{shipment_number}: cancelled")
}

/// Record a shipment's measured weight before dispatch.
///
/// Use after weighing a parcel. Dispatched shipments cannot be changed.
#[tool(
    namespace = "shipment",
    destructive = false,
    read_only = false,
    alias(name = "record_weight", since = "1.4", remove_in = "2.0"),
    alias(
        name = "set_parcel_weight",
        redirect = "`weight` in pounds is now `weight_kg`"
    )
)]
async fn set_weight(
    /// Shipment number, for example `SH-2026-004211`.
    #[param(pattern = r"^SH-\d{4}-\d{6}$")]
    shipment_number: String,
    /// Measured weight of the parcel.
    #[param(min = 0.1, max = 30000.0)]
    weight_kg: f64,
) -> String {
    format!("{shipment_number} weighs {weight_kg} kg")
}

/// Read a shipment's tracking history, newest event first.
///
/// Use `response_format: "detailed"` only when depot codes and scan ids matter.
#[tool(
    namespace = "shipment",
    read_only,
    max_response_tokens(concise = 500, detailed = 4000, max = 8000)
)]
async fn get_history(
    /// Shipment number, for example `SH-2026-004211`.
    #[param(pattern = r"^SH-\d{4}-\d{6}$")]
    shipment_number: String,
    response_format: ResponseFormat,
) -> String {
    format!("{shipment_number}: history ({})", response_format.as_str())
}

fn main() {
    let registry = Registry::builder()
        .server_info("shipments", "1.0.0")
        .tools(tools![status_of, cancel, set_weight, get_history])
        .build()
        .unwrap();
    let listed = serde_json::to_value(registry.tool_definitions()).unwrap();
    // Aliases route calls but are not listed.
    assert_eq!(listed.as_array().unwrap().len(), 4);
    let status = &listed[0];
    assert_eq!(status["name"], "shipment_get_status");
    assert_eq!(status["title"], "Shipment status");
    assert_eq!(
        status["annotations"],
        json!({"readOnlyHint": true, "openWorldHint": true})
    );
    assert_eq!(listed[1]["name"], "shipment_cancel");
    assert_eq!(listed[1]["title"], "Shipment: Cancel");
    assert_eq!(
        listed[1]["annotations"],
        json!({"destructiveHint": true, "idempotentHint": true, "openWorldHint": false})
    );
    assert_eq!(
        listed[2]["annotations"],
        json!({"readOnlyHint": false, "destructiveHint": false})
    );
    let definition = registry.definition("shipment_get_status").unwrap();
    let aliases: Vec<&str> = definition.aliases().iter().map(|a| a.name).collect();
    assert_eq!(aliases, ["get_shipment_status", "track_shipment"]);
    assert_eq!(definition.scopes(), &["shipments:read"]);
    // Keywords are for search, not for the listing.
    assert_eq!(definition.keywords(), &["track", "where is my parcel"]);
    assert!(!status.to_string().contains("where is my parcel"));
    assert!(definition.fn_path().ends_with("::status_of"));

    let runtime = tokio::runtime::Runtime::new().unwrap();
    let result = runtime
        .block_on(registry.call(
            "track_shipment",
            json!({"shipment_number": "SH-2026-004211"}),
        ))
        .unwrap();
    assert_ne!(result.is_error, Some(true), "{result:?}");

    let weight = registry.definition("shipment_set_weight").unwrap();
    let aliases: Vec<_> = weight
        .aliases()
        .iter()
        .map(|a| (a.name, a.since, a.remove_in, a.redirect))
        .collect();
    assert_eq!(
        aliases,
        [
            ("record_weight", Some("1.4"), Some("2.0"), false),
            ("set_parcel_weight", None, None, true),
        ]
    );
    let args = json!({"shipment_number": "SH-2026-004211", "weight_kg": 2.5});
    let renamed = runtime
        .block_on(registry.call("record_weight", args.clone()))
        .unwrap();
    assert_ne!(renamed.is_error, Some(true), "{renamed:?}");
    // A redirect alias does not run the tool: it says which tool to call instead.
    let redirected = runtime
        .block_on(registry.call("set_parcel_weight", args))
        .unwrap();
    assert_eq!(redirected.is_error, Some(true));
    let text = serde_json::to_value(&redirected.content)
        .unwrap()
        .to_string();
    assert!(text.contains("shipment_set_weight"), "{text}");
}
