//! The shipment tools: find shipments, read their status and event log, record weights,
//! cancel.
//!
//! Each fn is a plain `async fn` as well as a tool, so the tests below call them directly.

// `#[tool]` requires an `async fn`, and the in-memory depot never has to wait.
#![allow(clippy::unused_async)]

use mcp_tools::prelude::*;

use crate::{
    depot::Depot,
    routing::Routing,
    shipment::{Shipment, Status},
    views::{ShipmentView, StatusView},
};

/// Find shipments by number, sender, recipient or city.
///
/// Use when you know something about a shipment but not its exact number, or to see the
/// shipments of a customer or a city in a given status. Every word of the query must
/// match; results are newest first, a page at a time, with `total` matches in all. When the
/// result has a `next_cursor`, pass it as `cursor` with the same other arguments for the
/// next page. Empty `items` means nothing matched: use fewer or shorter words, or leave out
/// `status`. Ask for `detailed` only when you need internal ids, depots, timestamps or notes.
#[tool(namespace = "shipment", read_only, open_world = false)]
pub async fn search(
    depot: State<Depot>,
    /// Words to look for, ignoring case, in shipment numbers, sender and recipient names,
    /// and cities, for example `Berlin Müller`.
    #[param(min_length = 1, max_length = 200)]
    query: String,
    /// Only shipments in this status; leave out for any status.
    status: Option<Status>,
    /// Most shipments per page.
    #[param(min = 1, max = 50, default = 10)]
    limit: u32,
    /// `next_cursor` from the previous page, with the same query and status; leave out for
    /// the first page.
    cursor: Option<PageCursor>,
    /// `concise` lists number, status, service, parties, cities and weight; `detailed` adds
    /// internal ids, depots, timestamps and notes.
    response_format: ResponseFormat,
) -> Result<Page<ShipmentView>, ToolError> {
    // The runtime serializes each view in the format the call asked for.
    let _ = response_format;
    if query.trim().is_empty() {
        return Err(ToolError::invalid_input(
            "query must contain a word; search by shipment number, name or city, for example `Berlin`",
        ));
    }
    let matches = depot.search(&query, status);
    let limit = usize::try_from(limit).unwrap_or(usize::MAX);
    Ok(Page::window(matches, cursor.as_ref(), limit).map(ShipmentView::from))
}

/// Get a shipment's status and route, and whether it can still be changed.
///
/// Use before changing a shipment, to learn whether its weight can still be set and whether
/// it can still be cancelled, or to tell a customer where their parcel is.
#[tool(namespace = "shipment", read_only, open_world = false)]
pub async fn get_status(
    depot: State<Depot>,
    routing: State<Routing>,
    /// Shipment number, for example `SH-2026-000123`.
    #[param(pattern = r"^SH-\d{4}-\d{6}$", example = "SH-2026-000123")]
    shipment_number: String,
) -> Result<Json<StatusView>, ToolError> {
    let mut shipment = depot.get(&shipment_number)?;
    // A re-route changes the delivering depot on every replica at once.
    shipment.destination_depot = routing.destination_of(&shipment).await?;
    Ok(Json(shipment.into()))
}

/// Read a shipment's event log: scans, weighing, loading, customs, delivery attempts.
///
/// Use to learn what happened to a shipment and when, beyond its current status. One event
/// per line, oldest first: time (RFC 3339, UTC), place (depot, border post or tracker),
/// event, details. Runs with a cold-chain tracker also log its GPS and temperature pings,
/// tens of thousands of lines; a result that is cut ends with a note naming the `from_line`
/// to ask for next.
#[tool(
    namespace = "shipment",
    read_only,
    open_world = false,
    max_response_tokens = 8000
)]
pub async fn get_log(
    depot: State<Depot>,
    ctx: ToolContext,
    /// Shipment number, for example `SH-2026-000123`.
    #[param(pattern = r"^SH-\d{4}-\d{6}$", example = "SH-2026-000123")]
    shipment_number: String,
    /// Line to start at, 1-based; a cut result says which line to ask for next.
    #[param(min = 1, max = 10_000_000, default = 1)]
    from_line: u64,
) -> Result<ToolOutput, ToolError> {
    let log = depot.event_log(&shipment_number)?;
    // Only what the result can hold (and a line more, so the cut says where to go on):
    // a tracker's log is megabytes, and building it whole for every page is what costs.
    let text = log.text_within(from_line, ctx.budget().chars).ok_or_else(|| {
        let last = log.len();
        ToolError::invalid_input(format!(
            "from_line {from_line} is past the end of the log of {shipment_number}, whose last line is {last}; ask for from_line {last} or less"
        ))
    })?;
    Ok(ToolOutput::text(text)
        .resume_at_line("from_line", from_line)
        .of_lines(log.len()))
}

/// Record a shipment's measured weight before dispatch.
///
/// Use after weighing a parcel. Dispatched shipments cannot be changed; check the
/// status with `shipment_get_status` first.
#[tool(
    namespace = "shipment",
    destructive = false,
    idempotent,
    open_world = false,
    aliases("set_weight")
)]
pub async fn set_weight(
    depot: State<Depot>,
    /// Shipment number, for example `SH-2026-004211`.
    #[param(pattern = r"^SH-\d{4}-\d{6}$")]
    shipment_number: String,
    /// Measured weight of the parcel.
    #[param(min = 0.1, max = 30000.0)]
    weight_kg: f64,
) -> Result<Json<Shipment>, ToolError> {
    Ok(Json(depot.set_weight(&shipment_number, weight_kg)?))
}

/// Cancel a shipment that has not been delivered yet.
///
/// Use when the sender withdraws a shipment. This cannot be undone, and delivered shipments
/// cannot be cancelled; check the status with `shipment_get_status` first if unsure.
#[tool(
    namespace = "shipment",
    destructive = true,
    open_world = false,
    scopes("shipment:cancel")
)]
pub async fn cancel(
    depot: State<Depot>,
    /// Shipment number, for example `SH-2026-000123`.
    #[param(pattern = r"^SH-\d{4}-\d{6}$")]
    shipment_number: String,
    /// Why the shipment is cancelled, in a sentence; kept on the shipment's record.
    #[param(min_length = 3, max_length = 500)]
    reason: String,
    idempotency_key: Option<IdempotencyKey>,
) -> Result<Json<Shipment>, ToolError> {
    // The runtime answers a retry with the same key from its record: the handler runs once.
    let _ = idempotency_key;
    if reason.trim().chars().count() < 3 {
        return Err(ToolError::invalid_input(
            "reason must say why in at least 3 characters besides spaces, for example `Sender withdrew the order.`",
        ));
    }
    Ok(Json(depot.cancel(&shipment_number, &reason)?))
}

#[cfg(test)]
mod tests {
    use mcp_tools::{ErrorKind, rmcp::model::CallToolResult, store::MemoryStore};
    use serde_json::{Value, json};

    use super::*;
    use crate::registry;

    fn number_in(depot: &Depot, status: Status) -> String {
        depot.search("", Some(status))[0].shipment_number.clone()
    }

    fn text(result: &CallToolResult) -> &str {
        &result.content[0]
            .as_text()
            .expect("the first block is text")
            .text
    }

    #[tokio::test]
    async fn set_weight_is_callable_as_written() {
        let depot = Depot::seeded();
        let number = number_in(&depot, Status::Pending);
        let Json(shipment) = set_weight(State::new(depot), number.clone(), 12.5)
            .await
            .unwrap();
        assert_eq!(shipment.shipment_number, number);
        assert_eq!(shipment.weight_kg, Some(12.5));
        assert_eq!(shipment.status, Status::Weighed);
    }

    #[tokio::test]
    async fn set_weight_refuses_shipments_after_dispatch() {
        let depot = State::new(Depot::seeded());
        for status in [Status::Dispatched, Status::InTransit, Status::Delivered] {
            let number = number_in(&depot, status);
            let err = set_weight(depot.clone(), number, 3.0).await.unwrap_err();
            assert_eq!(err.kind(), ErrorKind::Conflict);
            assert!(err.message().contains("`shipment_get_status`"), "{err}");
        }
    }

    #[tokio::test]
    async fn get_status_says_what_can_still_change() {
        let depot = State::new(Depot::seeded());
        let routing = State::new(Routing::new(std::sync::Arc::new(MemoryStore::new())));
        let number = number_in(&depot, Status::Weighed);
        let Json(view) = get_status(depot.clone(), routing.clone(), number.clone())
            .await
            .unwrap();
        assert_eq!(view.status, Status::Weighed);
        assert!(view.weight_editable && view.cancellable);

        let number = number_in(&depot, Status::Delivered);
        let Json(view) = get_status(depot.clone(), routing.clone(), number)
            .await
            .unwrap();
        assert!(!view.weight_editable && !view.cancellable);

        let err = get_status(depot, routing, "SH-2026-000999".into())
            .await
            .unwrap_err();
        assert_eq!(err.kind(), ErrorKind::NotFound);
    }

    #[tokio::test]
    async fn search_pages_are_windows_of_every_match() {
        let depot = State::new(Depot::seeded());
        let all = depot.search("Berlin", None);
        assert!(all.len() > 8, "the seed has enough Berlin shipments");
        let page = search(
            depot.clone(),
            "Berlin".into(),
            None,
            5,
            Some(PageCursor::at(3)),
            ResponseFormat::Concise,
        )
        .await
        .unwrap();
        let expected: Vec<ShipmentView> = all[3..8].iter().cloned().map(Into::into).collect();
        assert_eq!(page.items(), expected);

        let err = search(depot, "  ".into(), None, 5, None, ResponseFormat::Concise)
            .await
            .unwrap_err();
        assert_eq!(err.kind(), ErrorKind::InvalidInput);
    }

    #[tokio::test]
    async fn a_search_without_matches_is_an_empty_page() {
        let registry = registry().unwrap();
        let result = registry
            .call(
                "shipment_search",
                json!({ "query": "Atlantis", "status": "pending" }),
            )
            .await
            .unwrap();
        assert_ne!(result.is_error, Some(true), "{}", text(&result));
        assert_eq!(
            result.structured_content.unwrap(),
            json!({ "items": [], "total": 0 })
        );
    }

    #[tokio::test]
    async fn get_log_reads_from_the_line_asked_for() {
        let depot = State::new(Depot::seeded());
        let log = depot.event_log("SH-2026-000042").unwrap();
        let ctx = ToolContext::detached("shipment_get_log");
        let output = get_log(depot.clone(), ctx.clone(), "SH-2026-000042".into(), 2)
            .await
            .unwrap();
        let text = &output.blocks()[0].as_text().unwrap().text;
        assert_eq!(text, &log.text_from(2).unwrap());

        let err = get_log(depot, ctx, "SH-2026-000999".into(), 1)
            .await
            .unwrap_err();
        assert_eq!(err.kind(), ErrorKind::NotFound);
    }

    #[tokio::test]
    async fn get_log_builds_only_what_its_budget_holds() {
        let depot = State::new(Depot::seeded());
        // SH-2026-000001 carries a cold-chain tracker: megabytes of log.
        let log = depot.event_log("SH-2026-000001").unwrap();
        let budget = ToolContext::detached("shipment_get_log").budget().chars;
        let whole = log.text_from(1).unwrap().len();
        assert!(whole > 20 * budget, "{whole} bytes of log");
        let ctx = ToolContext::detached("shipment_get_log");
        let output = get_log(depot, ctx, "SH-2026-000001".into(), 1)
            .await
            .unwrap();
        let text = &output.blocks()[0].as_text().unwrap().text;
        // Past the budget by at most one line, so a cut still says where to go on.
        assert!(
            text.len() > budget && text.len() < budget + 500,
            "{}",
            text.len()
        );
        assert!(log.text_from(1).unwrap().starts_with(text.as_str()));
    }

    #[tokio::test]
    async fn get_log_past_the_end_names_the_last_line() {
        let registry = registry().unwrap();
        let last = Depot::seeded().event_log("SH-2026-000042").unwrap().len();
        let result = registry
            .call(
                "shipment_get_log",
                json!({ "shipment_number": "SH-2026-000042", "from_line": last + 1 }),
            )
            .await
            .unwrap();
        assert_eq!(result.is_error, Some(true));
        assert_eq!(
            text(&result),
            format!(
                "invalid input: from_line {} is past the end of the log of SH-2026-000042, whose last line is {last}; ask for from_line {last} or less",
                last + 1
            )
        );
    }

    #[tokio::test]
    async fn cancel_is_callable_as_written() {
        let depot = State::new(Depot::seeded());
        let number = number_in(&depot, Status::Pending);
        let key = Some(IdempotencyKey::new("k-1"));
        let Json(shipment) = cancel(depot.clone(), number, "Duplicate booking.".into(), key)
            .await
            .unwrap();
        assert_eq!(shipment.status, Status::Cancelled);

        let number = number_in(&depot, Status::Weighed);
        let err = cancel(depot, number, "   ".into(), None).await.unwrap_err();
        assert_eq!(err.kind(), ErrorKind::InvalidInput);
    }

    #[test]
    fn registry_lists_the_eleven_tools() {
        let registry = registry().unwrap();
        let names: Vec<&str> = registry
            .tool_definitions()
            .iter()
            .map(|t| t.name.as_ref())
            .collect();
        assert_eq!(
            names,
            [
                "shipment_search",
                "shipment_get_status",
                "shipment_get_log",
                "shipment_set_weight",
                "shipment_cancel",
                "shipment_plan_reroute",
                "shipment_commit_reroute",
                "manifest_open",
                "manifest_add_shipment",
                "manifest_submit",
                "depot_audit"
            ]
        );
        for tool in registry.tool_definitions() {
            let annotations = tool.annotations.as_ref().unwrap();
            assert_eq!(annotations.open_world_hint, Some(false), "{}", tool.name);
        }
    }

    #[tokio::test]
    async fn out_of_range_weights_are_refused_before_the_handler() {
        let registry = registry().unwrap();
        let result = registry
            .call(
                "shipment_set_weight",
                json!({ "shipment_number": "SH-2026-000001", "weight_kg": 45000 }),
            )
            .await
            .unwrap();
        assert_eq!(result.is_error, Some(true));
        assert_eq!(
            text(&result),
            "invalid input: weight_kg must be at most 30000 (kg); got 45000"
        );
    }

    #[tokio::test]
    async fn calls_through_the_registry_return_structured_results() {
        let registry = registry().unwrap();
        let result = registry
            .call("shipment_search", json!({ "query": "SH-2026-000042" }))
            .await
            .unwrap();
        assert_ne!(result.is_error, Some(true), "{}", text(&result));
        let structured = result.structured_content.unwrap();
        assert_eq!(structured["total"], 1);
        assert_eq!(structured["items"][0]["shipment_number"], "SH-2026-000042");
        assert!(structured.get("next_cursor").is_none());

        let result = registry
            .call(
                "shipment_search",
                json!({ "query": "Berlin", "status": "in_transit", "limit": 50 }),
            )
            .await
            .unwrap();
        let structured = result.structured_content.unwrap();
        let shipments = structured["items"].as_array().unwrap();
        assert!(!shipments.is_empty());
        assert!(shipments.iter().all(|s| s["status"] == "in_transit"));
    }

    #[tokio::test]
    async fn the_old_alias_still_routes() {
        let registry = registry().unwrap();
        let number = registry
            .call(
                "shipment_search",
                json!({ "query": "SH", "status": "pending", "limit": 1 }),
            )
            .await
            .unwrap()
            .structured_content
            .unwrap()["items"][0]["shipment_number"]
            .clone();
        let result = registry
            .call(
                "set_weight",
                json!({ "shipment_number": number, "weight_kg": 2.5 }),
            )
            .await
            .unwrap();
        assert_ne!(result.is_error, Some(true), "{}", text(&result));
        let meta = result.meta.unwrap();
        assert_eq!(
            meta.0[mcp_tools::wire::DEPRECATION_META_KEY]["use"],
            Value::from("shipment_set_weight")
        );
    }

    #[tokio::test]
    async fn structured_results_match_their_output_schemas() {
        let registry = registry().unwrap();
        let cancelled = registry
            .call(
                "shipment_search",
                json!({ "query": "SH", "status": "cancelled", "limit": 1 }),
            )
            .await
            .unwrap()
            .structured_content
            .unwrap()["items"][0]["shipment_number"]
            .clone();
        let calls = [
            ("shipment_search", json!({ "query": "Berlin" })),
            (
                "shipment_search",
                json!({ "query": "Berlin", "response_format": "detailed" }),
            ),
            (
                "shipment_search",
                json!({ "query": "SH", "status": "cancelled", "response_format": "detailed" }),
            ),
            ("shipment_search", json!({ "query": "Atlantis" })),
            (
                "shipment_get_status",
                json!({ "shipment_number": cancelled }),
            ),
            (
                "shipment_get_status",
                json!({ "shipment_number": "SH-2026-000001" }),
            ),
            (
                "shipment_cancel",
                json!({ "shipment_number": "SH-2026-000300", "reason": "Duplicate booking." }),
            ),
        ];
        for (name, arguments) in calls {
            let result = registry.call(name, arguments.clone()).await.unwrap();
            assert_ne!(
                result.is_error,
                Some(true),
                "{name} {arguments}: {}",
                text(&result)
            );
            let tool = registry
                .tool_definitions()
                .iter()
                .find(|t| t.name == name)
                .unwrap();
            let schema = Value::Object((*tool.output_schema.clone().unwrap()).clone());
            let validator = jsonschema::validator_for(&schema).unwrap();
            let structured = result.structured_content.unwrap();
            let problems: Vec<String> = validator
                .iter_errors(&structured)
                .map(|e| e.to_string())
                .collect();
            assert!(problems.is_empty(), "{name} {arguments}: {problems:?}");
        }
    }
}
