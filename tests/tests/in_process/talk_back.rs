//! Tools that talk back through their context (log messages, sampling, elicitation, roots),
//! driven by rmcp's client in both protocol revisions: a 2025-11-25 session, where the
//! server sends requests to the client, and 2026-07-28, where the call returns an
//! input-required result and the client retries it with the answers.

// Sampling, roots and logging are deprecated by 2026-07-28 (SEP-2577) and still part of it.
#![allow(deprecated)]

use crate::common_client;

use std::sync::{Arc, Mutex, PoisonError};

use common_client::{object, within};
use mcp_tools::prelude::*;
use rmcp::{
    ClientHandler, ErrorData, RoleClient,
    model::{
        CallToolRequestParams, CallToolResponse, CallToolResult, ClientCapabilities, ClientConfig,
        CreateMessageRequestParams, CreateMessageResult, ElicitRequestParams, ElicitResult,
        ElicitationAction, Implementation, ListRootsResult, LoggingLevel,
        LoggingMessageNotificationParam, ProtocolVersion, Role, Root, SamplingMessage,
        SetLevelRequestParams,
    },
    service::{
        ClientLifecycleMode, ClientServiceExt, NotificationContext, RequestContext, RunningService,
    },
};
use serde_json::{Value, json};

/// Ask the user for their name, and greet them.
#[tool(namespace = "talk", read_only)]
async fn greet(ctx: ToolContext) -> Result<String, ToolError> {
    let answer = ctx.elicit(name_form("What is your name?")).await?;
    match answer.action {
        ElicitationAction::Accept => {
            let name = answer
                .content
                .as_ref()
                .and_then(|c| c.get("name"))
                .and_then(Value::as_str)
                .unwrap_or("friend");
            Ok(format!("Hello, {name}!"))
        }
        _ => Ok("The user did not say.".to_owned()),
    }
}

/// Ask two questions in turn, one round trip each.
#[tool(namespace = "talk", read_only)]
async fn interview(ctx: ToolContext) -> Result<String, ToolError> {
    let first = ctx.elicit(name_form("First name?")).await?;
    let second = ctx.elicit(name_form("Last name?")).await?;
    let part = |a: &ElicitResult| {
        a.content
            .as_ref()
            .and_then(|c| c.get("name"))
            .and_then(Value::as_str)
            .unwrap_or("?")
            .to_owned()
    };
    Ok(format!("{} {}", part(&first), part(&second)))
}

/// Ask the client's model to summarise a text.
#[tool(namespace = "talk", read_only)]
async fn summarise(
    ctx: ToolContext,
    /// The text to summarise.
    text: String,
) -> Result<String, ToolError> {
    let request = CreateMessageRequestParams::new(vec![SamplingMessage::user_text(text)], 50);
    let answer = ctx.sample(request).await?;
    let summary = answer
        .message
        .content
        .first()
        .and_then(|c| c.as_text())
        .map(|t| t.text.clone())
        .unwrap_or_default();
    Ok(format!("summary: {summary}"))
}

/// List the client's roots.
#[tool(namespace = "talk", read_only)]
async fn roots(ctx: ToolContext) -> Result<String, ToolError> {
    let roots = ctx.roots().await?;
    let uris: Vec<String> = roots.roots.into_iter().map(|r| r.uri).collect();
    Ok(uris.join(","))
}

/// Send the user to a sign-in page, and wait until they are back.
#[tool(namespace = "talk", read_only)]
async fn sign_in(ctx: ToolContext) -> Result<String, ToolError> {
    let answer = ctx
        .elicit(ElicitRequestParams::UrlElicitationParams {
            meta: None,
            message: "Sign in to the depot".to_owned(),
            url: "https://depot.example.com/sign-in".to_owned(),
            elicitation_id: "sign-in-1".to_owned(),
        })
        .await?;
    Ok(format!("{:?}", answer.action))
}

/// Log one message at each of three levels.
#[tool(namespace = "talk", read_only)]
async fn chatty(ctx: ToolContext) -> &'static str {
    ctx.log(LogLevel::Debug, "detail").await;
    ctx.log(LogLevel::Info, "progress").await;
    ctx.log(LogLevel::Warning, json!({"disk": "nearly full"}))
        .await;
    "done"
}

fn name_form(message: &str) -> ElicitRequestParams {
    let schema =
        json!({"type": "object", "properties": {"name": {"type": "string"}}, "required": ["name"]});
    ElicitRequestParams::FormElicitationParams {
        meta: None,
        message: message.to_owned(),
        requested_schema: serde_json::from_value(schema).expect("an elicitation schema"),
    }
}

fn registry() -> Registry {
    Registry::builder()
        .server_info("talk-back", "1.0.0")
        .tools(tools![greet, interview, summarise, roots, chatty, sign_in])
        .build()
        .expect("the registry builds")
}

/// A client that answers as a user and a model would, and keeps the log messages it gets.
#[derive(Clone, Default)]
struct Answering {
    /// Declares sampling, elicitation (forms and URLs) and roots when set.
    capable: bool,
    /// Declares elicitation by forms only.
    forms_only: bool,
    asked: Arc<Mutex<Vec<String>>>,
    logs: Arc<Mutex<Vec<(String, Value)>>>,
}

impl Answering {
    fn capable() -> Self {
        Answering {
            capable: true,
            ..Self::default()
        }
    }

    fn logs(&self) -> Vec<(String, Value)> {
        self.logs
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .clone()
    }

    fn asked(&self) -> Vec<String> {
        self.asked
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .clone()
    }
}

impl ClientHandler for Answering {
    fn get_info(&self) -> ClientConfig {
        let declared = if self.capable {
            json!({"sampling": {}, "elicitation": {"form": {}, "url": {}}, "roots": {}})
        } else if self.forms_only {
            json!({"elicitation": {}})
        } else {
            json!({})
        };
        let capabilities: ClientCapabilities =
            serde_json::from_value(declared).expect("client capabilities");
        ClientConfig::new(capabilities, Implementation::new("answering", "1.0.0"))
    }

    async fn create_elicitation(
        &self,
        request: ElicitRequestParams,
        _context: RequestContext<RoleClient>,
    ) -> Result<ElicitResult, ErrorData> {
        let message = match &request {
            ElicitRequestParams::FormElicitationParams { message, .. }
            | ElicitRequestParams::UrlElicitationParams { message, .. } => message.clone(),
            _ => String::new(),
        };
        self.asked
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .push(message.clone());
        if matches!(request, ElicitRequestParams::UrlElicitationParams { .. }) {
            return Ok(ElicitResult::new(ElicitationAction::Accept));
        }
        let name = match message.as_str() {
            "Last name?" => "Lovelace",
            _ => "Ada",
        };
        let content = json!({ "name": name });
        Ok(ElicitResult::new(ElicitationAction::Accept).with_content(content))
    }

    async fn create_message(
        &self,
        params: CreateMessageRequestParams,
        _context: RequestContext<RoleClient>,
    ) -> Result<CreateMessageResult, ErrorData> {
        let words = params
            .messages
            .first()
            .and_then(|m| m.content.first())
            .and_then(|c| c.as_text())
            .map_or(0, |t| t.text.split_whitespace().count());
        Ok(CreateMessageResult::new(
            SamplingMessage::new(Role::Assistant, format!("{words} words")),
            "test-model".to_owned(),
        ))
    }

    async fn list_roots(
        &self,
        _context: RequestContext<RoleClient>,
    ) -> Result<ListRootsResult, ErrorData> {
        Ok(ListRootsResult::new(vec![
            Root::new("file:///work"),
            Root::new("file:///tmp"),
        ]))
    }

    async fn on_logging_message(
        &self,
        params: LoggingMessageNotificationParam,
        _context: NotificationContext<RoleClient>,
    ) {
        let level = serde_json::to_value(params.level).unwrap_or_default();
        let level = level.as_str().unwrap_or_default().to_owned();
        self.logs
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .push((level, params.data));
    }
}

type Client = RunningService<RoleClient, Answering>;

async fn connect(handler: Answering, modern: bool) -> Client {
    let (server_io, client_io) = tokio::io::duplex(1 << 16);
    tokio::spawn(registry().serve_transport(server_io));
    let lifecycle = if modern {
        ClientLifecycleMode::Discover {
            preferred_versions: vec![ProtocolVersion::V_2026_07_28],
        }
    } else {
        ClientLifecycleMode::Initialize
    };
    within(
        "connect",
        handler.serve_with_lifecycle(client_io, lifecycle),
    )
    .await
    .expect("the client connects")
}

/// `tools/call`, with the client answering every input round.
async fn call(client: &Client, name: &str, arguments: Value) -> CallToolResult {
    let request = CallToolRequestParams::new(name.to_owned()).with_arguments(object(arguments));
    within(name, client.call_tool(request))
        .await
        .unwrap_or_else(|err| panic!("{name} failed at the protocol level: {err}"))
}

fn text(result: &CallToolResult) -> String {
    result
        .content
        .iter()
        .filter_map(|c| c.as_text().map(|t| t.text.clone()))
        .collect::<Vec<_>>()
        .join("\n")
}

fn ok_text(result: &CallToolResult) -> String {
    assert_ne!(result.is_error, Some(true), "{}", text(result));
    text(result)
}

#[tokio::test]
async fn a_tool_elicits_samples_and_reads_roots_in_both_revisions() {
    for modern in [false, true] {
        let handler = Answering::capable();
        let client = connect(handler.clone(), modern).await;
        assert_eq!(
            ok_text(&call(&client, "talk_greet", json!({})).await),
            "Hello, Ada!"
        );
        assert_eq!(
            ok_text(&call(&client, "talk_interview", json!({})).await),
            "Ada Lovelace"
        );
        assert_eq!(
            ok_text(&call(&client, "talk_summarise", json!({"text": "one two three"})).await),
            "summary: 3 words"
        );
        assert_eq!(
            ok_text(&call(&client, "talk_roots", json!({})).await),
            "file:///work,file:///tmp"
        );
        assert_eq!(
            ok_text(&call(&client, "talk_sign_in", json!({})).await),
            "Accept"
        );
        // Each question reached the user once, whichever way it travelled.
        assert_eq!(
            handler.asked(),
            [
                "What is your name?",
                "First name?",
                "Last name?",
                "Sign in to the depot"
            ],
            "modern = {modern}"
        );
        within("close", client.cancel()).await.expect("closes");
    }
}

#[tokio::test]
async fn a_2025_client_without_the_capability_gets_an_error_result_saying_so() {
    let client = connect(Answering::default(), false).await;
    for (tool, args, needs) in [
        ("talk_greet", json!({}), "ask the user (`elicitation`)"),
        (
            "talk_summarise",
            json!({"text": "x"}),
            "ask the client's model (`sampling`)",
        ),
        ("talk_roots", json!({}), "read the client's roots (`roots`)"),
    ] {
        let result = call(&client, tool, args).await;
        assert_eq!(result.is_error, Some(true), "{tool}");
        assert_eq!(
            text(&result),
            format!(
                "not supported by this client: this tool needs the client to {needs}, which this \
                 client did not declare it can do; it cannot run from this client"
            )
        );
        let kind = result
            .meta
            .as_ref()
            .and_then(|m| m.0.get(mcp_tools::wire::ERROR_META_KEY))
            .and_then(|e| e.get("kind"))
            .and_then(Value::as_str);
        assert_eq!(kind, Some("unsupported"), "{tool}: {:?}", result.meta);
    }
    within("close", client.cancel()).await.expect("closes");
}

#[tokio::test]
async fn a_client_that_declares_forms_only_is_not_sent_to_a_url() {
    let handler = Answering {
        forms_only: true,
        ..Answering::default()
    };
    let client = connect(handler.clone(), false).await;
    assert_eq!(
        ok_text(&call(&client, "talk_greet", json!({})).await),
        "Hello, Ada!"
    );
    let result = call(&client, "talk_sign_in", json!({})).await;
    assert_eq!(result.is_error, Some(true));
    assert!(
        text(&result).contains("send the user to a URL (`elicitation` with `url`)"),
        "{}",
        text(&result)
    );
    assert_eq!(handler.asked(), ["What is your name?"]);
    within("close", client.cancel()).await.expect("closes");
}

#[tokio::test]
async fn a_2026_client_without_the_capability_gets_the_revision_s_error() {
    let client = connect(Answering::default(), true).await;
    let request =
        CallToolRequestParams::new("talk_summarise").with_arguments(object(json!({"text": "x"})));
    let err = within("call", client.call_tool(request))
        .await
        .expect_err("a missing capability is a JSON-RPC error under 2026-07-28");
    let rmcp::service::ServiceError::McpError(err) = err else {
        panic!("expected the server's error, got {err}");
    };
    assert_eq!(err.code.0, -32021);
    assert_eq!(
        err.data,
        Some(json!({"requiredCapabilities": {"sampling": {}}}))
    );
    assert!(err.message.contains("`sampling`"), "{}", err.message);
    within("close", client.cancel()).await.expect("closes");
}

#[tokio::test]
async fn an_input_round_carries_a_sealed_state_that_refuses_tampering() {
    let client = connect(Answering::capable(), true).await;
    let first = within(
        "round 1",
        client.call_tool_once(CallToolRequestParams::new("talk_interview")),
    )
    .await
    .expect("round 1");
    let CallToolResponse::InputRequired(round) = first else {
        panic!("a 2026-07-28 call that asks the user answers input_required first");
    };
    let requests = round.input_requests.clone().unwrap_or_default();
    assert_eq!(requests.keys().collect::<Vec<_>>(), ["elicitation-1"]);
    let state = round.request_state.clone().expect("a request state");
    let answer = json!({"action": "accept", "content": {"name": "Ada"}});

    let mut tampered = CallToolRequestParams::new("talk_interview");
    tampered.request_state = Some(format!("{state}x"));
    tampered.input_responses = Some([("elicitation-1".to_owned(), answer.clone())].into());
    let err = within("tampered", client.call_tool_once(tampered))
        .await
        .expect_err("a tampered state is refused");
    let rmcp::service::ServiceError::McpError(err) = err else {
        panic!("expected the server's error, got {err}");
    };
    assert_eq!(err.code.0, -32602);
    assert!(err.message.contains("integrity"), "{}", err.message);

    // The state of one call does not open for another tool.
    let mut elsewhere = CallToolRequestParams::new("talk_greet");
    elsewhere.request_state = Some(state.clone());
    let err = within("elsewhere", client.call_tool_once(elsewhere))
        .await
        .expect_err("a state of another call is refused");
    assert!(err.to_string().contains("another call"), "{err}");

    // Honestly answered, the second question follows, with the first answer sealed along.
    let mut retry = CallToolRequestParams::new("talk_interview");
    retry.request_state = Some(state);
    retry.input_responses = Some([("elicitation-1".to_owned(), answer)].into());
    let second = within("round 2", client.call_tool_once(retry))
        .await
        .expect("round 2");
    let CallToolResponse::InputRequired(round) = second else {
        panic!("the second question is another input round");
    };
    let keys: Vec<String> = round
        .input_requests
        .unwrap_or_default()
        .into_keys()
        .collect();
    assert_eq!(keys, ["elicitation-2"]);
    within("close", client.cancel()).await.expect("closes");
}

#[tokio::test]
async fn log_messages_follow_the_level_the_client_asked_for() {
    // 2025-11-25: every level until the client sets one, then that level and above.
    let handler = Answering::capable();
    let client = connect(handler.clone(), false).await;
    assert_eq!(
        ok_text(&call(&client, "talk_chatty", json!({})).await),
        "done"
    );
    within(
        "setLevel",
        client
            .peer()
            .set_level(SetLevelRequestParams::new(LoggingLevel::Warning)),
    )
    .await
    .expect("logging/setLevel succeeds");
    call(&client, "talk_chatty", json!({})).await;
    // Notifications may trail the result; the last call's warning closes the sequence.
    let logs = wait_for_logs(&handler, 4).await;
    let levels: Vec<&str> = logs.iter().map(|(l, _)| l.as_str()).collect();
    assert_eq!(levels, ["debug", "info", "warning", "warning"]);
    assert_eq!(logs[0].1, json!("detail"));
    assert_eq!(logs[2].1, json!({"disk": "nearly full"}));
    within("close", client.cancel()).await.expect("closes");

    // 2026-07-28: none unless the request names a level, then that level and above.
    let handler = Answering::capable();
    let client = connect(handler.clone(), true).await;
    call(&client, "talk_chatty", json!({})).await;
    let mut request = CallToolRequestParams::new("talk_chatty");
    let mut meta = rmcp::model::RequestMetaObject::default();
    meta.set_log_level(LoggingLevel::Info);
    request.meta = Some(meta);
    within("call with logLevel", client.call_tool(request))
        .await
        .expect("the call succeeds");
    let logs = wait_for_logs(&handler, 2).await;
    let levels: Vec<&str> = logs.iter().map(|(l, _)| l.as_str()).collect();
    assert_eq!(levels, ["info", "warning"]);
    within("close", client.cancel()).await.expect("closes");
}

async fn wait_for_logs(handler: &Answering, count: usize) -> Vec<(String, Value)> {
    within("log messages", async {
        loop {
            let logs = handler.logs();
            if logs.len() >= count {
                // A short grace period, so an extra (wrong) message would be seen too.
                tokio::time::sleep(std::time::Duration::from_millis(50)).await;
                return handler.logs();
            }
            tokio::time::sleep(std::time::Duration::from_millis(5)).await;
        }
    })
    .await
}
