//! The conformance server (see `mcp_tools_examples::conformance`).
//! `PORT=8001 cargo run -p mcp-tools-examples --bin conformance-server` serves Streamable
//! HTTP at `http://127.0.0.1:$PORT/mcp`; `--stdio` serves stdio.

use mcp_tools::Serve as _;

#[tokio::main]
async fn main() -> Result<(), Box<dyn std::error::Error>> {
    tracing_subscriber::fmt()
        .with_writer(std::io::stderr)
        .with_env_filter(tracing_subscriber::EnvFilter::from_default_env())
        .init();
    let server = mcp_tools_examples::conformance::server()?;
    if std::env::args().any(|a| a == "--stdio") {
        server.serve_stdio().await?;
    } else {
        let port = std::env::var("PORT").unwrap_or_else(|_| "8001".into());
        server.serve_http(format!("127.0.0.1:{port}")).await?;
    }
    Ok(())
}
