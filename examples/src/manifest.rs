//! Loading manifests: a draft list of shipments for one truck, built over several calls and
//! then submitted. The draft is state that outlives a request, so it is a
//! [`Handle<Manifest>`](mcp_tools::Handle): `manifest_open` makes it, `manifest_add_shipment`
//! changes it, `manifest_submit` closes it. The runtime keeps it in the registry's store (in
//! Redis for a deployment of several replicas), binds the handle to the caller, and refuses
//! a handle that expired, was closed or belongs to someone else, naming `manifest_open`.

// `#[tool]` requires an `async fn`, and the in-memory depot never has to wait.
#![allow(clippy::unused_async)]

use mcp_tools::prelude::*;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::depot::Depot;

/// The most shipments one truck takes.
const MAX_SHIPMENTS: usize = 40;

/// A truck's loading manifest while it is drafted.
#[derive(Clone, Debug, Default, Serialize, Deserialize, JsonSchema)]
pub struct Manifest {
    /// The depot the truck leaves from, like `BER1`.
    pub depot: String,
    /// Shipment numbers on the truck, in loading order.
    pub shipments: Vec<String>,
}

/// What the model reads about a draft after a change.
#[derive(Debug, Serialize, JsonSchema)]
pub struct ManifestView {
    /// The depot the truck leaves from.
    pub depot: String,
    /// Shipment numbers on the truck, in loading order.
    pub shipments: Vec<String>,
    /// How many more shipments fit on the truck.
    pub room_left: usize,
}

impl From<&Manifest> for ManifestView {
    fn from(manifest: &Manifest) -> Self {
        ManifestView {
            depot: manifest.depot.clone(),
            shipments: manifest.shipments.clone(),
            room_left: MAX_SHIPMENTS.saturating_sub(manifest.shipments.len()),
        }
    }
}

/// Open a draft loading manifest for a truck leaving a depot.
///
/// Use to load a truck: add shipments with `manifest_add_shipment`, then send the list to the
/// depot with `manifest_submit`. Nothing changes at the depot until the manifest is submitted.
#[tool(
    namespace = "manifest",
    destructive = false,
    open_world = false,
    handle_ttl_secs = 3600
)]
pub async fn open(
    depot: State<Depot>,
    /// Code of the depot the truck leaves from, for example `BER1`.
    #[param(pattern = r"^[A-Z]{3}[0-9]$")]
    depot_code: String,
) -> Result<Handle<Manifest>, ToolError> {
    if !depot.has_depot(&depot_code) {
        return Err(ToolError::not_found(format!(
            "no depot `{depot_code}`; shipments name their depots in `origin_depot`, for example `BER1`"
        )));
    }
    Ok(Handle::new(Manifest {
        depot: depot_code,
        shipments: Vec::new(),
    }))
}

/// Add a shipment to a draft manifest opened with `manifest_open`.
///
/// The shipment must leave from the manifest's depot and be weighed, not yet dispatched.
/// Adding a shipment that is on the manifest already changes nothing.
#[tool(
    namespace = "manifest",
    destructive = false,
    idempotent,
    open_world = false
)]
pub async fn add_shipment(
    depot: State<Depot>,
    /// The `handle` that `manifest_open` returned.
    manifest: Handle<Manifest>,
    /// Shipment number, for example `SH-2026-004211`.
    #[param(pattern = r"^SH-\d{4}-\d{6}$")]
    shipment_number: String,
) -> Result<Json<ManifestView>, ToolError> {
    let mut manifest = manifest;
    let shipment = depot.get(&shipment_number)?;
    if shipment.origin_depot != manifest.depot {
        return Err(ToolError::invalid_input(format!(
            "{shipment_number} leaves from {}, not from {}; open a manifest for {} to load it",
            shipment.origin_depot, manifest.depot, shipment.origin_depot
        )));
    }
    if shipment.weight_kg.is_none() || !shipment.status.weight_editable() {
        return Err(ToolError::conflict(format!(
            "{shipment_number} is {}; only weighed shipments that are not dispatched yet can be loaded",
            shipment.status.phrase()
        )));
    }
    if manifest.shipments.contains(&shipment_number) {
        return Ok(Json(ManifestView::from(manifest.get())));
    }
    if manifest.shipments.len() >= MAX_SHIPMENTS {
        return Err(ToolError::conflict(format!(
            "the truck is full ({MAX_SHIPMENTS} shipments); submit this manifest and open another"
        )));
    }
    manifest
        .update(|m| m.shipments.push(shipment_number))
        .await?;
    Ok(Json(ManifestView::from(manifest.get())))
}

/// Submit a draft manifest opened with `manifest_open` to its depot for loading.
///
/// Closes the manifest: its handle cannot be used again. An empty manifest is refused.
#[tool(namespace = "manifest", destructive = false, open_world = false)]
pub async fn submit(
    /// The `handle` that `manifest_open` returned.
    manifest: Handle<Manifest>,
) -> Result<String, ToolError> {
    if manifest.shipments.is_empty() {
        return Err(ToolError::invalid_input(
            "the manifest is empty; add shipments with `manifest_add_shipment` first",
        ));
    }
    let manifest = manifest.close().await?;
    Ok(format!(
        "submitted a manifest of {} shipments for {}: {}",
        manifest.shipments.len(),
        manifest.depot,
        manifest.shipments.join(", ")
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn a_manifest_takes_weighed_shipments_of_its_depot_once() {
        let depot = State::new(Depot::seeded());
        let shipment = depot
            .search("", None)
            .into_iter()
            .find(|s| s.weight_kg.is_some() && s.status.weight_editable())
            .expect("the seed has a weighed shipment");
        let manifest = open(depot.clone(), shipment.origin_depot.clone())
            .await
            .expect("the depot exists");
        let number = shipment.shipment_number.clone();
        let view = add_shipment(depot.clone(), manifest, number.clone())
            .await
            .expect("a weighed shipment of the depot loads");
        assert_eq!(view.0.shipments, [number]);
        let err = open(depot, "XXX9".into()).await.expect_err("no such depot");
        assert_eq!(err.kind(), ErrorKind::NotFound);
        let empty = Handle::new(Manifest::default());
        assert!(submit(empty).await.is_err());
    }
}
