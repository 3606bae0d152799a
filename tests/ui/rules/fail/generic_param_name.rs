//! `generic_param_name`: a parameter named `id` whose doc only repeats the name is reported at
//! its name.
use mcp_tools::prelude::*;

/// Look up where a shipment is and when it is due.
///
/// Use before promising a delivery date to a customer.
#[tool(namespace = "shipment", read_only)]
async fn get_status(
    /// The id.
    #[param(pattern = r"^SH-\d{4}-\d{6}$")]
    id: String,
) -> String {
    format!("{id}: in transit")
}

fn main() {
    let _ = Registry::builder()
        .server_info("t", "1")
        .tools(tools![get_status])
        .build();
}
