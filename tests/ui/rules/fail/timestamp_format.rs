//! `timestamp_format`: a `*_at` string without a declared format is reported at its name:
//! an error where nothing documents it, a warning where a doc speaks of it without saying
//! how it is written (its domain may have one usual form).
use mcp_tools::prelude::*;

/// Mark a shipment as handed to the courier at the given time.
///
/// Use when the courier has signed for the parcel at the depot.
#[tool(namespace = "shipment", destructive = false, idempotent)]
async fn mark_dispatched(
    /// Shipment number, for example `SH-2026-004211`.
    #[param(pattern = r"^SH-\d{4}-\d{6}$")]
    shipment_number: String,
    /// When the courier signed for it.
    dispatched_at: String,
    promised_at: String,
) -> String {
    format!("{shipment_number} dispatched at {dispatched_at}, promised at {promised_at}")
}

fn main() {
    let _ = Registry::builder()
        .server_info("t", "1")
        .tools(tools![mark_dispatched])
        .build();
}
