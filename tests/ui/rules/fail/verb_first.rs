//! `verb_first`, as warnings at the fn names: a read-only `branch` reads as "create a
//! branch", and a tool that changes state but names no action (`status`) could get or set.
use mcp_tools::prelude::*;

/// The branches of a routing-rules repository, newest first, with their last commit.
///
/// Use to see which rule sets exist before testing a route against one.
#[tool(namespace = "rules", read_only)]
async fn branch(
    /// Repository name, for example `eu-routes`.
    #[param(pattern = "^[a-z0-9-]{1,40}$")]
    repository: String,
) -> String {
    format!("{repository}: main, summer-2026")
}

/// Put a shipment on hold or release it, with a reason the depot staff will see.
///
/// Use when a customer asks to stop a parcel before dispatch.
#[tool(namespace = "shipment", destructive = false, idempotent)]
async fn delivery_state(
    /// Shipment number, for example `SH-2026-004211`.
    #[param(pattern = r"^SH-\d{4}-\d{6}$")]
    shipment_number: String,
    /// Whether the parcel stays at the depot.
    on_hold: bool,
) -> String {
    format!("{shipment_number}: on hold {on_hold}")
}

fn main() {
    let _ = Registry::builder()
        .server_info("t", "1")
        .tools(tools![branch, delivery_state])
        .build();
}

// A warning does not stop the build; this error does, so the test can show the warnings.
compile_error!("end of test: the warnings of this file are the output under test");
