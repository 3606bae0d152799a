//! What the tools send back under the response budgets: concise and detailed pages, cursors
//! that walk every match once, cut pages that stay valid, and long logs read in parts.

use mcp_tools::{
    Registry,
    limits::{CHARS_PER_TOKEN, DEFAULT_MAX_RESPONSE_TOKENS},
    rmcp::model::CallToolResult,
    store::MemoryStore,
    tokens::Encoding,
    wire::{MAX_RESULT_CHARS_META_KEY, TRUNCATION_META_KEY},
};
use serde_json::{Value, json};

use crate::{Depot, registry};

/// The budget `shipment_get_log` declares.
const LOG_BUDGET_TOKENS: usize = 8_000;

async fn call(registry: &Registry, name: &str, arguments: Value) -> CallToolResult {
    let result = registry.call(name, arguments.clone()).await.unwrap();
    assert_ne!(
        result.is_error,
        Some(true),
        "{name} {arguments}: {}",
        texts(&result).join("\n")
    );
    result
}

async fn call_error(registry: &Registry, name: &str, arguments: Value) -> String {
    let result = registry.call(name, arguments.clone()).await.unwrap();
    assert_eq!(result.is_error, Some(true), "{name} {arguments} succeeded");
    texts(&result).join("\n")
}

fn texts(result: &CallToolResult) -> Vec<&str> {
    result
        .content
        .iter()
        .filter_map(|b| b.as_text().map(|t| t.text.as_str()))
        .collect()
}

fn tokens(result: &CallToolResult) -> usize {
    texts(result)
        .iter()
        .map(|t| Encoding::O200kBase.count(t))
        .sum()
}

fn truncation(result: &CallToolResult) -> &Value {
    &result.meta.as_ref().expect("a cut result has _meta").0[TRUNCATION_META_KEY]
}

fn numbers(items: &Value) -> Vec<String> {
    items
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["shipment_number"].as_str().unwrap().to_owned())
        .collect()
}

fn all_matches(query: &str) -> Vec<String> {
    Depot::seeded()
        .search(query, None)
        .into_iter()
        .map(|s| s.shipment_number)
        .collect()
}

fn validate(registry: &Registry, name: &str, structured: &Value) {
    let tool = registry
        .tool_definitions()
        .iter()
        .find(|t| t.name == name)
        .unwrap();
    let schema = Value::Object((*tool.output_schema.clone().unwrap()).clone());
    let validator = jsonschema::validator_for(&schema).unwrap();
    let problems: Vec<String> = validator
        .iter_errors(structured)
        .map(|e| e.to_string())
        .collect();
    assert!(problems.is_empty(), "{name}: {problems:?}\n{structured}");
}

#[tokio::test]
async fn concise_search_costs_at_most_half_of_detailed() {
    let registry = registry().unwrap();
    let search =
        |format: &str| json!({ "query": "Berlin", "limit": 50, "response_format": format });
    let concise = call(&registry, "shipment_search", search("concise")).await;
    let detailed = call(&registry, "shipment_search", search("detailed")).await;
    let (concise_tokens, detailed_tokens) = (tokens(&concise), tokens(&detailed));
    assert!(
        concise_tokens * 2 <= detailed_tokens,
        "concise {concise_tokens} tokens, detailed {detailed_tokens}"
    );
    // The same shipments, all of them, uncut: only the detail differs.
    let (concise, detailed) = (
        concise.structured_content.unwrap(),
        detailed.structured_content.unwrap(),
    );
    assert_eq!(numbers(&concise["items"]), all_matches("Berlin"));
    assert_eq!(numbers(&concise["items"]), numbers(&detailed["items"]));
    assert!(concise.get("truncated").is_none() && detailed.get("truncated").is_none());
    assert!(concise["items"][0].get("internal_id").is_none());
    assert!(detailed["items"][0]["internal_id"].is_string());
}

#[tokio::test]
async fn following_next_cursor_lists_every_match_once() {
    let registry = registry().unwrap();
    let expected = all_matches("Berlin");
    let mut seen = Vec::new();
    let mut cursor = None;
    let mut pages = 0;
    loop {
        let mut arguments = json!({ "query": "Berlin", "limit": 7 });
        if let Some(cursor) = cursor.take() {
            arguments["cursor"] = cursor;
        }
        let page = call(&registry, "shipment_search", arguments)
            .await
            .structured_content
            .unwrap();
        pages += 1;
        assert_eq!(page["total"], json!(expected.len()));
        let items = numbers(&page["items"]);
        assert!(items.len() <= 7);
        seen.extend(items);
        match page.get("next_cursor") {
            Some(next) => cursor = Some(next.clone()),
            None => break,
        }
        assert!(pages <= expected.len(), "the cursors never end");
    }
    assert_eq!(seen, expected);
    assert_eq!(pages, expected.len().div_ceil(7));
}

#[tokio::test]
async fn cut_pages_stay_valid_and_resume_at_the_first_item_left_out() {
    let registry = crate::builder(std::sync::Arc::new(MemoryStore::new()))
        .max_response_tokens(1_000)
        .build()
        .unwrap();
    let arguments = json!({ "query": "Berlin", "limit": 50, "response_format": "detailed" });
    let result = call(&registry, "shipment_search", arguments.clone()).await;
    assert!(tokens(&result) <= 1_000, "{} tokens", tokens(&result));
    let page = result.structured_content.clone().unwrap();
    validate(&registry, "shipment_search", &page);

    let expected = all_matches("Berlin");
    let kept = numbers(&page["items"]);
    assert!(!kept.is_empty() && kept.len() < expected.len());
    assert_eq!(kept, expected[..kept.len()]);
    assert_eq!(
        page["truncated"],
        json!({ "kept_items": kept.len(), "page_items": expected.len() })
    );
    let notice = *texts(&result).last().unwrap();
    assert!(notice.starts_with("[truncated:"), "{notice}");
    let next = &truncation(&result)["next_call"];
    assert_eq!(next["name"], "shipment_search");
    assert_eq!(next["arguments"]["cursor"], page["next_cursor"]);

    // The next call is the same call with the cursor: it starts at the first item left out.
    let rest = call(&registry, "shipment_search", next["arguments"].clone())
        .await
        .structured_content
        .unwrap();
    validate(&registry, "shipment_search", &rest);
    assert_eq!(numbers(&rest["items"])[0], expected[kept.len()]);
}

#[tokio::test]
async fn long_logs_are_cut_to_the_budget_and_resume_where_they_stopped() {
    let registry = registry().unwrap();
    let number = "SH-2026-000001";
    let log = Depot::seeded().event_log(number).unwrap();
    let full = log.text_from(1).unwrap();
    let lines: Vec<&str> = full.lines().collect();

    let first = call(
        &registry,
        "shipment_get_log",
        json!({ "shipment_number": number }),
    )
    .await;
    assert!(tokens(&first) <= LOG_BUDGET_TOKENS, "{}", tokens(&first));
    let blocks = texts(&first);
    let notice = *blocks.last().unwrap();
    assert!(notice.starts_with("[truncated:"), "{notice}");
    let kept: Vec<&str> = blocks[..blocks.len() - 1]
        .iter()
        .flat_map(|b| b.lines())
        .collect();
    assert!(!kept.is_empty());
    assert_eq!(kept, lines[..kept.len()]);
    let next_line = kept.len() + 1;
    assert!(
        notice.contains(&format!(
            "lines 1–{} of {}",
            kept.len(),
            thousands(log.len())
        )),
        "{notice}"
    );
    assert!(
        notice.contains(&format!("\"from_line\":{next_line}")),
        "{notice}"
    );
    let meta = truncation(&first);
    assert_eq!(meta["next_call"]["name"], "shipment_get_log");
    let arguments = &meta["next_call"]["arguments"];
    assert_eq!(arguments["from_line"], json!(next_line));
    assert_eq!(arguments["shipment_number"], number);
    // The tool sent a window of the log, so of the whole only a lower bound is known, and
    // the notice says so rather than guess.
    let at_least = meta["total_tokens_at_least"].as_u64().unwrap();
    assert!(at_least > meta["kept_tokens"].as_u64().unwrap(), "{meta}");
    assert!(notice.contains(" of at least "), "{notice}");

    // The next call picks up at the first line left out: nothing lost, nothing repeated.
    let second = call(&registry, "shipment_get_log", arguments.clone()).await;
    assert!(tokens(&second) <= LOG_BUDGET_TOKENS);
    let blocks = texts(&second);
    let resumed: Vec<&str> = blocks[..blocks.len() - 1]
        .iter()
        .flat_map(|b| b.lines())
        .collect();
    assert_eq!(resumed, lines[kept.len()..kept.len() + resumed.len()]);
    let after = &truncation(&second)["next_call"]["arguments"]["from_line"];
    assert_eq!(after, &json!(next_line + resumed.len()));
}

#[tokio::test]
async fn short_logs_come_whole() {
    let registry = registry().unwrap();
    let number = "SH-2026-000042";
    let log = Depot::seeded().event_log(number).unwrap();
    assert!(log.len() < 20, "{number} is not a long-haul run");
    let result = call(
        &registry,
        "shipment_get_log",
        json!({ "shipment_number": number }),
    )
    .await;
    assert_eq!(texts(&result), [log.text_from(1).unwrap()]);
    assert!(result.meta.is_none(), "{:?}", result.meta);
    assert!(result.structured_content.is_none());
}

#[tokio::test]
async fn bad_cursors_say_what_to_do() {
    let registry = registry().unwrap();
    let garbage = call_error(
        &registry,
        "shipment_search",
        json!({ "query": "Berlin", "cursor": "garbage" }),
    )
    .await;
    assert!(
        garbage.contains("leave cursor out to start from the first page"),
        "{garbage}"
    );

    let page = call(
        &registry,
        "shipment_search",
        json!({ "query": "Berlin", "limit": 3 }),
    )
    .await
    .structured_content
    .unwrap();
    let cursor = page["next_cursor"].as_str().unwrap();

    // Editing a real cursor (here its first character) breaks its seal.
    let first = if cursor.starts_with('A') { "B" } else { "A" };
    let edited = format!("{first}{}", &cursor[1..]);
    let message = call_error(
        &registry,
        "shipment_search",
        json!({ "query": "Berlin", "limit": 3, "cursor": edited }),
    )
    .await;
    assert!(
        message.contains("leave cursor out to start from the first page"),
        "{message}"
    );

    for other in [
        json!({ "query": "Hamburg", "cursor": cursor }),
        json!({ "query": "Berlin", "status": "delivered", "cursor": cursor }),
    ] {
        let message = call_error(&registry, "shipment_search", other).await;
        assert!(
            message.contains("cursor belongs to a call with different arguments"),
            "{message}"
        );
    }

    // The page size and the format are not part of the query: they may change between pages.
    let next = call(
        &registry,
        "shipment_search",
        json!({ "query": "Berlin", "limit": 5, "response_format": "detailed", "cursor": cursor }),
    )
    .await
    .structured_content
    .unwrap();
    assert_eq!(numbers(&next["items"]), all_matches("Berlin")[3..8]);
}

#[test]
fn every_tool_publishes_its_result_size_bound() {
    let registry = registry().unwrap();
    for tool in registry.tool_definitions() {
        let budget = if tool.name == "shipment_get_log" {
            LOG_BUDGET_TOKENS
        } else {
            DEFAULT_MAX_RESPONSE_TOKENS
        };
        let meta = tool.meta.as_ref().expect("every tool has _meta");
        assert_eq!(
            meta.0[MAX_RESULT_CHARS_META_KEY],
            json!(budget * CHARS_PER_TOKEN),
            "{}",
            tool.name
        );
    }
}

/// `40399` → `40,399`, as the notice writes counts.
fn thousands(n: impl ToString) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}
