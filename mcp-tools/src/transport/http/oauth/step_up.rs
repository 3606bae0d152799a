//! The layer's check after the body is read: a `tools/call` of a tool whose scopes the
//! token does not hold gets `403` with MCP's scope challenge, naming the scopes to ask for,
//! so the client can get a token with them and retry (step-up authorization). The call
//! pipeline checks the scopes again, whatever the transport.

use std::sync::Arc;

use axum::{
    extract::{Request, State},
    middleware::Next,
    response::Response,
};
use rmcp::model::{ClientJsonRpcMessage, ClientRequest};

use super::{guard::Guard, refusal::insufficient_scope};
use crate::{context::Caller, definition::ToolDefinition, registry::Registry};

/// The tool a `tools/call` names, put in the request's extensions by the body reader.
#[derive(Clone, Debug)]
pub(crate) struct Called {
    name: String,
    /// `arguments.name`, the tool a call of `tools_call` is for.
    through: Option<String>,
}

impl Called {
    /// The tool `message` calls, if it is a `tools/call`.
    pub(crate) fn of(message: &ClientJsonRpcMessage) -> Option<Called> {
        let ClientJsonRpcMessage::Request(request) = message else {
            return None;
        };
        let ClientRequest::CallToolRequest(call) = &request.request else {
            return None;
        };
        let through = call
            .params
            .arguments
            .as_ref()
            .and_then(|args| args.get("name"))
            .and_then(serde_json::Value::as_str)
            .map(str::to_owned);
        Some(Called {
            name: call.params.name.to_string(),
            through,
        })
    }
}

/// What the check needs: the challenge's metadata URL, and the tools.
#[derive(Clone)]
pub(super) struct StepUp {
    pub(super) guard: Arc<Guard>,
    pub(super) registry: Registry,
}

pub(super) async fn step_up(State(state): State<StepUp>, request: Request, next: Next) -> Response {
    let extensions = request.extensions();
    if let (Some(called), Some(caller)) = (extensions.get::<Called>(), extensions.get::<Caller>())
        && let Some(tool) = tool_called(&state.registry, called)
        && !tool.scopes().iter().all(|s| caller.has_scope(s))
    {
        let missing: Vec<&str> = tool
            .scopes()
            .iter()
            .copied()
            .filter(|s| !caller.has_scope(s))
            .collect();
        let quoted: Vec<String> = missing.iter().map(|s| format!("`{s}`")).collect();
        let description = format!(
            "`{}` needs the scope{} {}, which this token does not hold; get a token with {} and retry",
            tool.name(),
            if missing.len() == 1 { "" } else { "s" },
            quoted.join(", "),
            if missing.len() == 1 { "it" } else { "them" },
        );
        return insufficient_scope(&state.guard.metadata_url, tool.scopes(), &description);
    }
    next.run(request).await
}

/// The tool a call reaches: by name or deprecated alias, or through `tools_call`. An
/// unknown name is left to the pipeline, which answers it with the nearest names.
fn tool_called<'r>(registry: &'r Registry, called: &Called) -> Option<&'r ToolDefinition> {
    registry.tool_reached(&called.name, called.through.as_deref())
}
