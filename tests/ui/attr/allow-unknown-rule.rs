//! An unknown rule id in `allow(...)` is reported at the id, with the nearest one.
use mcp_tools::prelude::*;

/// The shipments a courier picks up today, in route order.
///
/// Use at the start of a shift; each item names the stop and the parcels.
#[tool(namespace = "courier", read_only, allow(verb_frist))]
async fn get_pickups(
    /// Courier id as printed on the badge, for example `C-0042`.
    #[param(pattern = r"^C-\d{4}$")]
    courier_id: String,
) -> String {
    format!("pickups of {courier_id}")
}

fn main() {
    let _ = Registry::builder().tools(tools![get_pickups]).build();
}
