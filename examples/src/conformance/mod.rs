//! A server with every fixture the official MCP conformance suite's server scenarios call:
//! the `test_*` tools as `#[tool]` fns, and the resources, prompts, completions and
//! subscriptions as an ordinary rmcp handler composed with the registry; the `tasks-*`
//! scenarios' tools run as tasks. The bin
//! `conformance-server` serves it; the tests run the suite against it.

mod fixtures;
mod handler;
mod hub;
mod tasks;
mod tools;

use mcp_tools::{Registry, Server, registry::BuildError};

pub use handler::Handler;

/// The conformance server: its tools beside its handler.
///
/// # Errors
///
/// Fails only if the tools do not build into a registry (a bug of this crate).
pub fn server() -> Result<Server<Handler>, BuildError> {
    let handler = Handler::default();
    Ok(Registry::builder()
        .server_info("mcp-tools-conformance", env!("CARGO_PKG_VERSION"))
        .state(handler.hub.clone())
        .tools(tools::all())
        .tools(tasks::all())
        .build()?
        .with_handler(handler))
}
