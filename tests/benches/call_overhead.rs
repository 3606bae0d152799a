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
//! - `http`, `http_stateless`: the same `calc_add` over Streamable HTTP on 127.0.0.1, ours
//!   (`Http::serve_on`, sessions or `stateless(true)`) and rmcp's (`StreamableHttpService`
//!   in an axum router under `axum::serve` with `TCP_NODELAY`, configured as
//!   `bench/servers/src/bin/rmcp_server.rs` is), served on this process's runtime to a
//!   hand-written HTTP/1.1 client on one keep-alive connection (see [`HttpClient`]).
//! - Ours only, on a second registry, "rich", that holds `calc_add` beside a tool with a
//!   small token budget, two tools of a state handle and a task tool: `*_budget_cut` (every
//!   result is cut and carries the notice), `*_handle` (a `Handle<T>` made once at setup,
//!   opened on every call), `*_task_start` (a client that declared the Tasks extension: each
//!   call creates a task, which then runs to its end), and `*_rich`, a plain `calc_add` there,
//!   which should cost what `calc_add` costs on the registry that holds nothing else.
//! - `*_prompt`, `*_read`: `prompts/get` of a prompt with two string arguments and
//!   `resources/read` of a template resource, `calc://numbers/{n}`, each side on a server
//!   that holds only them: ours with `#[prompt]` and `#[resource]` (the arguments and the
//!   variable checked, the read held to its budget), rmcp's with `#[prompt_router]` and, as
//!   rmcp has no resource macro, a hand-written `read_resource` that matches the URI by hand.
//!
//! The parts a case needs beyond the two duplex connections (the rich registry, the HTTP
//! servers, the prompt and resource servers) are built and checked the first time the case runs, so a run of one case builds
//! only what it measures.
//!
//! After criterion, in `cargo bench` mode only, a paired run alternates blocks of calls of
//! both sides and prints the median of the per-round ratios: slow drift of a shared machine
//! then cancels out of each ratio instead of landing on whichever side ran later.
//!
//! `CALL_OVERHEAD_CALLS=<level>/<side>:<calls>` skips criterion and makes exactly that many
//! calls of one case, for instruction counts under callgrind (see [`calls_only`]).

use std::{
    cell::{Cell, OnceCell},
    hint::black_box,
    io::Write as _,
    net::SocketAddr,
    time::{Duration, Instant},
};

use criterion::Criterion;
use mcp_tools::{Registry, catalog, http::Http, tool, tools, wire::TRUNCATION_META_KEY};
use rmcp::{
    ClientHandler, Peer, RoleClient, RoleServer, ServerHandler, ServiceExt,
    model::{
        CallToolRequestParams, CallToolResponse, CallToolResult, ClientCapabilities, ClientConfig,
        GetPromptRequestParams, GetPromptResponse, GetPromptResult, GetTaskParams, Implementation,
        JsonObject, NumberOrString, ReadResourceRequestParams, ReadResourceResponse,
        ReadResourceResult, RequestId, ResourceContents, Role, TaskPayload, TaskStatus,
    },
    service::{RequestContext, RunningService},
};
use serde_json::{Value, json};
use tokio::{
    io::{AsyncReadExt as _, AsyncWriteExt as _},
    net::{TcpListener, TcpStream},
    runtime::Runtime,
};

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

/// The tools the "rich" registry holds beside `calc_add`: one cut by its budget, a state
/// handle's maker and taker, and a task.
mod rich {
    use std::{fmt::Write as _, sync::LazyLock};

    use mcp_tools::{Handle, tool};
    use schemars::JsonSchema;
    use serde::{Deserialize, Serialize};

    /// 3,960 characters, about 1,140 tokens: over five times the summary's budget of 200.
    pub(crate) static REPORT: LazyLock<String> = LazyLock::new(|| {
        let mut report = String::new();
        for n in 1..=60 {
            let _ = writeln!(
                report,
                "Shipment SH-2026-{n:06}: weighed, labelled and loaded on truck 4."
            );
        }
        report
    });

    /// Summarize the day's shipments, one line per shipment.
    ///
    /// Use it for an overview of the day; the summary is held to 200 tokens and says so.
    #[tool(namespace = "report", read_only, max_response_tokens = 200)]
    #[allow(
        clippy::unused_async,
        reason = "#[tool] fns are async; this one has nothing to await"
    )]
    pub(crate) async fn get_summary() -> &'static str {
        REPORT.as_str()
    }

    /// What a tally holds.
    #[derive(Debug, Default, Serialize, Deserialize, JsonSchema)]
    pub(crate) struct Tally {
        /// The items counted so far.
        items: u64,
    }

    /// Open a tally of counted items that later calls read back by its handle.
    ///
    /// Use it once, then pass the `handle` it returns to `tally_read`.
    #[tool(namespace = "tally", destructive = false)]
    #[allow(
        clippy::unused_async,
        reason = "#[tool] fns are async; this one has nothing to await"
    )]
    pub(crate) async fn open() -> Handle<Tally> {
        Handle::new(Tally { items: 42 })
    }

    /// Read how many items a tally opened with `tally_open` has counted.
    ///
    /// Use it to check a tally; it changes nothing.
    #[tool(namespace = "tally", read_only)]
    #[allow(
        clippy::unused_async,
        reason = "#[tool] fns are async; this one has nothing to await"
    )]
    pub(crate) async fn read(
        /// The `handle` that `tally_open` returned.
        tally: Handle<Tally>,
    ) -> String {
        tally.items.to_string()
    }

    /// Audit a depot's stock against its books and say whether they agree.
    ///
    /// Use it to start an audit as a task; it changes nothing.
    #[tool(namespace = "stock", read_only, task = "optional")]
    #[allow(
        clippy::unused_async,
        reason = "#[tool] fns are async; this one has nothing to await"
    )]
    pub(crate) async fn audit(
        /// Code of the depot, like `BER1`.
        #[param(min_length = 1, max_length = 8)]
        depot_code: String,
    ) -> String {
        format!("{depot_code}: stock agrees with the books")
    }
}

/// A prompt and a template resource as a user of this crate writes them, on a registry of
/// their own ("items"), so that the registry of the plain call holds `calc_add` alone.
mod ours_items {
    use mcp_tools::{prompt, resource};

    /// Draft a step-by-step explanation of a sum for a learner.
    ///
    /// Use it to teach addition; it only writes the prompt.
    #[prompt(namespace = "calc")]
    #[allow(
        clippy::unused_async,
        reason = "#[prompt] fns are async; this one has nothing to await"
    )]
    pub(crate) async fn explain_sum(
        /// The first addend, as the learner wrote it.
        a: String,
        /// The second addend, as the learner wrote it.
        b: String,
    ) -> String {
        super::explanation(&a, &b)
    }

    /// A whole number and whether it is even.
    #[resource("calc://numbers/{n}", mime_type = "text/plain")]
    #[allow(
        clippy::unused_async,
        reason = "#[resource] fns are async; this one has nothing to await"
    )]
    pub(crate) async fn number(
        /// The number, like `42`.
        n: u64,
    ) -> String {
        super::parity(n)
    }
}

/// rmcp's side of the items: the prompt with `#[prompt_router]`/`#[prompt_handler]` (router
/// stored once), and the resource as rmcp has no macro for it, a hand-written
/// `read_resource` that matches the URI by hand.
mod baseline_items {
    use rmcp::{
        ErrorData, RoleServer, ServerHandler,
        handler::server::{router::prompt::PromptRouter, wrapper::Parameters},
        model::{
            Implementation, ListResourceTemplatesResult, PaginatedRequestParams, PromptMessage,
            ReadResourceRequestParams, ReadResourceResponse, ReadResourceResult, ResourceContents,
            ResourceTemplate, Role, ServerCapabilities, ServerConfig,
        },
        prompt, prompt_handler, prompt_router, schemars,
        service::RequestContext,
    };
    use serde::Deserialize;
    use serde_json::json;

    /// The prompt's arguments.
    #[derive(Debug, Deserialize, schemars::JsonSchema)]
    pub(crate) struct ExplainArgs {
        /// The first addend, as the learner wrote it.
        a: String,
        /// The second addend, as the learner wrote it.
        b: String,
    }

    #[derive(Clone)]
    pub(crate) struct Items {
        prompt_router: PromptRouter<Self>,
    }

    #[prompt_router]
    impl Items {
        pub(crate) fn new() -> Self {
            Self {
                prompt_router: Self::prompt_router(),
            }
        }

        /// Draft a step-by-step explanation of a sum for a learner.
        #[prompt(name = "calc_explain_sum")]
        async fn explain_sum(
            &self,
            Parameters(ExplainArgs { a, b }): Parameters<ExplainArgs>,
        ) -> Vec<PromptMessage> {
            vec![PromptMessage::new_text(
                Role::User,
                super::explanation(&a, &b),
            )]
        }
    }

    #[prompt_handler(router = self.prompt_router)]
    impl ServerHandler for Items {
        fn get_info(&self) -> ServerConfig {
            ServerConfig::new(
                ServerCapabilities::builder()
                    .enable_prompts()
                    .enable_resources()
                    .build(),
            )
            .with_server_info(Implementation::new("calc", "1.0.0"))
        }

        async fn list_resource_templates(
            &self,
            _request: Option<PaginatedRequestParams>,
            _context: RequestContext<RoleServer>,
        ) -> Result<ListResourceTemplatesResult, ErrorData> {
            let mut number = ResourceTemplate::new(super::NUMBERS, "number");
            number.description = Some("A whole number and whether it is even.".to_owned());
            number.mime_type = Some("text/plain".to_owned());
            Ok(ListResourceTemplatesResult::with_all_items(vec![number]))
        }

        async fn read_resource(
            &self,
            request: ReadResourceRequestParams,
            _context: RequestContext<RoleServer>,
        ) -> Result<ReadResourceResponse, ErrorData> {
            let n = request
                .uri
                .strip_prefix("calc://numbers/")
                .and_then(|n| n.parse::<u64>().ok());
            let Some(n) = n else {
                return Err(ErrorData::invalid_params(
                    format!("no resource `{}`", request.uri),
                    Some(json!({ "uri": request.uri })),
                ));
            };
            let text =
                ResourceContents::text(super::parity(n), request.uri).with_mime_type("text/plain");
            Ok(ReadResourceResult::new(vec![text]).into())
        }
    }
}

/// What both sides' prompt says.
fn explanation(a: &str, b: &str) -> String {
    format!("Explain step by step how to add {a} and {b}.")
}

/// What both sides' resource holds.
fn parity(n: u64) -> String {
    format!(
        "{n} is {}",
        if n.is_multiple_of(2) { "even" } else { "odd" }
    )
}

/// A client that declares the Tasks extension, so that a `task = "optional"` tool answers
/// it with a task.
#[derive(Clone, Copy)]
struct TasksClient;

impl ClientHandler for TasksClient {
    fn get_info(&self) -> ClientConfig {
        ClientConfig::new(
            ClientCapabilities::builder().enable_tasks().build(),
            Implementation::new("call-overhead-tasks", "1.0.0"),
        )
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

fn object(value: &Value) -> JsonObject {
    value.as_object().cloned().unwrap_or_default()
}

fn request(args: &JsonObject) -> CallToolRequestParams {
    CallToolRequestParams::new(TOOL).with_arguments(args.clone())
}

/// The rich registry's tool cut by its budget.
const SUMMARY: &str = "report_get_summary";
/// The rich registry's tool that makes a handle, and the one that takes it.
const TALLY_OPEN: &str = "tally_open";
const TALLY_READ: &str = "tally_read";
/// The rich registry's task tool.
const AUDIT: &str = "stock_audit";

/// A call of the tool `name`, for the cases of the rich registry.
fn request_to(name: &'static str, args: &JsonObject) -> CallToolRequestParams {
    CallToolRequestParams::new(name).with_arguments(args.clone())
}

/// The items' prompt, the URI template of their resource, and the URI every read reads.
const PROMPT: &str = "calc_explain_sum";
const NUMBERS: &str = "calc://numbers/{n}";
const NUMBER: &str = "calc://numbers/42";

/// The prompt's arguments: strings, as `prompts/get` sends them.
fn prompt_args() -> JsonObject {
    object(&json!({ "a": "1.5", "b": "2.25" }))
}

fn prompt_request(args: &JsonObject) -> GetPromptRequestParams {
    GetPromptRequestParams::new(PROMPT).with_arguments(args.clone())
}

fn read_request() -> ReadResourceRequestParams {
    ReadResourceRequestParams::new(NUMBER)
}

/// The one user message both sides' prompt answers [`prompt_args`] with.
fn check_prompt(side: &str, result: &GetPromptResult) {
    assert_eq!(result.messages.len(), 1, "{side}: {result:?}");
    let message = &result.messages[0];
    assert_eq!(message.role, Role::User, "{side}: {result:?}");
    assert_eq!(
        message.content.as_text().map(|t| t.text.as_str()),
        Some("Explain step by step how to add 1.5 and 2.25."),
        "{side}"
    );
}

/// The one text both sides' resource answers [`NUMBER`] with. Without `ttlMs`, rmcp's
/// client caches nothing, so every read of the end-to-end cases reaches the server.
fn check_read(side: &str, result: &ReadResourceResult) {
    assert_eq!(
        result.ttl_ms, None,
        "{side}: the client would cache the read"
    );
    let [ResourceContents::TextResourceContents { uri, text, .. }] = result.contents.as_slice()
    else {
        panic!("{side}: not one text: {result:?}");
    };
    assert_eq!(
        (uri.as_str(), text.as_str()),
        (NUMBER, "42 is even"),
        "{side}"
    );
}

/// The first block's text of a result.
fn text_of(result: &CallToolResult) -> &str {
    result
        .content
        .first()
        .and_then(|block| block.as_text())
        .map_or("", |t| t.text.as_str())
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
    /// Tasks alive between calls: the service loops of the connections, and of the HTTP
    /// servers once built.
    idle_tasks: Cell<usize>,
    // Held so both connections stay open.
    _servers: (
        RunningService<RoleServer, Registry>,
        RunningService<RoleServer, baseline::Calc>,
    ),
    /// The rich registry and its connections, built for the first case that needs them.
    rich: OnceCell<Rich>,
    /// The arguments of `tally_read`: the handle `tally_open` made once.
    tally: OnceCell<JsonObject>,
    /// Set once the budgeted tool was seen to cut.
    budget_checked: OnceCell<()>,
    /// The rich registry served to a client that declared the Tasks extension.
    tasks: OnceCell<Tasks>,
    /// The HTTP servers and their clients, by [`HttpSide::index`].
    http: [OnceCell<HttpServed>; 4],
    /// Both sides' prompt and resource, served to a client of each.
    items: OnceCell<Items>,
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
            idle_tasks: Cell::new(0),
            _servers: (ours_server, rmcp_server),
            rich: OnceCell::new(),
            tally: OnceCell::new(),
            budget_checked: OnceCell::new(),
            tasks: OnceCell::new(),
            http: Default::default(),
            items: OnceCell::new(),
        };
        fixture.check();
        // Let what the checks spawned finish before counting what stays.
        fixture.count_idle_tasks();
        fixture
    }

    /// Lets what was spawned so far run until it waits, then counts the tasks alive as the
    /// idle ones [`settle`](Self::settle) waits for; after every part built.
    fn count_idle_tasks(&self) {
        self.rt.block_on(self.recount_idle_tasks());
    }

    /// [`count_idle_tasks`](Self::count_idle_tasks), inside the runtime.
    async fn recount_idle_tasks(&self) {
        for _ in 0..1_000 {
            tokio::task::yield_now().await;
        }
        self.idle_tasks.set(self.rt.metrics().num_alive_tasks());
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
            if self.rt.metrics().num_alive_tasks() <= self.idle_tasks.get() {
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
        let rich = self.rich.into_inner();
        let tasks = self.tasks.into_inner();
        let items = self.items.into_inner();
        // The HTTP servers' tasks end with the runtime; their clients' connections close
        // here.
        drop(self.http);
        self.rt.block_on(async {
            // The servers stop when their clients go away.
            let _ = self.ours_client.cancel().await;
            let _ = self.rmcp_client.cancel().await;
            if let Some(rich) = rich {
                let _ = rich.client.cancel().await;
            }
            if let Some(tasks) = tasks {
                let _ = tasks.client.cancel().await;
            }
            if let Some(items) = items {
                let _ = items.ours_client.cancel().await;
                let _ = items.rmcp_client.cancel().await;
            }
        });
    }
}

/// The rich registry: `calc_add` beside a budgeted tool, a handle's maker and taker and a
/// task tool, served to a client that did not declare tasks, as `ours` is.
struct Rich {
    registry: Registry,
    client: RunningService<RoleClient, ()>,
    _server: RunningService<RoleServer, Registry>,
}

/// The rich registry served to a client that declared the Tasks extension.
struct Tasks {
    client: RunningService<RoleClient, TasksClient>,
    /// The server's peer, whose client declared tasks, for the dispatch case's contexts.
    peer: Peer<RoleServer>,
    _server: RunningService<RoleServer, Registry>,
}

/// A prompt and a resource on each side: ours on a registry that holds nothing else, rmcp's
/// on a server of their own, each served to a client.
struct Items {
    ours: Registry,
    rmcp: baseline_items::Items,
    ours_client: RunningService<RoleClient, ()>,
    rmcp_client: RunningService<RoleClient, ()>,
    _servers: (
        RunningService<RoleServer, Registry>,
        RunningService<RoleServer, baseline_items::Items>,
    ),
}

/// Connects `client` to `server` over an in-process duplex, as [`Fixture::new`] does.
async fn connect<S: ServerHandler, C: ClientHandler>(
    server: S,
    client: C,
) -> (RunningService<RoleServer, S>, RunningService<RoleClient, C>) {
    let (server_io, client_io) = tokio::io::duplex(64 * 1024);
    let (server, client) = tokio::join!(
        ServiceExt::serve(server, server_io),
        client.serve(client_io)
    );
    (
        server.expect("the server starts"),
        client.expect("a client connects to the server"),
    )
}

/// The parts of the fixture built on first use, each checked before it is measured.
impl Fixture {
    /// The rich registry, built and checked on first use: `calc_add` answers as on `ours`,
    /// and `tools/list` holds every kind of tool the cases claim it holds.
    fn rich(&self) -> &Rich {
        self.rich.get_or_init(|| {
            let registry = Registry::builder()
                .server_info("calc", "1.0.0")
                .tools(tools![
                    ours::add,
                    rich::get_summary,
                    rich::open,
                    rich::read,
                    rich::audit
                ])
                .build()
                .expect("the rich registry builds");
            let (server, client) = self.rt.block_on(connect(registry.clone(), ()));
            let rich = Rich {
                registry,
                client,
                _server: server,
            };
            self.count_idle_tasks();
            self.rt.block_on(async {
                let listed = rich.client.list_all_tools().await.expect("tools/list");
                let mut names: Vec<&str> = listed.iter().map(|t| t.name.as_ref()).collect();
                names.sort_unstable();
                assert_eq!(
                    names,
                    [TOOL, SUMMARY, AUDIT, TALLY_OPEN, TALLY_READ],
                    "the rich registry's tools"
                );
                let ok = rich
                    .client
                    .call_tool(request(&good_args()))
                    .await
                    .expect("a call");
                assert_ne!(ok.is_error, Some(true), "{ok:?}");
                assert_eq!(text_of(&ok), "3.75");
                let direct = rich
                    .registry
                    .call_tool(request(&good_args()), self.context())
                    .await
                    .expect("a result");
                let CallToolResponse::Complete(direct) = direct else {
                    panic!("a plain result, not {direct:?}");
                };
                assert_eq!(text_of(&direct), "3.75");
                self.settle().await;
            });
            self.count_idle_tasks();
            rich
        })
    }

    /// The arguments of `tally_read`, with the handle `tally_open` made once; checks that
    /// reading it succeeds, through the client and through dispatch.
    fn tally(&self) -> &JsonObject {
        self.tally.get_or_init(|| {
            let rich = self.rich();
            let args = self.rt.block_on(async {
                let made = rich
                    .client
                    .call_tool(request_to(TALLY_OPEN, &JsonObject::new()))
                    .await
                    .expect("a call");
                assert_ne!(made.is_error, Some(true), "{made:?}");
                let handle = made
                    .structured_content
                    .as_ref()
                    .and_then(|made| made["handle"].as_str())
                    .unwrap_or_else(|| panic!("no handle in {made:?}"))
                    .to_owned();
                let args = object(&json!({ "tally": handle }));
                let read = rich
                    .client
                    .call_tool(request_to(TALLY_READ, &args))
                    .await
                    .expect("a call");
                assert_ne!(read.is_error, Some(true), "{read:?}");
                assert_eq!(text_of(&read), "42", "{read:?}");
                let direct = rich
                    .registry
                    .call_tool(request_to(TALLY_READ, &args), self.context())
                    .await
                    .expect("a result");
                let CallToolResponse::Complete(direct) = direct else {
                    panic!("a plain result, not {direct:?}");
                };
                assert_ne!(direct.is_error, Some(true), "{direct:?}");
                assert_eq!(text_of(&direct), "42", "{direct:?}");
                self.settle().await;
                args
            });
            self.count_idle_tasks();
            args
        })
    }

    /// Checks, once, that every call of the budgeted tool is cut and carries the notice,
    /// through the client and through dispatch. The first cut loads the vocabulary.
    fn budget(&self) -> &Rich {
        let rich = self.rich();
        self.budget_checked.get_or_init(|| {
            self.rt.block_on(async {
                let cut = |result: &CallToolResult| {
                    assert_ne!(result.is_error, Some(true), "{result:?}");
                    let kept = text_of(result);
                    assert!(
                        kept.len() < rich::REPORT.len() / 2 && rich::REPORT.starts_with(kept),
                        "not cut: {kept}"
                    );
                    // The notice, a block of its own after what was kept.
                    assert!(
                        result.content.iter().any(|block| block
                            .as_text()
                            .is_some_and(|t| t.text.starts_with("[truncated:"))),
                        "no notice in {result:?}"
                    );
                    assert!(
                        result
                            .meta
                            .as_ref()
                            .is_some_and(|meta| meta.0.contains_key(TRUNCATION_META_KEY)),
                        "no {TRUNCATION_META_KEY} in {:?}",
                        result.meta
                    );
                };
                let args = JsonObject::new();
                let result = rich
                    .client
                    .call_tool(request_to(SUMMARY, &args))
                    .await
                    .expect("a call");
                cut(&result);
                let direct = rich
                    .registry
                    .call_tool(request_to(SUMMARY, &args), self.context())
                    .await
                    .expect("a result");
                let CallToolResponse::Complete(direct) = direct else {
                    panic!("a plain result, not {direct:?}");
                };
                cut(&direct);
                self.settle().await;
            });
            self.count_idle_tasks();
        });
        rich
    }

    /// The rich registry served to a client that declared tasks; checks that a call of the
    /// task tool returns a working task that then completes with the tool's text, through
    /// the client and through dispatch.
    fn tasks(&self) -> &Tasks {
        self.tasks.get_or_init(|| {
            let registry = self.rich().registry.clone();
            let (server, client) = self.rt.block_on(connect(registry, TasksClient));
            let tasks = Tasks {
                peer: server.peer().clone(),
                client,
                _server: server,
            };
            self.count_idle_tasks();
            let args = audit_args();
            self.rt.block_on(async {
                let started = tasks
                    .client
                    .call_tool_once(request_to(AUDIT, &args))
                    .await
                    .expect("a call");
                let CallToolResponse::Task(created) = started else {
                    panic!("{AUDIT} did not start a task: {started:?}");
                };
                assert_eq!(created.task.status, TaskStatus::Working);
                self.settle().await;
                let got = tasks
                    .client
                    .get_task(GetTaskParams::new(created.task.task_id))
                    .await
                    .expect("tasks/get");
                let TaskPayload::Completed { result } = got.task.payload else {
                    panic!("the task did not complete: {:?}", got.task);
                };
                assert_eq!(
                    result["content"][0]["text"], "BER1: stock agrees with the books",
                    "{result:?}"
                );
                let direct = self
                    .rich()
                    .registry
                    .call_tool(request_to(AUDIT, &args), context_of(&tasks.peer))
                    .await
                    .expect("a result");
                assert!(
                    matches!(direct, CallToolResponse::Task(_)),
                    "dispatch did not start a task: {direct:?}"
                );
                self.settle().await;
            });
            self.count_idle_tasks();
            tasks
        })
    }

    /// The HTTP server of `side` and its client, started, connected and checked on first
    /// use.
    fn http(&self, side: HttpSide) -> &HttpServed {
        self.http[side.index()].get_or_init(|| {
            let served = self
                .rt
                .block_on(HttpServed::start(side, &self.ours, &self.rmcp));
            self.count_idle_tasks();
            self.rt.block_on(async {
                let mut client = served.client.take().expect("the client");
                client.check(side).await;
                self.settle().await;
                served.client.set(Some(client));
            });
            self.count_idle_tasks();
            served
        })
    }

    /// Both sides' prompt and resource, built and checked on first use: both list the
    /// prompt with its two arguments and the template, and answer `prompts/get` and
    /// `resources/read` alike, through the client and through dispatch. Ours checks the
    /// prompt's arguments (an unknown one is refused) where rmcp's serde ignores it.
    fn items(&self) -> &Items {
        self.items.get_or_init(|| {
            let ours = Registry::builder()
                .server_info("calc", "1.0.0")
                .catalog(catalog![ours_items::explain_sum, ours_items::number])
                .build()
                .expect("the items' registry builds");
            let rmcp = baseline_items::Items::new();
            let (ours_server, ours_client) = self.rt.block_on(connect(ours.clone(), ()));
            let (rmcp_server, rmcp_client) = self.rt.block_on(connect(rmcp.clone(), ()));
            let items = Items {
                ours,
                rmcp,
                ours_client,
                rmcp_client,
                _servers: (ours_server, rmcp_server),
            };
            self.count_idle_tasks();
            self.rt.block_on(async {
                for (side, client) in [("ours", &items.ours_client), ("rmcp", &items.rmcp_client)] {
                    let prompts = client.list_all_prompts().await.expect("prompts/list");
                    let [prompt] = prompts.as_slice() else {
                        panic!("{side}: not one prompt: {prompts:?}");
                    };
                    let arguments: Vec<(&str, Option<bool>)> = prompt
                        .arguments
                        .iter()
                        .flatten()
                        .map(|a| (a.name.as_str(), a.required))
                        .collect();
                    assert_eq!(
                        (prompt.name.as_str(), arguments),
                        (PROMPT, vec![("a", Some(true)), ("b", Some(true))]),
                        "{side}"
                    );
                    let templates = client
                        .list_all_resource_templates()
                        .await
                        .expect("resources/templates/list");
                    let listed: Vec<&str> =
                        templates.iter().map(|t| t.uri_template.as_str()).collect();
                    assert_eq!(listed, [NUMBERS], "{side}");
                    let got = client
                        .get_prompt(prompt_request(&prompt_args()))
                        .await
                        .expect("prompts/get");
                    check_prompt(side, &got);
                    let read = client.read_resource(read_request()).await.expect("a read");
                    check_read(side, &read);
                }
                let unknown = object(&json!({ "a": "1", "b": "2", "c": "3" }));
                let refused = items
                    .ours_client
                    .get_prompt(prompt_request(&unknown))
                    .await
                    .expect_err("ours refuses an unknown argument");
                assert!(
                    refused.to_string().contains("unknown argument `c`"),
                    "{refused}"
                );
                items
                    .rmcp_client
                    .get_prompt(prompt_request(&unknown))
                    .await
                    .expect("rmcp is expected not to check the arguments' names");
                for (side, got) in [
                    (
                        "ours",
                        items
                            .ours
                            .get_prompt(prompt_request(&prompt_args()), self.context())
                            .await,
                    ),
                    (
                        "rmcp",
                        items
                            .rmcp
                            .get_prompt(prompt_request(&prompt_args()), self.context())
                            .await,
                    ),
                ] {
                    let GetPromptResponse::Complete(got) = got.expect("a prompt") else {
                        panic!("{side}: not a whole prompt");
                    };
                    check_prompt(side, &got);
                }
                for (side, read) in [
                    (
                        "ours",
                        items
                            .ours
                            .read_resource(read_request(), self.context())
                            .await,
                    ),
                    (
                        "rmcp",
                        items
                            .rmcp
                            .read_resource(read_request(), self.context())
                            .await,
                    ),
                ] {
                    let ReadResourceResponse::Complete(read) = read.expect("a read") else {
                        panic!("{side}: not a whole read");
                    };
                    check_read(side, &read);
                }
                self.settle().await;
            });
            self.count_idle_tasks();
            items
        })
    }

    /// `iters` gets of the prompt through the client (`prompts/get`, its result awaited).
    fn e2e_prompt(
        &self,
        client: &RunningService<RoleClient, ()>,
        args: &JsonObject,
        iters: u64,
    ) -> Duration {
        self.rt.block_on(async {
            let start = Instant::now();
            for _ in 0..iters {
                black_box(
                    client
                        .get_prompt(prompt_request(args))
                        .await
                        .expect("a prompt"),
                );
                self.settle().await;
            }
            start.elapsed()
        })
    }

    /// `iters` reads of [`NUMBER`] through the client (`resources/read`, its result awaited).
    fn e2e_read(&self, client: &RunningService<RoleClient, ()>, iters: u64) -> Duration {
        self.rt.block_on(async {
            let start = Instant::now();
            for _ in 0..iters {
                black_box(client.read_resource(read_request()).await.expect("a read"));
                self.settle().await;
            }
            start.elapsed()
        })
    }

    /// `iters` calls of `ServerHandler::get_prompt`, the request and the context built
    /// inside the timing as `dispatch` builds them.
    fn dispatch_prompt<H: ServerHandler>(
        &self,
        handler: &H,
        args: &JsonObject,
        iters: u64,
    ) -> Duration {
        self.rt.block_on(async {
            let start = Instant::now();
            for _ in 0..iters {
                let result = handler
                    .get_prompt(prompt_request(args), self.context())
                    .await;
                black_box(result.expect("a prompt"));
                self.settle().await;
            }
            start.elapsed()
        })
    }

    /// `iters` calls of `ServerHandler::read_resource` of [`NUMBER`].
    fn dispatch_read<H: ServerHandler>(&self, handler: &H, iters: u64) -> Duration {
        self.rt.block_on(async {
            let start = Instant::now();
            for _ in 0..iters {
                let result = handler.read_resource(read_request(), self.context()).await;
                black_box(result.expect("a read"));
                self.settle().await;
            }
            start.elapsed()
        })
    }

    /// `iters` calls of `name` through the client (`tools/call`, its result awaited).
    fn e2e_to<C: ClientHandler>(
        &self,
        client: &RunningService<RoleClient, C>,
        name: &'static str,
        args: &JsonObject,
        iters: u64,
    ) -> Duration {
        self.rt.block_on(async {
            let start = Instant::now();
            for _ in 0..iters {
                black_box(
                    client
                        .call_tool(request_to(name, args))
                        .await
                        .expect("a call"),
                );
                self.settle().await;
            }
            start.elapsed()
        })
    }

    /// `iters` task starts through the client: `tools/call` answered with a task, which
    /// runs to its end before the next call ([`settle`](Self::settle) waits for it).
    fn e2e_task(&self, tasks: &Tasks, args: &JsonObject, iters: u64) -> Duration {
        self.rt.block_on(async {
            let start = Instant::now();
            for _ in 0..iters {
                black_box(
                    tasks
                        .client
                        .call_tool_once(request_to(AUDIT, args))
                        .await
                        .expect("a call"),
                );
                self.settle().await;
            }
            start.elapsed()
        })
    }

    /// `iters` calls of `ServerHandler::call_tool` for `name`, with contexts of `peer`.
    fn dispatch_to(
        &self,
        handler: &Registry,
        peer: &Peer<RoleServer>,
        name: &'static str,
        args: &JsonObject,
        iters: u64,
    ) -> Duration {
        self.rt.block_on(async {
            let start = Instant::now();
            for _ in 0..iters {
                let result = handler
                    .call_tool(request_to(name, args), context_of(peer))
                    .await;
                black_box(result.expect("a result"));
                self.settle().await;
            }
            start.elapsed()
        })
    }

    /// `iters` calls of `calc_add` over HTTP, each reply read whole and its sum checked.
    fn http_calls(&self, served: &HttpServed, iters: u64) -> Duration {
        self.rt.block_on(async {
            let mut client = served.client.take().expect("the client");
            if client.reopen_if_closed().await {
                // A new connection, and with sessions a new session beside the old one
                // (until the server reaps it): more tasks alive between calls.
                self.recount_idle_tasks().await;
            }
            let start = Instant::now();
            for _ in 0..iters {
                client.call_add().await;
                self.settle().await;
            }
            let elapsed = start.elapsed();
            served.client.set(Some(client));
            elapsed
        })
    }
}

/// A context for a call from the client of `peer`'s connection, as [`Fixture::context`]
/// makes for `ours`.
fn context_of(peer: &Peer<RoleServer>) -> RequestContext<RoleServer> {
    RequestContext::new(RequestId::from(NumberOrString::Number(1)), peer.clone())
}

/// The arguments of `stock_audit`.
fn audit_args() -> JsonObject {
    object(&json!({ "depot_code": "BER1" }))
}

/// A server of one HTTP case.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum HttpSide {
    Ours { stateless: bool },
    Rmcp { stateless: bool },
}

impl HttpSide {
    fn index(self) -> usize {
        match self {
            HttpSide::Ours { stateless } => usize::from(stateless),
            HttpSide::Rmcp { stateless } => 2 + usize::from(stateless),
        }
    }

    fn stateless(self) -> bool {
        match self {
            HttpSide::Ours { stateless } | HttpSide::Rmcp { stateless } => stateless,
        }
    }
}

/// An HTTP server running on the fixture's runtime, and the one client connected to it.
/// The server's tasks live as long as the runtime.
struct HttpServed {
    /// Taken out for a block of calls and put back, so a block needs no `&mut` fixture.
    client: Cell<Option<HttpClient>>,
}

impl HttpServed {
    /// Serves `side` on a free port of 127.0.0.1, connects a client and does the handshake
    /// the load generator does (`bench/servers/src/bin/load/http.rs`).
    async fn start(side: HttpSide, ours: &Registry, rmcp: &baseline::Calc) -> HttpServed {
        use axum::serve::ListenerExt as _;
        use rmcp::transport::streamable_http_server::{
            StreamableHttpServerConfig, StreamableHttpService, session::local::LocalSessionManager,
        };

        let listener = TcpListener::bind("127.0.0.1:0").await.expect("a free port");
        let addr = listener.local_addr().expect("the port");
        match side {
            // Our own accept loop (TCP_NODELAY, header timeout), as `Http::serve` uses.
            HttpSide::Ours { stateless } => {
                let http = Http::new(ours.clone()).stateless(stateless);
                tokio::spawn(async move {
                    http.serve_on(listener, std::future::pending())
                        .await
                        .expect("our HTTP server serves");
                });
            }
            // As `bench/servers/src/bin/rmcp_server.rs` serves it with `nodelay`.
            HttpSide::Rmcp { stateless } => {
                let mut config = StreamableHttpServerConfig::default();
                if stateless {
                    config = config
                        .with_legacy_session_mode(false)
                        .with_json_response(true);
                }
                let calc = rmcp.clone();
                let service = StreamableHttpService::new(
                    move || Ok(calc.clone()),
                    LocalSessionManager::default().into(),
                    config,
                );
                let router = axum::Router::new().nest_service("/mcp", service);
                let listener = listener.tap_io(|tcp| {
                    let _ = tcp.set_nodelay(true);
                });
                tokio::spawn(async move {
                    axum::serve(listener, router)
                        .await
                        .expect("rmcp's HTTP server serves");
                });
            }
        }
        let client = HttpClient::open(addr, side.stateless()).await;
        HttpServed {
            client: Cell::new(Some(client)),
        }
    }
}

/// A reply as [`HttpClient`] read it: the status, the head's text, the body.
struct HttpReply<'a> {
    status: u16,
    head: &'a str,
    body: &'a [u8],
}

impl HttpReply<'_> {
    /// The first header named `name`, case-insensitively.
    fn header(&self, name: &str) -> Option<&str> {
        self.head.split("\r\n").skip(1).find_map(|line| {
            let (n, v) = line.split_once(':')?;
            n.trim().eq_ignore_ascii_case(name).then(|| v.trim())
        })
    }

    /// The JSON-RPC message of the body: the body itself when it is JSON, else the last
    /// `data:` event of an SSE stream that holds one.
    fn message(&self) -> Value {
        let text = std::str::from_utf8(self.body).expect("a UTF-8 body");
        if let Ok(value) = serde_json::from_str::<Value>(text.trim()) {
            return value;
        }
        text.lines()
            .rev()
            .filter_map(|line| line.strip_prefix("data:"))
            .find_map(|data| serde_json::from_str::<Value>(data.trim()).ok())
            .unwrap_or_else(|| panic!("no JSON-RPC message in the body: {text:?}"))
    }
}

/// MCP over HTTP/1.1, spoken by hand on one keep-alive connection with `TCP_NODELAY`, one
/// request at a time, as the serving bench's load generator speaks it: every buffer is
/// kept between calls, so the client's own work per call is a few formatted bytes, one
/// write, the reads, and a scan of the reply for the sum.
struct HttpClient {
    stream: TcpStream,
    addr: SocketAddr,
    stateless: bool,
    /// `Mcp-Session-Id`, stateful only.
    session: Option<String>,
    /// The version `initialize` chose, sent as `MCP-Protocol-Version` after it.
    version: Option<String>,
    next_id: u64,
    body: Vec<u8>,
    request: Vec<u8>,
    /// What was read of the current reply.
    read: Vec<u8>,
    /// The current reply's body, its chunks joined.
    reply: Vec<u8>,
}

impl HttpClient {
    /// Connects and does the handshake: `initialize` (a session id must come back when
    /// stateful, and must not when stateless), then `notifications/initialized`.
    async fn open(addr: SocketAddr, stateless: bool) -> HttpClient {
        let stream = TcpStream::connect(addr).await.expect("connects");
        stream.set_nodelay(true).expect("TCP_NODELAY");
        let mut client = HttpClient {
            stream,
            addr,
            stateless,
            session: None,
            version: None,
            next_id: 1,
            body: Vec::with_capacity(512),
            request: Vec::with_capacity(1024),
            read: Vec::with_capacity(16 * 1024),
            reply: Vec::with_capacity(16 * 1024),
        };
        let initialize = json!({
            "jsonrpc": "2.0", "id": 0, "method": "initialize",
            "params": {
                "protocolVersion": "2025-11-25",
                "capabilities": {},
                "clientInfo": { "name": "call-overhead", "version": "0" },
            },
        })
        .to_string();
        client.body = initialize.into_bytes();
        let reply = client.exchange().await;
        assert_eq!(reply.status, 200, "initialize: {:?}", reply.message());
        let session = reply.header("mcp-session-id").map(str::to_owned);
        let version = reply.message()["result"]["protocolVersion"]
            .as_str()
            .expect("a protocol version")
            .to_owned();
        match (&session, stateless) {
            (Some(id), true) => panic!("a stateless server issued session {id}"),
            (None, false) => panic!("a stateful server issued no session id"),
            _ => {}
        }
        client.session = session;
        client.version = Some(version);
        client.body = br#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#.to_vec();
        let status = client.exchange().await.status;
        assert!(
            (200..300).contains(&status),
            "notifications/initialized: HTTP {status}"
        );
        client
    }

    /// Connects again, with a new handshake, if the server closed the connection: both
    /// close a keep-alive connection left idle past their header timeouts (ours 10 s,
    /// hyper's default under `axum::serve` 30 s), which criterion's other benchmarks outlast
    /// before the paired run comes back to HTTP. One read attempt
    /// per block of calls, outside its timing. Whether it connected again.
    async fn reopen_if_closed(&mut self) -> bool {
        let mut probe = [0; 1];
        match self.stream.try_read(&mut probe) {
            Err(err) if err.kind() == std::io::ErrorKind::WouldBlock => false,
            Ok(0) | Err(_) => {
                *self = HttpClient::open(self.addr, self.stateless).await;
                true
            }
            Ok(_) => panic!("the server sent bytes no request asked for"),
        }
    }

    /// One call of `calc_add`, read whole; fails unless it is a 200 that carries the sum.
    async fn call_add(&mut self) {
        let id = self.next_id;
        self.next_id += 1;
        self.body.clear();
        write!(
            self.body,
            r#"{{"jsonrpc":"2.0","id":{id},"method":"tools/call","params":{{"name":"calc_add","arguments":{{"a":1.5,"b":2.25}}}}}}"#
        )
        .expect("writes to a Vec");
        let reply = self.exchange().await;
        assert!(
            reply.status == 200 && find(reply.body, br#""text":"3.75""#).is_some(),
            "HTTP {}: {}",
            reply.status,
            String::from_utf8_lossy(reply.body)
        );
        black_box(reply.body);
    }

    /// Before the measured calls: a call's reply, parsed whole, is the sum and no error,
    /// as JSON when stateless and as an SSE stream with sessions, for both sides.
    async fn check(&mut self, side: HttpSide) {
        for _ in 0..3 {
            self.call_add().await;
        }
        let id = self.next_id;
        self.call_add().await;
        let reply = self.reply_seen();
        let content_type = reply.header("content-type").unwrap_or("").to_owned();
        let message = reply.message();
        assert_eq!(message["id"], id, "{message}");
        assert_eq!(
            message["result"]["content"][0]["text"], "3.75",
            "{side:?}: {message}"
        );
        assert_ne!(message["result"]["isError"], true, "{side:?}: {message}");
        let expected = if side.stateless() {
            "application/json"
        } else {
            "text/event-stream"
        };
        assert!(
            content_type.starts_with(expected),
            "{side:?} answered {content_type}"
        );
    }

    /// The reply of the last exchange, again.
    fn reply_seen(&self) -> HttpReply<'_> {
        let head_end = find(&self.read, b"\r\n\r\n").expect("a head") + 4;
        let head = std::str::from_utf8(&self.read[..head_end]).expect("an ASCII head");
        HttpReply {
            status: head
                .get(9..12)
                .and_then(|s| s.parse().ok())
                .expect("a status"),
            head,
            body: &self.reply,
        }
    }

    /// POSTs `self.body` to `/mcp` and reads the whole reply: by length, or by chunks.
    async fn exchange(&mut self) -> HttpReply<'_> {
        self.request.clear();
        write!(
            self.request,
            "POST /mcp HTTP/1.1\r\nHost: {}\r\nContent-Type: application/json\r\n\
             Accept: application/json, text/event-stream\r\nContent-Length: {}\r\n",
            self.addr,
            self.body.len()
        )
        .expect("writes to a Vec");
        if let Some(id) = &self.session {
            write!(self.request, "Mcp-Session-Id: {id}\r\n").expect("writes to a Vec");
        }
        if let Some(version) = &self.version {
            write!(self.request, "MCP-Protocol-Version: {version}\r\n").expect("writes to a Vec");
        }
        self.request.extend_from_slice(b"\r\n");
        self.request.extend_from_slice(&self.body);
        self.stream
            .write_all(&self.request)
            .await
            .expect("the server takes the request");
        self.read.clear();
        self.reply.clear();
        let head_end = loop {
            if let Some(at) = find(&self.read, b"\r\n\r\n") {
                break at + 4;
            }
            self.fill().await;
        };
        let (status, length, chunked) = {
            let head = std::str::from_utf8(&self.read[..head_end]).expect("an ASCII head");
            let status: u16 = head
                .get(9..12)
                .and_then(|s| s.parse().ok())
                .unwrap_or_else(|| panic!("not a status line: {head:?}"));
            let (mut length, mut chunked) = (None, false);
            for line in head.split("\r\n").skip(1) {
                let Some((name, value)) = line.split_once(':') else {
                    continue;
                };
                if name.eq_ignore_ascii_case("content-length") {
                    length = value.trim().parse::<usize>().ok();
                } else if name.eq_ignore_ascii_case("transfer-encoding") {
                    chunked = value.trim().eq_ignore_ascii_case("chunked");
                }
            }
            (status, length, chunked)
        };
        if chunked {
            let mut at = head_end;
            loop {
                let line_end = loop {
                    if let Some(end) = find(&self.read[at..], b"\r\n") {
                        break at + end;
                    }
                    self.fill().await;
                };
                let size_text = std::str::from_utf8(&self.read[at..line_end]).expect("ASCII");
                let size = usize::from_str_radix(size_text.trim(), 16)
                    .unwrap_or_else(|_| panic!("not a chunk size: {size_text:?}"));
                at = line_end + 2;
                while self.read.len() < at + size + 2 {
                    self.fill().await;
                }
                self.reply.extend_from_slice(&self.read[at..at + size]);
                at += size + 2;
                if size == 0 {
                    break;
                }
            }
            assert_eq!(self.read.len(), at, "bytes after the last chunk");
        } else {
            let length = length.unwrap_or(0);
            while self.read.len() < head_end + length {
                self.fill().await;
            }
            assert_eq!(self.read.len(), head_end + length, "bytes after the body");
            self.reply
                .extend_from_slice(&self.read[head_end..head_end + length]);
        }
        HttpReply {
            status,
            head: std::str::from_utf8(&self.read[..head_end]).expect("an ASCII head"),
            body: &self.reply,
        }
    }

    /// Reads what the server sent next; fails if it closed the connection.
    async fn fill(&mut self) {
        self.read.reserve(4096);
        let n = self
            .stream
            .read_buf(&mut self.read)
            .await
            .expect("reads the reply");
        assert!(n > 0, "the server closed the connection mid-reply");
    }
}

/// Where `needle` first occurs in `haystack`.
fn find(haystack: &[u8], needle: &[u8]) -> Option<usize> {
    haystack
        .windows(needle.len())
        .position(|window| window == needle)
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
        case(
            "http",
            "ours",
            Box::new(|n| f.http_calls(f.http(HttpSide::Ours { stateless: false }), n)),
        ),
        case(
            "http",
            "rmcp",
            Box::new(|n| f.http_calls(f.http(HttpSide::Rmcp { stateless: false }), n)),
        ),
        case(
            "http_stateless",
            "ours",
            Box::new(|n| f.http_calls(f.http(HttpSide::Ours { stateless: true }), n)),
        ),
        case(
            "http_stateless",
            "rmcp",
            Box::new(|n| f.http_calls(f.http(HttpSide::Rmcp { stateless: true }), n)),
        ),
        // The plain call on the rich registry: the same code as `e2e/ours` and
        // `dispatch/ours`, on a registry that also holds the tools below.
        case(
            "e2e_rich",
            "ours",
            Box::new(|n| f.e2e(&f.rich().client, &args.good, n)),
        ),
        case(
            "dispatch_rich",
            "ours",
            Box::new(|n| f.dispatch(&f.rich().registry, &args.good, n)),
        ),
        case(
            "e2e_budget_cut",
            "ours",
            Box::new(|n| f.e2e_to(&f.budget().client, SUMMARY, &args.none, n)),
        ),
        case(
            "dispatch_budget_cut",
            "ours",
            Box::new(|n| f.dispatch_to(&f.budget().registry, &f.peer, SUMMARY, &args.none, n)),
        ),
        case(
            "e2e_handle",
            "ours",
            Box::new(|n| f.e2e_to(&f.rich().client, TALLY_READ, f.tally(), n)),
        ),
        case(
            "dispatch_handle",
            "ours",
            Box::new(|n| f.dispatch_to(&f.rich().registry, &f.peer, TALLY_READ, f.tally(), n)),
        ),
        case(
            "e2e_task_start",
            "ours",
            Box::new(|n| f.e2e_task(f.tasks(), &args.audit, n)),
        ),
        case(
            "dispatch_task_start",
            "ours",
            Box::new(|n| {
                let tasks = f.tasks();
                f.dispatch_to(&f.rich().registry, &tasks.peer, AUDIT, &args.audit, n)
            }),
        ),
        // A prompt and a resource, each side on a server that holds only them.
        case(
            "e2e_prompt",
            "ours",
            Box::new(|n| f.e2e_prompt(&f.items().ours_client, &args.prompt, n)),
        ),
        case(
            "e2e_prompt",
            "rmcp",
            Box::new(|n| f.e2e_prompt(&f.items().rmcp_client, &args.prompt, n)),
        ),
        case(
            "dispatch_prompt",
            "ours",
            Box::new(|n| f.dispatch_prompt(&f.items().ours, &args.prompt, n)),
        ),
        case(
            "dispatch_prompt",
            "rmcp",
            Box::new(|n| f.dispatch_prompt(&f.items().rmcp, &args.prompt, n)),
        ),
        case(
            "e2e_read",
            "ours",
            Box::new(|n| f.e2e_read(&f.items().ours_client, n)),
        ),
        case(
            "e2e_read",
            "rmcp",
            Box::new(|n| f.e2e_read(&f.items().rmcp_client, n)),
        ),
        case(
            "dispatch_read",
            "ours",
            Box::new(|n| f.dispatch_read(&f.items().ours, n)),
        ),
        case(
            "dispatch_read",
            "rmcp",
            Box::new(|n| f.dispatch_read(&f.items().rmcp, n)),
        ),
    ]
}

/// The arguments of every case, made once.
struct Args {
    good: JsonObject,
    bad_ours: JsonObject,
    bad_rmcp: JsonObject,
    /// For a tool without parameters.
    none: JsonObject,
    audit: JsonObject,
    /// The prompt's.
    prompt: JsonObject,
}

impl Args {
    fn new() -> Self {
        Args {
            good: good_args(),
            bad_ours: bad_args_ours(),
            bad_rmcp: bad_args_rmcp(),
            none: JsonObject::new(),
            audit: audit_args(),
            prompt: prompt_args(),
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
        "e2e" | "e2e_bad_args" | "e2e_prompt" | "e2e_read" => 200,
        "http" | "http_stateless" => 100,
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
