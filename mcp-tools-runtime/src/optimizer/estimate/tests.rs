//! The totals cut results report: within 5% of the exact count on the shapes results come
//! in, never more for the rest of a document than for the whole, exact when the whole is
//! short, and a lower bound, said as one, when the rest was never seen.

use std::borrow::Cow;

use rmcp::model::JsonObject;
use serde_json::{Value, json};

use super::{Kind, Total};
use crate::{
    meta::{BinaryPolicy, ResponseFormat},
    optimizer::{CallFacts, shape},
    output::ToolOutput,
    seal::Sealer,
    tokens::{Encoding, estimate::shapes},
};

const ENC: Encoding = Encoding::O200kBase;

/// The `detailed` budget and the default.
const BUDGETS: [usize; 2] = [2_000, 25_000];

fn facts(args: &JsonObject, budget: usize) -> CallFacts<'_> {
    static SEALER: std::sync::OnceLock<Sealer> = std::sync::OnceLock::new();
    CallFacts {
        tool: "repo_diff",
        format: ResponseFormat::Concise,
        args,
        cursor_param: None,
        fingerprint: 1,
        sealer: SEALER.get_or_init(Sealer::random),
        wrap_structured: false,
        encoding: ENC,
        budget,
        char_budget: budget * 4,
        binary: BinaryPolicy::Count,
        arguments: &[Cow::Borrowed("from_line")],
        line_positions: &[],
    }
}

/// What a cut result's notice says of the whole: the figure, the `_meta` key it is under,
/// and the notice's text.
fn reported(output: ToolOutput, budget: usize) -> (usize, &'static str, String) {
    let args = JsonObject::new();
    let shaped = shape(output, &facts(&args, budget));
    let meta = shaped.truncation.expect("the result is cut");
    let note = shaped
        .content
        .last()
        .and_then(|b| b.as_text())
        .expect("a notice")
        .text
        .clone();
    for key in [
        "total_tokens",
        "total_tokens_estimate",
        "total_tokens_at_least",
    ] {
        if let Some(total) = meta.get(key).and_then(Value::as_u64) {
            return (usize::try_from(total).expect("fits"), key, note);
        }
    }
    panic!("no total in {meta}");
}

/// The rest of `text` after its first `lines` lines.
fn after_lines(text: &str, lines: usize) -> &str {
    crate::output::LineStart::new(lines as u64 + 1, 1)
        .slice(text)
        .unwrap_or("")
}

fn lines_from(text: &str, line: u64) -> ToolOutput {
    ToolOutput::text(text).resume_at_line("from_line", line)
}

#[test]
fn a_cut_texts_total_is_within_five_percent_of_its_count() {
    for (name, text) in shapes::all() {
        let exact = ENC.count(&text);
        for budget in BUDGETS {
            let (total, key, note) = reported(lines_from(&text, 1), budget);
            let error = total as f64 / exact as f64 - 1.0;
            eprintln!(
                "{name:<28} budget {budget:>6}: reported {total:>8}, exact {exact:>8}, error {:+.2}%",
                error * 100.0
            );
            assert!(error.abs() <= 0.05, "{name}, budget {budget}: {note}");
            assert_eq!(key, "total_tokens_estimate", "{name}");
        }
    }
}

#[test]
fn the_rest_of_a_document_is_never_reported_larger_than_the_whole() {
    for (name, text) in shapes::all() {
        for budget in BUDGETS {
            let (mut last, _, mut last_note) = reported(lines_from(&text, 1), budget);
            for lines in [1, 6, 7, 8, 100, 2_000, 10_000] {
                let rest = after_lines(&text, lines);
                if rest.is_empty() {
                    break;
                }
                let line = u64::try_from(lines).expect("fits") + 1;
                let (total, _, note) = reported(lines_from(rest, line), budget);
                assert!(
                    total <= last,
                    "{name}, budget {budget}: the rest after {lines} lines is reported larger than before it\n{last_note}\n{note}"
                );
                (last, last_note) = (total, note);
            }
        }
    }
}

#[test]
fn a_cut_lists_total_is_within_five_percent_of_its_count() {
    // Shipments, and a memory graph whose entities' observations grow along the list, so
    // that the items kept are not like the items left out.
    let entities: Vec<Value> = (0..3_000)
        .map(|i| {
            let observations: Vec<String> = (0..=i / 300)
                .map(|k| format!("Observation {k} of entity {i}: prefers morning meetings in Berlin"))
                .collect();
            let kind = ["person", "organization", "event"][i % 3];
            json!({ "name": format!("entity_{i:04}"), "entityType": kind, "observations": observations })
        })
        .collect();
    let relations: Vec<Value> = (0..5_000)
        .map(|i| {
            let kind = ["works_at", "knows", "manages"][i % 3];
            json!({
                "from": format!("entity_{:04}", i % 3_000),
                "to": format!("entity_{:04}", (i * 7 + 1) % 3_000),
                "relationType": kind,
            })
        })
        .collect();
    let graph = json!({ "entities": entities, "relations": relations });
    let values = [
        ("shipments", Value::Array(shapes::records(13, 8_000))),
        ("memory graph", graph),
        (
            "a long string field",
            json!({ "path": "/var/log/app.log", "content": shapes::log(14) }),
        ),
    ];
    for (name, value) in values {
        // The value and its text mirror.
        let exact = 2 * ENC.count(&value.to_string());
        for budget in BUDGETS {
            let (total, key, note) = reported(ToolOutput::structured(value.clone()), budget);
            let error = total as f64 / exact as f64 - 1.0;
            eprintln!(
                "{name:<28} budget {budget:>6}: reported {total:>8}, exact {exact:>8}, error {:+.2}%",
                error * 100.0
            );
            assert!(error.abs() <= 0.05, "{name}, budget {budget}: {note}");
            assert_eq!(key, "total_tokens_estimate", "{name}");
        }
    }
}

#[test]
fn a_short_wholes_total_is_its_count() {
    let text = &shapes::log(15)[..20_000];
    let (total, key, note) = reported(lines_from(text, 1), 2_000);
    assert_eq!((total, key), (ENC.count(text), "total_tokens"));
    // Said as a count: neither `~` nor `at least`.
    assert!(
        !note.contains("of ~") && !note.contains("at least"),
        "{note}"
    );
}

#[test]
fn a_window_of_a_longer_document_reports_a_lower_bound() {
    // The tool sent lines 1–200 of a log of 40,000 lines: the rest was never seen.
    let log = shapes::log(16);
    let window: String = log.split_inclusive('\n').take(200).collect();
    let output = lines_from(&window, 1).of_lines(40_000);
    let (total, key, note) = reported(output, 2_000);
    assert_eq!(key, "total_tokens_at_least");
    assert_eq!(total, ENC.count(&window));
    assert!(note.contains("of at least "), "{note}");
}

#[test]
fn totals_add_up_as_what_they_are() {
    let exact = Total::exact(1_234);
    let estimate = Total {
        tokens: 358_905,
        at_least: 40_000,
        kind: Kind::Estimate,
    };
    let bound = Total {
        tokens: 900,
        at_least: 900,
        kind: Kind::AtLeast,
    };
    assert_eq!(exact.meta_key(), "total_tokens");
    assert_eq!(estimate.meta_key(), "total_tokens_estimate");
    assert_eq!(bound.meta_key(), "total_tokens_at_least");
    assert_eq!((exact + exact).kind, Kind::Exact);
    assert_eq!((exact + estimate).tokens, 360_139);
    assert_eq!((exact + estimate).kind, Kind::Estimate);
    // With a lower bound in it, only the lower bounds add up to one.
    let sum = estimate + bound;
    assert_eq!((sum.tokens, sum.kind), (40_900, Kind::AtLeast));
    assert_eq!(estimate.times(2).tokens, 717_810);
}
