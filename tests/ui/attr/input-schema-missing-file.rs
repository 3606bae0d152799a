//! An `input_schema` file that does not exist (here a misspelt name: `track-parcel` for
//! `track_parcel`) is reported at the path, which is relative to the crate's directory.
use mcp_tools::prelude::*;
use serde_json::Value;

/// Look up where a parcel is, at the carrier that holds it.
///
/// Use when a customer asks where their parcel is.
#[tool(namespace = "parcel", input_schema = "ui/schemas/track-parcel.json", read_only)]
async fn track(args: Value) -> String {
    args.to_string()
}

fn main() {
    let _ = Registry::builder().tools(tools![track]).build();
}
