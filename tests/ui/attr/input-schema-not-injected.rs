//! Beside the arguments of an `input_schema` tool, the parameters are the server's values;
//! a type of the user's own that looks like `State<T>` is refused through its role.
use mcp_tools::prelude::*;
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::Value;

/// A parcel's state, a user's own type.
#[derive(Deserialize, JsonSchema)]
struct State<T>(T);

/// Look up where a parcel is, at the carrier that holds it.
///
/// Use when a customer asks where their parcel is.
#[tool(namespace = "parcel", input_schema = "ui/schemas/track_parcel.json", read_only)]
async fn track(args: Value, state: State<u8>) -> String {
    format!("{args} in state {}", state.0)
}

fn main() {
    let _ = Registry::builder().tools(tools![track]).build();
}
