//! The fixture server: the example's shipment tools, the diagnostic fixtures, and a few
//! prompts and resources (`mcp_tools_tests::items`: a policy, a template with completions
//! and subscriptions, a prompt, and the tool that changes the template's resources), for
//! end-to-end tests with real MCP clients.
//!
//! ```text
//! fixture-server                        serve one client over stdin/stdout
//! fixture-server --http 127.0.0.1:0     serve Streamable HTTP at http://ADDR/mcp
//! ```
//!
//! With `--http`, the first line on stdout is the endpoint's URL (useful with port 0), and
//! every request is served as the local user (`Http::unauthenticated_caller(Caller::local())`,
//! said in so many words): the clients under test speak the protocol, and who may call
//! what is tested apart, in `tests/tests/in_process/oauth.rs`. Logs go to stderr; `RUST_LOG` filters them
//! (default `info`).

use std::{io::Write, process::ExitCode};

use mcp_tools::{
    Caller, Serve as _,
    http::{Http, MCP_PATH},
};
use tracing_subscriber::EnvFilter;

const USAGE: &str = "usage: fixture-server [--http ADDR]";

fn main() -> ExitCode {
    tracing_subscriber::fmt()
        .with_writer(std::io::stderr)
        .with_ansi(false)
        .with_env_filter(
            EnvFilter::try_from_default_env().unwrap_or_else(|_| EnvFilter::new("info")),
        )
        .init();
    let mut args = std::env::args().skip(1);
    let http = match (args.next().as_deref(), args.next(), args.next()) {
        (None, _, _) => None,
        (Some("--http"), Some(addr), None) => Some(addr),
        _ => {
            eprintln!("{USAGE}");
            return ExitCode::from(2);
        }
    };
    let runtime = match tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
    {
        Ok(runtime) => runtime,
        Err(err) => {
            eprintln!("fixture-server: cannot start the async runtime: {err}");
            return ExitCode::FAILURE;
        }
    };
    match runtime.block_on(run(http)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) => {
            eprintln!("fixture-server: {err:#}");
            ExitCode::FAILURE
        }
    }
}

async fn run(http: Option<String>) -> anyhow::Result<()> {
    let Some(addr) = http else {
        mcp_tools_tests::items::registry()?.serve_stdio().await?;
        return Ok(());
    };
    let registry = mcp_tools_tests::items::registry()?;
    let listener = tokio::net::TcpListener::bind(&addr).await?;
    let local = listener.local_addr()?;
    {
        let mut stdout = std::io::stdout().lock();
        writeln!(stdout, "http://{local}{MCP_PATH}")?;
        stdout.flush()?;
    }
    Http::new(registry)
        .unauthenticated_caller(Caller::local())
        .serve_on(listener, async {
            let _ = tokio::signal::ctrl_c().await;
        })
        .await?;
    Ok(())
}
