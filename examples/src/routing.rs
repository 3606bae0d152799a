//! Re-routing: which depot delivers each shipment, kept in the registry's store so that
//! every replica of the server sees the same routes.
//!
//! The seeded shipments carry their first destination; a re-route records a move per
//! shipment in one table, changed only by compare-and-set, together with the ids of the
//! plans applied. So a plan whose commit runs again (after a crash between the change and
//! its record) is found already applied and moves nothing twice.

use std::{collections::BTreeMap, sync::Arc, time::Duration};

use mcp_tools::{ToolError, store::Store};
use serde::{Deserialize, Serialize};

use crate::Shipment;

/// The store key of the routing table.
const TABLE_KEY: &str = "shipments:routing";

/// The table outlives any deployment of the demo.
const TABLE_TTL: Duration = Duration::from_secs(365 * 24 * 60 * 60);

/// How often a change is retried when another replica changed the table first.
const MAX_RACES: usize = 64;

/// The routes over the registry's store: share one `Arc` with
/// [`RegistryBuilder::store`](mcp_tools::registry::RegistryBuilder::store).
#[derive(Clone)]
pub struct Routing {
    store: Arc<dyn Store>,
}

impl std::fmt::Debug for Routing {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Routing")
    }
}

/// The routing table as stored.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Table {
    /// Shipment number → the depot that now delivers it, for re-routed shipments.
    pub moves: BTreeMap<String, String>,
    /// Plan id → how many shipments it moved.
    pub applied: BTreeMap<String, usize>,
}

/// One shipment a re-route moves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Move<'a> {
    /// The shipment.
    pub shipment_number: &'a str,
    /// Where the plan saw it bound.
    pub from_depot: &'a str,
    /// Where it goes.
    pub to_depot: &'a str,
}

impl Routing {
    /// Routes kept in `store`.
    pub fn new(store: Arc<dyn Store>) -> Self {
        Routing { store }
    }

    /// The table as it is now.
    pub async fn table(&self) -> Result<Table, ToolError> {
        Ok(self.read().await?.1)
    }

    /// The depot that delivers `shipment` now.
    pub async fn destination_of(&self, shipment: &Shipment) -> Result<String, ToolError> {
        let table = self.table().await?;
        Ok(destination(&table, shipment).to_owned())
    }

    /// Applies the moves of plan `plan_id` at once, if every shipment is still bound where
    /// the plan saw it; a plan applied before is not applied again. Returns how many
    /// shipments the plan moved.
    ///
    /// # Errors
    ///
    /// `Stale` with the shipments that moved since the plan, or the store's failure.
    pub async fn apply(&self, plan_id: &str, moves: &[Move<'_>]) -> Result<usize, Apply> {
        for _ in 0..MAX_RACES {
            let (bytes, mut table) = self.read().await.map_err(Apply::Store)?;
            if let Some(moved) = table.applied.get(plan_id) {
                return Ok(*moved);
            }
            let stale: Vec<String> = moves
                .iter()
                .filter(|m| {
                    table
                        .moves
                        .get(m.shipment_number)
                        .map_or(m.from_depot, String::as_str)
                        != m.from_depot
                })
                .map(|m| m.shipment_number.to_owned())
                .collect();
            if !stale.is_empty() {
                return Err(Apply::Stale(stale));
            }
            for m in moves {
                table
                    .moves
                    .insert(m.shipment_number.to_owned(), m.to_depot.to_owned());
            }
            table.applied.insert(plan_id.to_owned(), moves.len());
            let next = serde_json::to_vec(&table)
                .map_err(|e| Apply::Store(ToolError::internal(e.to_string())))?;
            let swapped = match &bytes {
                Some(current) => {
                    self.store
                        .replace(TABLE_KEY, current, &next, TABLE_TTL)
                        .await
                }
                None => self.store.put_new(TABLE_KEY, &next, TABLE_TTL).await,
            };
            match swapped {
                Ok(true) => return Ok(moves.len()),
                // Another replica changed the table first: read it again.
                Ok(false) => {}
                Err(err) => return Err(Apply::Store(ToolError::from(err))),
            }
        }
        Err(Apply::Store(ToolError::retry_later(
            "the routing table is changing too fast to apply this plan; retry in a moment",
        )))
    }

    async fn read(&self) -> Result<(Option<Vec<u8>>, Table), ToolError> {
        let bytes = self.store.get(TABLE_KEY).await?;
        let table = match &bytes {
            Some(bytes) => serde_json::from_slice(bytes).map_err(|e| {
                ToolError::internal(format!("the routing table does not parse: {e}"))
            })?,
            None => Table::default(),
        };
        Ok((bytes, table))
    }
}

/// Why a plan was not applied.
#[derive(Debug)]
pub enum Apply {
    /// These shipments were re-routed since the plan was made.
    Stale(Vec<String>),
    /// The store failed.
    Store(ToolError),
}

/// The depot that delivers `shipment` under `table`.
#[must_use]
pub fn destination<'a>(table: &'a Table, shipment: &'a Shipment) -> &'a str {
    table
        .moves
        .get(&shipment.shipment_number)
        .map_or(&shipment.destination_depot, |d| d)
}
