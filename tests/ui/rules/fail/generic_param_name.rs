//! `generic_param_name`: a parameter named `id` whose doc only repeats the name is reported
//! at its name. Where no word of the tool's name says what it is an id of, nothing does:
//! an error. Where the name does (`shipment_get_status`), a model may read it right: a
//! warning.
use mcp_tools::prelude::*;

/// Look up a record of any kind by its id, for the audit log.
///
/// Use when an audit entry names an id and you need what it points at.
#[tool(read_only, allow(namespace_required))]
async fn get(
    /// The id.
    id: String,
) -> String {
    format!("{id}: found")
}

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
        .tools(tools![get, get_status])
        .build();
}
