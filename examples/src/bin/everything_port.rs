//! The reference `everything` MCP server's prompts and resources, ported to mcp-tools:
//! `cargo run -p mcp-tools-examples --bin everything-port -- --docs DIR` serves them over
//! stdio (`--http 127.0.0.1:8080` for Streamable HTTP), with each file of `DIR` as a
//! document resource (the original's `dist/docs`).

use clap::Parser;
use mcp_tools::{ServeArgs, prelude::*};

/// The reference `everything` server's prompts and resources, over MCP.
#[derive(Parser)]
struct Cli {
    /// A directory whose files are served as `demo://resource/static/document/<name>`;
    /// its `instructions.md` becomes the server's instructions.
    #[arg(long, value_name = "DIR")]
    docs: Option<std::path::PathBuf>,
    #[command(flatten)]
    serve: ServeArgs,
}

#[tokio::main]
async fn main() -> Result<(), Box<dyn std::error::Error>> {
    let cli = Cli::parse();
    let server = mcp_tools_examples::everything::server(cli.docs.as_deref())?;
    server.serve_with(cli.serve).await?;
    Ok(())
}
