//! Tasks end to end through rmcp's client: the example's `depot_audit` (a long-running
//! tool, `task = "optional"`) started, polled, fetched and cancelled over stdio (the
//! `shipments` binary as a child process), over Streamable HTTP with sessions (2025-11-25),
//! and over stateless Streamable HTTP under 2026-07-28 (`server/discover`, capabilities in
//! each request's `_meta`); and a task that asks (the conformance server's `confirm_delete`)
//! answered with `tasks/update` over stdio and both kinds of HTTP. The in-process tests
//! (`in_process::tasks`) cover the rest; here the point is the transports and a real
//! client's side of the extension.

use std::{process::Stdio, time::Duration};

use crate::common_client::{TasksClient, request, within};

/// A client that declares the Tasks extension.
const TASKS: TasksClient = TasksClient { tasks: true };

use rmcp::{
    Peer, RoleClient, ServiceExt,
    model::{
        CallToolResponse, CancelTaskParams, GetTaskParams, InputResponses, ProtocolVersion,
        TaskPayload, TaskStatus, UpdateTaskParams,
    },
    service::{ClientLifecycleMode, ClientServiceExt},
    transport::{
        StreamableHttpClientTransport, TokioChildProcess,
        streamable_http_client::StreamableHttpClientTransportConfig,
    },
};
use serde_json::{Value, json};

/// Starts an audit of `depot` as a task; its id.
async fn start_audit(peer: &Peer<RoleClient>, depot: &str) -> String {
    let call = request("depot_audit", json!({ "depot_code": depot }));
    match within("tools/call", peer.call_tool_once(call))
        .await
        .expect("tools/call answers")
    {
        CallToolResponse::Task(created) => {
            assert_eq!(created.task.status, TaskStatus::Working);
            assert_eq!(
                created.task.ttl_ms,
                Some(3_600_000),
                "depot_audit keeps an hour"
            );
            created.task.task_id
        }
        other => panic!("depot_audit did not start a task: {other:?}"),
    }
}

/// Polls the task until it ends; the status messages seen on the way, and the end.
async fn finish(peer: &Peer<RoleClient>, id: &str) -> (Vec<String>, TaskStatus, TaskPayload) {
    let mut messages = Vec::new();
    for _ in 0..600 {
        let got = within("tasks/get", peer.get_task(GetTaskParams::new(id)))
            .await
            .expect("tasks/get answers");
        let task = got.task;
        if let Some(message) = task.task.status_message
            && !messages.contains(&message)
        {
            messages.push(message);
        }
        if task.task.status.is_terminal() {
            return (messages, task.task.status, task.payload);
        }
        tokio::time::sleep(Duration::from_millis(30)).await;
    }
    panic!("task {id} did not end within 18 s");
}

/// Start, poll, fetch; then start another and cancel it.
async fn exercise(peer: &Peer<RoleClient>) {
    let id = start_audit(peer, "BER1").await;
    let (messages, status, payload) = finish(peer, &id).await;
    assert_eq!(status, TaskStatus::Completed, "{payload:?}");
    assert!(
        messages.iter().any(|m| m.starts_with("weighed ")),
        "the audit's progress shows as the task's status: {messages:?}"
    );
    let TaskPayload::Completed { result } = payload else {
        unreachable!("completed")
    };
    let report = &result["structuredContent"];
    assert_eq!(report["depot"], "BER1");
    assert!(report["weighed"].as_u64().unwrap_or(0) > 0, "{result:?}");
    assert!(report["discrepancies"].is_array());

    let id = start_audit(peer, "MUC1").await;
    within("tasks/cancel", peer.cancel_task(CancelTaskParams::new(&id)))
        .await
        .expect("tasks/cancel acks");
    let (_, status, _) = finish(peer, &id).await;
    assert_eq!(status, TaskStatus::Cancelled);
}

/// A task that asks: `confirm_delete` waits on its question until `tasks/update` answers.
async fn answer(peer: &Peer<RoleClient>) {
    let call = request("confirm_delete", json!({ "filename": "q3.csv" }));
    let CallToolResponse::Task(created) = within("tools/call", peer.call_tool_once(call))
        .await
        .expect("tools/call answers")
    else {
        panic!("confirm_delete did not start a task");
    };
    let id = created.task.task_id;
    let asked = loop {
        let got = within("tasks/get", peer.get_task(GetTaskParams::new(&id)))
            .await
            .expect("tasks/get answers");
        match got.task.payload {
            TaskPayload::InputRequired { input_requests } => break input_requests,
            TaskPayload::Working => tokio::time::sleep(Duration::from_millis(20)).await,
            other => panic!("not waiting on input: {other:?}"),
        }
    };
    let answers: InputResponses = asked
        .keys()
        .map(|key| {
            let answer = json!({"action": "accept", "content": {"confirm": true}});
            (key.clone(), answer)
        })
        .collect();
    assert_eq!(answers.len(), 1, "one question: {asked:?}");
    within(
        "tasks/update",
        peer.update_task(UpdateTaskParams::new(&id, answers)),
    )
    .await
    .expect("tasks/update acks");
    let (_, status, payload) = finish(peer, &id).await;
    assert_eq!(status, TaskStatus::Completed, "{payload:?}");
    let TaskPayload::Completed { result } = payload else {
        unreachable!("completed")
    };
    let text = result["content"][0]["text"].as_str().unwrap_or_default();
    assert!(text.starts_with("Deleted q3.csv"), "{text}");
}

#[tokio::test]
async fn a_task_that_asks_is_answered_over_stdio() {
    let binary = crate::e2e_rmcp::example_binary("conformance-server").await;
    let mut command = tokio::process::Command::new(&binary);
    command
        .arg("--stdio")
        .env("RUST_LOG", "warn")
        .kill_on_drop(true);
    let (transport, _stderr) = TokioChildProcess::builder(command)
        .stderr(Stdio::null())
        .spawn()
        .expect("the conformance server starts");
    let client = within("initialize", TASKS.serve(transport))
        .await
        .expect("the handshake succeeds");
    answer(client.peer()).await;
    within("shutdown", client.cancel())
        .await
        .expect("shuts down");
}

#[tokio::test]
async fn the_example_binary_runs_an_audit_as_a_task_over_stdio() {
    let binary = crate::e2e_rmcp::example_binary("shipments").await;
    let mut command = tokio::process::Command::new(&binary);
    command
        .env("SHIPMENTS_SCALE_MS", "10")
        .env("RUST_LOG", "warn")
        .kill_on_drop(true);
    let (transport, _stderr) = TokioChildProcess::builder(command)
        .stderr(Stdio::null())
        .spawn()
        .expect("the shipments binary starts");
    let client = within("initialize", TASKS.serve(transport))
        .await
        .expect("the handshake succeeds");
    exercise(client.peer()).await;
    within("shutdown", client.cancel())
        .await
        .expect("shuts down");
}

/// A loopback listener, its URL, and the sender whose drop stops the server.
async fn loopback() -> (
    tokio::net::TcpListener,
    String,
    tokio::sync::oneshot::Sender<()>,
    impl Future<Output = ()> + Send + 'static,
) {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .expect("a loopback port");
    let url = format!("http://{}/mcp", listener.local_addr().expect("an address"));
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    (listener, url, stop, async move {
        let _ = stopped.await;
    })
}

/// Serves the example on a loopback port, stateless or with sessions; its URL.
async fn serve_example(stateless: bool) -> (String, tokio::sync::oneshot::Sender<()>) {
    let store = std::sync::Arc::new(mcp_tools::store::MemoryStore::new());
    let registry = mcp_tools_examples::builder(store)
        .state(mcp_tools_examples::audit::Scale {
            per_shipment: Duration::from_millis(10),
        })
        .build()
        .expect("the example builds");
    let (listener, url, stop, stopped) = loopback().await;
    let http = mcp_tools::http::Http::new(registry).stateless(stateless);
    tokio::spawn(http.serve_on(listener, stopped));
    (url, stop)
}

/// Serves the conformance server (whose `confirm_delete` asks) the same way.
async fn serve_conformance(stateless: bool) -> (String, tokio::sync::oneshot::Sender<()>) {
    let server = mcp_tools_examples::conformance::server().expect("the server builds");
    let (listener, url, stop, stopped) = loopback().await;
    let http = mcp_tools::http::Http::new(server).stateless(stateless);
    tokio::spawn(http.serve_on(listener, stopped));
    (url, stop)
}

/// A client with sessions (2025-11-25) at `url`.
async fn session_client(url: String) -> rmcp::service::RunningService<RoleClient, TasksClient> {
    let config = StreamableHttpClientTransportConfig::with_uri(url);
    within(
        "initialize",
        TASKS.serve(StreamableHttpClientTransport::from_config(config)),
    )
    .await
    .expect("the handshake succeeds")
}

/// A stateless client (2026-07-28, `server/discover`) at `url`.
async fn stateless_client(url: String) -> rmcp::service::RunningService<RoleClient, TasksClient> {
    let config = StreamableHttpClientTransportConfig::with_uri(url);
    let lifecycle = ClientLifecycleMode::Discover {
        preferred_versions: vec![ProtocolVersion::V_2026_07_28],
    };
    let transport = StreamableHttpClientTransport::from_config(config);
    let client = within(
        "server/discover",
        TASKS.serve_with_lifecycle(transport, lifecycle),
    )
    .await
    .expect("server/discover succeeds");
    let info = client.peer_info().expect("the server's info");
    assert_eq!(info.protocol_version, ProtocolVersion::V_2026_07_28);
    let declared: Value = serde_json::to_value(&info.capabilities).expect("capabilities");
    assert!(
        declared["extensions"]
            .get("io.modelcontextprotocol/tasks")
            .is_some(),
        "the server declares the Tasks extension: {declared}"
    );
    client
}

#[tokio::test]
async fn tasks_run_answer_and_cancel_over_http_with_sessions() {
    let (url, _stop) = serve_example(false).await;
    let client = session_client(url).await;
    exercise(client.peer()).await;
    within("shutdown", client.cancel())
        .await
        .expect("shuts down");
    let (url, _stop) = serve_conformance(false).await;
    let client = session_client(url).await;
    answer(client.peer()).await;
    within("shutdown", client.cancel())
        .await
        .expect("shuts down");
}

#[tokio::test]
async fn tasks_run_answer_and_cancel_over_stateless_http_under_2026_07_28() {
    let (url, _stop) = serve_example(true).await;
    let client = stateless_client(url).await;
    exercise(client.peer()).await;
    within("shutdown", client.cancel())
        .await
        .expect("shuts down");
    let (url, _stop) = serve_conformance(true).await;
    let client = stateless_client(url).await;
    answer(client.peer()).await;
    within("shutdown", client.cancel())
        .await
        .expect("shuts down");
}
