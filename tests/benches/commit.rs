//! What a commit costs a call, whole: `tools/call` of a tool taking a `PlanHandle`, from
//! the request to the result (open the handle, claim the commit, load the plan, run the
//! handler, record the result), with the registry's store in memory and in Redis over
//! loopback (a `redis-server` this bench starts), side by side in one run; beside them the
//! same call answered again from its record (a retry), and a call of a tool that does not
//! run once, as the floor.
//!
//! ```sh
//! cargo bench -p mcp-tools-tests --bench commit
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

#[derive(Serialize, Deserialize, JsonSchema)]
struct Refund {
    /// The order refunded.
    order_number: String,
    /// What the customer gets back, in cents.
    amount_cents: u64,
}

/// Preview the refund of an order.
///
/// Use before `order_commit_refund`; changes nothing.
#[tool(namespace = "order", read_only)]
async fn preview_refund(
    /// Order number, like `OR-1001`.
    order_number: String,
) -> Plan<Refund> {
    Plan::new(Refund {
        order_number,
        amount_cents: 1999,
    })
}

/// Apply a refund previewed with `order_preview_refund`.
///
/// Pays back once, however often it is retried.
#[tool(namespace = "order", destructive)]
async fn commit_refund(
    /// The `handle` the preview returned.
    handle: PlanHandle<Refund>,
) -> String {
    let refund = handle.plan();
    format!(
        "refunded {} cents on {}",
        refund.amount_cents, refund.order_number
    )
}

/// Refund an order at once, without a preview.
///
/// The floor: the same work, without a handle or a record.
#[tool(namespace = "order", destructive)]
async fn refund_now(
    /// Order number, like `OR-1001`.
    order_number: String,
) -> String {
    format!("refunded 1999 cents on {order_number}")
}

fn registry(store: Arc<dyn Store>) -> Registry {
    Registry::builder()
        .token_secret("the bench's secret, thirty-two bytes or more")
        .store(store)
        .tools(tools![preview_refund, commit_refund, refund_now])
        .build()
        .expect("the registry builds")
}

async fn handles(registry: &Registry, n: u64) -> Vec<Value> {
    let mut handles = Vec::with_capacity(usize::try_from(n).unwrap_or(0));
    for i in 0..n {
        let result = registry
            .call(
                "order_preview_refund",
                json!({ "order_number": format!("OR-{i}") }),
            )
            .await
            .expect("the preview runs");
        handles.push(result.structured_content.expect("a plan")["handle"].clone());
    }
    handles
}

/// `iters` first commits, each of a plan of its own, timed as one block.
async fn first_commits(registry: &Registry, iters: u64) -> Duration {
    let handles = handles(registry, iters).await;
    let started = Instant::now();
    for handle in handles {
        let result = registry
            .call("order_commit_refund", json!({ "handle": handle }))
            .await
            .expect("the commit runs");
        assert_ne!(result.is_error, Some(true), "{:?}", result.content);
        black_box(result);
    }
    started.elapsed()
}

/// `iters` retries of one committed plan, answered from its record.
async fn replays(registry: &Registry, handle: &Value, iters: u64) -> Duration {
    let started = Instant::now();
    for _ in 0..iters {
        let result = registry
            .call("order_commit_refund", json!({ "handle": handle }))
            .await
            .expect("the retry runs");
        black_box(result);
    }
    started.elapsed()
}

/// `iters` calls of the tool that runs every time.
async fn plain(registry: &Registry, iters: u64) -> Duration {
    let started = Instant::now();
    for i in 0..iters {
        let result = registry
            .call(
                "order_refund_now",
                json!({ "order_number": format!("OR-{i}") }),
            )
            .await
            .expect("the call runs");
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
    let mut group = criterion.benchmark_group("commit_call");
    group.bench_function("no_record", |b| {
        b.iter_custom(|iters| runtime.block_on(plain(&sides[0].1, iters)));
    });
    for (name, registry) in &sides {
        group.bench_function(format!("first_{name}"), |b| {
            b.iter_custom(|iters| runtime.block_on(first_commits(registry, iters)));
        });
        let handle = runtime.block_on(async {
            let handle = handles(registry, 1).await.remove(0);
            registry
                .call("order_commit_refund", json!({ "handle": handle }))
                .await
                .expect("the commit runs");
            handle
        });
        group.bench_function(format!("replay_{name}"), |b| {
            b.iter_custom(|iters| runtime.block_on(replays(registry, &handle, iters)));
        });
    }
    group.finish();
    criterion.final_summary();
}
