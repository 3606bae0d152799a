use std::borrow::Cow;

use rmcp::model::{ContentBlock, JsonObject};
use serde_json::{Value, json};

use super::{CallFacts, notice::thousands, shape};
use crate::{
    meta::BinaryPolicy, meta::ResponseFormat, output::LineStart, output::PageInfo,
    output::ToolOutput, seal::Sealer, tokens::Encoding,
};

/// One key for every test's cursors.
fn sealer() -> &'static Sealer {
    static SEALER: std::sync::OnceLock<Sealer> = std::sync::OnceLock::new();
    SEALER.get_or_init(Sealer::random)
}

fn facts(args: &JsonObject, budget: usize) -> CallFacts<'_> {
    CallFacts {
        tool: "log_get_lines",
        format: ResponseFormat::Concise,
        args,
        cursor_param: Some("cursor"),
        fingerprint: 1,
        sealer: sealer(),
        wrap_structured: false,
        encoding: Encoding::O200kBase,
        budget,
        char_budget: budget * 4,
        binary: BinaryPolicy::Count,
        arguments: &[Cow::Borrowed("from_line"), Cow::Borrowed("cursor")],
        line_positions: &[],
    }
}

fn text_of(content: &[ContentBlock]) -> String {
    content
        .iter()
        .filter_map(|b| b.as_text().map(|t| t.text.clone()))
        .collect::<Vec<_>>()
        .join("\n")
}

fn args(value: Value) -> JsonObject {
    match value {
        Value::Object(map) => map,
        _ => unreachable!(),
    }
}

#[test]
fn small_results_pass_untouched_and_uncounted() {
    let a = args(json!({}));
    let shaped = shape(ToolOutput::text("hello"), &facts(&a, 1000));
    assert_eq!(text_of(&shaped.content), "hello");
    assert_eq!(shaped.report.tokens, None);
    assert!(!shaped.report.truncated);
}

#[test]
fn text_is_cut_to_the_budget_with_a_notice_and_the_next_line() {
    let log = (1..=5000).fold(String::new(), |mut log, i| {
        use std::fmt::Write as _;
        let _ = writeln!(
            log,
            "2026-05-01T10:{:02}:00Z line {i}: scanned at depot BER1",
            i % 60
        );
        log
    });
    let a = args(json!({"shipment_number": "SH-2026-000001", "from_line": 1}));
    for (budget, budget_text) in [(300, "300"), (2_000, "2,000"), (25_000, "25,000")] {
        let output = ToolOutput::text(log.clone()).resume_at_line("from_line", 1);
        let shaped = shape(output, &facts(&a, budget));
        let text = text_of(&shaped.content);
        assert!(
            Encoding::O200kBase.count(&text) <= budget,
            "over budget {budget}"
        );
        assert!(shaped.report.truncated);
        let notice = text.lines().last().unwrap();
        assert!(notice.starts_with("[truncated: kept lines 1–"), "{notice}");
        assert!(
            notice.contains(&format!("the {budget_text}-token budget")),
            "{notice}"
        );
        let meta = shaped.truncation.unwrap();
        let next = &meta["next_call"]["arguments"];
        assert_eq!(next["shipment_number"], "SH-2026-000001");
        let kept_lines = shaped.content[0].as_text().unwrap().text.lines().count();
        assert_eq!(next["from_line"], json!(kept_lines + 1), "{notice}");
        assert!(
            notice.contains(&format!("\"from_line\":{}", kept_lines + 1)),
            "{notice}"
        );
    }
}

#[test]
fn multi_byte_text_is_never_split() {
    let text = "배송 상태: 🚚 이동 중 — 부산 허브 도착 ✅\n".repeat(3000);
    let a = args(json!({}));
    for budget in [250, 999, 4_000] {
        let shaped = shape(ToolOutput::text(text.clone()), &facts(&a, budget));
        let kept = shaped.content[0].as_text().unwrap().text.clone();
        assert!(text.starts_with(&kept));
        assert!(Encoding::O200kBase.count(&text_of(&shaped.content)) <= budget);
    }
}

#[test]
fn pages_are_cut_by_whole_items_and_point_at_the_first_left_out() {
    let items: Vec<Value> = (0..200)
        .map(|i| json!({"number": format!("SH-2026-{i:06}"), "note": "x".repeat(200)}))
        .collect();
    let value = json!({ "items": items, "total": 1000 });
    let mut output = ToolOutput::structured(value);
    output.page = Some(PageInfo {
        start: 400,
        total: Some(1000),
        has_more: true,
    });
    let a = args(json!({"query": "berlin", "limit": 200}));
    let shaped = shape(output, &facts(&a, 2_000));
    let structured = shaped.structured.unwrap();
    let kept = structured["items"].as_array().unwrap();
    assert!(!kept.is_empty() && kept.len() < 200);
    assert_eq!(kept[0]["number"], "SH-2026-000000");
    assert_eq!(structured["truncated"]["kept_items"], json!(kept.len()));
    // The text mirror is the kept structure; the notice follows it.
    assert_eq!(
        shaped.content[0].as_text().unwrap().text,
        structured.to_string()
    );
    let notice = &shaped.content[1].as_text().unwrap().text;
    assert!(
        notice.contains(&format!(
            "kept {} of the 200 items of this page, of 1,000 in all",
            kept.len()
        )),
        "{notice}"
    );
    assert!(Encoding::O200kBase.count(&text_of(&shaped.content)) <= 2_000);
    let cursor = structured["next_cursor"].as_str().unwrap();
    assert_eq!(
        shaped.truncation.unwrap()["next_call"]["arguments"]["cursor"],
        cursor
    );
    let offset = crate::page::verify_for_test(sealer(), cursor, "log_get_lines", 1);
    assert_eq!(offset, Some(400 + kept.len() as u64));
}

#[test]
fn plain_lists_are_cut_and_say_how_to_narrow() {
    let value = json!({ "shipments": (0..500).map(|i| json!({"n": i, "city": "Busan"})).collect::<Vec<_>>(), "hint": null });
    let a = args(json!({}));
    let shaped = shape(ToolOutput::structured(value), &facts(&a, 500));
    let structured = shaped.structured.unwrap();
    assert!(structured["shipments"].as_array().unwrap().len() < 500);
    assert!(structured.get("next_cursor").is_none());
    let notice = &shaped.content[1].as_text().unwrap().text;
    assert!(notice.contains("narrow the request"), "{notice}");
}

#[test]
fn the_character_bound_holds_too() {
    // Runs of one character are many characters per token.
    let text = "=".repeat(200_000);
    let a = args(json!({}));
    let mut f = facts(&a, 25_000);
    f.char_budget = 10_000;
    let shaped = shape(ToolOutput::text(text), &f);
    assert!(text_of(&shaped.content).chars().count() <= 10_000);
}

#[test]
fn a_result_too_large_even_at_its_smallest_is_an_error_within_budget() {
    // Sixty short fields: nothing can shrink, and the whole is far over 200 tokens.
    let value = Value::Object(
        (0..60)
            .map(|i| (format!("field_{i}"), json!(format!("value number {i}"))))
            .collect(),
    );
    let a = args(json!({}));
    let shaped = shape(ToolOutput::structured(value), &facts(&a, 200));
    assert!(shaped.failed);
    assert!(shaped.structured.is_none());
    let text = text_of(&shaped.content);
    assert!(text.contains("even cut to its smallest form"), "{text}");
    assert!(Encoding::O200kBase.count(&text) <= 200);
}

/// The tool's `from_line` takes a position inside a line.
const POSITIONS: &[Cow<'static, str>] = &[Cow::Borrowed("from_line")];

/// The header of a diff, a line of `long` copies of `word`, and two short lines.
fn long_line_diff(word: &str, long: usize) -> String {
    format!(
        "diff --git a/app.min.js b/app.min.js\nindex 3f2a1c0..9be41d7\n--- a/app.min.js\n\
         +++ b/app.min.js\n@@ -1 +1 @@\n-old\n+{}\n context one\n context two\n",
        word.repeat(long)
    )
}

/// The page shaped from `text` from `start`, its notice, and the `from_line` to go on from.
fn page_from(text: &str, start: LineStart, f: &CallFacts<'_>) -> (String, String, Value) {
    let output = ToolOutput::lines_from(text, "from_line", start).unwrap();
    let shaped = shape(output, f);
    let page = shaped.content[0].as_text().unwrap().text.clone();
    let notice = shaped
        .content
        .last()
        .unwrap()
        .as_text()
        .unwrap()
        .text
        .clone();
    let next = shaped.truncation.map_or(Value::Null, |meta| {
        meta["next_call"]["arguments"]["from_line"].clone()
    });
    (page, notice, next)
}

#[test]
fn a_line_longer_than_the_budget_is_read_on_from_inside_it() {
    let text = long_line_diff("e.map(t=>t.id);", 20_000);
    let a = args(json!({}));
    let mut f = facts(&a, 2_000);
    f.line_positions = POSITIONS;
    let (page, notice, next) = page_from(&text, LineStart::from(1), &f);
    // The page is filled with the start of line 7, not cut short before it.
    let column = page.lines().nth(6).unwrap().chars().count() as u64 + 1;
    assert!(column > 1_000, "{notice}");
    assert!(
        notice.contains(&format!(
            "kept lines 1–6 and the first {} characters of line 7 of 9 (",
            thousands(column - 1)
        )),
        "{notice}"
    );
    assert_eq!(next, json!(format!("7:{column}")), "{notice}");
    assert!(
        notice.contains(&format!("{{\"from_line\":\"7:{column}\"}}")),
        "{notice}"
    );
    // The next page goes on at that character, and says which characters it holds.
    let (second, notice, next) = page_from(&text, LineStart::new(7, column), &f);
    let line = text.lines().nth(6).unwrap();
    let skipped: usize = line
        .chars()
        .take(column as usize - 1)
        .map(char::len_utf8)
        .sum();
    assert!(line[skipped..].starts_with(&second), "{notice}");
    let end = column + second.chars().count() as u64;
    assert!(
        notice.contains(&format!(
            "kept characters {}–{} of line 7 of 9 (",
            thousands(column),
            thousands(end - 1)
        )),
        "{notice}"
    );
    assert_eq!(next, json!(format!("7:{end}")));
}

#[test]
fn columns_count_characters_through_multi_byte_text() {
    let text = long_line_diff("부산🚚e\u{301}👨\u{200d}👩\u{200d}👧", 4_000);
    let a = args(json!({}));
    let mut f = facts(&a, 1_000);
    f.line_positions = POSITIONS;
    let (mut start, mut read) = (LineStart::from(1), String::new());
    loop {
        let (page, _, next) = page_from(&text, start, &f);
        read.push_str(&page);
        if next.is_null() {
            break;
        }
        start = serde_json::from_value(next).unwrap();
        // Where the next page starts is where this one stopped, counted in characters.
        assert_eq!(start.slice(&text), text.strip_prefix(read.as_str()));
    }
    assert_eq!(read, text);
}

#[test]
fn a_page_resumed_inside_lines_still_ends_at_a_near_line_end() {
    let text = (1..=400).fold(String::new(), |mut text, i| {
        use std::fmt::Write as _;
        let _ = writeln!(text, "{i:>4} {}", "word ".repeat(30));
        text
    });
    let a = args(json!({}));
    let mut f = facts(&a, 2_000);
    f.line_positions = POSITIONS;
    let (page, notice, next) = page_from(&text, LineStart::from(1), &f);
    assert!(page.ends_with('\n'), "{notice}");
    assert_eq!(next, json!(page.lines().count() + 1), "{notice}");
}

#[test]
fn a_whole_line_argument_moves_past_a_long_line_and_says_its_rest_is_lost() {
    let text = long_line_diff("e.map(t=>t.id);", 20_000);
    let a = args(json!({"from_line": 7}));
    let f = facts(&a, 2_000);
    let output = ToolOutput::lines_from(&text, "from_line", LineStart::from(7)).unwrap();
    let shaped = shape(output, &f);
    let notice = &shaped.content.last().unwrap().as_text().unwrap().text;
    assert!(notice.contains("kept the first "), "{notice}");
    assert!(
        notice.contains(
            "left out the rest of line 7, which `log_get_lines` cannot return: its `from_line` takes whole lines."
        ),
        "{notice}"
    );
    assert_eq!(
        shaped.truncation.unwrap()["next_call"]["arguments"]["from_line"],
        json!(8)
    );
}
