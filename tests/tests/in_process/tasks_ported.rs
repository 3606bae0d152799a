//! A real task tool, ported the way a newcomer would write it: the reference `everything`
//! server's `simulate-research-query` (its stages, its per-stage status messages, its
//! clarifying question when the topic is ambiguous, its five-minute retention, task support
//! required). The reference runs it as a background job that pushes status into a task
//! store; here it is one linear `async fn`, and the runtime makes it a task. The test
//! drives it through rmcp's client as the reference's own test drives the original.
//!
//! What the port shows: the stages' progress reads as the task's status message; the
//! question waits as `input_required` with its choices; after `tasks/update` the call runs
//! again from the start (its first stages are done twice, the price of runs that any
//! replica can take over), and the report names the interpretation chosen.

use std::time::Duration;

use mcp_tools::{
    Caller, Registry,
    prelude::*,
    rmcp::model::{
        CallToolResponse, ElicitRequestParams, ElicitationSchema, GetTaskParams, InputResponses,
        TaskPayload, UpdateTaskParams,
    },
    store::MemoryStore,
};
use serde_json::{Value, json};

use crate::common_client::{TasksClient, connect_with, request, within};

const STAGES: [&str; 4] = [
    "Gathering sources",
    "Analyzing content",
    "Synthesizing findings",
    "Generating report",
];

/// Simulate a deep research operation: gather, analyze and synthesize information about a
/// topic, stage by stage, asking which interpretation is meant when the topic is ambiguous.
#[tool(
    namespace = "research",
    read_only,
    open_world = false,
    task = "required",
    task_ttl_secs = 300
)]
async fn simulate_query(
    ctx: ToolContext,
    /// The research topic to investigate.
    topic: String,
    /// Whether to treat the topic as ambiguous and ask which interpretation is meant.
    ambiguous: Option<bool>,
) -> Result<String, ToolError> {
    let mut clarification = None;
    for (stage, name) in STAGES.iter().enumerate() {
        ctx.progress(stage as f64, Some(4.0), format!("{name}..."))
            .await;
        if stage == 2 && ambiguous.unwrap_or(false) {
            let schema = json!({
                "type": "object",
                "properties": {"interpretation": {
                    "type": "string",
                    "title": "Clarification",
                    "description": "Which interpretation of the topic do you mean?",
                    "oneOf": [
                        {"const": "programming", "title": "Python programming language"},
                        {"const": "snake", "title": "Python snake species"}
                    ]
                }},
                "required": ["interpretation"]
            });
            let answer = ctx
                .elicit(ElicitRequestParams::FormElicitationParams {
                    meta: None,
                    message: format!("\"{topic}\" could mean several things; which one?"),
                    requested_schema: serde_json::from_value::<ElicitationSchema>(schema)
                        .map_err(|e| ToolError::internal(e.to_string()))?,
                })
                .await?;
            clarification = answer
                .content
                .as_ref()
                .and_then(|c| c.get("interpretation"))
                .and_then(Value::as_str)
                .map(str::to_owned);
        }
        tokio::time::sleep(Duration::from_millis(60)).await;
    }
    let topic = match clarification {
        Some(meant) => format!("{topic} ({meant})"),
        None => topic,
    };
    let stages: Vec<String> = STAGES
        .iter()
        .enumerate()
        .map(|(i, s)| format!("- Stage {}: {s} done", i + 1))
        .collect();
    Ok(format!(
        "# Research Report: {topic}\n\nProcessed through {} stages:\n{}\n",
        STAGES.len(),
        stages.join("\n")
    ))
}

fn registry() -> Registry {
    Registry::builder()
        .server_info("research", "1.0.0")
        .store(MemoryStore::new())
        .default_caller(Caller::local())
        .task_poll_interval(Duration::from_millis(100))
        .tools(tools![simulate_query])
        .build()
        .expect("the ported tool builds")
}

#[tokio::test]
async fn the_reference_research_task_runs_asks_and_reports_as_a_task() {
    let client = connect_with(registry(), TasksClient { tasks: true }).await;
    let peer = client.peer();
    let args = json!({"topic": "python", "ambiguous": true});
    let created = within(
        "tools/call",
        peer.call_tool_once(request("research_simulate_query", args)),
    )
    .await
    .expect("tools/call answers");
    let CallToolResponse::Task(created) = created else {
        panic!("not a task: {created:?}");
    };
    assert_eq!(
        created.task.ttl_ms,
        Some(300_000),
        "the reference keeps five minutes"
    );
    let id = created.task.task_id;
    let mut messages: Vec<String> = Vec::new();
    let mut asked = None;
    for _ in 0..400 {
        let got = within("tasks/get", peer.get_task(GetTaskParams::new(&id)))
            .await
            .expect("tasks/get answers");
        if let Some(m) = got.task.task.status_message
            && !messages.contains(&m)
        {
            messages.push(m);
        }
        match got.task.payload {
            TaskPayload::InputRequired { input_requests } => {
                asked = Some(input_requests);
                break;
            }
            TaskPayload::Working => tokio::time::sleep(Duration::from_millis(15)).await,
            other => panic!("ended before asking: {other:?}"),
        }
    }
    let asked = asked.expect("the ambiguous topic is asked about");
    assert!(
        messages
            .iter()
            .any(|m| STAGES.iter().any(|s| *m == format!("{s}..."))),
        "the stages show as the status: {messages:?}"
    );
    let (key, question) = asked.iter().next().expect("one question");
    let question = serde_json::to_value(question).expect("a request");
    assert_eq!(question["method"], "elicitation/create", "{question}");
    let choices = &question["params"]["requestedSchema"]["properties"]["interpretation"]["oneOf"];
    assert_eq!(choices.as_array().map(Vec::len), Some(2), "{question}");
    let answer: InputResponses = [(
        key.clone(),
        json!({"action": "accept", "content": {"interpretation": "programming"}}),
    )]
    .into();
    within(
        "tasks/update",
        peer.update_task(UpdateTaskParams::new(&id, answer)),
    )
    .await
    .expect("tasks/update acks");
    let report = loop {
        let got = within("tasks/get", peer.get_task(GetTaskParams::new(&id)))
            .await
            .expect("tasks/get answers");
        match got.task.payload {
            TaskPayload::Completed { result } => break result,
            TaskPayload::Working => tokio::time::sleep(Duration::from_millis(15)).await,
            other => panic!("did not complete: {other:?}"),
        }
    };
    let text = report["content"][0]["text"]
        .as_str()
        .expect("a text report");
    assert!(
        text.starts_with("# Research Report: python (programming)"),
        "{text}"
    );
    assert!(text.contains("Stage 4: Generating report done"), "{text}");
    client.close().await;
}

#[tokio::test]
async fn the_reference_research_task_refuses_a_client_without_tasks() {
    let client = connect_with(registry(), TasksClient { tasks: false }).await;
    let refused = within(
        "tools/call",
        client
            .peer()
            .call_tool_once(request("research_simulate_query", json!({"topic": "rust"}))),
    )
    .await
    .expect_err("task support is required");
    let rmcp::service::ServiceError::McpError(error) = &refused else {
        panic!("not a JSON-RPC error: {refused}");
    };
    assert_eq!(error.code.0, -32021, "{error:?}");
    assert!(
        error
            .message
            .contains("`research_simulate_query` runs only as a task"),
        "{error:?}"
    );
    // The same call from a client with tasks, unambiguous: straight to completed.
    let tasks = connect_with(registry(), TasksClient { tasks: true }).await;
    let created = within(
        "tools/call",
        tasks
            .peer()
            .call_tool_once(request("research_simulate_query", json!({"topic": "rust"}))),
    )
    .await
    .expect("tools/call answers");
    assert!(matches!(created, CallToolResponse::Task(_)), "{created:?}");
    client.close().await;
    tasks.close().await;
}
