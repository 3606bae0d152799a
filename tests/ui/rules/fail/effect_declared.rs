//! `effect_declared`: a tool whose name says it only adds, and that says neither `read_only`
//! nor `destructive = …` (so MCP's default makes it destructive), is reported at the
//! `#[tool(...)]` arguments.
use mcp_tools::prelude::*;

/// Add a note to a shipment for the depot staff, such as "fragile" or "call first".
///
/// Use when the customer asks for special handling. Notes are kept; none is replaced.
#[tool(namespace = "shipment")]
async fn add_note(
    /// Shipment number, for example `SH-2026-004211`.
    #[param(pattern = r"^SH-\d{4}-\d{6}$")]
    shipment_number: String,
    /// The note, as the staff will read it.
    #[param(min_length = 1, max_length = 500)]
    note: String,
) -> String {
    format!("{shipment_number}: noted {note}")
}

fn main() {
    let _ = Registry::builder()
        .server_info("t", "1")
        .tools(tools![add_note])
        .build();
}
