//! `name_length`: a wire name of 65 characters, one over the limit, is reported at the fn name.
use mcp_tools::prelude::*;

/// Compare counted and booked stock of every refrigerated chamber, one row per chamber.
///
/// Use at the end of a shift, before the stock ledger is closed.
#[tool(namespace = "warehouse", read_only)]
async fn get_reconciliation_report_for_each_refrigerated_chamber(
    /// Site code of the warehouse, for example `BER-2`.
    #[param(pattern = r"^[A-Z]{3}-\d$")]
    site_code: String,
) -> String {
    format!("{site_code}: all chambers reconciled")
}

fn main() {
    let _ = Registry::builder()
        .server_info("t", "1")
        .tools(tools![
            get_reconciliation_report_for_each_refrigerated_chamber
        ])
        .build();
}
