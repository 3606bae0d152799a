//! End-to-end tests with rmcp's own client.
//!
//! Most tests serve the fixture registry in process over `tokio::io::duplex`; the last ones
//! spawn the `fixture-server` and `shipments` binaries and talk to them over stdio, as an
//! MCP host would. Every await that talks to a server is bounded by a timeout, so a hung
//! server fails its test instead of hanging the run, and child processes die with their test.
//! The prompts and resources of the fixture server are tested in [`items`].

mod items;

use std::{
    collections::HashSet,
    path::{Path, PathBuf},
    process::Stdio,
    sync::{Arc, Mutex},
    time::{Duration, Instant},
};

use crate::common_client;

use common_client::{IO_TIMEOUT, call, connect, connect_with, request, within};
use mcp_tools::{
    Caller, Registry, Serve as _,
    wire::{DEPRECATION_META_KEY, ERROR_META_KEY},
};
use mcp_tools_tests::{
    SERVER_NAME, SERVER_VERSION,
    fixtures::{ADMIN_SCOPE, SECRET_DETAIL, WAIT_TIMEOUT_MS},
};
use rmcp::{
    ClientHandler, Peer, RoleClient, ServiceError, ServiceExt,
    model::{
        CallToolRequest, CallToolResult, ClientRequest, ErrorData, PaginatedRequestParams,
        ProgressNotificationParam, ProtocolVersion, ServerResult, Tool,
    },
    service::{
        ClientLifecycleMode, ClientServiceExt, NotificationContext, PeerRequestOptions,
        RunningService,
    },
    transport::TokioChildProcess,
};
use serde_json::{Value, json};
use tokio::io::{AsyncBufReadExt, AsyncWriteExt};

/// JSON-RPC "invalid params".
const INVALID_PARAMS: i32 = -32602;

/// The fixture tools, in the order the fixture registry lists them after the example's.
const FIXTURE_TOOLS: &[&str] = &[
    "diag_trigger_panic",
    "diag_check_database",
    "diag_wait_for_job",
    "diag_purge_cache",
    "diag_count_steps",
];

/// The example's tools these tests call; it may have more.
const EXAMPLE_TOOLS: &[&str] = &[
    "shipment_search",
    "shipment_get_status",
    "shipment_set_weight",
    "shipment_cancel",
];

/// What a result reached through the `set_weight` alias says after the tool's own content.
const DEPRECATION_NOTE: &str = "Note: `set_weight` is deprecated; call `shipment_set_weight` instead, with the same arguments.";

/// The newest shipment in `status`, found the way an agent would, with `shipment_search`.
/// Every server in these tests starts from a fresh copy of the same demo data.
async fn shipment_in(peer: &Peer<RoleClient>, status: &str) -> String {
    let result = call(
        peer,
        "shipment_search",
        json!({ "query": "SH-2026", "status": status, "limit": 1 }),
    )
    .await;
    assert_success(&result);
    let page = result
        .structured_content
        .as_ref()
        .expect("search results are structured");
    page["items"][0]["shipment_number"]
        .as_str()
        .unwrap_or_else(|| panic!("the demo depot has a {status} shipment: {page}"))
        .to_owned()
}

fn fixture_registry() -> Registry {
    mcp_tools_tests::registry().expect("the fixture registry builds")
}

/// A `tools/call` that must fail with a JSON-RPC error.
async fn call_error(peer: &Peer<RoleClient>, name: &str, arguments: Value) -> ErrorData {
    match within(
        &format!("tools/call {name}"),
        peer.call_tool(request(name, arguments)),
    )
    .await
    {
        Err(ServiceError::McpError(err)) => err,
        Err(other) => panic!("tools/call {name}: expected a JSON-RPC error, got {other}"),
        Ok(result) => panic!("tools/call {name}: expected a JSON-RPC error, got {result:?}"),
    }
}

/// The single text block of a result.
fn text(result: &CallToolResult) -> &str {
    assert_eq!(
        result.content.len(),
        1,
        "expected exactly one content block: {result:?}"
    );
    &result.content[0]
        .as_text()
        .unwrap_or_else(|| panic!("expected a text block: {result:?}"))
        .text
}

fn meta<'a>(result: &'a CallToolResult, key: &str) -> Option<&'a Value> {
    result.meta.as_ref().and_then(|m| m.0.get(key))
}

fn assert_success(result: &CallToolResult) {
    assert_ne!(result.is_error, Some(true), "expected success: {result:?}");
}

fn assert_tool_error(result: &CallToolResult, kind: &str, retryable: bool) {
    assert_eq!(result.is_error, Some(true), "expected isError: {result:?}");
    let detail = meta(result, ERROR_META_KEY).unwrap_or_else(|| {
        panic!("an error result carries `_meta[\"{ERROR_META_KEY}\"]`: {result:?}")
    });
    assert_eq!(detail["kind"], kind, "{result:?}");
    assert_eq!(detail["retryable"], retryable, "{result:?}");
}

/// Checks a masked internal error and returns its reference id.
fn assert_masked(result: &CallToolResult) -> String {
    assert_tool_error(result, "internal", false);
    let text = text(result);
    let Some((reference, _)) = text
        .strip_prefix("internal error (reference ")
        .and_then(|rest| rest.split_once(')'))
    else {
        panic!("the masked message names a reference: {text}");
    };
    let reference = reference.to_owned();
    assert_eq!(reference.len(), 8, "{text}");
    assert!(reference.chars().all(|c| c.is_ascii_hexdigit()), "{text}");
    assert_eq!(
        text,
        format!(
            "internal error (reference {reference}): the server could not complete this call and \
             logged the details. Retrying the same call is unlikely to help; report the reference \
             if it persists."
        )
    );
    assert_eq!(
        meta(result, ERROR_META_KEY).unwrap()["reference"],
        reference.as_str()
    );
    reference
}

fn names(tools: &[Tool]) -> Vec<String> {
    tools.iter().map(|t| t.name.to_string()).collect()
}

fn registry_names(registry: &Registry) -> Vec<String> {
    names(registry.tool_definitions())
}

// ---------------------------------------------------------------------------------------
// In process
// ---------------------------------------------------------------------------------------

#[tokio::test]
async fn initialize_announces_the_registry_identity() {
    let registry = fixture_registry();
    assert_eq!(registry.server_info(), (SERVER_NAME, SERVER_VERSION));
    let session = connect(registry).await;
    let info = session
        .peer()
        .peer_info()
        .expect("the server sent its info");
    let server = info.server_info.as_ref().expect("server info is present");
    assert_eq!(server.name, SERVER_NAME);
    assert_eq!(server.version, SERVER_VERSION);
    assert!(
        info.capabilities.tools.is_some(),
        "the tools capability is announced"
    );
    session.close().await;
}

#[tokio::test]
async fn tools_list_is_the_catalog_in_order_with_aliases_hidden() {
    let registry = fixture_registry();
    let session = connect(registry.clone()).await;
    let listed = within("tools/list", session.peer().list_all_tools())
        .await
        .expect("tools/list succeeds");
    let listed_names = names(&listed);
    // The example's tools in its own order, then the fixtures in theirs.
    let example: Vec<String> = mcp_tools_examples::tool_list()
        .iter()
        .map(|t| t.name().to_owned())
        .collect();
    let expected: Vec<String> = example
        .iter()
        .cloned()
        .chain(FIXTURE_TOOLS.iter().map(|&n| n.to_owned()))
        .collect();
    assert_eq!(listed_names, expected);
    for tool in EXAMPLE_TOOLS {
        assert!(
            example.iter().any(|n| n == tool),
            "the example lists `{tool}`"
        );
    }
    assert!(!listed_names.iter().any(|n| n == "set_weight"));
    // What the client got is exactly what the registry precomputed, field for field.
    assert_eq!(
        serde_json::to_value(&listed).unwrap(),
        serde_json::to_value(registry.tool_definitions()).unwrap()
    );
    // Listing twice gives the same answer.
    let again = within("tools/list", session.peer().list_all_tools())
        .await
        .expect("tools/list succeeds");
    assert_eq!(names(&again), listed_names);
    session.close().await;
}

#[tokio::test]
async fn tools_list_pages_through_every_tool_exactly_once() {
    let registry = mcp_tools_tests::registry_builder()
        .page_size(2)
        .build()
        .expect("the registry builds");
    let expected = registry_names(&registry);
    let session = connect(registry).await;
    let peer = session.peer();

    // Page by page, by hand.
    let mut seen = Vec::new();
    let mut cursor = None;
    let mut pages = 0;
    loop {
        let params = PaginatedRequestParams::default().with_cursor(cursor.take());
        let page = within("tools/list page", peer.list_tools(Some(params)))
            .await
            .expect("every page is served");
        pages += 1;
        assert!(
            page.tools.len() <= 2,
            "a page holds at most page_size tools"
        );
        seen.extend(names(&page.tools));
        match page.next_cursor {
            Some(next) => cursor = Some(next),
            None => break,
        }
        assert!(pages <= expected.len(), "pagination does not terminate");
    }
    assert_eq!(seen, expected);
    assert_eq!(pages, expected.len().div_ceil(2));

    // The SDK's own pager sees the same list, each tool once.
    let all = names(
        &within("list_all_tools", peer.list_all_tools())
            .await
            .expect("list_all_tools succeeds"),
    );
    assert_eq!(all, expected);
    assert_eq!(all.iter().collect::<HashSet<_>>().len(), all.len());

    // A forged cursor is refused with invalid params, not answered with a wrong page.
    for forged in ["garbage", "", "00000000ffff", "AAAAAAAAAAAAAAAAAAAA"] {
        let params = PaginatedRequestParams::default().with_cursor(Some(forged.to_owned()));
        match within("tools/list forged cursor", peer.list_tools(Some(params))).await {
            Err(ServiceError::McpError(err)) => {
                assert_eq!(err.code.0, INVALID_PARAMS, "{err:?}");
                assert!(
                    err.message.contains("invalid cursor")
                        && err.message.contains("call tools/list without a cursor"),
                    "{}",
                    err.message
                );
            }
            other => panic!("forged cursor {forged:?}: expected -32602, got {other:?}"),
        }
    }
    session.close().await;

    // A cursor from a server with a different catalog is refused too.
    let other = Registry::builder()
        .server_info("other", "1.0.0")
        .tools(mcp_tools_tests::fixtures::tool_list())
        .page_size(2)
        .build()
        .expect("the registry builds");
    let other_session = connect(other).await;
    let foreign = within("tools/list", other_session.peer().list_tools(None))
        .await
        .expect("first page")
        .next_cursor
        .expect("a second page exists");
    other_session.close().await;
    let session = connect(
        mcp_tools_tests::registry_builder()
            .page_size(2)
            .build()
            .expect("the registry builds"),
    )
    .await;
    let params = PaginatedRequestParams::default().with_cursor(Some(foreign));
    match within(
        "tools/list foreign cursor",
        session.peer().list_tools(Some(params)),
    )
    .await
    {
        Err(ServiceError::McpError(err)) => assert_eq!(err.code.0, INVALID_PARAMS),
        other => panic!("foreign cursor: expected -32602, got {other:?}"),
    }
    session.close().await;
}

#[tokio::test]
async fn a_valid_call_returns_structured_content_and_its_text_mirror() {
    let registry = fixture_registry();
    let session = connect(registry.clone()).await;
    let result = call(
        session.peer(),
        "shipment_get_status",
        json!({ "shipment_number": "SH-2026-000001" }),
    )
    .await;
    assert_success(&result);
    let structured = result
        .structured_content
        .as_ref()
        .expect("a Json<T> tool sends structuredContent");
    assert!(structured.is_object(), "{structured}");
    assert_eq!(structured["shipment_number"], "SH-2026-000001");
    let mirror: Value = serde_json::from_str(text(&result)).expect("the text mirror is JSON");
    assert_eq!(
        &mirror, structured,
        "the text block mirrors structuredContent"
    );

    // The result is valid against the tool's published outputSchema.
    let tool = registry
        .tool_definitions()
        .iter()
        .find(|t| t.name == "shipment_get_status")
        .unwrap();
    let schema = Value::Object(
        tool.output_schema
            .as_deref()
            .expect("a Json<T> tool publishes an outputSchema")
            .clone(),
    );
    let validator = jsonschema::validator_for(&schema).expect("the outputSchema compiles");
    let problems: Vec<String> = validator
        .iter_errors(structured)
        .map(|e| e.to_string())
        .collect();
    assert!(problems.is_empty(), "{problems:?}");
    session.close().await;
}

#[tokio::test]
async fn bad_arguments_come_back_as_one_line_per_problem() {
    let session = connect(fixture_registry()).await;
    let peer = session.peer();

    let result = call(
        peer,
        "shipment_set_weight",
        json!({ "shipment_number": "SH-2026-000001", "weight_kg": 45000 }),
    )
    .await;
    assert_tool_error(&result, "invalid_input", false);
    assert_eq!(
        text(&result),
        "invalid input: weight_kg must be at most 30000 (kg); got 45000"
    );

    // Every problem at once, one per line: the unknown argument with its likely meaning,
    // the missing one, and the malformed one.
    let result = call(
        peer,
        "shipment_set_weight",
        json!({ "shipment_number": "SH-1", "weight": 12 }),
    )
    .await;
    assert_tool_error(&result, "invalid_input", false);
    let message = text(&result);
    let lines: Vec<&str> = message.lines().collect();
    assert_eq!(lines.len(), 3, "{message}");
    assert_eq!(
        lines[0],
        "invalid input: unknown argument `weight`; did you mean `weight_kg`?"
    );
    assert_eq!(lines[1], "missing required argument `weight_kg`");
    assert_eq!(
        lines[2],
        r#"shipment_number must match ^SH-\d{4}-\d{6}$; got "SH-1""#
    );

    // A wrong type names the expected one.
    let result = call(
        peer,
        "shipment_set_weight",
        json!({ "shipment_number": "SH-2026-000001", "weight_kg": "heavy" }),
    )
    .await;
    assert_tool_error(&result, "invalid_input", false);
    assert_eq!(
        text(&result),
        "invalid input: weight_kg must be a number; got \"heavy\""
    );
    session.close().await;
}

#[tokio::test]
async fn an_unknown_tool_is_invalid_params_naming_the_nearest_tool() {
    let session = connect(fixture_registry()).await;
    let peer = session.peer();

    let err = call_error(peer, "shipment_get_stats", json!({})).await;
    assert_eq!(err.code.0, INVALID_PARAMS, "{err:?}");
    assert!(
        err.message
            .starts_with("unknown tool `shipment_get_stats`; did you mean `shipment_get_status`"),
        "{}",
        err.message
    );
    let data = err.data.as_ref().expect("the error carries data");
    assert_eq!(data["unknown_tool"], "shipment_get_stats");
    assert_eq!(data["nearest"][0], "shipment_get_status");

    // An agent that drops the namespace is pointed at the namespaced name.
    let err = call_error(peer, "get_status", json!({})).await;
    assert_eq!(err.code.0, INVALID_PARAMS);
    assert!(
        err.message.contains("did you mean `shipment_get_status`"),
        "{}",
        err.message
    );

    // Nothing close: the message says where the names are.
    let err = call_error(peer, "zzzz", json!({})).await;
    assert_eq!(err.code.0, INVALID_PARAMS);
    let total = mcp_tools_examples::tool_list().len() + FIXTURE_TOOLS.len();
    assert_eq!(
        err.message,
        format!("unknown tool `zzzz`; this server has {total} tools, listed by tools/list")
    );

    // The session survives protocol errors.
    let result = call(
        peer,
        "shipment_get_status",
        json!({ "shipment_number": "SH-2026-000002" }),
    )
    .await;
    assert_success(&result);
    session.close().await;
}

#[tokio::test]
async fn a_deprecated_alias_works_and_names_the_new_tool() {
    let session = connect(fixture_registry()).await;
    let peer = session.peer();
    let shipment = shipment_in(peer, "pending").await;
    let arguments = json!({ "shipment_number": shipment, "weight_kg": 12.5 });

    let through_alias = call(peer, "set_weight", arguments.clone()).await;
    assert_success(&through_alias);
    assert_eq!(
        meta(&through_alias, DEPRECATION_META_KEY),
        Some(&json!({ "alias": "set_weight", "use": "shipment_set_weight" }))
    );

    let direct = call(peer, "shipment_set_weight", arguments).await;
    assert_success(&direct);
    assert_eq!(meta(&direct, DEPRECATION_META_KEY), None);
    assert_eq!(through_alias.structured_content, direct.structured_content);
    // The same content, then a note that tells the model the new name.
    let (note, content) = through_alias
        .content
        .split_last()
        .expect("the alias result has content");
    assert_eq!(content, direct.content.as_slice());
    assert_eq!(
        note.as_text().map(|t| t.text.as_str()),
        Some(DEPRECATION_NOTE)
    );

    // Errors through the alias still say which tool to use.
    let invalid = call(
        peer,
        "set_weight",
        json!({ "shipment_number": shipment, "weight_kg": 45000 }),
    )
    .await;
    assert_tool_error(&invalid, "invalid_input", false);
    assert_eq!(
        meta(&invalid, DEPRECATION_META_KEY),
        Some(&json!({ "alias": "set_weight", "use": "shipment_set_weight" }))
    );
    session.close().await;
}

#[tokio::test]
async fn business_errors_reach_the_model_with_their_kind_and_next_step() {
    let session = connect(fixture_registry()).await;
    let peer = session.peer();

    let missing = call(
        peer,
        "shipment_get_status",
        json!({ "shipment_number": "SH-2026-999999" }),
    )
    .await;
    assert_tool_error(&missing, "not_found", false);
    assert_eq!(
        text(&missing),
        "not found: no shipment SH-2026-999999; find shipment numbers with `shipment_search`"
    );

    let dispatched = shipment_in(peer, "dispatched").await;
    let conflict = call(
        peer,
        "shipment_set_weight",
        json!({ "shipment_number": dispatched, "weight_kg": 3 }),
    )
    .await;
    assert_tool_error(&conflict, "conflict", false);
    let message = text(&conflict);
    assert!(
        message.starts_with(&format!("conflict: {dispatched} is "))
            && message.ends_with("check with `shipment_get_status`"),
        "{message}"
    );
    session.close().await;
}

#[tokio::test]
async fn a_panic_is_masked_and_the_server_keeps_serving() {
    let session = connect(fixture_registry()).await;
    let peer = session.peer();
    let secret = "boom: token=hunter2 at /srv/app/src/db.rs:42";

    let first = call(peer, "diag_trigger_panic", json!({ "message": secret })).await;
    let first_ref = assert_masked(&first);
    let shown = serde_json::to_string(&first).unwrap();
    for leaked in [
        "boom",
        "hunter2",
        "/srv",
        ".rs",
        "panicked",
        "diag_trigger_panic",
    ] {
        assert!(
            !shown.contains(leaked),
            "`{leaked}` reached the client: {shown}"
        );
    }

    // The server is still up, and the next panic gets its own reference.
    let after = call(
        peer,
        "shipment_get_status",
        json!({ "shipment_number": "SH-2026-000004" }),
    )
    .await;
    assert_success(&after);
    let second = call(peer, "diag_trigger_panic", json!({ "message": secret })).await;
    assert_ne!(assert_masked(&second), first_ref);
    assert_success(
        &call(
            peer,
            "shipment_get_status",
            json!({ "shipment_number": "SH-2026-000005" }),
        )
        .await,
    );
    session.close().await;
}

#[tokio::test]
async fn an_internal_error_is_masked() {
    let session = connect(fixture_registry()).await;
    let result = call(
        session.peer(),
        "diag_check_database",
        json!({ "table_name": "shipments" }),
    )
    .await;
    assert_masked(&result);
    let shown = serde_json::to_string(&result).unwrap();
    assert!(!shown.contains("db-7"), "{shown}");
    assert!(!shown.contains("5432"), "{shown}");
    session.close().await;
}

#[tokio::test]
async fn a_call_past_its_timeout_fails_with_a_retry_message() {
    let session = connect(fixture_registry()).await;
    let peer = session.peer();

    let quick = call(peer, "diag_wait_for_job", json!({ "duration_ms": 10 })).await;
    assert_success(&quick);
    assert_eq!(text(&quick), "job finished after 10 ms");

    let started = Instant::now();
    let slow = call(peer, "diag_wait_for_job", json!({ "duration_ms": 20000 })).await;
    let elapsed = started.elapsed();
    assert_tool_error(&slow, "retry_later", true);
    assert_eq!(
        text(&slow),
        format!(
            "temporarily unavailable: timed out after {WAIT_TIMEOUT_MS} ms; retry, or narrow the \
             request so it does less work"
        )
    );
    assert!(
        elapsed >= Duration::from_millis(WAIT_TIMEOUT_MS),
        "answered before the timeout: {elapsed:?}"
    );
    assert!(
        elapsed < Duration::from_secs(10),
        "the timeout did not cut the call short: {elapsed:?}"
    );
    session.close().await;
}

#[tokio::test]
async fn scopes_are_enforced_for_callers_without_them() {
    let anonymous = mcp_tools_tests::registry_builder()
        .default_caller(Caller::anonymous())
        .build()
        .expect("the registry builds");
    let session = connect(anonymous).await;
    let result = call(
        session.peer(),
        "diag_purge_cache",
        json!({ "cache_name": "routes" }),
    )
    .await;
    assert_tool_error(&result, "permission_denied", false);
    assert_eq!(
        text(&result),
        format!(
            "permission denied: `diag_purge_cache` needs the scope `{ADMIN_SCOPE}`, which this \
             caller does not hold; ask the user to grant it or use a tool that needs less"
        )
    );
    // Tools that need no scope still work for the same caller.
    assert_success(
        &call(
            session.peer(),
            "shipment_get_status",
            json!({ "shipment_number": "SH-2026-000006" }),
        )
        .await,
    );
    session.close().await;

    let admin = mcp_tools_tests::registry_builder()
        .default_caller(Caller::new("ops").with_scopes([ADMIN_SCOPE]))
        .build()
        .expect("the registry builds");
    let session = connect(admin).await;
    let result = call(
        session.peer(),
        "diag_purge_cache",
        json!({ "cache_name": "routes" }),
    )
    .await;
    assert_success(&result);
    assert_eq!(text(&result), "cache `routes` purged");
    session.close().await;
}

/// A client that records the progress notifications it receives.
#[derive(Clone, Default)]
struct ProgressRecorder {
    seen: Arc<Mutex<Vec<ProgressNotificationParam>>>,
}

impl ClientHandler for ProgressRecorder {
    async fn on_progress(
        &self,
        params: ProgressNotificationParam,
        _context: NotificationContext<RoleClient>,
    ) {
        self.seen.lock().unwrap().push(params);
    }
}

#[tokio::test]
async fn progress_notifications_reach_the_client() {
    let recorder = ProgressRecorder::default();
    let seen = Arc::clone(&recorder.seen);
    let session = connect_with(fixture_registry(), recorder).await;
    // rmcp's client gives every request a progress token of its own; read it off the handle.
    let handle = within(
        "send tools/call diag_count_steps",
        session.peer().send_request_with_option(
            ClientRequest::CallToolRequest(CallToolRequest::new(request(
                "diag_count_steps",
                json!({ "steps": 4 }),
            ))),
            PeerRequestOptions::no_options(),
        ),
    )
    .await
    .expect("the request is sent");
    let token = handle.progress_token.clone();
    let response = within("tools/call diag_count_steps", handle.await_response())
        .await
        .expect("the call succeeds");
    let ServerResult::CallToolResult(result) = response else {
        panic!("expected a tools/call result, got {response:?}");
    };
    assert_success(&result);
    assert_eq!(text(&result), "counted 4 steps");

    // Notifications are sent before the result; allow the client's handler a moment.
    within("progress notifications", async {
        while seen.lock().unwrap().len() < 4 {
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
    })
    .await;
    let seen = seen.lock().unwrap().clone();
    assert_eq!(seen.len(), 4, "{seen:?}");
    for (step, note) in (1u32..).zip(&seen) {
        assert_eq!(note.progress_token, token);
        assert_eq!(
            serde_json::to_value(note).unwrap(),
            json!({
                "progressToken": serde_json::to_value(&token).unwrap(),
                "progress": f64::from(step),
                "total": 4.0,
                "message": format!("step {step} of 4"),
            })
        );
    }
    session.close().await;
}

/// One JSON-RPC message a line, as on stdio, written and read by hand.
struct RawWire {
    lines: tokio::io::Lines<tokio::io::BufReader<tokio::io::ReadHalf<tokio::io::DuplexStream>>>,
    writer: tokio::io::WriteHalf<tokio::io::DuplexStream>,
}

impl RawWire {
    async fn send(&mut self, message: Value) {
        let mut line = message.to_string();
        line.push('\n');
        within("write", self.writer.write_all(line.as_bytes()))
            .await
            .expect("the server reads");
    }

    async fn receive(&mut self) -> Value {
        let line = within("read", self.lines.next_line())
            .await
            .expect("the server writes")
            .expect("the server keeps the stream open");
        serde_json::from_str(&line).unwrap_or_else(|err| panic!("not JSON ({err}): {line}"))
    }

    /// Messages up to and including the response to request `id`.
    async fn until_response(&mut self, id: u64) -> Vec<Value> {
        let mut messages = Vec::new();
        loop {
            let message = self.receive().await;
            let done = message.get("id") == Some(&json!(id));
            messages.push(message);
            if done {
                return messages;
            }
        }
    }
}

#[tokio::test]
async fn the_wire_format_seen_without_an_sdk() {
    let (server_io, client_io) = tokio::io::duplex(1 << 16);
    let server = tokio::spawn(fixture_registry().serve_transport(server_io));
    let (reader, writer) = tokio::io::split(client_io);
    let mut wire = RawWire {
        lines: tokio::io::BufReader::new(reader).lines(),
        writer,
    };
    wire.send(json!({
        "jsonrpc": "2.0", "id": 1, "method": "initialize",
        "params": {
            "protocolVersion": "2025-11-25",
            "capabilities": {},
            "clientInfo": { "name": "raw", "version": "0" },
        },
    }))
    .await;
    let init = wire.until_response(1).await.pop().unwrap();
    assert_eq!(init["result"]["serverInfo"]["name"], SERVER_NAME);
    assert_eq!(init["result"]["protocolVersion"], "2025-11-25");
    wire.send(json!({ "jsonrpc": "2.0", "method": "notifications/initialized" }))
        .await;

    // Without a progress token, a tool that reports progress sends no notifications.
    wire.send(json!({
        "jsonrpc": "2.0", "id": 2, "method": "tools/call",
        "params": { "name": "diag_count_steps", "arguments": { "steps": 3 } },
    }))
    .await;
    let messages = wire.until_response(2).await;
    assert_eq!(messages.len(), 1, "{messages:?}");
    assert_eq!(
        messages[0]["result"],
        json!({ "content": [{ "type": "text", "text": "counted 3 steps" }] })
    );

    // With one, each step is announced before the result, under the client's token.
    wire.send(json!({
        "jsonrpc": "2.0", "id": 3, "method": "tools/call",
        "params": {
            "name": "diag_count_steps", "arguments": { "steps": 2 },
            "_meta": { "progressToken": "job-1" },
        },
    }))
    .await;
    let messages = wire.until_response(3).await;
    assert_eq!(messages.len(), 3, "{messages:?}");
    for (step, message) in (1u32..).zip(&messages[..2]) {
        assert_eq!(message["method"], "notifications/progress");
        assert_eq!(message["params"]["progressToken"], "job-1");
        assert_eq!(message["params"]["progress"], f64::from(step));
    }

    // Structured results and errors as the wire carries them.
    wire.send(json!({
        "jsonrpc": "2.0", "id": 4, "method": "tools/call",
        "params": { "name": "shipment_set_weight",
                    "arguments": { "shipment_number": "SH-2026-000001", "weight_kg": 45000 } },
    }))
    .await;
    let response = wire.until_response(4).await.pop().unwrap();
    assert_eq!(response["result"]["isError"], true);
    assert_eq!(
        response["result"]["content"][0]["text"],
        "invalid input: weight_kg must be at most 30000 (kg); got 45000"
    );
    assert_eq!(
        response["result"]["_meta"][ERROR_META_KEY],
        json!({ "kind": "invalid_input", "retryable": false })
    );
    // Params that do not parse are invalid params, not an unknown method.
    for (id, params) in [
        (20, json!({ "name": "diag_count_steps", "arguments": [1] })),
        (21, json!({})),
    ] {
        wire.send(json!({ "jsonrpc": "2.0", "id": id, "method": "tools/call", "params": params }))
            .await;
        let response = wire.until_response(id).await.pop().unwrap();
        assert_eq!(response["error"]["code"], -32602, "{response}");
    }
    wire.send(json!({ "jsonrpc": "2.0", "id": 22, "method": "tools/frobnicate", "params": {} }))
        .await;
    let response = wire.until_response(22).await.pop().unwrap();
    assert_eq!(response["error"]["code"], -32601, "{response}");
    wire.send(json!({
        "jsonrpc": "2.0", "id": 5, "method": "tools/call",
        "params": { "name": "nope", "arguments": {} },
    }))
    .await;
    let response = wire.until_response(5).await.pop().unwrap();
    assert_eq!(response["error"]["code"], INVALID_PARAMS);
    assert!(response.get("result").is_none());

    drop(wire);
    within("server shutdown", server)
        .await
        .expect("the server task does not panic")
        .expect("the server stops cleanly at end of input");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn concurrent_calls_run_in_parallel_and_answer_their_own_caller() {
    const JOBS: u64 = 12;
    const JOB_MS: u64 = 120;
    let session = connect(fixture_registry()).await;
    let peer = session.peer().clone();

    // Twenty lookups at once: each answer belongs to its own request.
    let lookups: Vec<_> = (1..=20)
        .map(|n| {
            let peer = peer.clone();
            tokio::spawn(async move {
                let number = format!("SH-2026-{n:06}");
                let result = call(
                    &peer,
                    "shipment_get_status",
                    json!({ "shipment_number": number }),
                )
                .await;
                (number, result)
            })
        })
        .collect();
    for lookup in lookups {
        let (number, result) = within("lookup task", lookup).await.expect("task");
        assert_success(&result);
        assert_eq!(
            result.structured_content.as_ref().unwrap()["shipment_number"],
            number.as_str()
        );
    }

    // Slow calls overlap instead of queueing behind each other.
    let started = Instant::now();
    let jobs: Vec<_> = (0..JOBS)
        .map(|_| {
            let peer = peer.clone();
            tokio::spawn(async move {
                call(&peer, "diag_wait_for_job", json!({ "duration_ms": JOB_MS })).await
            })
        })
        .collect();
    for job in jobs {
        let result = within("job task", job).await.expect("task");
        assert_success(&result);
        assert_eq!(text(&result), format!("job finished after {JOB_MS} ms"));
    }
    let elapsed = started.elapsed();
    // One after another they would take JOBS * JOB_MS; allow generous overhead below that.
    assert!(
        elapsed < Duration::from_millis(JOBS * JOB_MS - 300),
        "{JOBS} calls of {JOB_MS} ms took {elapsed:?}; they ran one after another"
    );
    session.close().await;
}

#[tokio::test]
async fn the_2026_07_28_revision_is_served_over_server_discover() {
    let registry = fixture_registry();
    let (server_io, client_io) = tokio::io::duplex(1 << 16);
    let server = tokio::spawn(registry.clone().serve_transport(server_io));
    let lifecycle = ClientLifecycleMode::Discover {
        preferred_versions: vec![ProtocolVersion::V_2026_07_28],
    };
    let client = within(
        "server/discover",
        ().serve_with_lifecycle(client_io, lifecycle),
    )
    .await
    .expect("server/discover succeeds");
    let info = client.peer_info().expect("the server sent its info");
    assert_eq!(info.protocol_version, ProtocolVersion::V_2026_07_28);
    assert_eq!(
        info.server_info.as_ref().map(|s| s.name.as_str()),
        Some(SERVER_NAME)
    );
    let listed = within("tools/list", client.list_all_tools())
        .await
        .expect("tools/list succeeds");
    assert_eq!(names(&listed), registry_names(&registry));
    let result = call(
        client.peer(),
        "shipment_get_status",
        json!({ "shipment_number": "SH-2026-000007" }),
    )
    .await;
    assert_success(&result);
    let invalid = call(
        client.peer(),
        "shipment_set_weight",
        json!({ "shipment_number": "SH-2026-000007", "weight_kg": 45000 }),
    )
    .await;
    assert_eq!(
        text(&invalid),
        "invalid input: weight_kg must be at most 30000 (kg); got 45000"
    );
    let err = call_error(client.peer(), "shipment_get_stats", json!({})).await;
    assert_eq!(err.code.0, INVALID_PARAMS);
    within("client shutdown", client.cancel())
        .await
        .expect("the client shuts down");
    within("server shutdown", server)
        .await
        .expect("the server task does not panic")
        .expect("the server stops cleanly");
}

// ---------------------------------------------------------------------------------------
// Child processes over stdio
// ---------------------------------------------------------------------------------------

/// A server binary spawned as a child process, with its stderr (the log) captured.
struct Child {
    client: RunningService<RoleClient, ()>,
    log: Arc<Mutex<String>>,
}

impl Child {
    async fn spawn(program: &Path) -> Child {
        let mut command = tokio::process::Command::new(program);
        command.env("RUST_LOG", "info").kill_on_drop(true);
        let (transport, stderr) = TokioChildProcess::builder(command)
            .stderr(Stdio::piped())
            .spawn()
            .unwrap_or_else(|err| panic!("cannot start {}: {err}", program.display()));
        let log = Arc::new(Mutex::new(String::new()));
        if let Some(stderr) = stderr {
            let log = Arc::clone(&log);
            tokio::spawn(async move {
                let mut lines = tokio::io::BufReader::new(stderr).lines();
                while let Ok(Some(line)) = lines.next_line().await {
                    let mut log = log.lock().unwrap();
                    log.push_str(&line);
                    log.push('\n');
                }
            });
        }
        let client = match within("initialize", ().serve(transport)).await {
            Ok(client) => client,
            Err(err) => panic!(
                "{} did not complete the MCP handshake: {err}\n--- its log ---\n{}",
                program.display(),
                log.lock().unwrap()
            ),
        };
        Child { client, log }
    }

    fn peer(&self) -> &Peer<RoleClient> {
        self.client.peer()
    }

    /// Waits until the server's log has a line containing every one of `needles`.
    async fn log_line_with(&self, needles: &[&str]) -> String {
        let found = tokio::time::timeout(IO_TIMEOUT, async {
            loop {
                if let Some(line) = self
                    .log
                    .lock()
                    .unwrap()
                    .lines()
                    .find(|line| needles.iter().all(|n| line.contains(n)))
                {
                    return line.to_owned();
                }
                tokio::time::sleep(Duration::from_millis(20)).await;
            }
        })
        .await;
        found.unwrap_or_else(|_| {
            panic!(
                "no log line with {needles:?}\n--- server log ---\n{}",
                self.log.lock().unwrap()
            )
        })
    }

    /// Closes stdin and waits for the server to exit.
    async fn close(self) {
        within("child shutdown", self.client.cancel())
            .await
            .expect("the client shuts down and the child exits");
    }
}

pub(crate) fn fixture_server() -> PathBuf {
    PathBuf::from(env!("CARGO_BIN_EXE_fixture-server"))
}

/// The example's `shipments` binary, built next to the fixture server.
async fn shipments_binary() -> PathBuf {
    example_binary("shipments").await
}

/// An example binary of `mcp-tools-examples`, built next to the fixture server.
///
/// Cargo gives integration tests the paths of their own package's binaries only, so the
/// example binary is built here, into the same target directory and profile (a no-op when
/// it is up to date).
pub(crate) async fn example_binary(bin: &str) -> PathBuf {
    workspace_binary("mcp-tools-examples", bin).await
}

/// A binary of a workspace package, built next to the fixture server (see
/// [`example_binary`]).
pub(crate) async fn workspace_binary(package: &str, bin: &str) -> PathBuf {
    let fixture = fixture_server();
    let profile_dir = fixture.parent().expect("binaries live in a directory");
    let name = format!("{bin}{}", std::env::consts::EXE_SUFFIX);
    let binary = profile_dir.join(name);
    let target_dir = profile_dir
        .parent()
        .expect("the profile directory lives in the target directory");
    let profile = profile_dir
        .file_name()
        .and_then(|n| n.to_str())
        .expect("the profile directory has a name");
    let profile = if profile == "debug" { "dev" } else { profile };
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let mut build = tokio::process::Command::new(cargo);
    build
        .args(["build", "--quiet", "-p", package, "--bin", bin])
        .args(["--profile", profile])
        .arg("--target-dir")
        .arg(target_dir)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdin(Stdio::null())
        .kill_on_drop(true);
    let output = tokio::time::timeout(Duration::from_secs(900), build.output())
        .await
        .expect("building a binary takes under 15 minutes")
        .expect("cargo runs");
    assert!(
        output.status.success(),
        "cargo build -p {package} --bin {bin} failed:\n{}",
        String::from_utf8_lossy(&output.stderr)
    );
    assert!(binary.exists(), "{} was not built", binary.display());
    binary
}

#[tokio::test]
async fn the_fixture_server_binary_over_stdio() {
    let expected =
        mcp_tools_tests::items::registry().expect("the fixture server's registry builds");
    let server = Child::spawn(&fixture_server()).await;
    let peer = server.peer();

    let info = peer.peer_info().expect("the server sent its info");
    let identity = info.server_info.as_ref().expect("server info is present");
    assert_eq!(
        (identity.name.as_str(), identity.version.as_str()),
        expected.server_info()
    );
    let listed = within("tools/list", peer.list_all_tools())
        .await
        .expect("tools/list succeeds");
    assert_eq!(names(&listed), registry_names(&expected));

    let result = call(
        peer,
        "shipment_get_status",
        json!({ "shipment_number": "SH-2026-000010" }),
    )
    .await;
    assert_success(&result);
    assert_eq!(
        serde_json::from_str::<Value>(text(&result)).unwrap(),
        *result.structured_content.as_ref().unwrap()
    );

    // Internal errors: masked for the client, in full in the log, tied by the reference.
    let failed = call(
        peer,
        "diag_check_database",
        json!({ "table_name": "shipments" }),
    )
    .await;
    let reference = assert_masked(&failed);
    assert!(!serde_json::to_string(&failed).unwrap().contains("db-7"));
    server
        .log_line_with(&[&reference, SECRET_DETAIL, "diag_check_database"])
        .await;

    // Panics: masked, logged with the panic message, and the server lives on.
    let panicked = call(
        peer,
        "diag_trigger_panic",
        json!({ "message": "kaboom-4711" }),
    )
    .await;
    let reference = assert_masked(&panicked);
    assert!(!serde_json::to_string(&panicked).unwrap().contains("kaboom"));
    server.log_line_with(&[&reference, "kaboom-4711"]).await;
    assert_success(
        &call(
            peer,
            "shipment_get_status",
            json!({ "shipment_number": "SH-2026-000011" }),
        )
        .await,
    );

    // A deprecated alias is logged once, however often it is used.
    let shipment = shipment_in(peer, "pending").await;
    for _ in 0..3 {
        let result = call(
            peer,
            "set_weight",
            json!({ "shipment_number": shipment, "weight_kg": 3 }),
        )
        .await;
        assert_success(&result);
        assert!(meta(&result, DEPRECATION_META_KEY).is_some());
    }
    server.log_line_with(&["set_weight", "deprecated"]).await;
    let warnings = server
        .log
        .lock()
        .unwrap()
        .lines()
        .filter(|l| l.contains("set_weight") && l.contains("deprecated"))
        .count();
    assert_eq!(warnings, 1, "{}", server.log.lock().unwrap());

    let err = call_error(peer, "shipment_get_stats", json!({})).await;
    assert_eq!(err.code.0, INVALID_PARAMS);

    // Stdout carries only the protocol: a stray print would have broken the calls above.
    server.close().await;
}

#[tokio::test]
async fn the_notes_example_binary_over_stdio() {
    let binary = example_binary("notes").await;
    let server = Child::spawn(&binary).await;
    let peer = server.peer();
    let listed = within("tools/list", peer.list_all_tools())
        .await
        .expect("tools/list succeeds");
    assert_eq!(
        names(&listed),
        ["notes_add", "notes_search", "notes_delete"]
    );

    let added = call(peer, "notes_add", json!({ "text": "Buy milk and eggs" })).await;
    assert_success(&added);
    let note_id = added.structured_content.as_ref().unwrap()["note_id"].clone();
    call(peer, "notes_add", json!({ "text": "Call the plumber" })).await;
    let found = call(peer, "notes_search", json!({ "query": "EGGS milk" })).await;
    assert_success(&found);
    let found = found.structured_content.expect("a structured result");
    assert_eq!(found["result"].as_array().map(Vec::len), Some(1), "{found}");
    assert_eq!(found["result"][0]["note_id"], note_id);

    let too_many = call(peer, "notes_search", json!({ "query": "", "limit": 500 })).await;
    assert_tool_error(&too_many, "invalid_input", false);
    assert!(
        text(&too_many).contains("limit must be at most 50"),
        "{}",
        text(&too_many)
    );

    let deleted = call(peer, "notes_delete", json!({ "note_id": note_id })).await;
    assert_success(&deleted);
    let again = call(peer, "notes_delete", json!({ "note_id": note_id })).await;
    assert_tool_error(&again, "not_found", false);
    assert!(
        text(&again).contains("find ids with `notes_search`"),
        "{}",
        text(&again)
    );
    server.close().await;
}

#[tokio::test]
async fn the_shipments_example_binary_over_stdio() {
    let example = mcp_tools_examples::registry().expect("the example registry builds");
    let binary = shipments_binary().await;
    let server = Child::spawn(&binary).await;
    let peer = server.peer();

    let info = peer.peer_info().expect("the server sent its info");
    let identity = info.server_info.as_ref().expect("server info is present");
    assert_eq!(
        (identity.name.as_str(), identity.version.as_str()),
        example.server_info()
    );
    let listed = within("tools/list", peer.list_all_tools())
        .await
        .expect("tools/list succeeds");
    assert_eq!(names(&listed), registry_names(&example));
    for tool in EXAMPLE_TOOLS {
        assert!(names(&listed).iter().any(|n| n == tool), "lists `{tool}`");
    }
    assert_eq!(
        serde_json::to_value(&listed).unwrap(),
        serde_json::to_value(example.tool_definitions()).unwrap()
    );

    let status = call(
        peer,
        "shipment_get_status",
        json!({ "shipment_number": "SH-2026-000042" }),
    )
    .await;
    assert_success(&status);
    assert_eq!(
        status.structured_content.as_ref().unwrap()["shipment_number"],
        "SH-2026-000042"
    );

    let invalid = call(
        peer,
        "shipment_set_weight",
        json!({ "shipment_number": "SH-2026-000042", "weight_kg": 45000 }),
    )
    .await;
    assert_tool_error(&invalid, "invalid_input", false);
    assert_eq!(
        text(&invalid),
        "invalid input: weight_kg must be at most 30000 (kg); got 45000"
    );

    let shipment = shipment_in(peer, "pending").await;
    let alias = call(
        peer,
        "set_weight",
        json!({ "shipment_number": shipment, "weight_kg": 2.5 }),
    )
    .await;
    assert_success(&alias);
    assert_eq!(alias.structured_content.as_ref().unwrap()["weight_kg"], 2.5);
    assert_eq!(
        alias.structured_content.as_ref().unwrap()["status"],
        "weighed"
    );
    assert_eq!(
        alias
            .content
            .last()
            .and_then(|c| c.as_text())
            .map(|t| t.text.as_str()),
        Some(DEPRECATION_NOTE)
    );
    assert_eq!(
        meta(&alias, DEPRECATION_META_KEY),
        Some(&json!({ "alias": "set_weight", "use": "shipment_set_weight" }))
    );

    let err = call_error(peer, "shipment_serch", json!({ "query": "x" })).await;
    assert_eq!(err.code.0, INVALID_PARAMS);
    assert!(
        err.message.contains("did you mean `shipment_search`"),
        "{}",
        err.message
    );
    server.close().await;
}

#[tokio::test]
async fn over_http_a_foreign_origin_is_refused_and_a_local_one_served() {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let server = tokio::spawn(mcp_tools::http::Http::new(fixture_registry()).serve_on(
        listener,
        async {
            let _ = stopped.await;
        },
    ));
    // A page on another site must not reach a local server through the browser (spec: 403).
    assert_eq!(
        post_initialize(addr, Some("http://evil.example.com")).await,
        403
    );
    assert_eq!(
        post_initialize(addr, Some("https://evil.example.com:443")).await,
        403
    );
    let local = format!("http://localhost:{}", addr.port());
    assert_eq!(post_initialize(addr, Some(&local)).await, 200);
    // Clients that are not browsers send no Origin.
    assert_eq!(post_initialize(addr, None).await, 200);
    // A body that is not JSON is a JSON-RPC parse error.
    let (status, body) = post_raw(addr, "{\"jsonrpc\": \"2.0\", \"id\": 1,").await;
    assert_eq!(status, 400);
    let body: Value = serde_json::from_str(body.trim()).unwrap_or_else(|_| panic!("{body}"));
    assert_eq!(body["error"]["code"], -32700, "{body}");
    stop.send(()).unwrap();
    server.await.unwrap().unwrap();
}

/// The status and body of `body` sent by hand as a POST.
async fn post_raw(addr: std::net::SocketAddr, body: &str) -> (u16, String) {
    use tokio::io::AsyncReadExt as _;
    let request = format!(
        "POST /mcp HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\n\
         Accept: application/json, text/event-stream\r\nContent-Length: {}\r\n\
         Connection: close\r\n\r\n{body}",
        body.len()
    );
    let mut stream = tokio::net::TcpStream::connect(addr).await.unwrap();
    stream.write_all(request.as_bytes()).await.unwrap();
    let mut response = String::new();
    stream.read_to_string(&mut response).await.unwrap();
    let status = response[9..12].parse().unwrap();
    let body = response
        .split("\r\n\r\n")
        .nth(1)
        .unwrap_or_default()
        .to_owned();
    (status, body)
}

/// The HTTP status of an `initialize` sent by hand as a POST, with `origin` if given.
async fn post_initialize(addr: std::net::SocketAddr, origin: Option<&str>) -> u16 {
    use tokio::io::AsyncReadExt as _;
    let body = json!({
        "jsonrpc": "2.0", "id": 1, "method": "initialize",
        "params": {
            "protocolVersion": "2025-11-25",
            "capabilities": {},
            "clientInfo": { "name": "raw-http", "version": "0" },
        },
    })
    .to_string();
    let origin = origin
        .map(|o| format!("Origin: {o}\r\n"))
        .unwrap_or_default();
    let request = format!(
        "POST /mcp HTTP/1.1\r\nHost: {addr}\r\n{origin}Content-Type: application/json\r\n\
         Accept: application/json, text/event-stream\r\nContent-Length: {}\r\n\
         Connection: close\r\n\r\n{body}",
        body.len()
    );
    let mut stream = tokio::net::TcpStream::connect(addr).await.unwrap();
    stream.write_all(request.as_bytes()).await.unwrap();
    let mut head = [0u8; 12];
    stream.read_exact(&mut head).await.unwrap();
    let line = String::from_utf8_lossy(&head);
    line[9..12]
        .parse()
        .unwrap_or_else(|_| panic!("not an HTTP status line: {line}"))
}
