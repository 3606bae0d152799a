//! `PlanHandle<T>`: the parameter of a commit tool, and the sealed handle it takes.

use std::fmt;

use schemars::JsonSchema;
use serde::de::DeserializeOwned;
use serde_json::json;

use crate::{
    arg::{ArgError, Call, ParamRole, ToolArg},
    error::ToolError,
    meta::ParamMeta,
    schema::InputSchema,
};

/// The plan a commit tool applies: take it as a parameter, and the model passes the handle
/// a [`Plan`](crate::Plan) of the same `T` returned.
///
/// Before the handler runs, the runtime checks the handle (not edited, not expired, made
/// for this caller and for a plan of type `T`), loads the plan from the store, and makes
/// sure no other call is committing it. A handle already committed is not run again: the
/// call returns the first commit's result. Each refusal is an `isError` result that says
/// what to do (mostly: preview again).
///
/// The handler still checks the plan's preconditions against the data, since the data may
/// have changed since the preview, and refuses a stale plan with [`PlanHandle::stale`].
/// If it fails (an error, a panic, a timeout) the handle may be committed again, so a
/// change of several steps is written atomically, or keyed by [`PlanHandle::id`].
///
/// ```
/// use mcp_tools::prelude::*;
/// use schemars::JsonSchema;
/// use serde::{Deserialize, Serialize};
///
/// #[derive(Serialize, Deserialize, JsonSchema)]
/// struct Refund {
///     order_number: String,
///     amount_cents: u64,
/// }
///
/// /// Apply a refund previewed with `order_preview_refund`.
/// ///
/// /// Pays the customer back once, however often the call is retried.
/// #[tool(namespace = "order", destructive)]
/// async fn commit_refund(
///     /// The `handle` that `order_preview_refund` returned.
///     handle: PlanHandle<Refund>,
/// ) -> Result<String, ToolError> {
///     let refund = handle.plan();
///     if refund.amount_cents == 0 {
///         return Err(handle.stale("the order was refunded in full already"));
///     }
///     Ok(format!("refunded {} cents on {}", refund.amount_cents, refund.order_number))
/// }
/// ```
pub struct PlanHandle<T> {
    id: String,
    plan: T,
    preview_tool: String,
}

impl<T> PlanHandle<T> {
    /// A handle of `plan`, for calling a commit fn directly in tests.
    pub fn for_test(plan: T) -> Self {
        PlanHandle {
            id: "test".into(),
            plan,
            preview_tool: "the preview tool".into(),
        }
    }

    /// The plan to apply.
    pub fn plan(&self) -> &T {
        &self.plan
    }

    /// The plan, owned.
    pub fn into_plan(self) -> T {
        self.plan
    }

    /// The plan's id: the same for every commit of one handle, so a change that spans
    /// systems can use it as their idempotency key.
    pub fn id(&self) -> &str {
        &self.id
    }

    /// The wire name of the tool that made the plan.
    pub fn preview_tool(&self) -> &str {
        &self.preview_tool
    }

    /// The error for a plan whose preconditions no longer hold (`reason` says which): a
    /// conflict that tells the model to preview again. Nothing is recorded, so the handle
    /// stays committable should the data change back.
    pub fn stale(&self, reason: impl fmt::Display) -> ToolError {
        ToolError::conflict(format!(
            "the plan no longer holds: {reason}. Nothing was changed; call `{}` again for a fresh plan and handle",
            self.preview_tool
        ))
    }
}

impl<T: fmt::Debug> fmt::Debug for PlanHandle<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("PlanHandle")
            .field("id", &self.id)
            .field("plan", &self.plan)
            .field("preview_tool", &self.preview_tool)
            .finish()
    }
}

const HANDLE_DOC: &str =
    "`handle` from the preview of this change; it applies exactly what the preview showed.";

impl<T: DeserializeOwned + JsonSchema + Send + 'static> ToolArg for PlanHandle<T> {
    const ROLE: ParamRole = ParamRole::Token;

    fn describe(param: &'static ParamMeta, schema: &mut InputSchema) {
        let description = param.description.unwrap_or(HANDLE_DOC);
        schema.properties.insert(
            param.name.to_owned(),
            json!({ "type": "string", "description": description }),
        );
        if param.required {
            schema.required.push(param.name.to_owned());
        }
        schema.plan_param = Some((param.name, super::preview::plan_kind::<T>()));
    }

    fn extract(param: &'static ParamMeta, call: &Call<'_>) -> Result<Self, ArgError> {
        // The runtime opened the handle and loaded the plan before the handler ran.
        let Some(loaded) = &call.plan else {
            return Err(ArgError::server(
                param,
                format!("no plan loaded for `{}`", param.rust_name),
            ));
        };
        let plan = T::deserialize(&loaded.plan).map_err(|e| {
            ArgError::server(
                param,
                format!(
                    "the stored plan does not fit `{}` (was the server updated since the preview?): {e}",
                    T::schema_id()
                ),
            )
        })?;
        Ok(PlanHandle {
            id: loaded.id.clone(),
            plan,
            preview_tool: loaded.preview_tool.clone(),
        })
    }
}
