//! Tasks (MCP's Tasks extension) through rmcp's client: a `#[tool(task = …)]` call from a
//! client that declared the extension answers with a task at once; `tasks/get` shows the
//! tool's progress, then its result, cut to the same budget as a direct call's; what the
//! tool asks waits on the task until `tasks/update` answers it; `tasks/cancel` reaches the
//! handler's cancellation token; a client without the extension gets a plain result (or
//! -32021 for a required tool); a task id opens only for its caller; a task whose replica
//! died reads as failed, its outcome unknown; a finished task outlives the process that ran
//! it; a deferred tool asks first and becomes a task when it says so.

use std::{
    sync::{
        Arc,
        atomic::{AtomicBool, Ordering},
    },
    time::Duration,
};

use mcp_tools::{
    Caller, Registry,
    prelude::*,
    rmcp::{
        Peer, RoleClient,
        model::{
            CallToolResponse, CancelTaskParams, ElicitRequest, ElicitRequestParams,
            ElicitationSchema, GetTaskParams, InputRequest, InputResponses, TaskPayload,
            TaskStatus, UpdateTaskParams,
        },
        service::ServiceError,
    },
    store::{MemoryStore, Store},
};
use serde_json::{Value, json};

use crate::common_client::{InProcess, TasksClient, connect_with, request, within};

/// Set when `report_wait` sees its call cancelled.
#[derive(Clone, Default)]
struct Seen {
    cancelled: Arc<AtomicBool>,
}

/// Build a report of `steps` parts, reporting each one, then return its text.
#[tool(
    namespace = "report",
    read_only,
    task = "optional",
    task_ttl_secs = 120
)]
async fn build(
    ctx: ToolContext,
    /// How many parts the report has.
    #[param(max = 50)]
    steps: u32,
    /// Characters of text each part adds to the result.
    #[param(max = 10000)]
    part_chars: u32,
) -> String {
    let mut text = String::new();
    for step in 1..=steps {
        ctx.progress(
            f64::from(step),
            Some(f64::from(steps)),
            format!("part {step} of {steps}"),
        )
        .await;
        text.push_str(&"x".repeat(part_chars as usize));
        tokio::time::sleep(Duration::from_millis(40)).await;
    }
    format!("report of {steps} parts: {text}")
}

/// Wait until cancelled, for as long as it takes.
#[tool(namespace = "report", read_only, task = "optional")]
async fn wait(ctx: ToolContext, seen: State<Seen>) -> String {
    ctx.cancelled().await;
    seen.cancelled.store(true, Ordering::SeqCst);
    "cancelled".to_owned()
}

/// Ask which format and which recipient, together, then say what was sent.
#[tool(namespace = "report", read_only, task = "optional")]
async fn send(ctx: ToolContext) -> Result<String, ToolError> {
    let answers = ctx
        .ask(
            [
                ("format".to_owned(), ask("Which format?", "format")),
                ("recipient".to_owned(), ask("Who gets it?", "recipient")),
            ]
            .into(),
        )
        .await?;
    let pick = |key: &str| {
        answers
            .get(key)
            .and_then(|a| a.pointer(&format!("/content/{key}")))
            .and_then(Value::as_str)
            .unwrap_or("?")
            .to_owned()
    };
    Ok(format!("sent {} to {}", pick("format"), pick("recipient")))
}

/// Mail the report to its readers, once the user confirms; needs `reports:mail`.
#[tool(
    namespace = "report",
    read_only,
    task = "optional",
    scopes("reports:mail")
)]
async fn mail(ctx: ToolContext) -> Result<String, ToolError> {
    ctx.ask([("go".to_owned(), ask("Mail it now?", "go"))].into())
        .await?;
    Ok("mailed".to_owned())
}

/// Archive every report, which only runs as a task.
#[tool(namespace = "report", destructive = false, task = "required")]
async fn archive() -> &'static str {
    "archived"
}

/// Break while building, to show a task that fails.
#[tool(namespace = "report", read_only, task = "optional")]
async fn explode() -> String {
    panic!("the report broke")
}

/// Ask for a title as a plain call, then build the report as a task.
#[tool(namespace = "report", read_only, task = "optional", task_deferred)]
async fn titled(ctx: ToolContext) -> Result<String, ToolError> {
    let answers = ctx
        .ask([("title".to_owned(), ask("Title?", "title"))].into())
        .await?;
    let title = answers
        .get("title")
        .and_then(|a| a.pointer("/content/title"))
        .and_then(Value::as_str)
        .unwrap_or("untitled")
        .to_owned();
    ctx.continue_as_task().await?;
    tokio::time::sleep(Duration::from_millis(100)).await;
    Ok(format!("report `{title}`, as a task: {}", ctx.is_task()))
}

/// Ask for a title as a plain call, become a task, then ask who signs it off.
#[tool(namespace = "report", read_only, task = "optional", task_deferred)]
async fn signed(ctx: ToolContext) -> Result<String, ToolError> {
    let pick = |answers: &InputResponses, key: &str, field: &str| {
        answers
            .get(key)
            .and_then(|a| a.pointer(&format!("/content/{field}")))
            .and_then(Value::as_str)
            .unwrap_or("?")
            .to_owned()
    };
    let first = ctx
        .ask([("title".to_owned(), ask("Title?", "title"))].into())
        .await?;
    ctx.continue_as_task().await?;
    let second = ctx
        .ask([("signoff".to_owned(), ask("Who signs it off?", "signoff"))].into())
        .await?;
    Ok(format!(
        "`{}` signed off by {}",
        pick(&first, "title", "title"),
        pick(&second, "signoff", "signoff")
    ))
}

fn ask(message: &str, field: &str) -> InputRequest {
    let schema =
        json!({"type": "object", "properties": {field: {"type": "string"}}, "required": [field]});
    InputRequest::Elicitation(ElicitRequest::new(
        ElicitRequestParams::FormElicitationParams {
            meta: None,
            message: message.to_owned(),
            requested_schema: serde_json::from_value::<ElicitationSchema>(schema)
                .expect("an elicitation schema"),
        },
    ))
}

const SECRET: &[u8] = b"the task tests' secret, 32 bytes or more";

fn registry(store: Arc<dyn Store>, caller: Caller, seen: Seen) -> Registry {
    Registry::builder()
        .server_info("tasks", "1.0.0")
        .token_secret(SECRET)
        .store(store)
        .default_caller(caller)
        .state(seen)
        .task_poll_interval(Duration::from_millis(50))
        .task_lease(Duration::from_millis(300))
        .max_response_tokens(2000)
        .tools(tools![
            build, wait, send, archive, explode, titled, signed, mail
        ])
        .build()
        .expect("the task tools build")
}

async fn client(tasks: bool) -> (InProcess<TasksClient>, Seen) {
    let seen = Seen::default();
    let store: Arc<dyn Store> = Arc::new(MemoryStore::new());
    let registry = registry(store, Caller::local(), seen.clone());
    (connect_with(registry, TasksClient { tasks }).await, seen)
}

/// Starts a task; its id.
async fn start(peer: &Peer<RoleClient>, name: &str, args: Value) -> String {
    match within(name, peer.call_tool_once(request(name, args)))
        .await
        .expect("tools/call answers")
    {
        CallToolResponse::Task(created) => {
            assert_eq!(created.task.status, TaskStatus::Working);
            created.task.task_id
        }
        other => panic!("{name} did not start a task: {other:?}"),
    }
}

async fn get(peer: &Peer<RoleClient>, id: &str) -> (TaskStatus, Option<String>, TaskPayload) {
    let got = within("tasks/get", peer.get_task(GetTaskParams::new(id)))
        .await
        .expect("tasks/get answers");
    let task = got.task;
    (task.task.status, task.task.status_message, task.payload)
}

/// Polls until the task's status is `until` or terminal.
async fn poll(peer: &Peer<RoleClient>, id: &str, until: TaskStatus) -> (TaskStatus, TaskPayload) {
    for _ in 0..400 {
        let (status, _, payload) = get(peer, id).await;
        if status == until || status.is_terminal() {
            return (status, payload);
        }
        tokio::time::sleep(Duration::from_millis(25)).await;
    }
    panic!("task {id} never reached {until:?}");
}

fn result_text(payload: &TaskPayload) -> String {
    let TaskPayload::Completed { result } = payload else {
        panic!("not completed: {payload:?}");
    };
    result["content"][0]["text"]
        .as_str()
        .expect("a text result")
        .to_owned()
}

fn error_code(err: &ServiceError) -> Option<i32> {
    match err {
        ServiceError::McpError(e) => Some(e.code.0),
        _ => None,
    }
}

#[tokio::test]
async fn a_task_shows_its_progress_then_its_result_within_the_same_budget_as_a_call() {
    let (tasks, _) = client(true).await;
    let peer = tasks.peer();
    let id = start(
        peer,
        "report_build",
        json!({"steps": 8, "part_chars": 4000}),
    )
    .await;
    let mut messages = Vec::new();
    let payload = loop {
        let (status, message, payload) = get(peer, &id).await;
        messages.extend(message.filter(|m| !messages.contains(m)));
        if status.is_terminal() {
            break payload;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    };
    assert!(
        messages
            .iter()
            .any(|m| m.starts_with("part ") && m.ends_with(" of 8")),
        "progress shows as the status message: {messages:?}"
    );
    let from_task = result_text(&payload);
    // The same call from a client without tasks: a plain result, cut the same way.
    let (plain, _) = client(false).await;
    let direct = crate::common_client::call(
        plain.peer(),
        "report_build",
        json!({"steps": 8, "part_chars": 4000}),
    )
    .await;
    let direct_text = direct.content[0].as_text().expect("text").text.clone();
    assert!(
        from_task.len() < 32_000 && from_task.len() > 1000,
        "cut to the budget: {}",
        from_task.len()
    );
    assert_eq!(
        from_task.len(),
        direct_text.len(),
        "the task's result is cut as the call's"
    );
    tasks.close().await;
    plain.close().await;
}

#[tokio::test]
async fn a_task_states_its_retention_and_poll_interval() {
    let (tasks, _) = client(true).await;
    let created = within(
        "tools/call",
        tasks.peer().call_tool_once(request(
            "report_build",
            json!({"steps": 1, "part_chars": 1}),
        )),
    )
    .await
    .expect("tools/call answers");
    let CallToolResponse::Task(created) = created else {
        panic!("not a task: {created:?}");
    };
    assert_eq!(
        created.task.ttl_ms,
        Some(120_000),
        "the tool's task_ttl_secs"
    );
    assert_eq!(created.task.poll_interval_ms, Some(50));
    tasks.close().await;
}

#[tokio::test]
async fn asks_wait_on_the_task_until_every_answer_arrives() {
    let (tasks, _) = client(true).await;
    let peer = tasks.peer();
    let id = start(peer, "report_send", json!({})).await;
    let (status, payload) = poll(peer, &id, TaskStatus::InputRequired).await;
    assert_eq!(status, TaskStatus::InputRequired);
    let TaskPayload::InputRequired { input_requests } = payload else {
        panic!("no input requests");
    };
    let keys: Vec<&String> = input_requests.keys().collect();
    assert_eq!(keys, ["format", "recipient"]);
    let answer = |key: &str, value: &str| -> InputResponses {
        [(
            key.to_owned(),
            json!({"action": "accept", "content": {key: value}}),
        )]
        .into()
    };
    // One answer, and an answer to nothing asked (ignored): still waiting on the other.
    let mut first = answer("format", "pdf");
    first.insert("unasked".into(), json!({"action": "accept"}));
    within(
        "tasks/update",
        peer.update_task(UpdateTaskParams::new(&id, first)),
    )
    .await
    .expect("tasks/update acks");
    let (status, _, payload) = get(peer, &id).await;
    assert_eq!(status, TaskStatus::InputRequired);
    let TaskPayload::InputRequired { input_requests } = payload else {
        panic!("no input requests");
    };
    assert_eq!(input_requests.keys().collect::<Vec<_>>(), ["recipient"]);
    within(
        "tasks/update",
        peer.update_task(UpdateTaskParams::new(&id, answer("recipient", "ops"))),
    )
    .await
    .expect("tasks/update acks");
    let (status, payload) = poll(peer, &id, TaskStatus::Completed).await;
    assert_eq!(status, TaskStatus::Completed);
    assert_eq!(result_text(&payload), "sent pdf to ops");
    tasks.close().await;
}

#[tokio::test]
async fn cancel_reaches_the_handler_and_ends_the_task_as_cancelled() {
    let (tasks, seen) = client(true).await;
    let peer = tasks.peer();
    let id = start(peer, "report_wait", json!({})).await;
    within("tasks/cancel", peer.cancel_task(CancelTaskParams::new(&id)))
        .await
        .expect("tasks/cancel acks");
    let (status, _) = poll(peer, &id, TaskStatus::Cancelled).await;
    assert_eq!(status, TaskStatus::Cancelled);
    for _ in 0..200 {
        if seen.cancelled.load(Ordering::SeqCst) {
            break;
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    assert!(
        seen.cancelled.load(Ordering::SeqCst),
        "the handler saw its cancellation"
    );
    // Cancelling an ended task is acknowledged, and changes nothing.
    within("tasks/cancel", peer.cancel_task(CancelTaskParams::new(&id)))
        .await
        .expect("tasks/cancel of an ended task acks");
    assert_eq!(get(peer, &id).await.0, TaskStatus::Cancelled);
    tasks.close().await;
}

#[tokio::test]
async fn a_client_without_tasks_gets_a_plain_result_or_a_clear_refusal() {
    let (plain, _) = client(false).await;
    let peer = plain.peer();
    let result =
        crate::common_client::call(peer, "report_build", json!({"steps": 1, "part_chars": 3}))
            .await;
    assert_eq!(result.is_error, None);
    let refused = within(
        "tools/call",
        peer.call_tool_once(request("report_archive", json!({}))),
    )
    .await
    .expect_err("a required task tool refuses a client without tasks");
    assert_eq!(error_code(&refused), Some(-32021), "{refused}");
    let message = refused.to_string();
    assert!(
        message.contains("`report_archive` runs only as a task"),
        "{message}"
    );
    let gated = within("tasks/get", peer.get_task(GetTaskParams::new("any")))
        .await
        .expect_err("tasks/get needs the extension");
    assert_eq!(error_code(&gated), Some(-32021), "{gated}");
    plain.close().await;
}

#[tokio::test]
async fn a_panic_fails_the_task_with_an_error_that_reveals_nothing() {
    let (tasks, _) = client(true).await;
    let peer = tasks.peer();
    let id = start(peer, "report_explode", json!({})).await;
    let (status, payload) = poll(peer, &id, TaskStatus::Failed).await;
    assert_eq!(status, TaskStatus::Failed);
    let TaskPayload::Failed { error } = payload else {
        panic!("no error");
    };
    assert_eq!(error["code"], -32603);
    let message = error["message"].as_str().expect("a message");
    assert!(
        !message.contains("broke"),
        "the panic's text stays in the log: {message}"
    );
    tasks.close().await;
}

#[tokio::test]
async fn a_task_id_opens_only_for_its_caller_and_only_as_issued() {
    let store: Arc<dyn Store> = Arc::new(MemoryStore::new());
    let seen = Seen::default();
    let alice = connect_with(
        registry(Arc::clone(&store), Caller::new("alice"), seen.clone()),
        TasksClient { tasks: true },
    )
    .await;
    let bob = connect_with(
        registry(Arc::clone(&store), Caller::new("bob"), seen),
        TasksClient { tasks: true },
    )
    .await;
    let id = start(alice.peer(), "report_wait", json!({})).await;
    let mut tampered = id.clone().into_bytes();
    let last = tampered.len() - 1;
    tampered[last] = if tampered[last] == b'A' { b'B' } else { b'A' };
    let tampered = String::from_utf8(tampered).expect("ascii");
    for (who, peer, task) in [
        ("bob", bob.peer(), id.as_str()),
        ("a tampered id", alice.peer(), tampered.as_str()),
        ("a made-up id", alice.peer(), "task-12345"),
    ] {
        let refused = within("tasks/get", peer.get_task(GetTaskParams::new(task)))
            .await
            .expect_err(who);
        assert_eq!(error_code(&refused), Some(-32602), "{who}: {refused}");
        assert!(
            refused.to_string().contains("unknown task"),
            "{who}: {refused}"
        );
        let refused = within(
            "tasks/cancel",
            peer.cancel_task(CancelTaskParams::new(task)),
        )
        .await
        .expect_err(who);
        assert_eq!(error_code(&refused), Some(-32602), "{who}: {refused}");
    }
    // Bob's attempts changed nothing: Alice's task still works, and she can end it.
    assert_eq!(get(alice.peer(), &id).await.0, TaskStatus::Working);
    within(
        "tasks/cancel",
        alice.peer().cancel_task(CancelTaskParams::new(&id)),
    )
    .await
    .expect("her own cancel");
    alice.close().await;
    bob.close().await;
}

#[tokio::test]
async fn a_deferred_tool_asks_as_a_call_then_becomes_a_task() {
    let (tasks, _) = client(true).await;
    let peer = tasks.peer();
    // A 2025-11-25 session: the ask before `continue_as_task` is a request to the client,
    // which answers it; then the call answers with a task.
    let id = start(peer, "report_titled", json!({})).await;
    let (status, payload) = poll(peer, &id, TaskStatus::Completed).await;
    assert_eq!(status, TaskStatus::Completed);
    assert_eq!(result_text(&payload), "report `Q3`, as a task: true");
    // Without tasks, the same tool finishes as a plain call.
    let (plain, _) = client(false).await;
    let direct = crate::common_client::call(plain.peer(), "report_titled", json!({})).await;
    assert_eq!(
        direct.content[0].as_text().expect("text").text,
        "report `Q3`, as a task: false"
    );
    tasks.close().await;
    plain.close().await;
}

#[tokio::test]
async fn a_deferred_task_keeps_what_the_client_answered_before_it_became_one() {
    let (tasks, _) = client(true).await;
    let peer = tasks.peer();
    // The title is asked of the client directly (a 2025-11-25 session), the sign-off
    // through the task; the run after `tasks/update` asks neither again.
    let id = start(peer, "report_signed", json!({})).await;
    let (status, payload) = poll(peer, &id, TaskStatus::InputRequired).await;
    assert_eq!(status, TaskStatus::InputRequired, "{payload:?}");
    let TaskPayload::InputRequired { input_requests } = payload else {
        panic!("no input requests");
    };
    assert_eq!(input_requests.keys().collect::<Vec<_>>(), ["signoff"]);
    let answer: InputResponses = [(
        "signoff".to_owned(),
        json!({"action": "accept", "content": {"signoff": "Grace"}}),
    )]
    .into();
    within(
        "tasks/update",
        peer.update_task(UpdateTaskParams::new(&id, answer)),
    )
    .await
    .expect("tasks/update acks");
    let (status, payload) = poll(peer, &id, TaskStatus::Completed).await;
    assert_eq!(status, TaskStatus::Completed, "{payload:?}");
    assert_eq!(result_text(&payload), "`Q3` signed off by Grace");
    tasks.close().await;
}

#[tokio::test]
async fn a_task_tool_called_through_tools_call_is_a_task_too() {
    let registry = Registry::builder()
        .server_info("tasks", "1.0.0")
        .store(MemoryStore::new())
        .state(Seen::default())
        .progressive_discovery(Vec::<String>::new())
        .tools(tools![build, wait, send, archive, explode, titled, signed])
        .build()
        .expect("the task tools build");
    let tasks = connect_with(registry.clone(), TasksClient { tasks: true }).await;
    let inner = json!({"name": "report_build", "arguments": {"steps": 2, "part_chars": 5}});
    let id = start(tasks.peer(), "tools_call", inner).await;
    let (status, payload) = poll(tasks.peer(), &id, TaskStatus::Completed).await;
    assert_eq!(status, TaskStatus::Completed);
    assert!(result_text(&payload).starts_with("report of 2 parts"));
    // A required one, from a client without tasks: refused, naming the tool inside.
    let plain = connect_with(registry, TasksClient { tasks: false }).await;
    let wrapped = request(
        "tools_call",
        json!({"name": "report_archive", "arguments": {}}),
    );
    let refused = within("tools/call", plain.peer().call_tool_once(wrapped))
        .await
        .expect_err("a required task tool refuses a client without tasks");
    assert_eq!(error_code(&refused), Some(-32021), "{refused}");
    assert!(
        refused.to_string().contains("`report_archive`"),
        "{refused}"
    );
    tasks.close().await;
    plain.close().await;
}

#[tokio::test]
async fn a_run_after_tasks_update_holds_the_scopes_its_caller_holds_then() {
    let store: Arc<dyn Store> = Arc::new(MemoryStore::new());
    let seen = Seen::default();
    let granted = Caller::new("alice").with_scopes(["reports:mail"]);
    let revoked = Caller::new("alice");
    let before = connect_with(
        registry(Arc::clone(&store), granted, seen.clone()),
        TasksClient { tasks: true },
    )
    .await;
    let after = connect_with(registry(store, revoked, seen), TasksClient { tasks: true }).await;
    let id = start(before.peer(), "report_mail", json!({})).await;
    let (status, _) = poll(before.peer(), &id, TaskStatus::InputRequired).await;
    assert_eq!(status, TaskStatus::InputRequired);
    // The same subject answers, after losing the scope: the run it resumes is refused.
    let answer: InputResponses = [(
        "go".to_owned(),
        json!({"action": "accept", "content": {"go": "yes"}}),
    )]
    .into();
    within(
        "tasks/update",
        after.peer().update_task(UpdateTaskParams::new(&id, answer)),
    )
    .await
    .expect("tasks/update acks");
    let (status, payload) = poll(after.peer(), &id, TaskStatus::Completed).await;
    assert_eq!(status, TaskStatus::Completed);
    let TaskPayload::Completed { result } = payload else {
        unreachable!("completed")
    };
    assert_eq!(result["isError"], true, "{result:?}");
    let text = result["content"][0]["text"].as_str().unwrap_or_default();
    assert!(
        text.contains("reports:mail"),
        "the refusal names the scope: {text}"
    );
    before.close().await;
    after.close().await;
}
