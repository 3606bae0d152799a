//! The benchmark's two tools written with mcp-tools' `#[tool]`, in a `Registry`, served as
//! the crate serves them: `serve_stdio`, or `Http::serve` (its own accept loop, with
//! `TCP_NODELAY`), with sessions or, with `stateless`, without (`Http::stateless`). See
//! `../../README.md`.

use mcp_tools::{Json, Registry, Serve as _, http::Http, tool, tools};
use mcp_tools_peer_bench::{
    page::{self, Page},
    serve_args::Serve,
};

/// Add two whole numbers and return their sum as text.
///
/// Use it to check that the server answers arithmetic; it has no other effect.
#[tool(read_only)]
#[allow(
    clippy::unused_async,
    reason = "#[tool] fns are async; this one has nothing to await"
)]
async fn add(
    /// The first addend.
    #[param(min = -1_000_000_000, max = 1_000_000_000)]
    a: i64,
    /// The second addend.
    #[param(min = -1_000_000_000, max = 1_000_000_000)]
    b: i64,
) -> String {
    (a + b).to_string()
}

/// Search the benchmark's catalog; returns the first page of ten records for the query.
///
/// Use it to fetch a page of about 2 KB of JSON; the records are made up from the query.
#[tool(read_only)]
#[allow(
    clippy::unused_async,
    reason = "#[tool] fns are async; this one has nothing to await"
)]
async fn search(
    /// Words to look for, for example `alpha`.
    #[param(min_length = 1, max_length = 200)]
    query: String,
) -> Json<Page> {
    Json(page::page(&query))
}

#[tokio::main]
async fn main() -> Result<(), Box<dyn std::error::Error>> {
    let serve = Serve::from_args();
    let registry = Registry::builder()
        .server_info("bench-mcp-tools", env!("CARGO_PKG_VERSION"))
        .tools(tools![add, search])
        .build()?;
    match serve {
        Serve::Stdio => registry.serve_stdio().await?,
        Serve::Http {
            port, stateless, ..
        } => {
            Http::new(registry)
                .stateless(stateless)
                .serve(("127.0.0.1", port))
                .await?;
        }
    }
    Ok(())
}
