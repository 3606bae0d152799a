//! What linting a published server costs: the 100 first tools of a large real server
//! (Twilio's, 197 tools in all, from the corpus), from the JSON text a `tools/list` answer
//! holds to every report, as `mcp-tools-lint` runs it on a saved file; and the rules alone
//! on tools already read.
//!
//! ```sh
//! cargo bench -p mcp-tools-lint --bench lint
//! ```
//!
//! Under `cargo test` (no `--bench` argument) criterion runs each case once, as a smoke test.

use std::{hint::black_box, time::Duration};

use criterion::Criterion;
use mcp_tools_lint::{lint, settings::Settings};
use mcp_tools_rules::{check, published};
use serde_json::{Value, json};

/// The corpus file the tools come from, and how many of them.
const SERVER: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../tests/corpus/servers/twilio.json"
);
const TOOLS: usize = 100;

fn main() {
    let text = std::fs::read_to_string(SERVER).expect("the corpus holds twilio.json");
    let server: Value = serde_json::from_str(&text).expect("JSON");
    let tools: Vec<Value> = server["tools"]
        .as_array()
        .expect("a tools list")
        .iter()
        .take(TOOLS)
        .cloned()
        .collect();
    assert_eq!(tools.len(), TOOLS);
    let listed = serde_json::to_string(&json!({ "tools": tools })).expect("serializable");
    let settings = Settings::default();

    let mut criterion = Criterion::default()
        .configure_from_args()
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(5));
    let mut group = criterion.benchmark_group("lint_100_tools");
    group.bench_function("from_json_text", |b| {
        b.iter(|| {
            let value: Value = serde_json::from_str(black_box(&listed)).expect("JSON");
            let tools = value["tools"].as_array().expect("tools");
            black_box(lint(tools, &settings).len())
        });
    });
    let namespace = published::common_namespace(&tools);
    let levels = published::levels();
    let read: Vec<_> = tools
        .iter()
        .map(|t| published::tool(t, namespace.as_deref()))
        .collect();
    group.bench_function("rules_only", |b| {
        b.iter(|| {
            black_box(
                read.iter()
                    .map(|tool| check(tool, &levels).len())
                    .sum::<usize>(),
            )
        });
    });
    group.finish();
    criterion.final_summary();
}
