//! Every `#[param(...)]` key compiles and lands in the published schema.
use mcp_tools::prelude::*;
use serde_json::json;

/// Book a courier pickup at an address, within an opening window.
///
/// Use after the shipment is weighed; the courier collects every parcel of the booking.
#[tool(namespace = "pickup", destructive = false)]
async fn book(
    /// Shipment number, for example `SH-2026-004211`.
    #[param(
        pattern = r"^SH-\d{4}-\d{6}$",
        example = "SH-2026-004211",
        rename = "shipment"
    )]
    shipment_number: String,
    /// Earliest collection time.
    #[param(format = "date-time")]
    ready_at: String,
    /// How long the parcels stay ready for collection.
    #[param(min = 15, max = 480, default = 60)]
    window_minutes: u32,
    /// Height of the loading dock above the street.
    #[param(unit = "cm", min = 0, max = 200)]
    dock_height: u32,
    /// Instructions for the courier.
    #[param(min_length = 1, max_length = 300)]
    instructions: String,
    /// Labels printed on the parcels, at most ten.
    #[param(max_length = 10, min_length = 1)]
    labels: Vec<String>,
) -> String {
    format!(
        "{shipment_number} at {ready_at} for {window_minutes} min, dock {dock_height} cm, {} labels: {instructions}",
        labels.len()
    )
}

fn main() {
    let registry = Registry::builder().tools(tools![book]).build().unwrap();
    let tool = serde_json::to_value(&registry.tool_definitions()[0]).unwrap();
    let properties = &tool["inputSchema"]["properties"];
    assert_eq!(properties["shipment"]["pattern"], r"^SH-\d{4}-\d{6}$");
    assert_eq!(
        properties["shipment"]["examples"],
        json!(["SH-2026-004211"])
    );
    assert!(properties.get("shipment_number").is_none());
    assert_eq!(properties["ready_at"]["format"], "date-time");
    assert_eq!(properties["window_minutes"]["default"], 60);
    assert_eq!(properties["window_minutes"]["minimum"], 15);
    assert_eq!(properties["window_minutes"]["maximum"], 480);
    assert!(
        properties["dock_height"]["description"]
            .as_str()
            .unwrap()
            .contains("cm"),
        "{tool}"
    );
    assert_eq!(properties["instructions"]["minLength"], 1);
    assert_eq!(properties["instructions"]["maxLength"], 300);
    assert_eq!(properties["labels"]["maxItems"], 10);
    assert_eq!(properties["labels"]["minItems"], 1);
    assert_eq!(
        tool["inputSchema"]["required"],
        json!([
            "shipment",
            "ready_at",
            "dock_height",
            "instructions",
            "labels"
        ])
    );

    let runtime = tokio::runtime::Runtime::new().unwrap();
    let result = runtime
        .block_on(registry.call(
            "pickup_book",
            json!({
                "shipment": "SH-2026-004211",
                "ready_at": "2026-05-01T09:00:00+02:00",
                "dock_height": 80,
                "instructions": "ring twice",
                "labels": ["fragile"],
            }),
        ))
        .unwrap();
    assert_ne!(result.is_error, Some(true), "{result:?}");
    let text = serde_json::to_value(&result.content).unwrap().to_string();
    // The default reaches the handler.
    assert!(text.contains("for 60 min"), "{text}");
}
