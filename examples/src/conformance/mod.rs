//! A server with every fixture the official MCP conformance suite's server scenarios call,
//! built as any server is: the `test_*` tools as `#[tool]` fns, the resources, the template
//! and the prompts as `#[resource]` and `#[prompt]` fns with their completions, all in one
//! catalog; the registry serves subscriptions. A small rmcp handler beside it serves what
//! the macros do not cover (list-change streams, and the prompt that asks for input; see
//! `handler.rs`). The `tasks-*` scenarios' tools run as tasks. The bin
//! `conformance-server` serves it; the tests run the suite against it.

mod fixtures;
mod handler;
mod hub;
mod prompts;
mod resources;
mod tasks;
mod tools;

use mcp_tools::{Registry, Server, registry::BuildError};

pub use handler::Handler;

/// The conformance server: its catalog beside its handler.
///
/// # Errors
///
/// Fails only if the catalog does not build into a registry (a bug of this crate).
pub fn server() -> Result<Server<Handler>, BuildError> {
    let handler = Handler::default();
    let catalog = tools::all()
        .merge(tasks::all())
        .merge(resources::all())
        .merge(prompts::all());
    Ok(Registry::builder()
        .server_info("mcp-tools-conformance", env!("CARGO_PKG_VERSION"))
        .state(handler.hub.clone())
        .catalog(catalog)
        .build()?
        .with_handler(handler))
}
