//! `description_required`: a tool without a doc comment is reported at the fn name.
use mcp_tools::prelude::*;

#[tool(namespace = "shipment", read_only)]
async fn get_status(
    /// Shipment number, for example `SH-2026-004211`.
    #[param(pattern = r"^SH-\d{4}-\d{6}$")]
    shipment_number: String,
) -> String {
    format!("{shipment_number}: in transit")
}

fn main() {
    let _ = Registry::builder()
        .server_info("t", "1")
        .tools(tools![get_status])
        .build();
}
