//! Every result within its budget, whatever its shape: generated results (nested objects,
//! several lists at any depth, long and multi-byte strings, text beside structured content,
//! images) and budgets, checked through `Registry::call` by an exact count of everything
//! the client receives; cut structured content still validates against a schema the full
//! value met; and following the notice's next calls (page cursors, lines, character offsets)
//! returns everything exactly once.

use std::cell::RefCell;

use mcp_tools::{
    PageCursor, Registry, ToolOutput,
    prelude::Page,
    rmcp::model::{CallToolResult, ContentBlock},
    tokens::Encoding,
    tool, tools,
    wire::TRUNCATION_META_KEY,
};
use proptest::{prelude::*, test_runner::Config};
use serde_json::{Map, Value, json};

thread_local! {
    /// What the tools below return in the current case.
    static CASE: RefCell<Case> = RefCell::new(Case::default());
}

#[derive(Clone, Default)]
struct Case {
    value: Value,
    items: Vec<Value>,
    text: String,
    images: Vec<usize>,
}

/// Return the generated structured result of this test case.
///
/// Use only in the optimizer's property tests.
#[tool(namespace = "gen", read_only)]
async fn get_value() -> ToolOutput {
    CASE.with(|c| ToolOutput::structured(c.borrow().value.clone()))
}

/// Return the generated text twice: as text and as the `content` of structured content.
///
/// Use only in the optimizer's property tests.
#[tool(namespace = "gen", read_only)]
async fn read_file() -> ToolOutput {
    CASE.with(|c| {
        let text = c.borrow().text.clone();
        ToolOutput::structured(json!({ "content": text.clone() }))
            .with_block(ContentBlock::text(text))
    })
}

/// List the generated items, a page at a time.
///
/// Use `next_cursor` from the previous page to continue.
#[tool(namespace = "gen", read_only)]
async fn list_items(
    /// `next_cursor` from the previous page; leave out for the first.
    cursor: Option<PageCursor>,
) -> Page<Value> {
    CASE.with(|c| Page::window(c.borrow().items.clone(), cursor.as_ref(), usize::MAX))
}

/// Read the generated text from a line on.
///
/// Use `from_line` from the previous notice to continue.
#[tool(namespace = "gen", read_only)]
async fn read_lines(
    /// First line to return, 1-based.
    #[param(min = 1)]
    from_line: Option<u64>,
) -> ToolOutput {
    let from = from_line.unwrap_or(1);
    CASE.with(|c| {
        let text: String = c
            .borrow()
            .text
            .split_inclusive('\n')
            .skip(usize::try_from(from - 1).unwrap_or(usize::MAX))
            .collect();
        ToolOutput::text(text).resume_at_line("from_line", from)
    })
}

/// Read the generated text from a character offset on, as a fetch tool does.
///
/// Use `start_index` from the previous notice to continue.
#[tool(namespace = "gen", read_only)]
async fn fetch_text(
    /// First character to return, 0-based.
    start_index: Option<u64>,
) -> ToolOutput {
    let start = start_index.unwrap_or(0);
    CASE.with(|c| {
        let text: String = c
            .borrow()
            .text
            .chars()
            .skip(usize::try_from(start).unwrap_or(usize::MAX))
            .collect();
        ToolOutput::text(text).resume_at_offset("start_index", start)
    })
}

/// Return a caption and the generated images.
///
/// Use only in the optimizer's property tests.
#[tool(namespace = "gen", read_only)]
async fn get_images() -> ToolOutput {
    CASE.with(|c| {
        let c = c.borrow();
        let mut output = ToolOutput::text(c.text.clone());
        for (i, size) in c.images.iter().enumerate() {
            // Base64 of `size` bytes: the PNG signature, then filler.
            let len = size.div_ceil(3) * 4;
            let data: String = "iVBORw0KGgo"
                .chars()
                .chain(std::iter::repeat(char::from(b'A' + (i % 26) as u8)))
                .take(len)
                .collect();
            output = output.with_block(ContentBlock::image(data, "image/png"));
        }
        output
    })
}

fn registry(budget: usize) -> Registry {
    Registry::builder()
        .tools(tools![
            get_value, read_file, list_items, read_lines, fetch_text, get_images
        ])
        .max_response_tokens(budget)
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

/// Tokens and characters of everything the client receives, counted exactly.
fn weight(result: &CallToolResult) -> (usize, usize) {
    let enc = Encoding::O200kBase;
    let mut tokens = 0;
    let mut chars = 0;
    for block in &result.content {
        match block {
            ContentBlock::Text(t) => {
                tokens += enc.count(&t.text);
                chars += t.text.chars().count();
            }
            ContentBlock::Image(i) => {
                tokens += i.data.len().div_ceil(4);
                chars += i.data.len();
            }
            other => {
                let json = serde_json::to_string(other).unwrap();
                tokens += enc.count(&json);
                chars += json.chars().count();
            }
        }
    }
    if let Some(value) = &result.structured_content {
        let json = value.to_string();
        tokens += enc.count(&json);
        chars += json.chars().count();
    }
    (tokens, chars)
}

fn assert_within(result: &CallToolResult, budget: usize) -> Result<(), TestCaseError> {
    let (tokens, chars) = weight(result);
    prop_assert!(
        tokens <= budget,
        "{tokens} tokens over a budget of {budget}"
    );
    prop_assert!(
        chars <= budget * 4,
        "{chars} characters over {}",
        budget * 4
    );
    Ok(())
}

fn truncation(result: &CallToolResult) -> Option<&Value> {
    result
        .meta
        .as_ref()
        .and_then(|m| m.get(TRUNCATION_META_KEY))
}

fn next_arguments(result: &CallToolResult) -> Option<Value> {
    truncation(result)
        .and_then(|t| t.get("next_call"))
        .map(|n| n["arguments"].clone())
}

/// The text blocks before the notice.
fn kept_text(result: &CallToolResult) -> String {
    let texts: Vec<&str> = result
        .content
        .iter()
        .filter_map(|b| b.as_text().map(|t| t.text.as_str()))
        .collect();
    let end = texts.len() - usize::from(truncation(result).is_some());
    texts[..end].concat()
}

/// The texts of a call and of the next calls its notices name, joined, each result
/// checked against the budget; at most `calls` calls.
fn follow(
    registry: &Registry,
    tool: &str,
    budget: usize,
    calls: usize,
) -> Result<String, TestCaseError> {
    let mut got = String::new();
    let mut args = json!({});
    for _ in 0..=calls {
        let result = call(registry, tool, args.clone());
        assert_within(&result, budget)?;
        got.push_str(&kept_text(&result));
        match next_arguments(&result) {
            Some(next) => args = next,
            None => break,
        }
    }
    Ok(got)
}

/// A schema the value meets: its types, every key required, no other keys, strings no
/// longer than they are, lists of its items' shape.
fn schema_of(value: &Value) -> Value {
    match value {
        Value::Object(map) => json!({
            "type": "object",
            "required": map.keys().collect::<Vec<_>>(),
            "additionalProperties": false,
            "properties": map.iter().map(|(k, v)| (k.clone(), schema_of(v))).collect::<Map<_, _>>(),
        }),
        Value::Array(items) => {
            let mut schema = json!({ "type": "array", "maxItems": items.len() });
            if let Some(merged) = items.iter().map(schema_of).reduce(merge) {
                schema["items"] = merged;
            }
            schema
        }
        Value::String(s) => json!({ "type": "string", "maxLength": s.chars().count() }),
        Value::Number(_) => json!({ "type": "number" }),
        Value::Bool(_) => json!({ "type": "boolean" }),
        Value::Null => json!({ "type": "null" }),
    }
}

/// One schema for the items of a list: the same shape, the longest strings and lists.
fn merge(mut a: Value, b: Value) -> Value {
    for key in ["maxLength", "maxItems"] {
        if let (Some(x), Some(y)) = (
            a.get(key).and_then(Value::as_u64),
            b.get(key).and_then(Value::as_u64),
        ) {
            a[key] = json!(x.max(y));
        }
    }
    if let (Some(Value::Object(pa)), Some(Value::Object(pb))) =
        (a.get("properties").cloned(), b.get("properties"))
    {
        let merged: Map<String, Value> = pa
            .into_iter()
            .map(|(k, v)| {
                let other = pb.get(&k).cloned();
                (k, other.map_or(v.clone(), |o| merge(v, o)))
            })
            .collect();
        a["properties"] = Value::Object(merged);
    }
    match (a.get("items").cloned(), b.get("items").cloned()) {
        (Some(x), Some(y)) => a["items"] = merge(x, y),
        (None, Some(y)) => a["items"] = y,
        _ => {}
    }
    a
}

/// Text with multi-byte characters, long runs and short words.
fn text(max: usize) -> impl Strategy<Value = String> {
    prop::collection::vec(
        prop_oneof![
            "[a-z]{1,12}",
            Just("배송 상태".to_owned()),
            Just("🚚".to_owned()),
            Just("=".repeat(40)),
            "[0-9]{1,6}",
        ],
        0..max,
    )
    .prop_map(|words| words.join(" "))
}

/// An item shape, instantiated up to `max` times: lists in a list share their items' shape.
fn shaped_list(depth: u32, max: usize) -> impl Strategy<Value = Value> {
    (item(depth), 0..max)
        .prop_map(|(template, n)| Value::Array((0..n).map(|i| renumber(&template, i)).collect()))
}

/// Lists inside items stay short, so a case stays small however deep it nests.
const INNER: usize = 12;

fn item(depth: u32) -> BoxedStrategy<Value> {
    let leaf = prop_oneof![
        any::<i64>().prop_map(Value::from),
        any::<bool>().prop_map(Value::from),
        text(60).prop_map(Value::from),
        (-1e6f64..1e6).prop_map(Value::from),
    ]
    .boxed();
    if depth == 0 {
        return leaf;
    }
    prop_oneof![
        2 => leaf,
        1 => prop::collection::btree_map("[a-z]{1,8}", item(depth - 1), 1..5)
            .prop_map(|m| Value::Object(m.into_iter().collect())),
        1 => shaped_list(depth - 1, INNER),
    ]
    .boxed()
}

/// The same shape with numbers and strings made distinct per item, so order is checkable.
fn renumber(template: &Value, i: usize) -> Value {
    match template {
        Value::Number(_) => Value::from(i as u64),
        Value::String(s) => Value::from(format!("{i}:{s}")),
        Value::Object(map) => Value::Object(
            map.iter()
                .map(|(k, v)| (k.clone(), renumber(v, i)))
                .collect(),
        ),
        Value::Array(items) => Value::Array(items.iter().map(|v| renumber(v, i)).collect()),
        other => other.clone(),
    }
}

fn structured() -> impl Strategy<Value = Value> {
    prop::collection::btree_map(
        "[a-z]{1,10}",
        prop_oneof![item(2), shaped_list(2, 400)],
        1..5,
    )
    .prop_map(|m| Value::Object(m.into_iter().collect()))
}

fn set(case: Case) {
    CASE.with(|c| *c.borrow_mut() = case);
}

fn config() -> Config {
    Config {
        cases: 40,
        failure_persistence: None,
        ..Config::default()
    }
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn structured_results_fit_and_keep_their_schema(value in structured(), budget in 300usize..4_000) {
        let schema = schema_of(&value);
        set(Case { value, ..Case::default() });
        let result = call(&registry(budget), "gen_get_value", json!({}));
        assert_within(&result, budget)?;
        if result.is_error == Some(true) {
            // Every key kept, the smallest form is over budget: said so, within budget.
            let text = &result.content[0].as_text().unwrap().text;
            prop_assert!(text.contains("even cut to its smallest form"), "{}", text);
            return Ok(());
        }
        let sent = result.structured_content.clone().unwrap();
        let validator = jsonschema::validator_for(&schema).unwrap();
        prop_assert!(validator.is_valid(&sent), "cut value breaks the schema: {}", sent);
        // The mirror is the value sent.
        prop_assert_eq!(result.content[0].as_text().unwrap().text.clone(), sent.to_string());
    }

    #[test]
    fn text_sent_twice_is_cut_the_same_both_ways(text in text(3_000), budget in 300usize..4_000) {
        set(Case { text: text.clone(), ..Case::default() });
        let result = call(&registry(budget), "gen_read_file", json!({}));
        assert_within(&result, budget)?;
        let kept = result.content[0].as_text().unwrap().text.clone();
        prop_assert_eq!(&result.structured_content.as_ref().unwrap()["content"], &Value::from(kept.clone()));
        let kept = kept.strip_suffix('…').unwrap_or(&kept);
        prop_assert!(text.starts_with(kept));
    }

    #[test]
    fn pages_resume_at_the_first_item_left_out(items in shaped_list(2, 400), budget in 600usize..4_000) {
        let items: Vec<Value> = items.as_array().unwrap().clone();
        // Items small enough to be kept whole; a larger one is shortened, not resumed.
        let small = items.iter().all(|i| i.to_string().len() < budget / 2);
        prop_assume!(small);
        set(Case { items: items.clone(), ..Case::default() });
        let registry = registry(budget);
        let mut got = Vec::new();
        let mut args = json!({});
        let mut last = None;
        for _ in 0..=items.len() + 1 {
            let result = call(&registry, "gen_list_items", args.clone());
            last = Some((args.clone(), result.content.last().cloned(), result.structured_content.as_ref().map(|p| p["items"].as_array().map(Vec::len))));
            assert_within(&result, budget)?;
            let page = result.structured_content.clone().unwrap();
            got.extend(page["items"].as_array().unwrap().iter().cloned());
            match next_arguments(&result).or_else(|| page.get("next_cursor").map(|c| json!({"cursor": c}))) {
                Some(next) => args = next,
                None => break,
            }
        }
        prop_assert_eq!(got.len(), items.len(), "budget {}, last call {:?}", budget, last);
        prop_assert_eq!(got, items);
    }

    #[test]
    fn lines_resume_where_they_stopped(lines in prop::collection::vec(text(30), 1..600), budget in 300usize..3_000) {
        let text: String = lines.iter().flat_map(|l| [l.as_str(), "\n"]).collect();
        prop_assume!(lines.iter().all(|l| l.len() < budget));
        set(Case { text: text.clone(), ..Case::default() });
        let got = follow(&registry(budget), "gen_read_lines", budget, lines.len() + 1)?;
        prop_assert_eq!(got, text);
    }

    #[test]
    fn offsets_resume_at_the_first_character_left_out(text in text(4_000), budget in 300usize..3_000) {
        set(Case { text: text.clone(), ..Case::default() });
        let got = follow(&registry(budget), "gen_fetch_text", budget, text.len() + 1)?;
        prop_assert_eq!(got, text);
    }

    #[test]
    fn images_are_kept_whole_or_left_out_and_named(
        caption in text(200),
        images in prop::collection::vec(100usize..60_000, 0..4),
        budget in 300usize..25_000,
    ) {
        set(Case { text: caption, images: images.clone(), ..Case::default() });
        let result = call(&registry(budget), "gen_get_images", json!({}));
        assert_within(&result, budget)?;
        let sent = result.content.iter().filter(|b| b.as_image().is_some()).count();
        if sent < images.len() {
            let left_out = &truncation(&result).unwrap()["left_out"];
            prop_assert_eq!(left_out.as_array().unwrap().len(), images.len() - sent);
            prop_assert!(left_out[0].as_str().unwrap().starts_with("an image (image/png"));
        }
    }
}
