//! The parameter that takes the arguments of an `input_schema` tool deserializes them; a
//! type that does not is refused at the type.
use mcp_tools::prelude::*;

struct Track {
    parcel_number: String,
}

/// Look up where a parcel is, at the carrier that holds it.
///
/// Use when a customer asks where their parcel is.
#[tool(namespace = "parcel", input_schema = "ui/schemas/track_parcel.json", read_only)]
async fn track(args: Track) -> String {
    args.parcel_number
}

fn main() {
    let _ = Registry::builder().tools(tools![track]).build();
}
