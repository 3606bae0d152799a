//! What progressive discovery costs on the 420 real tools of the discovery benchmark
//! (`common_real_tools`): a `tools_search` call (ranking and the concise answer with its
//! schemas, as a client gets it) and the index the registry builds at start, beside the
//! `bm25` crate ranking and indexing the same text (name, title, description, parameter
//! names and docs) in the same run. Each search iteration takes the next of the 235 tasks.
//!
//! ```sh
//! cargo bench -p mcp-tools-tests --bench discovery
//! ```
//!
//! Under `cargo test` (no `--bench` argument) criterion runs each case once, as a smoke test.

#[path = "../tests/common_real_tools/mod.rs"]
mod common_real_tools;

use std::{hint::black_box, time::Duration};

use bm25::{Language, SearchEngineBuilder};
use common_real_tools::{catalog, definitions, searchable_text, servers, tasks};
use criterion::{BatchSize, Criterion};
use mcp_tools::{Registry, tokens::Encoding, wire::SEARCH_TOOL};
use serde_json::json;
use tokio::runtime::Builder;

fn main() {
    let runtime = Builder::new_current_thread().build().expect("a runtime");
    let servers = servers();
    let (names, registry) = catalog(&servers);
    let texts: Vec<String> = names
        .iter()
        .map(|n| searchable_text(registry.definition(n).expect("registered").tool()))
        .collect();
    let queries: Vec<String> = tasks().into_iter().map(|t| t.request).collect();
    let engine = SearchEngineBuilder::<u32>::with_corpus(Language::English, texts.clone()).build();
    // The first search loads the tokenizer's vocabulary; a server pays it once.
    runtime
        .block_on(registry.call(SEARCH_TOOL, json!({ "query": "warm up" })))
        .expect("tools_search answers");

    let mut criterion = Criterion::default()
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(3))
        .configure_from_args();
    let mut search = criterion.benchmark_group(format!("search, {} tools", names.len()));
    let mut next = queries.iter().cycle();
    search.bench_function("tools_search, 10 results, concise answer", |b| {
        b.iter(|| {
            let query = next.next().expect("endless");
            let arguments = json!({ "query": query, "limit": 10 });
            black_box(runtime.block_on(registry.call(SEARCH_TOOL, arguments)))
        });
    });
    let mut next = queries.iter().cycle();
    search.bench_function("bm25 crate, top 10, ranking only", |b| {
        b.iter(|| black_box(engine.search(next.next().expect("endless"), 10)));
    });
    // Where a search's time goes: the answer's tokens are counted, to keep it in budget.
    let answer: String = runtime
        .block_on(registry.call(SEARCH_TOOL, json!({ "query": queries[0], "limit": 10 })))
        .expect("tools_search answers")
        .content
        .iter()
        .filter_map(|block| block.as_text().map(|t| t.text.clone()))
        .collect();
    let encoding = Encoding::default();
    search.bench_function(
        format!("o200k count of one answer ({} characters)", answer.len()),
        |b| b.iter(|| black_box(encoding.count(black_box(&answer)))),
    );
    search.finish();

    let mut build = criterion.benchmark_group(format!("index, {} tools", names.len()));
    build.sample_size(10);
    // The registry with and without discovery: the difference is the index.
    for discovery in [true, false] {
        let label = if discovery {
            "registry build, with discovery"
        } else {
            "registry build, without"
        };
        build.bench_function(label, |b| {
            b.iter_batched(
                || definitions(&servers).1,
                |definitions| {
                    let builder = Registry::builder().tools(definitions);
                    let builder = if discovery {
                        builder.progressive_discovery(Vec::<String>::new())
                    } else {
                        builder
                    };
                    black_box(builder.build().expect("builds"))
                },
                BatchSize::PerIteration,
            );
        });
    }
    build.bench_function("bm25 crate, index", |b| {
        b.iter_batched(
            || texts.clone(),
            |texts| {
                black_box(SearchEngineBuilder::<u32>::with_corpus(Language::English, texts).build())
            },
            BatchSize::PerIteration,
        );
    });
    build.finish();
    criterion.final_summary();
}
