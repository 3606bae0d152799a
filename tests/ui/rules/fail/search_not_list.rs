//! `search_not_list`: a `list_*` tool with nothing to narrow or page its result is reported,
//! as a warning, at the fn name.
use mcp_tools::prelude::*;

/// Every shipment the depot has handled, newest first, with its status.
///
/// Use to answer questions about recent depot activity.
#[tool(namespace = "depot", read_only)]
async fn list_shipments() -> String {
    "SH-2026-004211: in transit".to_owned()
}

fn main() {
    let _ = Registry::builder()
        .server_info("t", "1")
        .tools(tools![list_shipments])
        .build();
}

// A warning does not stop the build; this error does, so the test can show the warning.
compile_error!("end of test: the warnings of this file are the output under test");
