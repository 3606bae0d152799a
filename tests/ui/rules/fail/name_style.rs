//! `name_style`: a namespace in PascalCase is reported, as a warning, at the namespace literal.
use mcp_tools::prelude::*;

/// Look up where a shipment is and when it is due.
///
/// Use before promising a delivery date to a customer.
#[tool(namespace = "Shipment", read_only)]
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

// A warning does not stop the build; this error does, so the test can show the warning.
compile_error!("end of test: the warnings of this file are the output under test");
