//! An `input_schema` file that is not a JSON object schema is reported at the path: this
//! one is not JSON.
use mcp_tools::prelude::*;
use serde_json::Value;

/// Look up where a parcel is, at the carrier that holds it.
///
/// Use when a customer asks where their parcel is.
#[tool(namespace = "parcel", input_schema = "ui/schemas/not-json.json", read_only)]
async fn track(args: Value) -> String {
    args.to_string()
}

fn main() {
    let _ = Registry::builder().tools(tools![track]).build();
}
