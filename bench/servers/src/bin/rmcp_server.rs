//! The benchmark's two tools written with rmcp's own macros (`#[tool_router]`,
//! `#[tool_handler]`), served as rmcp's documentation serves them: `stdio()`, or a
//! `StreamableHttpService` nested in an axum router and served with `axum::serve`; with
//! `nodelay`, the same with `TCP_NODELAY` set on accepted sockets (`ListenerExt::tap_io`).
//! Stateless is `legacy_session_mode = false` with `json_response = true`, the settings
//! mcp-tools' stateless mode passes to the same service. See `../../README.md`.

use axum::serve::ListenerExt as _;
use mcp_tools_peer_bench::{
    page::{self, Page},
    serve_args::Serve,
};
use rmcp::{
    ServerHandler, ServiceExt as _,
    handler::server::{
        router::tool::ToolRouter,
        wrapper::{Json, Parameters},
    },
    model::{Implementation, ServerCapabilities, ServerConfig},
    schemars, tool, tool_handler, tool_router,
    transport::streamable_http_server::{
        StreamableHttpServerConfig, StreamableHttpService, session::local::LocalSessionManager,
    },
};
use serde::Deserialize;

/// The arguments of `add`; the ranges reach the schema, and nothing checks them.
#[derive(Debug, Deserialize, schemars::JsonSchema)]
struct AddArgs {
    /// The first addend.
    #[schemars(range(min = -1_000_000_000, max = 1_000_000_000))]
    a: i64,
    /// The second addend.
    #[schemars(range(min = -1_000_000_000, max = 1_000_000_000))]
    b: i64,
}

/// The arguments of `search`.
#[derive(Debug, Deserialize, schemars::JsonSchema)]
struct SearchArgs {
    /// Words to look for, for example `alpha`.
    #[schemars(length(min = 1, max = 200))]
    query: String,
}

/// The server; the router is built once and read by `#[tool_handler]`, as rmcp advises.
#[derive(Clone)]
struct Bench {
    tool_router: ToolRouter<Self>,
}

#[tool_router]
impl Bench {
    fn new() -> Self {
        Self {
            tool_router: Self::tool_router(),
        }
    }

    /// Add two whole numbers and return their sum as text.
    ///
    /// Use it to check that the server answers arithmetic; it has no other effect.
    #[tool(annotations(read_only_hint = true))]
    async fn add(&self, Parameters(AddArgs { a, b }): Parameters<AddArgs>) -> String {
        (a + b).to_string()
    }

    /// Search the benchmark's catalog; returns the first page of ten records for the query.
    ///
    /// Use it to fetch a page of about 2 KB of JSON; the records are made up from the query.
    #[tool(annotations(read_only_hint = true))]
    async fn search(&self, Parameters(SearchArgs { query }): Parameters<SearchArgs>) -> Json<Page> {
        Json(page::page(&query))
    }
}

#[tool_handler(router = self.tool_router)]
impl ServerHandler for Bench {
    fn get_info(&self) -> ServerConfig {
        ServerConfig::new(ServerCapabilities::builder().enable_tools().build())
            .with_server_info(Implementation::new("bench-rmcp", env!("CARGO_PKG_VERSION")))
    }
}

#[tokio::main]
async fn main() -> Result<(), Box<dyn std::error::Error>> {
    match Serve::from_args() {
        Serve::Stdio => {
            Bench::new()
                .serve(rmcp::transport::stdio())
                .await?
                .waiting()
                .await?;
        }
        Serve::Http {
            port,
            stateless,
            nodelay,
        } => {
            let mut config = StreamableHttpServerConfig::default();
            if stateless {
                config = config
                    .with_legacy_session_mode(false)
                    .with_json_response(true);
            }
            // Each session (each request, stateless) gets a copy of one server built here,
            // cheaper than building the router again.
            let bench = Bench::new();
            let service = StreamableHttpService::new(
                move || Ok(bench.clone()),
                LocalSessionManager::default().into(),
                config,
            );
            let router = axum::Router::new().nest_service("/mcp", service);
            let listener = tokio::net::TcpListener::bind(("127.0.0.1", port)).await?;
            // Stops on SIGINT, as ours does, so that a profiler that counts until the exit
            // (`bench/servers/instructions.py`) sees the process end on its own.
            let interrupted = async {
                let _ = tokio::signal::ctrl_c().await;
            };
            if nodelay {
                let listener = listener.tap_io(|tcp| {
                    let _ = tcp.set_nodelay(true);
                });
                axum::serve(listener, router)
                    .with_graceful_shutdown(interrupted)
                    .await?;
            } else {
                axum::serve(listener, router)
                    .with_graceful_shutdown(interrupted)
                    .await?;
            }
        }
    }
    Ok(())
}
