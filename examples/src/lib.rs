//! Runnable example servers for mcp-tools.
//!
//! `shipments` serves a parcel depot: a few hundred demo shipments in memory, and tools to
//! find them, read their status and event log, record their weight and cancel them. Build
//! its registry with [`registry`], or take its tools with [`tool_list`] to serve them beside
//! your own.

pub mod conformance;
pub mod depot;
pub mod event_log;
pub mod shipment;
pub mod tools;
pub mod views;

mod seed;

#[cfg(test)]
mod responses;

use mcp_tools_runtime::{BuildError, Registry, ToolDefinition, tools};

pub use depot::Depot;
pub use shipment::{ServiceLevel, Shipment, Status};

/// What the model reads about the server as a whole, in `initialize`.
const INSTRUCTIONS: &str = "Parcel depot. Find shipments with `shipment_search`, check one with \
     `shipment_get_status` before changing it, then record its weight with \
     `shipment_set_weight` (before dispatch only) or cancel it with `shipment_cancel`. \
     `shipment_get_log` tells what happened to a shipment, event by event.";

/// The shipment tools, in listing order: `shipment_search`, `shipment_get_status`,
/// `shipment_get_log`, `shipment_set_weight`, `shipment_cancel`. They take `State<Depot>`,
/// so a registry serving them needs `.state(Depot::…)`.
#[must_use]
pub fn tool_list() -> Vec<ToolDefinition> {
    tools![
        tools::search,
        tools::get_status,
        tools::get_log,
        tools::set_weight,
        tools::cancel
    ]
}

/// The `shipments` server: the shipment tools over a freshly seeded [`Depot`].
pub fn registry() -> Result<Registry, BuildError> {
    Registry::builder()
        .server_info("shipments", env!("CARGO_PKG_VERSION"))
        .instructions(INSTRUCTIONS)
        .state(Depot::seeded())
        .tools(tool_list())
        .build()
}
