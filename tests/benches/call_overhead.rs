//! Per-call overhead of a trivial tool: our registry against rmcp's own `#[tool_router]`.
//!
//! The same tool, `calc_add(a, b) -> String`, is written twice: once with `#[tool]` (which
//! checks both ranges and refuses unknown keys before the handler runs) and once with rmcp's
//! `#[tool_router]`/`#[tool_handler]` over a `Parameters<AddArgs>` struct (serde only). Both
//! run in this one process, on one runtime, with the same arguments, so the machine's noise
//! hits both sides alike.
//!
//! Levels, each a criterion group with our side and rmcp's side next to each other:
//!
//! - `e2e`: an rmcp client calls the tool over an in-process `tokio::io::duplex`; the
//!   latency a user sees, JSON-RPC framing and both service loops included.
//! - `dispatch`: `ServerHandler::call_tool` with a `RequestContext`, no transport. rmcp's
//!   side is exactly what `#[tool_handler]` generates (`ToolRouter::call`). Also timed here:
//!   our embedding entry `Registry::call_request`, and `harness`, building the request and the
//!   context alone, which every dispatch iteration of both sides includes.
//! - `*_bad_args`: the rejection paths. Ours reports an out-of-range value and an unknown
//!   key; rmcp checks neither, so its side is its only rejection, a value of the wrong type.
//!
//! After criterion, in `cargo bench` mode only, a paired run alternates blocks of calls of
//! both sides and prints the median of the per-round ratios: slow drift of a shared machine
//! then cancels out of each ratio instead of landing on whichever side ran later.
//!
//! `CALL_OVERHEAD_CALLS=<level>/<side>:<calls>` skips criterion and makes exactly that many
//! calls of one case, for instruction counts under callgrind (see [`calls_only`]).

use std::{
    hint::black_box,
    time::{Duration, Instant},
};

use criterion::Criterion;
use mcp_tools::{Registry, tool, tools};
use rmcp::{
    Peer, RoleClient, RoleServer, ServerHandler, ServiceExt,
    model::{CallToolRequestParams, JsonObject, NumberOrString, RequestId},
    service::{RequestContext, RunningService},
};
use serde_json::json;
use tokio::runtime::Runtime;

/// Our side: the tool as a user of this crate writes it.
mod ours {
    use super::tool;

    /// Add two numbers and return their sum as text.
    ///
    /// Use it to check that the server answers arithmetic; it has no other effect.
    #[tool(namespace = "calc", read_only)]
    #[allow(
        clippy::unused_async,
        reason = "#[tool] fns are async; this one has nothing to await"
    )]
    pub(crate) async fn add(
        /// The first addend.
        #[param(min = -1_000_000_000.0, max = 1_000_000_000.0)]
        a: f64,
        /// The second addend.
        #[param(min = -1_000_000_000.0, max = 1_000_000_000.0)]
        b: f64,
    ) -> String {
        (a + b).to_string()
    }
}

/// rmcp's side: the same tool as rmcp's documentation writes it, router stored once.
mod baseline {
    use rmcp::{
        ServerHandler,
        handler::server::{router::tool::ToolRouter, wrapper::Parameters},
        model::{Implementation, ServerCapabilities, ServerConfig},
        schemars, tool, tool_handler, tool_router,
    };
    use serde::Deserialize;

    /// The arguments; the ranges reach the schema but nothing checks them.
    #[derive(Debug, Deserialize, schemars::JsonSchema)]
    pub(crate) struct AddArgs {
        /// The first addend.
        #[schemars(range(min = -1_000_000_000.0, max = 1_000_000_000.0))]
        a: f64,
        /// The second addend.
        #[schemars(range(min = -1_000_000_000.0, max = 1_000_000_000.0))]
        b: f64,
    }

    /// The server; `#[tool_handler(router = self.tool_router)]` reads the stored router,
    /// as rmcp recommends, instead of rebuilding it per request.
    #[derive(Clone)]
    pub(crate) struct Calc {
        tool_router: ToolRouter<Self>,
    }

    #[tool_router]
    impl Calc {
        pub(crate) fn new() -> Self {
            Self {
                tool_router: Self::tool_router(),
            }
        }

        /// Add two numbers and return their sum as text.
        ///
        /// Use it to check that the server answers arithmetic; it has no other effect.
        #[tool(name = "calc_add", annotations(read_only_hint = true))]
        async fn add(&self, Parameters(AddArgs { a, b }): Parameters<AddArgs>) -> String {
            (a + b).to_string()
        }
    }

    #[tool_handler(router = self.tool_router)]
    impl ServerHandler for Calc {
        fn get_info(&self) -> ServerConfig {
            ServerConfig::new(ServerCapabilities::builder().enable_tools().build())
                .with_server_info(Implementation::new("calc", "1.0.0"))
        }
    }
}

const TOOL: &str = "calc_add";

/// Valid for both sides.
fn good_args() -> JsonObject {
    object(&json!({ "a": 1.5, "b": 2.25 }))
}

/// Ours rejects it twice over: `a` is above its maximum and `c` is not a parameter.
fn bad_args_ours() -> JsonObject {
    object(&json!({ "a": 2.0e9, "b": 1.0, "c": 3.0 }))
}

/// rmcp accepts [`bad_args_ours`] (it runs the handler), so its rejection needs a type error.
fn bad_args_rmcp() -> JsonObject {
    object(&json!({ "a": "one", "b": 1.0 }))
}

fn object(value: &serde_json::Value) -> JsonObject {
    value.as_object().cloned().unwrap_or_default()
}

fn request(args: &JsonObject) -> CallToolRequestParams {
    CallToolRequestParams::new(TOOL).with_arguments(args.clone())
}

/// Both servers, each with a connected client, on one current-thread runtime: every task
/// of a call then runs on the benchmark's thread, so the other core's noise is not part of
/// the measurement and neither side gains from a second worker.
struct Fixture {
    rt: Runtime,
    ours: Registry,
    rmcp: baseline::Calc,
    ours_client: RunningService<RoleClient, ()>,
    rmcp_client: RunningService<RoleClient, ()>,
    /// A live server peer for `RequestContext`s (its constructor is crate-private in rmcp).
    peer: Peer<RoleServer>,
    /// Tasks alive between calls: the service loops of both connections.
    idle_tasks: usize,
    // Held so both connections stay open.
    _servers: (
        RunningService<RoleServer, Registry>,
        RunningService<RoleServer, baseline::Calc>,
    ),
}

impl Fixture {
    fn new() -> Self {
        let rt = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .expect("a tokio runtime");
        let ours = Registry::builder()
            .server_info("calc", "1.0.0")
            .tools(tools![ours::add])
            .build()
            .expect("the registry builds");
        let rmcp = baseline::Calc::new();
        let (ours_server, ours_client, rmcp_server, rmcp_client) = rt.block_on(async {
            let (ours_io, ours_client_io) = tokio::io::duplex(64 * 1024);
            let (rmcp_io, rmcp_client_io) = tokio::io::duplex(64 * 1024);
            // The handshake needs both ends at once; `ServiceExt::serve` rather than
            // `Registry::serve`, which would wait for the connection to close.
            let (ours_server, ours_client, rmcp_server, rmcp_client) = tokio::join!(
                ServiceExt::serve(ours.clone(), ours_io),
                ().serve(ours_client_io),
                rmcp.clone().serve(rmcp_io),
                ().serve(rmcp_client_io),
            );
            (
                ours_server.expect("our server starts"),
                ours_client.expect("a client connects to ours"),
                rmcp_server.expect("rmcp's server starts"),
                rmcp_client.expect("a client connects to rmcp's"),
            )
        });
        let peer = ours_server.peer().clone();
        let fixture = Fixture {
            rt,
            ours,
            rmcp,
            ours_client,
            rmcp_client,
            peer,
            idle_tasks: 0,
            _servers: (ours_server, rmcp_server),
        };
        fixture.check();
        // Let what the checks spawned finish before counting what stays.
        fixture.rt.block_on(async {
            for _ in 0..1_000 {
                tokio::task::yield_now().await;
            }
        });
        let idle_tasks = fixture.rt.metrics().num_alive_tasks();
        Fixture {
            idle_tasks,
            ..fixture
        }
    }

    /// Runs the tasks a call left behind: with its log target on, ours counts a result's
    /// tokens in a task spawned after replying. Run after every call, inside the timing, it
    /// charges that work to the call that caused it, as a server's runtime would soon after
    /// the reply; without it a whole sample's tasks would pile up and run in the next sample,
    /// or the next benchmark. With nothing left behind it costs one counter read.
    async fn settle(&self) {
        // Bounded, so a task that never ends cannot hang the benchmark; it would show as a
        // slow sample instead.
        for _ in 0..10_000_000 {
            if self.rt.metrics().num_alive_tasks() <= self.idle_tasks {
                return;
            }
            tokio::task::yield_now().await;
        }
    }

    /// Fails fast if a side does not do what its benchmark claims to measure.
    fn check(&self) {
        self.rt.block_on(async {
            for client in [&self.ours_client, &self.rmcp_client] {
                let ok = client
                    .call_tool(request(&good_args()))
                    .await
                    .expect("a call");
                assert_ne!(ok.is_error, Some(true), "{ok:?}");
                assert_eq!(
                    ok.content[0].as_text().map(|t| t.text.as_str()),
                    Some("3.75")
                );
            }
            let bad = self
                .ours_client
                .call_tool(request(&bad_args_ours()))
                .await
                .expect("a call");
            assert_eq!(bad.is_error, Some(true), "{bad:?}");
            let text = &bad.content[0].as_text().expect("a text block").text;
            // Both problems at once: the validator did its whole job on every call.
            assert!(
                text.contains("a must be at most") && text.contains("unknown argument `c`"),
                "{text}"
            );
            let accepted = self
                .rmcp_client
                .call_tool(request(&bad_args_ours()))
                .await
                .expect("a call");
            assert_ne!(
                accepted.is_error,
                Some(true),
                "rmcp is expected not to validate"
            );
            let bad = self
                .rmcp_client
                .call_tool(request(&bad_args_rmcp()))
                .await
                .expect("a call");
            assert_eq!(bad.is_error, Some(true), "{bad:?}");
        });
    }

    fn context(&self) -> RequestContext<RoleServer> {
        RequestContext::new(
            RequestId::from(NumberOrString::Number(1)),
            self.peer.clone(),
        )
    }

    /// `iters` calls through the client, timed as one block (one `block_on` per sample, so
    /// entering the runtime is not part of a call).
    fn e2e(
        &self,
        client: &RunningService<RoleClient, ()>,
        args: &JsonObject,
        iters: u64,
    ) -> Duration {
        self.rt.block_on(async {
            let start = Instant::now();
            for _ in 0..iters {
                black_box(client.call_tool(request(args)).await.expect("a call"));
                self.settle().await;
            }
            start.elapsed()
        })
    }

    /// `iters` calls of `ServerHandler::call_tool`; building the request and the context
    /// is inside the timing on both sides (see `harness`, which times that alone).
    fn dispatch<H: ServerHandler>(&self, handler: &H, args: &JsonObject, iters: u64) -> Duration {
        self.rt.block_on(async {
            let start = Instant::now();
            for _ in 0..iters {
                let result = handler.call_tool(request(args), self.context()).await;
                black_box(result.expect("a result"));
                self.settle().await;
            }
            start.elapsed()
        })
    }

    /// `iters` calls of our embedding API, `Registry::call_request` (no `RequestContext`).
    fn registry(&self, args: &JsonObject, iters: u64) -> Duration {
        self.rt.block_on(async {
            let start = Instant::now();
            for _ in 0..iters {
                black_box(
                    self.ours
                        .call_request(request(args))
                        .await
                        .expect("a result"),
                );
                self.settle().await;
            }
            start.elapsed()
        })
    }

    /// What every `dispatch` iteration spends before any handler runs.
    fn harness(&self, args: &JsonObject, iters: u64) -> Duration {
        let start = Instant::now();
        for _ in 0..iters {
            black_box((request(args), self.context()));
        }
        start.elapsed()
    }

    fn shutdown(self) {
        self.rt.block_on(async {
            // The servers stop when their clients go away.
            let _ = self.ours_client.cancel().await;
            let _ = self.rmcp_client.cancel().await;
        });
    }
}

/// One measured thing: a side of a level, timing `n` calls.
struct Case<'a> {
    level: &'static str,
    side: &'static str,
    run: Box<dyn Fn(u64) -> Duration + 'a>,
}

impl Case<'_> {
    fn id(&self) -> String {
        format!("{}/{}", self.level, self.side)
    }
}

/// Every case, level by level, our side first and rmcp's next to it.
fn cases<'a>(f: &'a Fixture, args: &'a Args) -> Vec<Case<'a>> {
    let case = |level, side, run: Box<dyn Fn(u64) -> Duration + 'a>| Case { level, side, run };
    vec![
        case(
            "e2e",
            "ours",
            Box::new(|n| f.e2e(&f.ours_client, &args.good, n)),
        ),
        case(
            "e2e",
            "rmcp",
            Box::new(|n| f.e2e(&f.rmcp_client, &args.good, n)),
        ),
        case(
            "dispatch",
            "ours",
            Box::new(|n| f.dispatch(&f.ours, &args.good, n)),
        ),
        case(
            "dispatch",
            "rmcp",
            Box::new(|n| f.dispatch(&f.rmcp, &args.good, n)),
        ),
        case(
            "dispatch",
            "ours_registry_call_tool",
            Box::new(|n| f.registry(&args.good, n)),
        ),
        case(
            "dispatch",
            "harness",
            Box::new(|n| f.harness(&args.good, n)),
        ),
        case(
            "e2e_bad_args",
            "ours",
            Box::new(|n| f.e2e(&f.ours_client, &args.bad_ours, n)),
        ),
        case(
            "e2e_bad_args",
            "rmcp",
            Box::new(|n| f.e2e(&f.rmcp_client, &args.bad_rmcp, n)),
        ),
        case(
            "dispatch_bad_args",
            "ours",
            Box::new(|n| f.dispatch(&f.ours, &args.bad_ours, n)),
        ),
        case(
            "dispatch_bad_args",
            "rmcp",
            Box::new(|n| f.dispatch(&f.rmcp, &args.bad_rmcp, n)),
        ),
    ]
}

/// The arguments of every case, made once.
struct Args {
    good: JsonObject,
    bad_ours: JsonObject,
    bad_rmcp: JsonObject,
}

impl Args {
    fn new() -> Self {
        Args {
            good: good_args(),
            bad_ours: bad_args_ours(),
            bad_rmcp: bad_args_rmcp(),
        }
    }
}

fn bench(c: &mut Criterion, cases: &[Case<'_>]) {
    let mut levels: Vec<&str> = cases.iter().map(|case| case.level).collect();
    levels.dedup();
    for level in levels {
        let mut group = c.benchmark_group(level);
        for case in cases.iter().filter(|case| case.level == level) {
            group.bench_function(case.side, |b| b.iter_custom(|n| (case.run)(n)));
        }
        group.finish();
    }
}

/// Calls per block of the paired run; a block lasts a few milliseconds.
fn block_of(level: &str) -> u32 {
    match level {
        "e2e" | "e2e_bad_args" => 200,
        "dispatch_bad_args" => 2_000,
        _ => 5_000,
    }
}

/// Alternates blocks of both sides, swapping which goes first each round, and prints the
/// median per-call time of each side and the median of the per-round ratios.
fn paired(cases: &[Case<'_>]) {
    const ROUNDS: usize = 41;
    println!("\npaired run: {ROUNDS} rounds, sides alternating, medians");
    println!(
        "{:<18} {:>12} {:>12} {:>11}",
        "level", "ours/call", "rmcp/call", "ours/rmcp"
    );
    let side = |level: &str, side: &str| {
        cases
            .iter()
            .find(|case| case.level == level && case.side == side)
    };
    for ours_case in cases.iter().filter(|case| case.side == "ours") {
        let level = ours_case.level;
        let Some(rmcp_case) = side(level, "rmcp") else {
            continue;
        };
        let (ours_run, rmcp_run) = (&ours_case.run, &rmcp_case.run);
        let block = block_of(level);
        let n = u64::from(block);
        let per_call = |d: Duration| d.as_secs_f64() / f64::from(block);
        // Warm both sides up before the first round counts.
        ours_run(n);
        rmcp_run(n);
        let mut ours = Vec::with_capacity(ROUNDS);
        let mut rmcp = Vec::with_capacity(ROUNDS);
        let mut ratios = Vec::with_capacity(ROUNDS);
        for round in 0..ROUNDS {
            let (o, r) = if round % 2 == 0 {
                let o = ours_run(n);
                (o, rmcp_run(n))
            } else {
                let r = rmcp_run(n);
                (ours_run(n), r)
            };
            ours.push(per_call(o));
            rmcp.push(per_call(r));
            ratios.push(o.as_secs_f64() / r.as_secs_f64());
        }
        println!(
            "{:<18} {:>12} {:>12} {:>11.3}",
            level,
            micros(median(&mut ours)),
            micros(median(&mut rmcp)),
            median(&mut ratios)
        );
    }
}

fn median(values: &mut [f64]) -> f64 {
    values.sort_by(f64::total_cmp);
    values[values.len() / 2]
}

fn micros(seconds: f64) -> String {
    format!("{:.3} µs", seconds * 1e6)
}

/// The paired run is a measurement, so it runs under `cargo bench` only: not in
/// `cargo test`'s run-once mode, not for `--list`, and not when a filter excludes it.
fn paired_wanted() -> bool {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let has = |flag: &str| args.iter().any(|a| a == flag);
    let filters: Vec<&String> = args.iter().filter(|a| !a.starts_with('-')).collect();
    has("--bench")
        && !has("--test")
        && !has("--list")
        && filters
            .iter()
            .all(|filter| "paired".contains(filter.as_str()))
}

/// `CALL_OVERHEAD_CALLS=dispatch/ours:20000` makes exactly that many calls of one case
/// (after 1,000 to warm up) and nothing else. Under `valgrind --tool=callgrind`, two runs
/// with different counts give instructions per call by difference: a measure the noise of
/// a shared machine does not reach, and free of one-off costs such as loading the tokenizer.
fn calls_only(cases: &[Case<'_>]) -> bool {
    let Ok(spec) = std::env::var("CALL_OVERHEAD_CALLS") else {
        return false;
    };
    let (id, n) = spec
        .rsplit_once(':')
        .and_then(|(id, n)| Some((id, n.parse::<u64>().ok()?)))
        .expect("CALL_OVERHEAD_CALLS is <level>/<side>:<calls>");
    let case = cases
        .iter()
        .find(|case| case.id() == id)
        .unwrap_or_else(|| {
            let ids: Vec<String> = cases.iter().map(Case::id).collect();
            panic!("no case `{id}`; the cases are {}", ids.join(", "))
        });
    (case.run)(1_000);
    let elapsed = (case.run)(n);
    println!("{id}: {n} calls in {elapsed:?}");
    true
}

fn main() {
    let fixture = Fixture::new();
    let args = Args::new();
    let cases = cases(&fixture, &args);
    if !calls_only(&cases) {
        let mut criterion = Criterion::default()
            .warm_up_time(Duration::from_secs(1))
            .measurement_time(Duration::from_secs(4))
            .configure_from_args();
        bench(&mut criterion, &cases);
        criterion.final_summary();
        if paired_wanted() {
            paired(&cases);
        }
    }
    drop(cases);
    fixture.shutdown();
}
