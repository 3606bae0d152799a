//! Extraction: every parameter yields its value or an error naming it, and a call learns
//! all its extraction problems at once, in one `isError` result.
//!
//! The validator checks what the schema says; extraction is where the rest fails: a
//! `PageCursor` the server did not mint, a value whose `Deserialize` is stricter than its
//! schema.

use mcp_tools::{Registry, prelude::*, rmcp::model::CallToolResult, wire::ERROR_META_KEY};
use schemars::JsonSchema;
use serde::{Deserialize, Deserializer, de::Error as _};
use serde_json::{Value, json};

/// A count of seats that must be even: its schema is an integer, its `Deserialize` checks
/// the rest.
#[derive(JsonSchema)]
struct EvenSeats(u32);

impl<'de> Deserialize<'de> for EvenSeats {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let n = u32::deserialize(deserializer)?;
        if n % 2 == 0 {
            Ok(EvenSeats(n))
        } else {
            Err(D::Error::custom(format!("must be even; got {n}")))
        }
    }
}

/// Continue a listing of parcel numbers from where its previous page stopped.
///
/// Use with `next_cursor` from the previous page; each page holds at most `limit` parcels.
#[tool(namespace = "parcel", read_only)]
async fn list_next(
    /// `next_cursor` from the previous page.
    cursor: PageCursor,
    /// Most parcels on the page.
    #[param(min = 1, max = 10)]
    limit: u32,
) -> Page<u32> {
    Page::window((0..30).collect(), Some(&cursor), limit as usize)
}

/// Book the seats of two coaches for a tour, continuing a paged booking.
///
/// Use after listing the tour's coaches; both seat counts must be even.
#[tool(namespace = "tour", destructive = false)]
async fn book_seats(
    /// Seats in the first coach, an even number.
    #[param(min = 0, max = 60)]
    front_seats: EvenSeats,
    /// Seats in the second coach, an even number.
    #[param(min = 0, max = 60)]
    rear_seats: EvenSeats,
    /// `next_cursor` from the previous page of bookings.
    cursor: Option<PageCursor>,
) -> String {
    format!(
        "{} + {} from {:?}",
        front_seats.0,
        rear_seats.0,
        cursor.map(|c| c.offset())
    )
}

/// List the tour's stops, a page at a time, in the language asked for.
///
/// Use to show a traveller the route; `language` is an ISO 639-1 code.
#[tool(namespace = "tour", read_only)]
async fn list_stops(
    /// Most stops on the page.
    #[param(min = 1, max = 50, default = 20)]
    limit: u32,
    /// ISO 639-1 code of the language of the stop names.
    #[param(default = "en", max_length = 2)]
    language: String,
) -> String {
    format!("{limit} in {language:?}")
}

fn registry() -> Registry {
    Registry::builder()
        .tools(tools![list_next, book_seats, list_stops])
        .build()
        .unwrap()
}

fn call(registry: &Registry, name: &str, args: Value) -> CallToolResult {
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap()
        .block_on(registry.call(name, args))
        .unwrap()
}

fn text(result: &CallToolResult) -> String {
    result
        .content
        .iter()
        .filter_map(|c| c.as_text().map(|t| t.text.clone()))
        .collect::<Vec<_>>()
        .join("\n")
}

fn error_kind(result: &CallToolResult) -> Option<Value> {
    result
        .meta
        .as_ref()
        .and_then(|m| m.get(ERROR_META_KEY))
        .and_then(|e| e.get("kind"))
        .cloned()
}

#[test]
fn a_required_cursor_is_required_in_the_schema() {
    let registry = registry();
    let tool = serde_json::to_value(&registry.tool_definitions()[0]).unwrap();
    assert_eq!(
        tool["inputSchema"]["required"],
        json!(["cursor", "limit"]),
        "{tool}"
    );
    assert_eq!(
        tool["inputSchema"]["properties"]["cursor"]["type"],
        "string"
    );
}

#[test]
fn a_missing_required_cursor_is_named() {
    let result = call(&registry(), "parcel_list_next", json!({"limit": 5}));
    assert_eq!(result.is_error, Some(true));
    let text = text(&result);
    assert!(text.contains("`cursor`"), "{text}");
    assert!(!text.contains("internal"), "{text}");
    assert_eq!(error_kind(&result), Some(json!("invalid_input")), "{text}");
}

#[test]
fn a_tampered_required_cursor_is_refused_with_what_to_do() {
    let registry = registry();
    let minted = mcp_tools::testing::cursor_for(
        &registry,
        "parcel_list_next",
        &PageCursor::at(10),
        &serde_json::Map::new(),
    );
    // Any edited character breaks the seal.
    let first = if minted.starts_with('A') { "B" } else { "A" };
    let tampered = format!("{first}{}", &minted[1..]);
    for bad in [tampered.as_str(), "garbage"] {
        let result = call(
            &registry,
            "parcel_list_next",
            json!({"cursor": bad, "limit": 5}),
        );
        assert_eq!(result.is_error, Some(true), "{bad}");
        let text = text(&result);
        assert!(
            text.contains("cursor is not a cursor this server issued"),
            "{text}"
        );
        assert!(!text.contains("internal"), "{text}");
        assert_eq!(error_kind(&result), Some(json!("invalid_input")), "{text}");
    }
}

#[test]
fn a_valid_required_cursor_pages_on() {
    let registry = registry();
    let cursor = mcp_tools::testing::cursor_for(
        &registry,
        "parcel_list_next",
        &PageCursor::at(10),
        &serde_json::Map::new(),
    );
    let result = call(
        &registry,
        "parcel_list_next",
        json!({"cursor": cursor, "limit": 5}),
    );
    assert_eq!(result.is_error, None, "{}", text(&result));
    let page = result.structured_content.unwrap();
    assert_eq!(page["items"], json!([10, 11, 12, 13, 14]), "{page}");
    assert_eq!(page["total"], 30, "{page}");
    // Its own next cursor works in turn.
    let next = page["next_cursor"].as_str().unwrap();
    let result = call(
        &registry,
        "parcel_list_next",
        json!({"cursor": next, "limit": 5}),
    );
    let page = result.structured_content.unwrap();
    assert_eq!(page["items"], json!([15, 16, 17, 18, 19]), "{page}");
}

#[test]
fn every_extraction_error_comes_back_together() {
    let result = call(
        &registry(),
        "tour_book_seats",
        json!({"front_seats": 3, "rear_seats": 5, "cursor": "garbage"}),
    );
    assert_eq!(result.is_error, Some(true));
    assert_eq!(error_kind(&result), Some(json!("invalid_input")));
    let text = text(&result);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 3, "{text}");
    assert!(
        lines[0].contains("front_seats: must be even; got 3"),
        "{text}"
    );
    assert!(
        lines[1].starts_with("rear_seats: must be even; got 5"),
        "{text}"
    );
    assert!(
        lines[2].starts_with("cursor is not a cursor this server issued"),
        "{text}"
    );
    // An optional cursor may be left out.
    assert!(lines[2].contains("leave cursor out"), "{text}");
}

#[test]
fn valid_arguments_reach_the_handler() {
    let result = call(
        &registry(),
        "tour_book_seats",
        json!({"front_seats": 4, "rear_seats": 6}),
    );
    assert_eq!(result.is_error, None, "{}", text(&result));
    assert!(text(&result).contains("4 + 6 from None"));
}

#[test]
fn defaults_fill_absent_arguments() {
    let registry = registry();
    let result = call(&registry, "tour_list_stops", json!({}));
    assert_eq!(text(&result), r#"20 in "en""#);
    let result = call(
        &registry,
        "tour_list_stops",
        json!({"limit": 3, "language": "de"}),
    );
    assert_eq!(text(&result), r#"3 in "de""#);
}
