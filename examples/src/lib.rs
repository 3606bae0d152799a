//! Runnable example servers for mcp-tools.
//!
//! `shipments` serves a parcel depot: a few hundred demo shipments in memory, and tools to
//! find them, read their status and event log, record their weight, cancel them, and
//! re-route them in bulk (previewed, then committed once); beside them its dispatch policy
//! and each shipment's record as resources, and a prompt that explains a delay
//! ([`published`]). Build its registry with
//! [`registry`] or [`builder`], or take its tools with [`tool_list`] to serve them beside
//! your own.

pub mod audit;
pub mod conformance;
pub mod depot;
pub mod event_log;
pub mod everything;
pub mod manifest;
pub mod published;
pub mod reroute;
pub mod routing;
pub mod shipment;
pub mod tools;
pub mod views;

mod seed;

#[cfg(test)]
mod responses;

use std::sync::Arc;

use mcp_tools::{
    Registry,
    definition::ToolDefinition,
    registry::BuildError,
    registry::RegistryBuilder,
    store::{MemoryStore, Store},
    tools,
};

pub use depot::Depot;
pub use routing::Routing;
pub use shipment::{ServiceLevel, Shipment, Status};

/// What the model reads about the server as a whole, in `initialize`.
const INSTRUCTIONS: &str = "Parcel depot. Find shipments with `shipment_search`, check one with \
     `shipment_get_status` before changing it, then record its weight with \
     `shipment_set_weight` (before dispatch only) or cancel it with `shipment_cancel`. \
     `shipment_get_log` tells what happened to a shipment, event by event. To move every \
     open shipment of a depot to another, preview with `shipment_plan_reroute`, then apply \
     its handle with `shipment_commit_reroute`. To load a truck, open a manifest with \
     `manifest_open`, add weighed shipments with `manifest_add_shipment`, then \
     `manifest_submit` it. `depot_audit` re-weighs a depot's shipments; it takes a while.";

/// The shipment tools, in listing order: `shipment_search`, `shipment_get_status`,
/// `shipment_get_log`, `shipment_set_weight`, `shipment_cancel` (which needs the scope
/// `shipment:cancel`), `shipment_plan_reroute`,
/// `shipment_commit_reroute`, and the loading manifests `manifest_open`,
/// `manifest_add_shipment`, `manifest_submit` (state kept by a handle), and `depot_audit`
/// (long-running, a task where the client supports tasks). They take `State<Depot>` and `State<Routing>`, so a registry
/// serving them needs both ([`with_state`] sets them).
#[must_use]
pub fn tool_list() -> Vec<ToolDefinition> {
    tools![
        tools::search,
        tools::get_status,
        tools::get_log,
        tools::set_weight,
        tools::cancel,
        reroute::plan_reroute,
        reroute::commit_reroute,
        manifest::open,
        manifest::add_shipment,
        manifest::submit,
        audit::audit
    ]
}

/// Gives `builder` what the shipment tools need: a freshly seeded [`Depot`], and routes,
/// plans and commit records in `store` (shared by every replica of a deployment).
pub fn with_state(builder: RegistryBuilder, store: Arc<dyn Store>) -> RegistryBuilder {
    builder
        .state(Depot::seeded())
        .state(Routing::new(Arc::clone(&store)))
        .state(audit::Scale::default())
        .store(store)
}

/// The `shipments` server's builder, with its plans and routes in `store`: add settings
/// (a shared [`token_secret`](RegistryBuilder::token_secret), HTTP options) and build.
#[must_use]
pub fn builder(store: Arc<dyn Store>) -> RegistryBuilder {
    let builder = Registry::builder()
        .server_info("shipments", env!("CARGO_PKG_VERSION"))
        .instructions(INSTRUCTIONS);
    with_state(builder, store)
        .tools(tool_list())
        .catalog(published::catalog())
}

/// The `shipments` server of one process: the shipment tools over a freshly seeded
/// [`Depot`], its plans and routes in memory.
pub fn registry() -> Result<Registry, BuildError> {
    builder(Arc::new(MemoryStore::new())).build()
}
