//! `Plan<T>`: what a preview tool returns.

use std::time::Duration;

use schemars::JsonSchema;
use serde::Serialize;
use serde_json::{Value, json};

use crate::{
    error::ToolError,
    meta::ResponseFormat,
    output::{IntoToolOutput, Keep, PlanDraft, ToolOutput},
    schema::{self, OutputSchema},
    view,
};

/// What binds a plan's handle to commits of the same type: the type's JSON Schema id,
/// which its source defines (`my_crate::refunds::Refund` for a derived type), not the
/// compiler, so a handle one build of the server issued opens in another build of the
/// same code (a rolling upgrade), and a type moved or renamed is a different kind.
pub(crate) fn plan_kind<T: JsonSchema>() -> String {
    T::schema_id().into_owned()
}

/// What a change would do, returned by a preview tool; the runtime keeps it and hands the
/// model a handle that a commit tool taking a [`PlanHandle<T>`](crate::PlanHandle) applies.
///
/// Sent as `{"plan": {…}, "handle": "…", "expires_at": "…"}`. The plan's own fields follow
/// the result's format like any structured result ([`detailed_only`](crate::view::detailed_only)
/// keeps a field out of `concise`), and a plan over its budget is cut by whole items; the
/// handle always applies the whole plan the runtime kept.
///
/// ```
/// use mcp_tools::prelude::*;
/// use schemars::JsonSchema;
/// use serde::{Deserialize, Serialize};
///
/// #[derive(Serialize, Deserialize, JsonSchema)]
/// struct Refund {
///     /// The order refunded.
///     order_number: String,
///     /// What the customer gets back, in cents.
///     amount_cents: u64,
/// }
///
/// /// Preview the refund of an order: what would be paid back.
/// ///
/// /// Use before `order_commit_refund`, which applies the refund by its handle.
/// #[tool(namespace = "order", read_only)]
/// async fn preview_refund(
///     /// Order number, like `OR-1001`.
///     order_number: String,
/// ) -> Plan<Refund> {
///     Plan::new(Refund { order_number, amount_cents: 1999 })
/// }
/// ```
#[derive(Clone, Debug)]
pub struct Plan<T> {
    plan: T,
    ttl: Duration,
}

impl<T> Plan<T> {
    /// A plan that lives [`DEFAULT_PLAN_TTL`](crate::limits::DEFAULT_PLAN_TTL) (15 minutes).
    pub fn new(plan: T) -> Self {
        Plan {
            plan,
            ttl: crate::limits::DEFAULT_PLAN_TTL,
        }
    }

    /// How long the plan, and its handle, may be committed: short for data that changes
    /// fast, so a stale plan is refused early.
    #[must_use]
    pub fn ttl(mut self, ttl: Duration) -> Self {
        self.ttl = ttl;
        self
    }

    /// The plan.
    pub fn get(&self) -> &T {
        &self.plan
    }
}

/// The wire shape of a plan, for its output schema.
#[derive(Serialize, JsonSchema)]
struct PlanShape<T> {
    /// What the change would do.
    plan: T,
    /// Pass to the commit tool to apply exactly this plan; it is bound to you and expires.
    handle: String,
    /// When the handle expires; preview again after.
    #[schemars(extend("format" = "date-time"))]
    expires_at: String,
}

impl<T: Serialize + JsonSchema> IntoToolOutput for Plan<T> {
    fn output_schema() -> Option<OutputSchema> {
        Some(schema::output_schema_for::<PlanShape<T>>())
    }

    fn into_tool_output(self) -> Result<ToolOutput, ToolError> {
        let failed =
            |e: serde_json::Error| ToolError::internal(format!("a plan did not serialize: {e}"));
        // The model sees the call's view; the store keeps the whole plan, which the commit
        // deserializes: a `detailed_only` field is part of what it applies.
        let value: Value = serde_json::to_value(&self.plan).map_err(failed)?;
        let bytes = view::with_format(ResponseFormat::Detailed, || serde_json::to_vec(&self.plan))
            .map_err(failed)?;
        let mut output = ToolOutput::structured(json!({ "plan": value }));
        output.keep = Some(Box::new(Keep::Plan(PlanDraft {
            bytes,
            ttl: self.ttl,
            kind: plan_kind::<T>(),
        })));
        Ok(output)
    }
}
