//! The tools the conformance suite calls, each a `#[tool]` fn like any server's.

// Sampling and roots are deprecated by 2026-07-28 (SEP-2577), and the suite still tests them.
#![allow(deprecated)]

use std::time::Duration;

use mcp_tools::{
    prelude::*,
    rmcp::model::{
        ContentBlock, CreateMessageRequestParams, ElicitRequestParams, ElicitResult,
        ElicitationSchema, InputRequest, ListRootsRequest, ResourceContents, SamplingMessage,
    },
};
use serde_json::{Value, json};

use super::{
    fixtures::{TEST_AUDIO_DATA, TEST_IMAGE_DATA},
    hub::Hub,
    resources::WATCHED,
};

/// Return a fixed sentence as text, to test the simplest result.
#[tool(namespace = "test", read_only)]
async fn simple_text() -> &'static str {
    "This is a simple text response for testing."
}

/// Return a small PNG image block, to test image content.
#[tool(namespace = "test", read_only)]
async fn image_content() -> ContentBlock {
    ContentBlock::image(TEST_IMAGE_DATA, "image/png")
}

/// Return a short WAV audio block, to test audio content.
#[tool(namespace = "test", read_only)]
async fn audio_content() -> ContentBlock {
    ContentBlock::audio(TEST_AUDIO_DATA, "audio/wav")
}

/// Return an embedded text resource, to test resource content.
#[tool(namespace = "test", read_only)]
async fn embedded_resource() -> ContentBlock {
    ContentBlock::resource(text_resource(
        "test://embedded-resource",
        "text/plain",
        "This is an embedded resource content.",
    ))
}

/// Return text, an image and a resource together, to test mixed content.
#[tool(namespace = "test", read_only)]
async fn multiple_content_types() -> Vec<ContentBlock> {
    vec![
        ContentBlock::text("Multiple content types test:"),
        ContentBlock::image(TEST_IMAGE_DATA, "image/png"),
        ContentBlock::resource(text_resource(
            "test://mixed-content-resource",
            "application/json",
            r#"{"test":"data","value":123}"#,
        )),
    ]
}

/// Send three log messages 50 ms apart while running, to test logging.
#[tool(namespace = "test", read_only)]
async fn tool_with_logging(ctx: ToolContext) -> &'static str {
    for message in [
        "Tool execution started",
        "Tool processing data",
        "Tool execution completed",
    ] {
        ctx.log(LogLevel::Info, message).await;
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    "Logging test completed"
}

/// Send one log message, which a 2026-07-28 client gets only when its request names a level.
#[tool(namespace = "test", read_only)]
async fn logging_tool(ctx: ToolContext) -> &'static str {
    ctx.log(LogLevel::Info, "logLevel was requested").await;
    "Logging tool completed"
}

/// Fail on purpose with an error result, to test error handling.
#[tool(namespace = "test", read_only)]
async fn error_handling() -> Result<String, ToolError> {
    Err(ToolError::conflict(
        "This tool intentionally returns an error for testing",
    ))
}

/// Report progress 0, 50 and 100 of 100, 50 ms apart, to test progress notifications.
#[tool(namespace = "test", read_only)]
async fn tool_with_progress(ctx: ToolContext) -> &'static str {
    for (done, message) in [(0.0, "Starting"), (50.0, "Halfway"), (100.0, "Complete")] {
        ctx.progress(done, Some(100.0), message).await;
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    "Progress test completed"
}

/// Ask the client's model to answer a prompt, and return its answer.
#[tool(namespace = "test", read_only)]
async fn sampling(
    ctx: ToolContext,
    /// The prompt to send the model, word for word.
    prompt: String,
) -> Result<String, ToolError> {
    let request = CreateMessageRequestParams::new(vec![SamplingMessage::user_text(prompt)], 100);
    let answer = ctx.sample(request).await?;
    let text = answer
        .message
        .content
        .first()
        .and_then(|c| c.as_text())
        .map_or("No text response", |t| t.text.as_str())
        .to_owned();
    Ok(format!("LLM response: {text}"))
}

/// Ask the user for a username and an email address, and return the answer.
#[tool(namespace = "test", read_only)]
async fn elicitation(
    ctx: ToolContext,
    /// The message the user reads above the form.
    message: String,
) -> Result<String, ToolError> {
    let schema = json!({
        "type": "object",
        "properties": {
            "username": {"type": "string", "description": "User's response"},
            "email": {"type": "string", "description": "User's email address"}
        },
        "required": ["username", "email"]
    });
    let answer = ctx.elicit(form(&message, schema)).await?;
    Ok(format!("User response: {}", describe(&answer)))
}

/// Ask the user with a form whose every field has a default (SEP-1034).
#[tool(namespace = "test", read_only)]
async fn elicitation_sep1034_defaults(ctx: ToolContext) -> Result<String, ToolError> {
    let schema = json!({
        "type": "object",
        "properties": {
            "name": {"type": "string", "description": "User's name", "default": "John Doe"},
            "age": {"type": "integer", "description": "User's age", "default": 30},
            "score": {"type": "number", "description": "User's score", "default": 95.5},
            "status": {
                "type": "string",
                "description": "User's status",
                "enum": ["active", "inactive", "pending"],
                "default": "active"
            },
            "verified": {"type": "boolean", "description": "Whether user is verified", "default": true}
        }
    });
    let message = "Please provide values (all have defaults)";
    let answer = ctx.elicit(form(message, schema)).await?;
    Ok(format!("Elicitation completed: {}", describe(&answer)))
}

/// Ask the user with a form of every enum shape (SEP-1330).
#[tool(namespace = "test", read_only)]
async fn elicitation_sep1330_enums(ctx: ToolContext) -> Result<String, ToolError> {
    let titled = |titles: [&str; 3]| {
        let values = ["value1", "value2", "value3"];
        Value::Array(
            values
                .iter()
                .zip(titles)
                .map(|(value, title)| json!({"const": value, "title": title}))
                .collect(),
        )
    };
    let schema = json!({
        "type": "object",
        "properties": {
            "untitledSingle": {"type": "string", "enum": ["option1", "option2", "option3"]},
            "titledSingle": {
                "type": "string",
                "oneOf": titled(["First Option", "Second Option", "Third Option"])
            },
            "legacyEnum": {
                "type": "string",
                "enum": ["opt1", "opt2", "opt3"],
                "enumNames": ["Option One", "Option Two", "Option Three"]
            },
            "untitledMulti": {
                "type": "array",
                "items": {"type": "string", "enum": ["option1", "option2", "option3"]}
            },
            "titledMulti": {
                "type": "array",
                "items": {"anyOf": titled(["First Choice", "Second Choice", "Third Choice"])}
            }
        }
    });
    let answer = ctx
        .elicit(form("Test enum schema improvements", schema))
        .await?;
    Ok(format!("Enum elicitation completed: {}", describe(&answer)))
}

/// Echo a name and a postal address; its input schema is hand-written JSON Schema 2020-12.
///
/// The suite checks that `$schema`, `$defs` and `additionalProperties` reach the client as
/// written.
#[tool(
    name = "json_schema_2020_12_tool",
    input_schema = "schemas/json_schema_2020_12_tool.json",
    read_only,
    allow(namespace_required)
)]
async fn json_schema_2020_12_tool(args: Value) -> String {
    let name = args.get("name").and_then(Value::as_str).unwrap_or("world");
    format!("Hello, {name}!")
}

/// Echo a value that clients also send as an HTTP header (`x-mcp-header`, SEP-2243).
#[tool(
    namespace = "test",
    input_schema = "schemas/custom_header.json",
    read_only
)]
async fn custom_header(args: Value) -> String {
    args.get("value")
        .and_then(Value::as_str)
        .unwrap_or_default()
        .to_owned()
}

/// Answer after 100 ms, to test a client reconnecting to a stream mid-call.
#[tool(namespace = "test", read_only)]
async fn reconnection() -> &'static str {
    tokio::time::sleep(Duration::from_millis(100)).await;
    "Reconnection test completed"
}

/// Tell every subscribed client that the tool list changed.
#[tool(namespace = "test", read_only)]
async fn trigger_tool_change(hub: State<Hub>) -> &'static str {
    hub.tool_list_changed().await;
    "Tool list change triggered"
}

/// Tell every subscribed client that the prompt list changed.
#[tool(namespace = "test", read_only)]
async fn trigger_prompt_change(hub: State<Hub>) -> &'static str {
    hub.prompt_list_changed().await;
    "Prompt list change triggered"
}

/// Tell the clients subscribed to `test://watched-resource` that it changed.
#[tool(namespace = "test", read_only)]
async fn trigger_resource_update(updates: State<ResourceUpdates>) -> String {
    let told = updates.updated(WATCHED).await;
    format!("Resource update sent to {told} subscriber(s)")
}

/// Ask the client's model a question; a client without `sampling` is refused.
#[tool(namespace = "test", read_only)]
async fn missing_capability(ctx: ToolContext) -> Result<String, ToolError> {
    let request = CreateMessageRequestParams::new(vec![SamplingMessage::user_text("Say hi")], 10);
    ctx.sample(request).await?;
    Ok("Required capability declared".to_owned())
}

/// Ask the user for a value; under 2026-07-28 the call answers with an input request.
#[tool(namespace = "test", read_only)]
async fn streaming_elicitation(ctx: ToolContext) -> Result<String, ToolError> {
    let schema = json!({"type": "object", "properties": {"value": {"type": "string"}}, "required": ["value"]});
    let answer = ctx.elicit(form("Provide a value", schema)).await?;
    Ok(format!("Streaming elicitation: {}", describe(&answer)))
}

/// Ask the user's name (key `user_name`) and greet them.
#[tool(namespace = "test", read_only)]
async fn input_required_result_elicitation(ctx: ToolContext) -> Result<String, ToolError> {
    let answers = ctx
        .ask([("user_name".to_owned(), ask_name("What is your name?"))].into())
        .await?;
    let name = answers
        .get("user_name")
        .and_then(|a| a.pointer("/content/name"))
        .and_then(Value::as_str)
        .unwrap_or("friend");
    Ok(format!("Hello, {name}!"))
}

/// Ask the client's model a question (key `capital_question`) and return its answer.
#[tool(namespace = "test", read_only)]
async fn input_required_result_sampling(ctx: ToolContext) -> Result<String, ToolError> {
    let question = sampling_ask("What is the capital of France?");
    let answers = ctx
        .ask([("capital_question".to_owned(), question)].into())
        .await?;
    let text = answers
        .get("capital_question")
        .and_then(|a| a.pointer("/content/text"))
        .and_then(Value::as_str)
        .unwrap_or("(no sampling text)");
    Ok(format!("Sampling response: {text}"))
}

/// Read the client's roots (key `client_roots`) and list them.
#[tool(namespace = "test", read_only)]
async fn input_required_result_list_roots(ctx: ToolContext) -> Result<String, ToolError> {
    let roots = ctx.roots().await?;
    let uris: Vec<&str> = roots.roots.iter().map(|r| r.uri.as_str()).collect();
    Ok(format!("Client roots: [{}]", uris.join(", ")))
}

/// Ask for a confirmation; the answer comes back with the sealed request state.
#[tool(namespace = "test", read_only)]
async fn input_required_result_request_state(ctx: ToolContext) -> Result<String, ToolError> {
    confirm(&ctx).await
}

/// Ask for a confirmation; a retry whose request state was altered is refused.
#[tool(namespace = "test", read_only)]
async fn input_required_result_tampered_state(ctx: ToolContext) -> Result<String, ToolError> {
    confirm(&ctx).await
}

/// Ask for a name, a greeting from the model, and the roots, all in one round.
#[tool(namespace = "test", read_only)]
async fn input_required_result_multiple_inputs(ctx: ToolContext) -> Result<String, ToolError> {
    ctx.ask(
        [
            ("user_name".to_owned(), ask_name("What is your name?")),
            ("greeting".to_owned(), sampling_ask("Generate a greeting")),
            (
                "client_roots".to_owned(),
                InputRequest::ListRoots(ListRootsRequest::default()),
            ),
        ]
        .into(),
    )
    .await?;
    Ok("All inputs received".to_owned())
}

/// Ask two questions, one round each.
#[tool(namespace = "test", read_only)]
async fn input_required_result_multi_round(ctx: ToolContext) -> Result<String, ToolError> {
    let schema = |name: &str| json!({"type": "object", "properties": {name: {"type": "string"}}, "required": [name]});
    ctx.elicit(form("Step 1: What is your name?", schema("name")))
        .await?;
    ctx.elicit(form(
        "Step 2: What is your favorite color?",
        schema("color"),
    ))
    .await?;
    Ok("Multi-round flow complete".to_owned())
}

/// Ask only for what the client declared it can answer.
#[tool(namespace = "test", read_only)]
async fn input_required_result_capabilities(ctx: ToolContext) -> Result<String, ToolError> {
    let caps = ctx.client_capabilities().cloned().unwrap_or_default();
    let mut asks = std::collections::BTreeMap::new();
    if caps.elicitation.is_some() {
        asks.insert("user_name".to_owned(), ask_name("What is your name?"));
    }
    if caps.sampling.is_some() {
        asks.insert("greeting".to_owned(), sampling_ask("Generate a greeting"));
    }
    if caps.roots.is_some() {
        asks.insert(
            "client_roots".to_owned(),
            InputRequest::ListRoots(ListRootsRequest::default()),
        );
    }
    if asks.is_empty() {
        return Ok("Client declared no MRTR-capable capabilities".to_owned());
    }
    ctx.ask(asks).await?;
    Ok("Capability-aware flow complete".to_owned())
}

async fn confirm(ctx: &ToolContext) -> Result<String, ToolError> {
    let schema =
        json!({"type": "object", "properties": {"ok": {"type": "boolean"}}, "required": ["ok"]});
    ctx.elicit(form("Please confirm", schema)).await?;
    Ok("Confirmed: state-ok".to_owned())
}

pub(super) fn form(message: &str, schema: Value) -> ElicitRequestParams {
    ElicitRequestParams::FormElicitationParams {
        meta: None,
        message: message.to_owned(),
        requested_schema: serde_json::from_value::<ElicitationSchema>(schema)
            .expect("the fixture schemas are elicitation schemas"),
    }
}

fn ask_name(message: &str) -> InputRequest {
    let schema =
        json!({"type": "object", "properties": {"name": {"type": "string"}}, "required": ["name"]});
    InputRequest::Elicitation(mcp_tools::rmcp::model::ElicitRequest::new(form(
        message, schema,
    )))
}

#[allow(deprecated)] // sampling is deprecated by 2026-07-28, and the suite tests it
fn sampling_ask(prompt: &str) -> InputRequest {
    InputRequest::CreateMessage(mcp_tools::rmcp::model::CreateMessageRequest::new(
        CreateMessageRequestParams::new(vec![SamplingMessage::user_text(prompt)], 100),
    ))
}

fn describe(answer: &ElicitResult) -> String {
    let action = serde_json::to_value(&answer.action).unwrap_or_default();
    let content = answer
        .content
        .as_ref()
        .map_or_else(|| "none".to_owned(), Value::to_string);
    format!(
        "action={}, content={content}",
        action.as_str().unwrap_or("unknown")
    )
}

pub(crate) fn text_resource(uri: &str, mime_type: &str, text: &str) -> ResourceContents {
    ResourceContents::TextResourceContents {
        uri: uri.into(),
        mime_type: Some(mime_type.into()),
        text: text.into(),
        meta: None,
    }
}

/// Every tool of the server but the task fixtures.
pub(crate) fn all() -> Catalog {
    catalog![
        simple_text,
        image_content,
        audio_content,
        embedded_resource,
        multiple_content_types,
        tool_with_logging,
        logging_tool,
        error_handling,
        tool_with_progress,
        sampling,
        elicitation,
        elicitation_sep1034_defaults,
        elicitation_sep1330_enums,
        json_schema_2020_12_tool,
        custom_header,
        reconnection,
        trigger_tool_change,
        trigger_prompt_change,
        trigger_resource_update,
        missing_capability,
        streaming_elicitation,
        input_required_result_elicitation,
        input_required_result_sampling,
        input_required_result_list_roots,
        input_required_result_request_state,
        input_required_result_tampered_state,
        input_required_result_multiple_inputs,
        input_required_result_multi_round,
        input_required_result_capabilities,
    ]
}
