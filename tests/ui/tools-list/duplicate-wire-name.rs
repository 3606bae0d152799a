//! `tools![...]` with two tools of one wire name fails to compile.
use mcp_tools::prelude::*;

mod v1 {
    use mcp_tools::prelude::*;

    /// Look up where a shipment is and when it is due.
    ///
    /// Use before promising a delivery date to a customer.
    #[tool(namespace = "shipment", read_only)]
    pub async fn get_status(
        /// Shipment number, for example `SH-2026-004211`.
        #[param(pattern = r"^SH-\d{4}-\d{6}$")]
        shipment_number: String,
    ) -> String {
        format!("{shipment_number}: in transit")
    }
}

/// Look up where a shipment is, when it is due, and who signed for it.
///
/// Use before promising a delivery date to a customer.
#[tool(namespace = "shipment", read_only)]
async fn get_status(
    /// Shipment number, for example `SH-2026-004211`.
    #[param(pattern = r"^SH-\d{4}-\d{6}$")]
    shipment_number: String,
) -> String {
    format!("{shipment_number}: delivered")
}

fn main() {
    let _ = Registry::builder()
        .tools(tools![get_status, v1::get_status])
        .build();
}
