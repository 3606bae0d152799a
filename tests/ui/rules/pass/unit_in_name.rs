//! `unit_in_name` edges: a unit suffix (`weight_kg`, `budget_krw`), a `unit = "…"` key,
//! counts of items (`page_size`, `batch_size`) and non-numbers (`size_label`) all pass, and
//! the unit reaches the schema.
use mcp_tools::prelude::*;

/// Book freight space on a cargo flight for a consignment, within a budget.
///
/// Use after the consignment is packed and weighed; the result names the flight and price.
#[tool(namespace = "freight", destructive = false)]
async fn book_space(
    /// Consignment number, for example `CN-20931`.
    #[param(pattern = r"^CN-\d{5}$")]
    consignment_number: String,
    /// Gross weight of the consignment.
    #[param(min = 0.1, max = 50000.0)]
    weight_kg: f64,
    /// Net weight of the goods without packaging.
    #[param(unit = "kg", min = 0.1, max = 50000.0)]
    net_weight: f64,
    /// The most the shipper will pay for the booking.
    #[param(min = 0, max = 1_000_000_000)]
    budget_krw: i64,
    /// Pallets loaded per truck run to the airport.
    #[param(min = 1, max = 33)]
    batch_size: u32,
    /// Size class printed on the crates, for example `XL`.
    size_label: String,
) -> String {
    format!(
        "{consignment_number}: {weight_kg}/{net_weight} kg, {budget_krw} KRW, {batch_size}, {size_label}"
    )
}

/// Find bookings on cargo flights, a page at a time, newest first.
///
/// Use to check which consignments already have space before booking more.
#[tool(namespace = "freight", read_only)]
async fn search_bookings(
    /// Words to match in consignment numbers and destinations, for example `ICN`.
    #[param(min_length = 1, max_length = 100)]
    query: String,
    /// Bookings per page.
    #[param(min = 1, max = 50)]
    page_size: u32,
) -> String {
    format!("first {page_size} bookings matching {query}")
}

fn main() {
    let registry = Registry::builder()
        .server_info("t", "1")
        .tools(tools![book_space, search_bookings])
        .build()
        .unwrap();
    let tool = serde_json::to_value(&registry.tool_definitions()[0]).unwrap();
    let properties = &tool["inputSchema"]["properties"];
    for (name, unit) in [
        ("weight_kg", "kg"),
        ("net_weight", "kg"),
        ("budget_krw", "KRW"),
    ] {
        let description = properties[name]["description"].as_str().unwrap();
        assert!(description.contains(unit), "{name}: {description}");
    }
}
