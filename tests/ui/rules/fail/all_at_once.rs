//! Every violation of every tool in a file is reported in one build, each at its own token:
//! nothing stops at the first error, neither within a tool nor across tools.
use mcp_tools::prelude::*;

/// This tool does stuff with shipments.
#[tool(namespace = "Shipping")]
fn Status(id: String, timeout: u64) -> String {
    format!("{id} within {timeout}")
}

/// Remove every label printed for a shipment, voiding its tracking numbers.
///
/// Use when a shipment is cancelled before pickup; the labels cannot be restored.
#[tool(
    namespace = "shipment",
    read_only,
    idempotent,
    aliases("shipment_remove_labels", "rm", "rm")
)]
async fn remove_labels(
    /// Shipment number, for example `SH-2026-004211`.
    shipment_number: String,
    /// Labels to keep.
    count: u32,
) -> String {
    format!("{shipment_number}: kept {count}")
}

/// Every order of the store, with its lines, totals and delivery status, newest first.
#[tool(namespace = "order", destructive = false)]
async fn list_all(
    /// Change of the discount, in percent.
    discount_delta: f64,
    /// When the order was placed.
    placed_at: String,
    #[param(min = 0, max = 500)] limit: u32,
) -> String {
    format!("{discount_delta} {placed_at} {limit}")
}

fn main() {
    let _ = Registry::builder()
        .server_info("t", "1")
        .tools(tools![Status, remove_labels, list_all])
        .build();
}
