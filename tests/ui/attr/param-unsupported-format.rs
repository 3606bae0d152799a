//! A `format` the runtime does not check is reported at the string, with the nearest one.
use mcp_tools::prelude::*;

/// Find shipments created in a time window, newest first.
///
/// Use to answer "what did we ship since Monday?"; narrow with `until`.
#[tool(namespace = "shipment", read_only)]
async fn search(
    /// Start of the window, inclusive, as an RFC 3339 timestamp.
    #[param(format = "datetime")]
    since: String,
    /// Most shipments to return.
    #[param(min = 1, max = 100, default = 20)]
    limit: u32,
) -> String {
    format!("{limit} shipments since {since}")
}

fn main() {
    let _ = Registry::builder().tools(tools![search]).build();
}
