//! The tools the conformance suite's `tasks-*` scenarios call (the Tasks extension). The
//! suite names them without a namespace, so each waives `namespace_required`.

use std::time::Duration;

use mcp_tools::{
    prelude::*,
    rmcp::model::{ElicitRequest, ElicitRequestParams, InputRequest},
};
use serde_json::{Value, json};

use super::tools::form;

/// Greet someone by name, at once.
// The suite calls it `greet`.
#[tool(name = "greet", read_only, allow(namespace_required))]
async fn greet(
    /// Who to greet, as written.
    name: String,
) -> String {
    format!("Hello, {name}!")
}

/// Wait the given number of seconds, reporting each one, then say what was computed.
// The suite calls these by its own names.
#[tool(
    name = "slow_compute",
    read_only,
    task = "optional",
    allow(namespace_required, verb_first)
)]
async fn slow_compute(
    ctx: ToolContext,
    /// How long the computation takes.
    #[param(unit = "seconds", max = 3600)]
    seconds: u64,
    /// A name for this computation, echoed in the result.
    label: Option<String>,
) -> String {
    for second in 0..seconds {
        #[allow(clippy::cast_precision_loss)] // at most 3600
        ctx.progress(
            second as f64,
            Some(seconds as f64),
            format!("{second} of {seconds} seconds"),
        )
        .await;
        tokio::time::sleep(Duration::from_secs(1)).await;
    }
    let label = label.unwrap_or_else(|| "computation".to_owned());
    format!("{label}: done after {seconds} seconds")
}

/// Fail with a tool error after a second of work, always.
#[tool(
    name = "failing_job",
    read_only,
    task = "required",
    allow(namespace_required, verb_first)
)]
async fn failing_job() -> Result<String, ToolError> {
    tokio::time::sleep(Duration::from_secs(1)).await;
    Err(ToolError::invalid_input(
        "this job always fails, to test a tool error in a task",
    ))
}

/// Break inside the handler, to test a task that fails with a protocol error.
#[tool(
    name = "protocol_error_job",
    read_only,
    task = "optional",
    allow(namespace_required, verb_first)
)]
async fn protocol_error_job() -> String {
    tokio::time::sleep(Duration::from_millis(200)).await;
    panic!("this job always breaks, to test a failed task")
}

/// Ask the user to confirm, then say whether the file would be deleted.
// It deletes nothing: the suite's name for a tool that asks in the middle of a task.
#[tool(
    name = "confirm_delete",
    read_only,
    task = "optional",
    allow(namespace_required, destructive_verb)
)]
async fn confirm_delete(
    ctx: ToolContext,
    /// The file to ask about, as a name.
    filename: String,
) -> Result<String, ToolError> {
    let schema = json!({"type": "object", "properties": {"confirm": {"type": "boolean"}}, "required": ["confirm"]});
    let answer = ctx
        .elicit(form(&format!("Delete {filename}?"), schema))
        .await?;
    let confirmed = answer
        .content
        .as_ref()
        .and_then(|c| c.get("confirm"))
        .and_then(Value::as_bool)
        .unwrap_or(false);
    Ok(if confirmed {
        format!("Deleted {filename} (a test: nothing was deleted)")
    } else {
        format!("Kept {filename}")
    })
}

/// Ask two questions at once, then report both answers.
#[tool(
    name = "multi_input",
    read_only,
    task = "optional",
    allow(namespace_required, verb_first)
)]
async fn multi_input(ctx: ToolContext) -> Result<String, ToolError> {
    let name =
        json!({"type": "object", "properties": {"name": {"type": "string"}}, "required": ["name"]});
    let confirm = json!({"type": "object", "properties": {"confirm": {"type": "boolean"}}, "required": ["confirm"]});
    let answers = ctx
        .ask(
            [
                ("name".to_owned(), ask(form("What is your name?", name))),
                ("confirm".to_owned(), ask(form("Go ahead?", confirm))),
            ]
            .into(),
        )
        .await?;
    Ok(format!(
        "Both answered: {}",
        Value::Object(answers.into_iter().collect())
    ))
}

/// Ask the user's name (key `user_name`) as a plain call, then finish as a task.
#[tool(namespace = "test", read_only, task = "required", task_deferred)]
async fn tool_with_task(ctx: ToolContext) -> Result<String, ToolError> {
    let schema =
        json!({"type": "object", "properties": {"name": {"type": "string"}}, "required": ["name"]});
    let answers = ctx
        .ask(
            [(
                "user_name".to_owned(),
                ask(form("What is your name?", schema)),
            )]
            .into(),
        )
        .await?;
    let name = answers
        .get("user_name")
        .and_then(|a| a.pointer("/content/name"))
        .and_then(Value::as_str)
        .unwrap_or("friend")
        .to_owned();
    ctx.continue_as_task().await?;
    tokio::time::sleep(Duration::from_millis(500)).await;
    Ok(format!("Hello, {name}! (finished as a task)"))
}

fn ask(params: ElicitRequestParams) -> InputRequest {
    InputRequest::Elicitation(ElicitRequest::new(params))
}

/// The task fixtures.
pub(crate) fn all() -> Catalog {
    catalog![
        greet,
        slow_compute,
        failing_job,
        protocol_error_job,
        confirm_delete,
        multi_input,
        tool_with_task,
    ]
}
