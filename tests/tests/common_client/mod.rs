//! An rmcp client connected in process to a served registry, shared by the end-to-end
//! tests: connect, call, and check that the server stops cleanly.

// Each test crate that includes this module uses a part of it.
#![allow(dead_code)]

use std::{future::IntoFuture, time::Duration};

use mcp_tools::{Registry, Serve as _, ServeError};
use rmcp::{
    ClientHandler, ErrorData, Peer, RoleClient, ServiceExt,
    model::{
        CallToolRequestParams, CallToolResult, ClientCapabilities, ClientConfig,
        ElicitRequestParams, ElicitResult, ElicitationAction, Implementation, JsonObject,
    },
    service::{RequestContext, RunningService},
};
use serde_json::{Value, json};
use tokio::task::JoinHandle;

/// Upper bound of any single exchange with a server; generous, for loaded CI machines.
pub(crate) const IO_TIMEOUT: Duration = Duration::from_secs(60);

/// Awaits `fut`, failing the test if it takes longer than [`IO_TIMEOUT`].
pub(crate) async fn within<F: IntoFuture>(what: &str, fut: F) -> F::Output {
    let Ok(output) = tokio::time::timeout(IO_TIMEOUT, fut).await else {
        panic!("{what}: no answer within {IO_TIMEOUT:?}; the server hangs");
    };
    output
}

/// A client connected in process to a served registry.
pub(crate) struct InProcess<H: ClientHandler = ()> {
    pub(crate) client: RunningService<RoleClient, H>,
    pub(crate) server: JoinHandle<Result<(), ServeError>>,
}

impl<H: ClientHandler> InProcess<H> {
    pub(crate) fn peer(&self) -> &Peer<RoleClient> {
        self.client.peer()
    }

    /// Disconnects, and checks that the server then stops cleanly.
    pub(crate) async fn close(self) {
        within("client shutdown", self.client.cancel())
            .await
            .expect("the client shuts down");
        within("server shutdown", self.server)
            .await
            .expect("the server task does not panic")
            .expect("the server stops cleanly when the client disconnects");
    }
}

pub(crate) async fn connect(registry: Registry) -> InProcess {
    connect_with(registry, ()).await
}

pub(crate) async fn connect_with<H: ClientHandler>(registry: Registry, handler: H) -> InProcess<H> {
    let (server_io, client_io) = tokio::io::duplex(1 << 16);
    let server = tokio::spawn(registry.serve_transport(server_io));
    let client = within("initialize", handler.serve(client_io))
        .await
        .expect("the MCP handshake succeeds");
    InProcess { client, server }
}

pub(crate) fn object(value: Value) -> JsonObject {
    match value {
        Value::Object(map) => map,
        other => panic!("arguments must be a JSON object, not {other}"),
    }
}

pub(crate) fn request(name: &str, arguments: Value) -> CallToolRequestParams {
    CallToolRequestParams::new(name.to_owned()).with_arguments(object(arguments))
}

/// A `tools/call` that must come back as a result (successful or `isError`).
pub(crate) async fn call(peer: &Peer<RoleClient>, name: &str, arguments: Value) -> CallToolResult {
    within(
        &format!("tools/call {name}"),
        peer.call_tool(request(name, arguments)),
    )
    .await
    .unwrap_or_else(|err| panic!("tools/call {name} failed at the protocol level: {err}"))
}

/// A client that declares elicitation and, when `tasks`, the Tasks extension; it answers
/// every form sent to it with `{"title": "Q3"}`.
#[derive(Clone, Copy)]
pub(crate) struct TasksClient {
    pub(crate) tasks: bool,
}

impl ClientHandler for TasksClient {
    fn get_info(&self) -> ClientConfig {
        let declared = if self.tasks {
            json!({"elicitation": {}, "extensions": {"io.modelcontextprotocol/tasks": {}}})
        } else {
            json!({"elicitation": {}})
        };
        let capabilities: ClientCapabilities =
            serde_json::from_value(declared).expect("client capabilities");
        ClientConfig::new(capabilities, Implementation::new("tasks-test", "1.0.0"))
    }

    async fn create_elicitation(
        &self,
        _request: ElicitRequestParams,
        _context: RequestContext<RoleClient>,
    ) -> Result<ElicitResult, ErrorData> {
        Ok(ElicitResult::new(ElicitationAction::Accept).with_content(json!({"title": "Q3"})))
    }
}
