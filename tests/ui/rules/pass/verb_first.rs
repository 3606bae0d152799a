//! `verb_first` edges: a bare verb under a resource namespace (`conversation_search`), and
//! verbs from the long tail (`lookup`, `geocode`).
use mcp_tools::prelude::*;

/// Find messages in past conversations that contain the words given, newest first.
///
/// Use to recall what was agreed earlier instead of asking the user again.
#[tool(namespace = "conversation", read_only)]
async fn search(
    /// Words to find, for example `delivery window`.
    #[param(min_length = 1, max_length = 200)]
    query: String,
) -> String {
    format!("2 messages mention {query}")
}

/// Turn a postal address into latitude and longitude, with the precision of the match.
///
/// Use before computing a route or a distance from an address the user typed.
#[tool(namespace = "maps", read_only)]
async fn geocode(
    /// The address as written, for example `Rua Augusta 100, Lisboa`.
    #[param(min_length = 3, max_length = 300)]
    address: String,
) -> String {
    format!("{address}: 38.71, -9.14 (street)")
}

/// Look up the current exchange rate between two currencies, with its timestamp.
///
/// Use to convert prices for a customer; rates refresh every minute.
#[tool(namespace = "fx", read_only)]
async fn lookup_rate(
    /// ISO 4217 code to convert from, for example `EUR`.
    #[param(pattern = "^[A-Z]{3}$")]
    from_currency: String,
    /// ISO 4217 code to convert to, for example `KRW`.
    #[param(pattern = "^[A-Z]{3}$")]
    to_currency: String,
) -> String {
    format!("1 {from_currency} = 1480 {to_currency}")
}

fn main() {
    let registry = Registry::builder()
        .server_info("t", "1")
        .tools(tools![search, geocode, lookup_rate])
        .build()
        .unwrap();
    let names: Vec<_> = registry
        .tool_definitions()
        .iter()
        .map(|t| t.name.to_string())
        .collect();
    assert_eq!(
        names,
        ["conversation_search", "maps_geocode", "fx_lookup_rate"]
    );
}
