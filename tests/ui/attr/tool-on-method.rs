//! `#[tool]` on a method that takes `self` is reported at `self`.
use mcp_tools::prelude::*;

struct Depot {
    name: String,
}

impl Depot {
    /// Look up where a shipment is and when it is due.
    ///
    /// Use before promising a delivery date to a customer.
    #[tool(namespace = "shipment", read_only)]
    async fn get_status(
        &self,
        /// Shipment number, for example `SH-2026-004211`.
        #[param(pattern = r"^SH-\d{4}-\d{6}$")]
        shipment_number: String,
    ) -> String {
        format!("{shipment_number}: at depot {}", self.name)
    }
}

fn main() {
    let depot = Depot {
        name: "north".into(),
    };
    drop(depot.get_status("SH-2026-004211".into()));
}
