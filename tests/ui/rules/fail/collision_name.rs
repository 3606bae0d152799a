//! Two tools in different modules with the same wire name fail `tools![...]`, and the error
//! names both fns.
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

mod v2 {
    use mcp_tools::prelude::*;

    /// Look up where a shipment is, when it is due, and who signed for it.
    ///
    /// Use before promising a delivery date to a customer.
    #[tool(namespace = "shipment", read_only)]
    pub async fn get_status(
        /// Shipment number, for example `SH-2026-004211`.
        #[param(pattern = r"^SH-\d{4}-\d{6}$")]
        shipment_number: String,
    ) -> String {
        format!("{shipment_number}: delivered")
    }
}

fn main() {
    let registry = Registry::builder()
        .server_info("t", "1")
        .tools(tools![v1::get_status, v2::get_status])
        .build()
        .unwrap();
    let _ = registry;
}
