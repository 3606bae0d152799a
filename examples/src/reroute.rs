//! Re-routing in bulk, previewed then committed: `shipment_plan_reroute` lists the shipments
//! a move from one depot to another would touch; `shipment_commit_reroute` applies that
//! plan by its handle, once, however often it is retried, on any replica.

// `#[tool]` requires an `async fn`.
#![allow(clippy::unused_async)]

use mcp_tools::prelude::*;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::{
    Depot, Status,
    routing::{self, Apply, Move, Routing},
};

/// A re-route as previewed: every shipment it moves.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct Reroute {
    /// The depot the shipments are bound for now, like `HAM1`.
    pub from_depot: String,
    /// The depot that would deliver them instead, like `BER1`.
    pub to_depot: String,
    /// The shipments that would move, newest booking first.
    pub shipments: Vec<Affected>,
}

/// One shipment a re-route would move.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct Affected {
    /// Shipment number, like `SH-2026-000123`.
    pub shipment_number: String,
    /// City the shipment goes to.
    pub recipient_city: String,
}

/// The outcome of a committed re-route.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct Rerouted {
    /// The depot that now delivers the shipments.
    pub to_depot: String,
    /// How many shipments moved.
    pub moved: usize,
}

/// Preview moving every open shipment bound for one depot to another depot.
///
/// Use when a depot closes or is overloaded. Changes nothing: it returns the shipments that
/// would move and a `handle`; pass the handle to `shipment_commit_reroute` to apply exactly
/// this plan. Delivered and cancelled shipments never move.
#[tool(namespace = "shipment", read_only, open_world = false)]
pub async fn plan_reroute(
    depot: State<Depot>,
    routing: State<Routing>,
    /// Code of the depot the shipments are bound for now, like `HAM1`.
    #[param(pattern = r"^[A-Z]{3}\d$")]
    from_depot: String,
    /// Code of the depot to deliver them instead, like `BER1`.
    #[param(pattern = r"^[A-Z]{3}\d$")]
    to_depot: String,
) -> Result<Plan<Reroute>, ToolError> {
    if from_depot == to_depot {
        return Err(ToolError::invalid_input(
            "from_depot and to_depot are the same depot; name the depot to move the shipments to",
        ));
    }
    let table = routing.table().await?;
    let shipments: Vec<Affected> = depot
        .search("", None)
        .into_iter()
        .filter(|s| !matches!(s.status, Status::Delivered | Status::Cancelled))
        .filter(|s| routing::destination(&table, s) == from_depot)
        .map(|s| Affected {
            shipment_number: s.shipment_number,
            recipient_city: s.recipient_city,
        })
        .collect();
    if shipments.is_empty() {
        return Err(ToolError::not_found(format!(
            "no open shipment is bound for {from_depot}; check the depot code with `shipment_search`"
        )));
    }
    Ok(Plan::new(Reroute {
        from_depot,
        to_depot,
        shipments,
    }))
}

/// Apply a re-route previewed with `shipment_plan_reroute`, by its handle.
///
/// Moves exactly the shipments the preview listed, once: a retry returns the first result.
/// If any of them was re-routed since the preview, nothing moves and the call says to
/// preview again.
#[tool(namespace = "shipment", destructive = false, open_world = false)]
pub async fn commit_reroute(
    routing: State<Routing>,
    /// The `handle` that `shipment_plan_reroute` returned.
    handle: PlanHandle<Reroute>,
) -> Result<Json<Rerouted>, ToolError> {
    let plan = handle.plan();
    let moves: Vec<Move<'_>> = plan
        .shipments
        .iter()
        .map(|s| Move {
            shipment_number: &s.shipment_number,
            from_depot: &plan.from_depot,
            to_depot: &plan.to_depot,
        })
        .collect();
    match routing.apply(handle.id(), &moves).await {
        Ok(count) => Ok(Json(Rerouted {
            to_depot: plan.to_depot.clone(),
            moved: count,
        })),
        Err(Apply::Stale(numbers)) => Err(handle.stale(format_args!(
            "{} re-routed since the preview",
            numbers.join(", ")
        ))),
        Err(Apply::Store(err)) => Err(err),
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use mcp_tools::{
        Registry,
        rmcp::model::CallToolResult,
        store::{MemoryStore, Store},
        wire::{ERROR_META_KEY, REPLAY_META_KEY},
    };
    use serde_json::{Value, json};

    use crate::{Routing, builder};

    async fn call(registry: &Registry, name: &str, args: Value) -> CallToolResult {
        registry.call(name, args).await.expect("the tool exists")
    }

    fn structured(result: &CallToolResult) -> &Value {
        result.structured_content.as_ref().expect("structured")
    }

    fn error_kind(result: &CallToolResult) -> Option<&str> {
        result.meta.as_ref()?.0.get(ERROR_META_KEY)?["kind"].as_str()
    }

    fn text(result: &CallToolResult) -> &str {
        &result.content[0].as_text().expect("text").text
    }

    async fn preview(registry: &Registry, from: &str, to: &str) -> (String, Vec<String>) {
        let result = call(
            registry,
            "shipment_plan_reroute",
            json!({ "from_depot": from, "to_depot": to }),
        )
        .await;
        assert_ne!(result.is_error, Some(true), "{}", text(&result));
        let value = structured(&result);
        let numbers = value["plan"]["shipments"]
            .as_array()
            .expect("a list")
            .iter()
            .map(|s| s["shipment_number"].as_str().unwrap().to_owned())
            .collect();
        (
            value["handle"].as_str().expect("a handle").to_owned(),
            numbers,
        )
    }

    #[tokio::test]
    async fn a_previewed_reroute_commits_once_and_shows_everywhere() {
        let store: Arc<dyn Store> = Arc::new(MemoryStore::new());
        let registry = builder(Arc::clone(&store)).build().unwrap();
        let (handle, numbers) = preview(&registry, "HAM1", "BER1").await;
        assert!(!numbers.is_empty());
        // The preview changed nothing.
        let routing = Routing::new(Arc::clone(&store));
        assert!(routing.table().await.unwrap().moves.is_empty());

        let first = call(
            &registry,
            "shipment_commit_reroute",
            json!({ "handle": handle }),
        )
        .await;
        assert_ne!(first.is_error, Some(true), "{}", text(&first));
        assert_eq!(
            structured(&first),
            &json!({ "to_depot": "BER1", "moved": numbers.len() })
        );
        let status = call(
            &registry,
            "shipment_get_status",
            json!({ "shipment_number": numbers[0] }),
        )
        .await;
        assert_eq!(structured(&status)["destination_depot"], "BER1");

        // The same handle again: the first result, marked, and nothing moved twice.
        let again = call(
            &registry,
            "shipment_commit_reroute",
            json!({ "handle": handle }),
        )
        .await;
        assert_eq!(structured(&again), structured(&first));
        assert!(again.meta.as_ref().unwrap().0.contains_key(REPLAY_META_KEY));
        let table = routing.table().await.unwrap();
        assert_eq!(table.applied.len(), 1);
        assert_eq!(table.moves.len(), numbers.len());
    }

    #[tokio::test]
    async fn a_plan_overtaken_by_another_is_refused_with_a_way_forward() {
        let registry = builder(Arc::new(MemoryStore::new())).build().unwrap();
        let (to_berlin, _) = preview(&registry, "HAM1", "BER1").await;
        let (to_munich, _) = preview(&registry, "HAM1", "MUC1").await;
        let first = call(
            &registry,
            "shipment_commit_reroute",
            json!({ "handle": to_munich }),
        )
        .await;
        assert_ne!(first.is_error, Some(true), "{}", text(&first));

        let stale = call(
            &registry,
            "shipment_commit_reroute",
            json!({ "handle": to_berlin }),
        )
        .await;
        assert_eq!(stale.is_error, Some(true));
        assert_eq!(error_kind(&stale), Some("conflict"));
        assert!(
            text(&stale).contains("re-routed since the preview")
                && text(&stale).contains("call `shipment_plan_reroute` again"),
            "{}",
            text(&stale)
        );
        // Nothing left bound for Hamburg: a new preview says so.
        let none = call(
            &registry,
            "shipment_plan_reroute",
            json!({ "from_depot": "HAM1", "to_depot": "BER1" }),
        )
        .await;
        assert_eq!(error_kind(&none), Some("not_found"));
    }
}
