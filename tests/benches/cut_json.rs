//! What the optimizer adds to a call whose structured result is far over budget: a graph of
//! two lists (`{"entities": [...], "relations": [...]}`, the memory server's `read_graph`)
//! of 100 KB, 1 MB and 10 MB, cut to 2,000 tokens.
//!
//! Two tools build the same value (a clone of one prepared in advance); one returns it, to
//! be cut, the other drops it and returns a word. The difference of their calls, measured
//! in alternating rounds, is the cut: sizing the value, choosing what to keep, serializing
//! and counting the kept part, the notice.
//!
//! `cargo bench -p mcp-tools-tests --bench cut_json`; `cargo test` runs each side once.

use std::{
    hint::black_box,
    sync::Arc,
    time::{Duration, Instant},
};

use mcp_tools::{Registry, State, ToolOutput, tokens::Encoding, tool, tools};
use serde_json::{Value, json};

/// The value a call returns, shared by the registry.
struct Graph(Value);

/// Return the knowledge graph, whole.
///
/// Use to read every entity and relation at once.
#[tool(namespace = "bench", read_only, max_response_tokens = 2000)]
#[allow(clippy::unused_async, reason = "#[tool] fns are async")]
async fn read_graph(graph: State<Graph>) -> ToolOutput {
    let Graph(value) = &*graph;
    ToolOutput::structured(value.clone())
}

/// Build the knowledge graph and answer with a word, for the baseline.
///
/// Use only as the benchmark's baseline.
#[tool(namespace = "bench", read_only, max_response_tokens = 2000)]
#[allow(clippy::unused_async, reason = "#[tool] fns are async")]
async fn touch_graph(graph: State<Graph>) -> ToolOutput {
    let Graph(value) = &*graph;
    drop(black_box(value.clone()));
    ToolOutput::text("ok")
}

/// A graph of about `bytes` of compact JSON.
fn graph(bytes: usize) -> Value {
    let mut entities = Vec::new();
    let mut relations = Vec::new();
    let mut size = 0;
    let mut i = 0;
    while size < bytes {
        let kind = if i % 3 == 0 { "organization" } else { "person" };
        let contact = ["email", "phone", "post"][i % 3];
        let relation_type = ["works_with", "reports_to", "knows"][i % 3];
        let entity = json!({
            "name": format!("person_{i}"),
            "entityType": kind,
            "observations": [
                format!("Works at depot {} since {}", i % 97, 2000 + i % 25),
                format!("Prefers contact by {contact}"),
            ],
        });
        let relation = json!({
            "from": format!("person_{i}"),
            "to": format!("person_{}", (i * 7 + 3) % (i + 1)),
            "relationType": relation_type,
        });
        size += entity.to_string().len() + relation.to_string().len() + 2;
        entities.push(entity);
        relations.push(relation);
        i += 1;
    }
    json!({ "entities": entities, "relations": relations })
}

fn main() {
    let quick = std::env::args().all(|a| a != "--bench");
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("a tokio runtime");
    println!(
        "{:<8} {:>12} {:>12} {:>12} {:>10}",
        "input", "cut call", "baseline", "the cut", "kept"
    );
    for (name, bytes) in [("100k", 100_000), ("1m", 1_000_000), ("10m", 10_000_000)] {
        let value = graph(bytes);
        let registry = Registry::builder()
            .server_info("bench", "1.0.0")
            .shared_state(Arc::new(Graph(value)))
            .tools(tools![read_graph, touch_graph])
            .build()
            .expect("the registry builds");
        let call = |tool: &str| {
            rt.block_on(registry.call(tool, json!({})))
                .expect("a result")
        };
        // The cut holds: within budget, and a notice.
        let result = call("bench_read_graph");
        let texts: Vec<&str> = result
            .content
            .iter()
            .filter_map(|b| b.as_text().map(|t| t.text.as_str()))
            .collect();
        let sent = texts
            .iter()
            .map(|t| Encoding::O200kBase.count(t))
            .sum::<usize>()
            + Encoding::O200kBase.count(&result.structured_content.as_ref().unwrap().to_string());
        assert!(sent <= 2_000, "{sent} tokens");
        assert!(texts.last().unwrap().starts_with("[truncated:"));
        if quick {
            continue;
        }
        let rounds = if bytes >= 10_000_000 { 15 } else { 41 };
        let per_round = if bytes >= 10_000_000 { 2 } else { 10 };
        let time = |tool: &str| {
            let start = Instant::now();
            for _ in 0..per_round {
                black_box(call(tool));
            }
            start.elapsed() / per_round
        };
        let (mut cut, mut base, mut diff) = (Vec::new(), Vec::new(), Vec::new());
        for round in 0..rounds {
            let (c, b) = if round % 2 == 0 {
                let c = time("bench_read_graph");
                (c, time("bench_touch_graph"))
            } else {
                let b = time("bench_touch_graph");
                (time("bench_read_graph"), b)
            };
            cut.push(c);
            base.push(b);
            diff.push(c.saturating_sub(b));
        }
        println!(
            "{name:<8} {:>12} {:>12} {:>12} {:>10}",
            show(median(&mut cut)),
            show(median(&mut base)),
            show(median(&mut diff)),
            format!("{} B", result.structured_content.unwrap().to_string().len())
        );
    }
}

fn median(times: &mut [Duration]) -> Duration {
    times.sort();
    times[times.len() / 2]
}

fn show(d: Duration) -> String {
    format!("{:.3} ms", d.as_secs_f64() * 1e3)
}
