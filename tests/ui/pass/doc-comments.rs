//! Doc comments become descriptions: wrapped lines joined, paragraphs, lists and code kept.
use mcp_tools::prelude::*;

/// Redirect a parcel to a pickup point when the
/// recipient is not at home.
///
/// Steps the courier follows:
///
/// - hold the parcel at the depot for a day;
/// - move it to the chosen pickup point;
/// - text the recipient the pickup code.
///
/// Pickup point ids look like this:
///
/// ```text
/// PP-SEOUL-0042
/// ```
#[tool(namespace = "shipment", destructive = false, idempotent)]
async fn forward_to_pickup(
    /// Shipment number, for example `SH-2026-004211`.
    ///
    /// Printed under the barcode.
    #[param(pattern = r"^SH-\d{4}-\d{6}$")]
    shipment_number: String,
    /// Pickup point id.
    #[param(pattern = r"^PP-[A-Z]+-\d{4}$")]
    pickup_point: String,
) -> String {
    format!("{shipment_number} goes to {pickup_point}")
}

fn main() {
    let registry = Registry::builder()
        .tools(tools![forward_to_pickup])
        .build()
        .unwrap();
    let tool = &registry.tool_definitions()[0];
    assert_eq!(
        tool.description.as_deref().unwrap(),
        "Redirect a parcel to a pickup point when the recipient is not at home.\n\n\
         Steps the courier follows:\n\n\
         - hold the parcel at the depot for a day;\n\
         - move it to the chosen pickup point;\n\
         - text the recipient the pickup code.\n\n\
         Pickup point ids look like this:\n\n\
         ```text\nPP-SEOUL-0042\n```"
    );
    let schema = serde_json::Value::Object((*tool.input_schema).clone());
    assert_eq!(
        schema["properties"]["shipment_number"]["description"],
        "Shipment number, for example `SH-2026-004211`.\n\nPrinted under the barcode."
    );
}
