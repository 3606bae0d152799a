//! Errors never echo a client's input without bound: argument problems are listed up to a
//! count and each cut short, a megabyte tool name is not repeated, a handler's long message
//! is held to the registry's error size, and malformed `tools/call` params are refused
//! naming the field.

use mcp_tools::{limits::Limits, prelude::*, rmcp::model::CallToolResult};
use serde_json::{Value, json};
use tokio::io::{AsyncBufReadExt, AsyncWriteExt};

/// Record a parcel's weight.
#[tool(namespace = "parcel", destructive = false)]
async fn weigh(
    /// Weight in kilograms.
    #[param(max = 100)]
    weight_kg: f64,
    /// Free text from the courier.
    #[param(max_length = 50)]
    note: Option<String>,
) -> String {
    format!("{weight_kg} kg, {}", note.unwrap_or_default())
}

/// Fail with whatever message the caller asks for.
#[tool(namespace = "parcel", read_only)]
async fn echo_failure(
    /// The message to fail with.
    message: String,
) -> Result<String, ToolError> {
    Err(ToolError::conflict(message))
}

fn registry() -> Registry {
    Registry::builder()
        .server_info("caps", "1.0.0")
        .limits(Limits::default().max_error_chars(1_000))
        .tools(tools![weigh, echo_failure])
        .build()
        .expect("builds")
}

fn text(result: &CallToolResult) -> String {
    result.content[0]
        .as_text()
        .map(|t| t.text.clone())
        .unwrap_or_default()
}

#[tokio::test]
async fn thousands_of_unknown_arguments_give_a_short_error_that_counts_the_rest() {
    let mut args = serde_json::Map::new();
    args.insert("weight_kg".into(), json!(1));
    for i in 0..100_000 {
        args.insert(format!("extra_{i}"), json!(i));
    }
    let result = registry()
        .call("parcel_weigh", Value::Object(args))
        .await
        .expect("a result");
    assert_eq!(result.is_error, Some(true));
    let text = text(&result);
    assert!(
        text.chars().count() <= 1_000,
        "{} chars",
        text.chars().count()
    );
    assert!(
        text.starts_with("invalid input: unknown argument `extra_0`"),
        "{text}"
    );
    let shown = text.lines().count() - 1;
    assert!(
        text.ends_with(&format!(
            "and {} more problems; fix these first",
            100_000 - shown
        )),
        "{text}"
    );
}

#[tokio::test]
async fn a_long_value_or_name_is_quoted_cut_short() {
    let long = "x".repeat(1 << 20);
    let mut args = serde_json::Map::new();
    args.insert("weight_kg".into(), json!(1));
    args.insert(long.clone(), json!(1));
    args.insert("note".into(), json!(long));
    let result = registry()
        .call("parcel_weigh", Value::Object(args))
        .await
        .expect("a result");
    let text = text(&result);
    assert!(
        text.chars().count() < 1_000,
        "{} chars",
        text.chars().count()
    );
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 2, "{text}");
    assert!(
        lines[0].ends_with('…') && lines[0].chars().count() < 350,
        "{}",
        lines[0]
    );
    assert_eq!(
        lines[1],
        "note must be at most 50 characters long; got 1048576"
    );
}

#[tokio::test]
async fn a_megabyte_tool_name_is_not_repeated() {
    let name = "t".repeat(1 << 20);
    let err = registry()
        .call(&name, json!({}))
        .await
        .expect_err("an unknown tool is a JSON-RPC error");
    assert!(err.message.len() < 400, "{} bytes", err.message.len());
    let data = serde_json::to_string(&err.data).expect("JSON");
    assert!(data.len() < 400, "{} bytes", data.len());
    assert!(
        err.message.starts_with("unknown tool `tttt"),
        "{}",
        err.message
    );
}

#[tokio::test]
async fn a_handler_message_is_held_to_the_error_size() {
    let message = "y".repeat(100_000);
    let result = registry()
        .call("parcel_echo_failure", json!({ "message": message }))
        .await
        .expect("a result");
    let text = text(&result);
    assert_eq!(
        text.chars().count(),
        1_001,
        "1,000 characters and the mark of the cut"
    );
    assert!(text.starts_with("conflict: yyy") && text.ends_with('…'));
}

#[tokio::test]
async fn malformed_call_params_are_refused_naming_the_field() {
    let (server_io, client_io) = tokio::io::duplex(1 << 16);
    let (server_read, server_write) = tokio::io::split(server_io);
    tokio::spawn(registry().serve_lines(server_read, server_write));
    let (reader, mut writer) = tokio::io::split(client_io);
    let mut lines = tokio::io::BufReader::new(reader).lines();
    let mut send = async |message: Value| {
        let mut line = message.to_string();
        line.push('\n');
        writer.write_all(line.as_bytes()).await.expect("writes");
    };
    send(json!({
        "jsonrpc": "2.0", "id": 0, "method": "initialize",
        "params": {"protocolVersion": "2025-11-25", "capabilities": {},
                   "clientInfo": {"name": "raw", "version": "0"}},
    }))
    .await;
    send(json!({"jsonrpc": "2.0", "method": "notifications/initialized"})).await;
    let cases = [
        (json!(null), "tools/call needs params"),
        // Not a JSON-RPC request at all (params are structured), so -32600 below.
        (json!([1]), "invalid request: not a JSON-RPC 2.0 message"),
        (json!({"arguments": {}}), "params.name is missing"),
        (
            json!({"name": 7}),
            "params.name must be a string (the tool's name), not a number",
        ),
        (
            json!({"name": "parcel_weigh", "arguments": "w=1"}),
            "params.arguments must be an object of the tool's arguments, not a string",
        ),
        (
            json!({"name": "parcel_weigh", "arguments": [1]}),
            "params.arguments must be an object of the tool's arguments, not an array",
        ),
        (
            json!({"name": "parcel_weigh", "arguments": 3}),
            "params.arguments must be an object of the tool's arguments, not a number",
        ),
    ];
    for (id, (params, expected)) in (1..).zip(cases) {
        let mut request = json!({"jsonrpc": "2.0", "id": id, "method": "tools/call"});
        if !params.is_null() {
            request["params"] = params;
        }
        send(request).await;
        let response = loop {
            let line = lines.next_line().await.expect("reads").expect("a line");
            let message: Value = serde_json::from_str(&line).expect("JSON");
            if message["id"] == json!(id) {
                break message;
            }
        };
        let code = if id == 2 { -32600 } else { -32602 };
        assert_eq!(response["error"]["code"], code, "{response}");
        let message = response["error"]["message"].as_str().unwrap_or_default();
        assert!(message.starts_with(expected), "{id}: {message}");
    }
}
