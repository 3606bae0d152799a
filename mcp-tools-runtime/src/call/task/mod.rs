//! A `tools/call` that runs as a task (MCP's Tasks extension), and `tasks/get`,
//! `tasks/update` and `tasks/cancel`, answered from the task's record.
//!
//! A call of a `#[tool(task = …)]` tool from a client that declared the extension is
//! validated and authorized as any call is, then its record is written and the call runs
//! apart from the request (`run`); the client gets the task at once. A `task_deferred`
//! tool runs as a plain call until its handler asks to continue as a task. The call runs
//! through the same pipeline as a direct one, so its result has the same budgets and
//! shape; what it asks the client waits on the task (`input_required`) until a
//! `tasks/update` brings the answers, and the call then runs again with them, on whichever
//! replica took the update.

mod listing;
mod methods;
mod run;
mod start;

use std::future::Future;

use futures::future::Either;
use rmcp::{
    ErrorData,
    model::{CallToolRequestParams, CallToolResponse, ClientCapabilities},
};

use super::CallEnv;
use crate::{meta::TaskSupport, registry::Registry, wire::CALL_TOOL};

impl Registry {
    /// A `tools/call` as a client sent it: a task when the tool runs as one and the client
    /// supports tasks, otherwise the call pipeline.
    ///
    /// Decided before any future is built: a plain call gets the pipeline's own small
    /// future, and only a call that starts a task pays for a boxed one. rmcp spawns every
    /// request's future, so its size is copied on every call (an `async fn` here carried
    /// the task start's state into each plain call: 5 KB copied several times per call).
    pub(crate) fn call_or_task(
        &self,
        request: CallToolRequestParams,
        env: CallEnv,
    ) -> impl Future<Output = Result<CallToolResponse, ErrorData>> + Send + '_ {
        match self.task_way(&request, &env) {
            Way::Plain => Either::Left(self.dispatch(request, env)),
            way => Either::Right(Box::pin(self.go(way, request, env))),
        }
    }

    /// How a call goes: as a plain call, refused, or as a task started now or later.
    fn task_way(&self, request: &CallToolRequestParams, env: &CallEnv) -> Way {
        if self.inner.task_routes.is_empty() {
            return Way::Plain;
        }
        // Through `tools_call` (progressive discovery), the tool called is the one named inside.
        let wrapped = self.inner.discovery.is_some() && request.name == CALL_TOOL;
        let target = if wrapped {
            request
                .arguments
                .as_ref()
                .and_then(|a| a.get("name"))
                .and_then(serde_json::Value::as_str)
        } else {
            Some(request.name.as_ref())
        };
        let Some(meta) = target.and_then(|name| {
            let (_, index) = self.inner.task_routes.iter().find(|(n, _)| *n == name)?;
            Some(self.inner.entries[*index].meta)
        }) else {
            return Way::Plain;
        };
        let Some(support) = meta.task else {
            return Way::Plain;
        };
        let declared = env
            .request
            .as_ref()
            .and_then(rmcp::service::RequestContext::client_capabilities)
            .is_some_and(|caps| caps.supports_tasks());
        match (declared, support, meta.task_deferred) {
            (false, TaskSupport::Optional, _) => Way::Plain,
            (false, TaskSupport::Required, _) => Way::Refused(meta.name),
            (true, _, true) => Way::Deferred,
            (true, _, false) => Way::Task { wrapped },
        }
    }

    /// Goes the way [`Registry::task_way`] chose.
    async fn go(
        &self,
        way: Way,
        request: CallToolRequestParams,
        env: CallEnv,
    ) -> Result<CallToolResponse, ErrorData> {
        match way {
            Way::Plain => self.dispatch(request, env).await,
            Way::Refused(tool) => Err(tasks_required(tool)),
            Way::Deferred => self.start_deferred(request, env).await,
            Way::Task { wrapped } => match (wrapped, &self.inner.discovery) {
                (true, Some(discovery)) => match super::discover::unwrap_call(discovery, request) {
                    Ok(inner) => self.start_task(inner, env).await,
                    Err(refused) => Ok((*refused).into()),
                },
                _ => self.start_task(request, env).await,
            },
        }
    }
}

/// The way [`Registry::task_way`] chose for a call.
enum Way {
    Plain,
    /// A task-only tool, called by a client without tasks.
    Refused(&'static str),
    /// A `task_deferred` tool: a plain call until its handler asks to continue as a task.
    Deferred,
    /// A task from the start; `wrapped` when it came through `tools_call`.
    Task {
        wrapped: bool,
    },
}

/// The error (-32021) for a tool that runs only as a task, called by a client that did
/// not declare the Tasks extension.
fn tasks_required(tool: &str) -> ErrorData {
    let mut error = ErrorData::missing_required_client_capability(
        ClientCapabilities::builder().enable_tasks().build(),
    );
    error.message = format!(
        "`{tool}` runs only as a task, and this client did not declare the Tasks extension \
         ({}); call it from a client that supports tasks",
        rmcp::model::TASKS_EXTENSION_ID
    )
    .into();
    error
}
