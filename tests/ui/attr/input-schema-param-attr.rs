//! With `input_schema`, the file describes the arguments: a `#[param]` would be ignored,
//! and is reported.
use mcp_tools::prelude::*;
use serde_json::Value;

/// Look up where a parcel is, at the carrier that holds it.
///
/// Use when a customer asks where their parcel is.
#[tool(namespace = "parcel", input_schema = "ui/schemas/track_parcel.json", read_only)]
async fn track(#[param(max_length = 200)] args: Value) -> String {
    args.to_string()
}

fn main() {
    let _ = Registry::builder().tools(tools![track]).build();
}
