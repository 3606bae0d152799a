//! `destructive_verb`: a `delete_*` tool marked `destructive = false` is reported at that key.
use mcp_tools::prelude::*;

/// Delete a shipping label that was printed by mistake, voiding its tracking number.
///
/// Use before the parcel leaves the depot; a voided label cannot be restored.
#[tool(namespace = "shipment", destructive = false)]
async fn delete_label(
    /// Tracking number printed on the label, for example `1Z999AA10123456784`.
    #[param(pattern = r"^1Z[0-9A-Z]{16}$")]
    tracking_number: String,
) -> String {
    format!("label {tracking_number} voided")
}

fn main() {
    let _ = Registry::builder()
        .server_info("t", "1")
        .tools(tools![delete_label])
        .build();
}
