//! What a state handle costs a call, whole: `tools/call` through `Registry::call` of a tool
//! that makes a `Handle<T>`, of one that reads it back (a renewing handle and a fixed one),
//! and of one that changes it, with the registry's store in memory and in Redis over
//! loopback (a `redis-server` this bench starts), side by side in one run; beside them a
//! call of a tool that takes no handle, as the floor.
//!
//! ```sh
//! cargo bench -p mcp-tools-tests --bench handle
//! ```
//!
//! Under `cargo test` (no `--bench` argument) criterion runs each case once, as a smoke test.

#[path = "../tests/common_redis/mod.rs"]
mod common_redis;

use std::{
    hint::black_box,
    sync::Arc,
    time::{Duration, Instant},
};

use common_redis::RedisServer;
use criterion::Criterion;
use mcp_tools::{
    Registry,
    prelude::*,
    store::{MemoryStore, Store},
};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};
use tokio::runtime::Builder;

#[derive(Default, Serialize, Deserialize, JsonSchema)]
struct Cart {
    /// The items, in the order they were added.
    skus: Vec<String>,
}

/// Open an empty cart to collect items before checking out.
#[tool(namespace = "cart", destructive = false)]
async fn open() -> Handle<Cart> {
    Handle::new(Cart {
        skus: vec!["SKU-1".into()],
    })
}

/// Count the items of a cart opened with `cart_open`.
#[tool(namespace = "cart", read_only)]
async fn count(
    /// The `handle` that `cart_open` returned.
    cart: Handle<Cart>,
) -> String {
    cart.skus.len().to_string()
}

/// Swap the item of a cart opened with `cart_open`.
#[tool(namespace = "cart", destructive = false)]
async fn swap(
    /// The `handle` that `cart_open` returned.
    cart: Handle<Cart>,
    /// Stock-keeping unit, like `SKU-1042`.
    sku: String,
) -> Result<String, ToolError> {
    let mut cart = cart;
    cart.update(|c| c.skus = vec![sku]).await?;
    Ok("1".into())
}

#[derive(Default, Serialize, Deserialize, JsonSchema)]
struct Quote {
    /// The price quoted, in cents.
    price_cents: u64,
}

/// Quote a price that holds for ten minutes, however often it is read.
#[tool(
    namespace = "quote",
    destructive = false,
    handle_ttl_secs = 600,
    handle_renew = false
)]
async fn make() -> Handle<Quote> {
    Handle::new(Quote { price_cents: 1999 })
}

/// Read a quote made with `quote_make`.
#[tool(namespace = "quote", read_only)]
async fn read(
    /// The `handle` that `quote_make` returned.
    quote: Handle<Quote>,
) -> String {
    quote.price_cents.to_string()
}

/// Count to one: the floor, a call without a handle.
#[tool(namespace = "cart", read_only)]
async fn count_nothing(
    /// Stock-keeping unit, like `SKU-1042`.
    sku: String,
) -> String {
    sku.len().to_string()
}

fn registry(store: Arc<dyn Store>) -> Registry {
    Registry::builder()
        .token_secret("the bench's secret, thirty-two bytes or more")
        .store(store)
        .tools(tools![open, count, swap, make, read, count_nothing])
        .build()
        .expect("the registry builds")
}

async fn made(registry: &Registry, tool: &str) -> Value {
    let result = registry.call(tool, json!({})).await.expect("the tool runs");
    assert_ne!(result.is_error, Some(true), "{:?}", result.content);
    result.structured_content.expect("a handle")["handle"].clone()
}

/// `iters` calls of `tool` with `args`, timed as one block.
async fn calls(registry: &Registry, tool: &str, args: &Value, iters: u64) -> Duration {
    let started = Instant::now();
    for _ in 0..iters {
        let result = registry
            .call(tool, args.clone())
            .await
            .expect("the call runs");
        assert_ne!(result.is_error, Some(true), "{:?}", result.content);
        black_box(result);
    }
    started.elapsed()
}

fn main() {
    // One thread, as a server's request task runs: the store's round trips, not wake-ups
    // across threads, are what this measures.
    let runtime = Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("a runtime");
    let server = RedisServer::start();
    let redis = runtime.block_on(server.connect()).with_prefix("bench:");
    let sides = [
        ("memory", registry(Arc::new(MemoryStore::new()))),
        ("redis", registry(Arc::new(redis))),
    ];

    let mut criterion = Criterion::default()
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(3))
        .configure_from_args();
    let mut group = criterion.benchmark_group("handle_call");
    let floor = json!({ "sku": "SKU-1" });
    group.bench_function("no_handle", |b| {
        b.iter_custom(|iters| {
            runtime.block_on(calls(&sides[0].1, "cart_count_nothing", &floor, iters))
        });
    });
    for (name, registry) in &sides {
        let cart = runtime.block_on(made(registry, "cart_open"));
        let quote = runtime.block_on(made(registry, "quote_make"));
        let none = json!({});
        let cases = [
            ("make", "cart_open", none),
            ("read_renewing", "cart_count", json!({ "cart": cart })),
            ("read_fixed", "quote_read", json!({ "quote": quote })),
            (
                "update",
                "cart_swap",
                json!({ "cart": cart, "sku": "SKU-2" }),
            ),
        ];
        for (case, tool, args) in &cases {
            group.bench_function(format!("{case}_{name}"), |b| {
                b.iter_custom(|iters| runtime.block_on(calls(registry, tool, args, iters)));
            });
        }
    }
    group.finish();
    criterion.final_summary();
}
