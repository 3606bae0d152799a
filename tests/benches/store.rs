//! What a commit's store steps cost: `put_new` (claim the commit), `get` (read its plan) and
//! `put` (record the result), one after the other, on `MemoryStore` and on `RedisStore` over
//! loopback to a `redis-server` this bench starts (see `common_redis`), side by side in one
//! run. Each iteration is one whole sequence.
//!
//! ```sh
//! cargo bench -p mcp-tools-tests --bench store
//! ```
//!
//! Under `cargo test` (no `--bench` argument) criterion runs each case once, as a smoke test.

#[path = "../tests/common_redis/mod.rs"]
mod common_redis;

use std::{
    hint::black_box,
    sync::atomic::{AtomicU64, Ordering},
    time::{Duration, Instant},
};

use common_redis::RedisServer;
use criterion::Criterion;
use mcp_tools::store::{MemoryStore, Store};
use tokio::runtime::Builder;

/// A plan as the runtime stores it: a few hundred bytes of arguments and preview.
const PLAN: &[u8] = &[b'p'; 400];

/// A commit's recorded result.
const RESULT: &[u8] = &[b'r'; 200];

/// Commit records live this long here: each is claimed and recorded within microseconds,
/// and the keys of millions of iterations expire instead of piling up (a store with
/// millions of live keys would time the cache misses of a map no server holds).
const COMMIT_TTL: Duration = Duration::from_millis(250);

/// Every commit claims a key of its own, as distinct plans do.
static COMMITS: AtomicU64 = AtomicU64::new(0);

/// `iters` commit sequences against `store`, timed as one block.
async fn commits(store: &dyn Store, iters: u64) -> Duration {
    store
        .put("plan:bench", PLAN, Duration::from_secs(600))
        .await
        .expect("the plan is stored");
    let started = Instant::now();
    for _ in 0..iters {
        let key = format!("commit:{}", COMMITS.fetch_add(1, Ordering::Relaxed));
        let claimed = store.put_new(&key, b"running", COMMIT_TTL).await;
        assert!(claimed.expect("put_new"), "a fresh commit key was taken");
        let plan = store.get("plan:bench").await.expect("get");
        black_box(plan.expect("the plan"));
        store.put(&key, RESULT, COMMIT_TTL).await.expect("put");
    }
    started.elapsed()
}

fn main() {
    // One thread: on a multi-thread runtime each round trip also pays wake-ups across
    // threads (four times the figure on two cores), the scheduler's cost, not the store's.
    let runtime = Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("a runtime");
    let server = RedisServer::start();
    let redis = runtime.block_on(server.connect()).with_prefix("bench:");
    let memory = MemoryStore::new();

    let mut criterion = Criterion::default()
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(3))
        .configure_from_args();
    let mut group = criterion.benchmark_group("store_commit");
    let stores: [(&str, &dyn Store); 2] = [("memory", &memory), ("redis", &redis)];
    for (name, store) in stores {
        group.bench_function(name, |b| {
            b.iter_custom(|iters| runtime.block_on(commits(store, iters)));
        });
    }
    group.finish();
    criterion.final_summary();
}
