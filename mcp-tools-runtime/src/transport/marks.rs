//! `execution.taskSupport` on the task tools of a 2025-11-25 `tools/list` answer, which
//! rmcp's `Tool` has no field for (see `call::task::listing`), on the transports rmcp serializes
//! for: [`LineMarks`] writes the marked list in place of rmcp's on our stdio transport, and
//! [`Marked`] answers with it as JSON on any other ([`Serve::serve_transport`]). Streamable
//! HTTP marks the JSON rmcp wrote (`http::marks`).
//!
//! [`Serve::serve_transport`]: super::Serve::serve_transport

use std::borrow::Cow;

use futures::future::Either;
use rmcp::{
    ErrorData, RoleServer, ServerHandler, Service,
    model::{
        ClientNotification, ClientRequest, CustomResult, JsonRpcMessage, JsonRpcResponse,
        ProtocolVersion, ServerConfig, ServerResult,
    },
    service::{NotificationContext, RequestContext, TxJsonRpcMessage},
};

use crate::registry::Registry;

/// The marks on the line transport: it writes the answers, so it writes the marked list
/// itself, no dearer than rmcp's (nothing is built but the list of references).
#[derive(Default)]
pub(super) struct LineMarks {
    /// The registry, when it has task tools.
    registry: Option<Registry>,
    /// Whether the session is 2025-11-25, as the `initialize` answer said (a `tools/list`
    /// answered before it, from a client that did not wait for it, is not marked).
    on: bool,
}

impl LineMarks {
    pub(super) fn new(registry: &Registry) -> LineMarks {
        LineMarks {
            registry: registry.inner.has_tasks().then(|| registry.clone()),
            on: false,
        }
    }

    /// The line to write for `message` in place of rmcp's: a 2025-11-25 `tools/list`
    /// answer with a task tool on it; `None` for every other message.
    pub(super) fn line(&mut self, message: &TxJsonRpcMessage<RoleServer>) -> Option<Vec<u8>> {
        let registry = self.registry.as_ref()?;
        let JsonRpcMessage::Response(response) = message else {
            return None;
        };
        match &response.result {
            ServerResult::InitializeResult(init) => {
                self.on = registry.marks_tasks_in(init.protocol_version.as_str());
                None
            }
            ServerResult::ListToolsResult(list) if self.on => {
                let marked = JsonRpcResponse {
                    jsonrpc: response.jsonrpc,
                    id: response.id.clone(),
                    result: registry.marked_list(list)?,
                };
                let mut line = serde_json::to_vec(&marked).ok()?;
                line.push(b'\n');
                Some(line)
            }
            _ => None,
        }
    }
}

/// `S` served through rmcp's own `Service` for it, a 2025-11-25 `tools/list` answered with
/// the marked list as JSON (the only result rmcp lets a handler shape freely): dearer than
/// [`LineMarks`], paid only by such an answer.
pub(super) struct Marked<S> {
    served: S,
    /// The registry behind `served`, when it has task tools.
    registry: Option<Registry>,
}

impl<S> Marked<S> {
    pub(super) fn new(served: S, registry: &Registry) -> Marked<S> {
        Marked {
            served,
            registry: registry.inner.has_tasks().then(|| registry.clone()),
        }
    }
}

impl<S: ServerHandler> Service<RoleServer> for Marked<S> {
    fn handle_request(
        &self,
        request: ClientRequest,
        context: RequestContext<RoleServer>,
    ) -> impl Future<Output = Result<ServerResult, ErrorData>> + Send + '_ {
        // An `Option` and a discriminant checked on every request; the rest only for a
        // 2025-11-25 `tools/list` of a registry with task tools.
        let registry = self.registry.as_ref().filter(|registry| {
            matches!(request, ClientRequest::ListToolsRequest(_))
                && context
                    .protocol_version()
                    .is_some_and(|v| registry.marks_tasks_in(v.as_str()))
        });
        let Some(registry) = registry else {
            return Either::Left(Service::handle_request(&self.served, request, context));
        };
        Either::Right(Box::pin(async move {
            let result = Service::handle_request(&self.served, request, context).await?;
            Ok(as_json(registry, result))
        }))
    }

    fn handle_notification(
        &self,
        notification: ClientNotification,
        context: NotificationContext<RoleServer>,
    ) -> impl Future<Output = Result<(), ErrorData>> + Send + '_ {
        Service::handle_notification(&self.served, notification, context)
    }

    fn get_info(&self) -> ServerConfig {
        Service::get_info(&self.served)
    }

    fn supported_protocol_versions(&self) -> Cow<'static, [ProtocolVersion]> {
        Service::supported_protocol_versions(&self.served)
    }
}

/// The marked list as JSON, when a tool on `result` runs as a task; `result` otherwise.
fn as_json(registry: &Registry, result: ServerResult) -> ServerResult {
    let value = match &result {
        ServerResult::ListToolsResult(list) => registry
            .marked_list(list)
            .and_then(|marked| serde_json::to_value(marked).ok()),
        _ => None,
    };
    value.map_or(result, |value| {
        ServerResult::CustomResult(CustomResult(value))
    })
}
