//! `timestamp_format` edges: `created_at` with `format = "date-time"`, `until` typed as a
//! timestamp type, `due_date` with `format = "date"`, and a duration with a unit
//! (`response_time_ms`) all pass.
use mcp_tools::prelude::*;
use schemars::{JsonSchema, Schema, SchemaGenerator, json_schema};
use serde::Deserialize;

/// An RFC 3339 timestamp with an offset, as the booking system stores it.
#[derive(Deserialize)]
#[serde(transparent)]
struct Timestamp(String);

impl JsonSchema for Timestamp {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "Timestamp".into()
    }

    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        json_schema!({"type": "string", "format": "date-time"})
    }
}

/// Find support tickets opened in a time range, slowest answered first.
///
/// Use to review service quality for a period; each ticket names its first response time.
#[tool(namespace = "support", read_only)]
async fn search_tickets(
    /// Only tickets opened at or after this instant.
    #[param(format = "date-time")]
    created_at: String,
    /// Only tickets opened before this instant.
    until: Timestamp,
    /// Only tickets due on this day, for example `2026-05-04`.
    #[param(format = "date")]
    due_date: Option<String>,
    /// Only tickets whose first answer took longer than this.
    #[param(min = 0, max = 604_800_000)]
    response_time_ms: Option<u64>,
) -> String {
    let Timestamp(until) = until;
    format!(
        "tickets from {created_at} to {until}, due {due_date:?}, slower than {response_time_ms:?}"
    )
}

fn main() {
    let registry = Registry::builder()
        .server_info("t", "1")
        .tools(tools![search_tickets])
        .build()
        .unwrap();
    let tool = serde_json::to_value(&registry.tool_definitions()[0]).unwrap();
    let properties = &tool["inputSchema"]["properties"];
    assert_eq!(properties["created_at"]["format"], "date-time", "{tool}");
    assert_eq!(properties["until"]["format"], "date-time", "{tool}");
    assert_eq!(properties["due_date"]["format"], "date", "{tool}");
}
