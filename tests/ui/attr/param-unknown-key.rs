//! A misspelt `#[param]` key is reported at the key, with the nearest valid key.
use mcp_tools::prelude::*;

/// Add a free-text note to a shipment, shown to the courier at pickup.
///
/// Use for handling instructions such as "fragile" or "call before arrival".
#[tool(namespace = "shipment", destructive = false)]
async fn add_note(
    /// Shipment number, for example `SH-2026-004211`.
    #[param(pattern = r"^SH-\d{4}-\d{6}$")]
    shipment_number: String,
    /// The note, in plain text.
    #[param(min_length = 1, max_lenght = 500)]
    note: String,
) -> Result<String, ToolError> {
    Ok(format!("noted on {shipment_number}: {note}"))
}

fn main() {
    let _ = Registry::builder().tools(tools![add_note]).build();
}
