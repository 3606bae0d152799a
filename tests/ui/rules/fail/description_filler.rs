//! `description_filler`, as warnings at the doc line: a description that opens with filler,
//! and one that carries a generated list of bare status codes.
use mcp_tools::prelude::*;

/// This tool will look up where a shipment is and when it is due.
#[tool(namespace = "shipment", read_only)]
async fn get_status(
    /// Shipment number, for example `SH-2026-004211`.
    #[param(pattern = r"^SH-\d{4}-\d{6}$")]
    shipment_number: String,
) -> String {
    format!("{shipment_number}: in transit")
}

/// Look up the events of a shipment, newest first.
///
/// Error Responses:
/// 400: Bad request
#[tool(namespace = "shipment", read_only)]
async fn get_events(
    /// Shipment number, for example `SH-2026-004211`.
    #[param(pattern = r"^SH-\d{4}-\d{6}$")]
    shipment_number: String,
) -> String {
    format!("{shipment_number}: picked up")
}

fn main() {
    let _ = Registry::builder()
        .server_info("t", "1")
        .tools(tools![get_status, get_events])
        .build();
}

// A warning does not stop the build; this error does, so the test can show the warnings.
compile_error!("end of test: the warnings of this file are the output under test");
