//! A server with every fixture the official MCP conformance suite's server scenarios call
//! (`test_*` tools, resources, prompts, completions, logging, subscriptions), built with
//! mcp-tools: the tools are `#[tool]` fns, the rest an ordinary rmcp handler composed with
//! the registry. `PORT=8001 cargo run -p mcp-tools-examples --bin conformance-server`
//! serves Streamable HTTP at `http://127.0.0.1:$PORT/mcp`; `--stdio` serves stdio.

mod fixtures;
mod handler;
mod hub;
mod tools;

use mcp_tools_runtime::Registry;

#[tokio::main]
async fn main() -> Result<(), Box<dyn std::error::Error>> {
    tracing_subscriber::fmt()
        .with_writer(std::io::stderr)
        .with_env_filter(tracing_subscriber::EnvFilter::from_default_env())
        .init();
    let extras = handler::Extras::default();
    let server = Registry::builder()
        .server_info("mcp-tools-conformance", env!("CARGO_PKG_VERSION"))
        .state(extras.hub.clone())
        .tools(tools::all())
        .build()?
        .with_handler(extras);
    if std::env::args().any(|a| a == "--stdio") {
        server.serve_stdio().await?;
    } else {
        let port = std::env::var("PORT").unwrap_or_else(|_| "8001".into());
        server.serve_http(format!("127.0.0.1:{port}")).await?;
    }
    Ok(())
}
