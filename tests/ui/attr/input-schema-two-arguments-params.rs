//! With `input_schema`, the file describes every argument and one parameter takes them
//! all; a second one is reported at its name.
use mcp_tools::prelude::*;
use serde_json::Value;

/// Look up where a parcel is, at the carrier that holds it.
///
/// Use when a customer asks where their parcel is.
#[tool(namespace = "parcel", input_schema = "ui/schemas/track_parcel.json", read_only)]
async fn track(args: Value, ctx: ToolContext, carrier: String) -> String {
    format!("{args} at {carrier} through {}", ctx.tool_name())
}

fn main() {
    let _ = Registry::builder().tools(tools![track]).build();
}
