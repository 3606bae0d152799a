//! What a task costs, through rmcp's client over an in-process duplex pipe: starting one
//! (`tools/call` answered with a task: the record and the runner's lease written, the run
//! spawned) and polling one (`tasks/get` of a finished task, and of one still working),
//! with the registry's store in memory and in Redis over loopback (a `redis-server` this
//! bench starts), side by side in one run; beside them the same tool called plainly, by a
//! client that did not declare the Tasks extension, as the floor.
//!
//! ```sh
//! cargo bench -p mcp-tools-tests --bench task
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
    Registry, Serve as _,
    prelude::*,
    rmcp::{
        ClientHandler, Peer, RoleClient, ServiceExt,
        model::{
            CallToolRequestParams, CallToolResponse, CancelTaskParams, ClientCapabilities,
            ClientConfig, GetTaskParams, Implementation, TaskStatus,
        },
        service::RunningService,
    },
    store::{MemoryStore, Store},
};
use serde_json::json;
use tokio::runtime::Builder;

/// Add up the numbers from one to `up_to`: quick, so the floor is the call, not the tool.
#[tool(namespace = "report", read_only, task = "optional")]
async fn total(
    /// The last number to add.
    #[param(max = 1000)]
    up_to: u32,
) -> String {
    (1..=u64::from(up_to)).sum::<u64>().to_string()
}

/// Wait an hour, so a task stays working while it is polled.
#[tool(namespace = "report", read_only, task = "optional")]
async fn linger(ctx: ToolContext) -> &'static str {
    tokio::select! {
        () = ctx.cancelled() => {}
        () = tokio::time::sleep(Duration::from_secs(3600)) => {}
    }
    "done"
}

#[derive(Clone, Copy)]
struct Client {
    tasks: bool,
}

impl ClientHandler for Client {
    fn get_info(&self) -> ClientConfig {
        let declared = if self.tasks {
            json!({"extensions": {"io.modelcontextprotocol/tasks": {}}})
        } else {
            json!({})
        };
        let capabilities: ClientCapabilities =
            serde_json::from_value(declared).expect("client capabilities");
        ClientConfig::new(capabilities, Implementation::new("bench", "1.0.0"))
    }
}

fn registry(store: Arc<dyn Store>) -> Registry {
    Registry::builder()
        .token_secret("the bench's secret, thirty-two bytes or more")
        .store(store)
        .tools(tools![total, linger])
        .build()
        .expect("the registry builds")
}

async fn connect(registry: Registry, tasks: bool) -> RunningService<RoleClient, Client> {
    let (server_io, client_io) = tokio::io::duplex(1 << 16);
    tokio::spawn(registry.serve_transport(server_io));
    Client { tasks }
        .serve(client_io)
        .await
        .expect("the handshake succeeds")
}

fn call(tool: &str) -> CallToolRequestParams {
    let args = json!({ "up_to": 8 });
    let mut request = CallToolRequestParams::new(tool.to_owned());
    if tool == "report_total"
        && let serde_json::Value::Object(args) = args
    {
        request = request.with_arguments(args);
    }
    request
}

async fn start(peer: &Peer<RoleClient>, tool: &str) -> String {
    match peer
        .call_tool_once(call(tool))
        .await
        .expect("the call runs")
    {
        CallToolResponse::Task(created) => created.task.task_id,
        other => panic!("not a task: {other:?}"),
    }
}

/// `iters` requests made by `one`, timed as one block.
async fn timed<F, Fut>(iters: u64, mut one: F) -> Duration
where
    F: FnMut() -> Fut,
    Fut: Future<Output = ()>,
{
    let started = Instant::now();
    for _ in 0..iters {
        one().await;
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
    let sides: [(&str, Arc<dyn Store>); 2] = [
        ("memory", Arc::new(MemoryStore::new())),
        ("redis", Arc::new(redis)),
    ];

    let mut criterion = Criterion::default()
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(3))
        .configure_from_args();
    let mut group = criterion.benchmark_group("task");
    let plain = runtime.block_on(connect(registry(Arc::clone(&sides[0].1)), false));
    group.bench_function("plain_call", |b| {
        b.iter_custom(|iters| {
            runtime.block_on(timed(iters, || async {
                let result = plain.peer().call_tool(call("report_total")).await;
                black_box(result.expect("the call runs"));
            }))
        });
    });
    for (name, store) in &sides {
        let client = runtime.block_on(connect(registry(Arc::clone(store)), true));
        let peer = client.peer();
        group.bench_function(format!("start_{name}"), |b| {
            b.iter_custom(|iters| {
                runtime.block_on(timed(iters, || async {
                    black_box(start(peer, "report_total").await);
                }))
            });
        });
        // The runs the starts spawned finish on this runtime: let them, before polling.
        runtime.block_on(async { tokio::time::sleep(Duration::from_secs(2)).await });
        let finished = runtime.block_on(async {
            let id = start(peer, "report_total").await;
            loop {
                let got = peer.get_task(GetTaskParams::new(&id)).await.expect("polls");
                if got.task.task.status == TaskStatus::Completed {
                    break id;
                }
                tokio::time::sleep(Duration::from_millis(5)).await;
            }
        });
        let working = runtime.block_on(start(peer, "report_linger"));
        for (case, id) in [("poll_completed", &finished), ("poll_working", &working)] {
            group.bench_function(format!("{case}_{name}"), |b| {
                b.iter_custom(|iters| {
                    runtime.block_on(timed(iters, || async {
                        let got = peer.get_task(GetTaskParams::new(id)).await;
                        black_box(got.expect("tasks/get answers"));
                    }))
                });
            });
        }
        runtime
            .block_on(peer.cancel_task(CancelTaskParams::new(&working)))
            .expect("the lingering task cancels");
    }
    group.finish();
    criterion.final_summary();
}
