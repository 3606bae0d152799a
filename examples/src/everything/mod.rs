//! A port of the reference `everything` MCP server's prompts and resources
//! (`@modelcontextprotocol/server-everything`), written with `#[prompt]`, `#[resource]` and
//! `Extras`: the four prompts, the two dynamic resource templates with their completions,
//! the documents of a directory as fixed resources, and `toggle-subscriber-updates`,
//! which makes subscribers hear of updates every five seconds.

mod documents;
mod prompts;
mod resources;
mod updates;

use std::path::Path;

use mcp_tools::{Extras, Registry, Server, catalog, prelude::Catalog};

use documents::documents;
use updates::Simulation;

/// The original's name, so a client's configuration for it fits the port.
pub const SERVER_NAME: &str = "mcp-servers/everything";

/// The prompts, the resource templates and the update tool, in the original's order.
#[must_use]
pub fn catalog() -> Catalog {
    catalog![
        updates::toggle_subscriber_updates,
        resources::dynamic_text,
        resources::dynamic_blob,
        prompts::simple_prompt,
        prompts::args_prompt,
        prompts::completable_prompt,
        prompts::resource_prompt,
    ]
}

/// Why the port could not start.
#[derive(Debug)]
pub enum Error {
    /// The documents directory could not be read.
    Documents(std::io::Error),
    /// The registry refused to build.
    Build(mcp_tools::registry::BuildError),
}

impl std::fmt::Display for Error {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::Documents(err) => write!(f, "cannot read the documents: {err}"),
            Self::Build(err) => write!(f, "{err}"),
        }
    }
}

impl std::error::Error for Error {}

/// The port, with each file of `docs` (if given) served as a fixed resource and its
/// `instructions.md` as the server's instructions, as the original serves its own `docs`.
pub fn server(docs: Option<&Path>) -> Result<Server<Extras>, Error> {
    let simulation = Simulation::default();
    let (extras, instructions) = match docs {
        Some(dir) => documents(dir, &simulation).map_err(Error::Documents)?,
        None => (Extras::new(), None),
    };
    let mut builder = Registry::builder()
        .server_info(SERVER_NAME, env!("CARGO_PKG_VERSION"))
        .state(simulation)
        .catalog(catalog());
    if let Some(text) = instructions {
        builder = builder.instructions(text);
    }
    let registry = builder.build().map_err(Error::Build)?;
    Ok(registry.with_handler(extras))
}
