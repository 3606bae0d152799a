//! With `input_schema`, one parameter takes the arguments; a tool with only injected ones
//! has none, reported at the path.
use mcp_tools::prelude::*;

struct Depot;

/// Look up where a parcel is, at the carrier that holds it.
///
/// Use when a customer asks where their parcel is.
#[tool(namespace = "parcel", input_schema = "ui/schemas/track_parcel.json", read_only)]
async fn track(depot: State<Depot>) -> String {
    let _ = depot;
    "somewhere".to_owned()
}

fn main() {
    let _ = Registry::builder().state(Depot).tools(tools![track]).build();
}
