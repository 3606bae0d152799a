//! The design rules judge the top-level properties of an `input_schema` file as they judge
//! parameters, and report at the path with the file's keywords as the fix.
use mcp_tools::prelude::*;
use serde_json::Value;

/// List the tracking events of a parcel, newest first.
///
/// Use when a customer asks where their parcel has been.
#[tool(namespace = "parcel", input_schema = "ui/schemas/undocumented.json", read_only)]
async fn list_events(args: Value) -> String {
    args.to_string()
}

fn main() {
    let _ = Registry::builder().tools(tools![list_events]).build();
}
