//! `#[param]` keys on a parameter whose type takes none are refused through the type's
//! role, at the key: the server supplies `State<T>`, and `ResponseFormat` brings its own
//! schema and default.
use mcp_tools::prelude::*;

struct Depot;

/// Read a shipment's tracking history, newest event first.
///
/// Use before answering a customer who asks where a parcel is.
#[tool(namespace = "shipment", read_only)]
async fn get_history(
    #[param(min = 1)] depot: State<Depot>,
    /// Shipment number, for example `SH-2026-004211`.
    #[param(pattern = r"^SH-\d{4}-\d{6}$")]
    shipment_number: String,
    #[param(default = "detailed")] response_format: ResponseFormat,
) -> String {
    let _ = depot;
    format!("{shipment_number} as {}", response_format.as_str())
}

fn main() {
    let _ = Registry::builder().tools(tools![get_history]).build();
}
