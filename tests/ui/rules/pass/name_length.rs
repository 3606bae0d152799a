//! `name_length` edge: a wire name of exactly 64 characters compiles and is served as is.
use mcp_tools::prelude::*;

/// Compare counted and booked stock of every cold storage room, one row per room.
///
/// Use at the end of a shift, before the stock ledger is closed.
#[tool(namespace = "warehouse", read_only)]
async fn get_reconciliation_report_for_every_cold_storage_rooms(
    /// Site code of the warehouse, for example `BER-2`.
    #[param(pattern = r"^[A-Z]{3}-\d$")]
    site_code: String,
) -> String {
    format!("{site_code}: all rooms reconciled")
}

fn main() {
    let registry = Registry::builder()
        .server_info("t", "1")
        .tools(tools![
            get_reconciliation_report_for_every_cold_storage_rooms
        ])
        .build()
        .unwrap();
    let name = &registry.tool_definitions()[0].name;
    assert_eq!(name.len(), 64, "{name}");
}
