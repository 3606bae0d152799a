//! The stdio server against hostile and careless clients, driven through raw bytes: lines
//! that do not parse, lines past the size cap, duplicate request ids, a client that sends
//! thousands of requests and reads nothing, and a 2026-07-28 request before `initialize`.
//!
//! Most tests serve over `tokio::io::duplex` with [`Registry::serve_lines`], the transport
//! `serve_stdio` uses; two spawn the `fixture-server` binary and talk to it over pipes. The
//! memory measurement is slow and runs only with `MCP_TOOLS_SLOW_TESTS=1`.

use crate::common_client;

use std::{
    process::Stdio,
    sync::atomic::{AtomicUsize, Ordering},
    time::Duration,
};

use common_client::within;
use mcp_tools::{Registry, limits::Limits, prelude::*};
use rmcp::model::{ElicitRequestParams, ElicitationAction};
use serde_json::{Value, json};
use tokio::{
    io::{AsyncBufReadExt, AsyncRead, AsyncWrite, AsyncWriteExt, BufReader},
    sync::Semaphore,
};

/// JSON-RPC error codes.
const PARSE_ERROR: i64 = -32700;
const INVALID_REQUEST: i64 = -32600;
const INVALID_PARAMS: i64 = -32602;

/// Calls of [`count_call`] so far.
#[derive(Default)]
struct Calls(AtomicUsize);

impl Calls {
    fn seen(&self) -> usize {
        self.0.load(Ordering::SeqCst)
    }
}

/// What [`wait_for_release`] waits on; each permit added lets one call finish.
struct Gate(Semaphore);

/// Count this call, and answer with the number of calls so far.
///
/// The answer is padded to about a kilobyte, so a few unread answers fill a small pipe.
#[tool(namespace = "probe", read_only)]
async fn count_call(calls: State<Calls>) -> String {
    let n = calls.0.0.fetch_add(1, Ordering::SeqCst) + 1;
    format!("call {n} {}", ".".repeat(1_000))
}

/// Wait until the test releases this call, then answer `released`.
#[tool(namespace = "probe", read_only)]
async fn wait_for_release(gate: State<Gate>) -> String {
    if let Ok(permit) = gate.0.0.acquire().await {
        permit.forget();
    }
    "released".to_owned()
}

/// Ask the user for their name, and greet them.
#[tool(namespace = "probe", read_only)]
async fn ask_name(ctx: ToolContext) -> Result<String, ToolError> {
    let schema =
        json!({"type": "object", "properties": {"name": {"type": "string"}}, "required": ["name"]});
    let form = ElicitRequestParams::FormElicitationParams {
        meta: None,
        message: "What is your name?".to_owned(),
        requested_schema: serde_json::from_value(schema)
            .map_err(|e| ToolError::internal(e.to_string()))?,
    };
    let answer = ctx.elicit(form).await?;
    let name = match answer.action {
        ElicitationAction::Accept => answer
            .content
            .as_ref()
            .and_then(|c| c.get("name"))
            .and_then(Value::as_str)
            .unwrap_or("friend")
            .to_owned(),
        _ => "stranger".to_owned(),
    };
    Ok(format!("Hello, {name}!"))
}

/// A registry of the probe tools, with `limits`; its call counter and gate.
fn probe(limits: Limits) -> (Registry, State<Calls>, State<Gate>) {
    let calls = State::new(Calls::default());
    let gate = State::new(Gate(Semaphore::new(0)));
    let registry = Registry::builder()
        .server_info("probe", "0")
        .shared_state(calls.0.clone())
        .shared_state(gate.0.clone())
        .limits(limits)
        .tools(tools![count_call, wait_for_release, ask_name])
        .build()
        .expect("the probe registry builds");
    (registry, calls, gate)
}

/// One end of a newline-delimited JSON-RPC connection, written and read byte by byte.
struct Wire<R, W> {
    reader: BufReader<R>,
    writer: W,
}

impl<R: AsyncRead + Unpin, W: AsyncWrite + Unpin> Wire<R, W> {
    async fn send_raw(&mut self, bytes: &[u8]) {
        within("write", self.writer.write_all(bytes))
            .await
            .expect("the server reads");
        within("flush", self.writer.flush())
            .await
            .expect("the server reads");
    }

    async fn send(&mut self, message: &Value) {
        let mut line = message.to_string();
        line.push('\n');
        self.send_raw(line.as_bytes()).await;
    }

    /// The next line the server writes, as JSON, and its length in bytes.
    async fn receive_sized(&mut self) -> (Value, usize) {
        let mut line = Vec::new();
        let n = within("read", self.reader.read_until(b'\n', &mut line))
            .await
            .expect("the server writes");
        assert!(n > 0, "the server closed its output");
        let value = serde_json::from_slice(&line)
            .unwrap_or_else(|err| panic!("not JSON ({err}): {}", String::from_utf8_lossy(&line)));
        (value, n)
    }

    async fn receive(&mut self) -> Value {
        self.receive_sized().await.0
    }

    /// Messages up to and including the response to request `id`.
    async fn until_response(&mut self, id: &Value) -> Vec<Value> {
        let mut messages = Vec::new();
        loop {
            let message = self.receive().await;
            let done = message.get("id") == Some(id) && message.get("method").is_none();
            messages.push(message);
            if done {
                return messages;
            }
        }
    }

    async fn request(&mut self, id: Value, method: &str, params: Value) -> Value {
        self.send(&json!({ "jsonrpc": "2.0", "id": id, "method": method, "params": params }))
            .await;
        self.until_response(&id).await.pop().expect("a response")
    }

    async fn initialize(&mut self, capabilities: Value) {
        let init = self
            .request(
                json!("init"),
                "initialize",
                json!({
                    "protocolVersion": "2025-11-25",
                    "capabilities": capabilities,
                    "clientInfo": { "name": "raw", "version": "0" },
                }),
            )
            .await;
        assert_eq!(init["result"]["protocolVersion"], "2025-11-25", "{init}");
        self.send(&json!({ "jsonrpc": "2.0", "method": "notifications/initialized" }))
            .await;
    }
}

type DuplexWire = Wire<
    tokio::io::ReadHalf<tokio::io::DuplexStream>,
    tokio::io::WriteHalf<tokio::io::DuplexStream>,
>;

/// Serves `registry` over a duplex of `buffer` bytes each way, as `serve_stdio` serves.
fn serve(
    registry: Registry,
    buffer: usize,
) -> (
    DuplexWire,
    tokio::task::JoinHandle<Result<(), mcp_tools::ServeError>>,
) {
    let (server_io, client_io) = tokio::io::duplex(buffer);
    let (server_r, server_w) = tokio::io::split(server_io);
    let server = tokio::spawn(registry.serve_lines(server_r, server_w));
    let (reader, writer) = tokio::io::split(client_io);
    let wire = Wire {
        reader: BufReader::new(reader),
        writer,
    };
    (wire, server)
}

/// A `tools/call` of `name` with no arguments, as a 2025 session sends it.
fn call(id: impl Into<Value>, name: &str) -> Value {
    json!({
        "jsonrpc": "2.0", "id": id.into(), "method": "tools/call",
        "params": { "name": name, "arguments": {} },
    })
}

/// The `_meta` of a 2026-07-28 request, which needs no `initialize`.
fn stateless_meta() -> Value {
    json!({
        "io.modelcontextprotocol/protocolVersion": "2026-07-28",
        "io.modelcontextprotocol/clientCapabilities": {},
        "io.modelcontextprotocol/clientInfo": { "name": "raw", "version": "0" },
    })
}

fn assert_error(reply: &Value, code: i64, id: Option<&Value>) {
    assert_eq!(reply["error"]["code"], code, "{reply}");
    assert_eq!(reply.get("id"), id, "{reply}");
    assert!(reply.get("result").is_none(), "{reply}");
}

/// Lines that are not JSON the server can read, each with the id its reply must carry.
fn unparsable_lines() -> Vec<(&'static str, Vec<u8>, Option<Value>)> {
    let nested = format!(
        r#"{{"jsonrpc":"2.0","id":31,"method":"tools/call","params":{{"name":"probe_count_call","arguments":{{"deep":{}{}}}}}}}"#,
        "[".repeat(200),
        "]".repeat(200)
    );
    vec![
        ("cut short", br#"{"jsonrpc":"2.0","id":11,"method":"#.to_vec(), Some(json!(11))),
        ("not JSON at all", b"hello, server".to_vec(), None),
        (
            "NUL bytes",
            b"{\"jsonrpc\":\"2.0\",\0\"id\":12,\"method\":\"ping\"}".to_vec(),
            Some(json!(12)),
        ),
        (
            "invalid UTF-8",
            b"{\"jsonrpc\":\"2.0\",\"id\":\"u-13\",\"method\":\"tools/call\",\"params\":{\"name\":\"\xff\xfe\"}}"
                .to_vec(),
            Some(json!("u-13")),
        ),
        (
            "a lone surrogate",
            br#"{"jsonrpc":"2.0","id":14,"method":"tools/call","params":{"name":"\ud800"}}"#.to_vec(),
            Some(json!(14)),
        ),
        (
            "a number past f64",
            br#"{"jsonrpc":"2.0","id":15,"method":"tools/call","params":{"name":"probe_count_call","arguments":{"n":1e309}}}"#
                .to_vec(),
            Some(json!(15)),
        ),
        ("nesting past 128", nested.into_bytes(), Some(json!(31))),
        (
            "the id after the error",
            br#"{"jsonrpc":"2.0","method":"ping","params":{"x":tru},"id":16}"#.to_vec(),
            Some(json!(16)),
        ),
    ]
}

/// JSON that is not a JSON-RPC message the server can take, each with its reply's id.
fn invalid_messages() -> Vec<(&'static str, Value, Option<Value>)> {
    vec![
        ("an object of nothing", json!({ "foo": 1 }), None),
        (
            "a batch",
            json!([{ "jsonrpc": "2.0", "id": 41, "method": "ping" }]),
            None,
        ),
        ("a number", json!(42), None),
        (
            "a fractional id",
            json!({ "jsonrpc": "2.0", "id": 1.5, "method": "ping" }),
            None,
        ),
        (
            "the wrong version",
            json!({ "jsonrpc": "1.0", "id": 43, "method": "ping" }),
            Some(json!(43)),
        ),
        (
            "a result and an error",
            json!({ "jsonrpc": "2.0", "id": 44, "result": {}, "error": { "code": 1, "message": "x" } }),
            Some(json!(44)),
        ),
        (
            "a huge version string",
            json!({ "jsonrpc": "x".repeat(100_000), "id": "v", "method": "ping" }),
            Some(json!("v")),
        ),
    ]
}

#[tokio::test]
async fn every_line_that_does_not_parse_gets_an_error_and_the_next_request_is_served() {
    let (registry, _, _) = probe(Limits::default());
    let (mut wire, server) = serve(registry, 1 << 16);
    wire.initialize(json!({})).await;
    let mut next = 1000;
    for (what, mut line, id) in unparsable_lines() {
        line.push(b'\n');
        wire.send_raw(&line).await;
        let (reply, size) = wire.receive_sized().await;
        assert_error(&reply, PARSE_ERROR, id.as_ref());
        assert!(size < 1_000, "{what}: a {size}-byte reply: {reply}");
        next += 1;
        let pong = wire.request(json!(next), "ping", json!({})).await;
        assert_eq!(pong["result"], json!({}), "{what}: then {pong}");
    }
    for (what, message, id) in invalid_messages() {
        wire.send(&message).await;
        let (reply, size) = wire.receive_sized().await;
        assert_error(&reply, INVALID_REQUEST, id.as_ref());
        assert!(size < 1_000, "{what}: a {size}-byte reply: {reply}");
        next += 1;
        let pong = wire.request(json!(next), "ping", json!({})).await;
        assert_eq!(pong["result"], json!({}), "{what}: then {pong}");
    }
    // Blank lines and notifications nobody knows are not answered: nothing to answer.
    wire.send_raw(b"\n \r\n").await;
    wire.send(&json!({ "jsonrpc": "2.0", "method": "notifications/whatever", "params": 7 }))
        .await;
    let pong = wire.request(json!("last"), "ping", json!({})).await;
    assert_eq!(pong["result"], json!({}), "{pong}");
    drop(wire);
    within("server shutdown", server)
        .await
        .expect("the server task does not panic")
        .expect("the server stops cleanly at end of input");
}

#[tokio::test]
async fn a_line_past_the_cap_is_answered_before_it_ends_and_not_buffered() {
    const CAP: usize = 64 * 1024;
    let (registry, _, _) = probe(Limits::default().max_request_bytes(CAP));
    let (mut wire, _server) = serve(registry, 1 << 16);
    wire.initialize(json!({})).await;
    let head = br#"{"jsonrpc":"2.0","id":77,"method":"tools/call","params":{"name":"probe_count_call","arguments":{"blob":""#;
    wire.send_raw(head).await;
    let chunk = vec![b'A'; 16 * 1024];
    for _ in 0..=(CAP / chunk.len()) {
        wire.send_raw(&chunk).await;
    }
    // The line has not ended, and the server has answered it already.
    let (reply, size) = wire.receive_sized().await;
    assert_error(&reply, PARSE_ERROR, Some(&json!(77)));
    assert!(size < 1_000, "a {size}-byte reply: {reply}");
    let message = reply["error"]["message"].as_str().unwrap();
    assert!(message.contains(&CAP.to_string()), "{message}");
    // Twenty times the cap more, which the server skips without answering again.
    for _ in 0..(20 * CAP / chunk.len()) {
        wire.send_raw(&chunk).await;
    }
    wire.send_raw(b"\"}}}\n").await;
    let pong = wire.request(json!(78), "ping", json!({})).await;
    assert_eq!(pong["result"], json!({}), "{pong}");
}

#[tokio::test]
async fn a_line_of_17_mib_is_past_the_default_cap_of_4_mib_and_refused_with_its_id() {
    let (registry, calls, _) = probe(Limits::default());
    let (mut wire, _server) = serve(registry, 1 << 16);
    wire.initialize(json!({})).await;
    let blob = "A".repeat(17 * 1024 * 1024);
    let big = json!({
        "jsonrpc": "2.0", "id": "big", "method": "tools/call",
        "params": { "name": "probe_count_call", "arguments": { "blob": blob } },
    });
    wire.send(&big).await;
    let reply = wire.receive().await;
    assert_error(&reply, PARSE_ERROR, Some(&json!("big")));
    let reply = wire
        .request(
            json!(2),
            "tools/call",
            json!({ "name": "probe_count_call" }),
        )
        .await;
    assert!(
        reply["result"]["content"][0]["text"]
            .as_str()
            .unwrap()
            .starts_with("call 1 ")
    );
    assert_eq!(calls.seen(), 1);
}

#[tokio::test]
async fn a_request_id_still_in_flight_is_refused_and_the_first_request_keeps_working() {
    let (registry, _, gate) = probe(Limits::default());
    let (mut wire, _server) = serve(registry, 1 << 16);
    wire.initialize(json!({})).await;
    wire.send(&call(7, "probe_wait_for_release")).await;
    // Same id, while the first waits: refused, whatever the method.
    wire.send(&json!({ "jsonrpc": "2.0", "id": 7, "method": "ping" }))
        .await;
    let refused = wire.receive().await;
    assert_error(&refused, INVALID_REQUEST, Some(&json!(7)));
    assert_eq!(
        refused["error"]["message"],
        "a request with id 7 is still in flight; use a new id for each request"
    );
    wire.send(&call("s", "probe_wait_for_release")).await;
    wire.send(&call("s", "probe_count_call")).await;
    let refused = wire.receive().await;
    assert_error(&refused, INVALID_REQUEST, Some(&json!("s")));
    // The first requests answer once released, each once.
    gate.0.0.add_permits(2);
    let answered = [wire.receive().await, wire.receive().await];
    for id in [json!(7), json!("s")] {
        let replies: Vec<_> = answered.iter().filter(|r| r["id"] == id).collect();
        assert_eq!(replies.len(), 1, "{answered:?}");
        assert_eq!(
            replies[0]["result"]["content"][0]["text"], "released",
            "{answered:?}"
        );
    }
    // An id is free again once its request is answered.
    let pong = wire.request(json!(7), "ping", json!({})).await;
    assert_eq!(pong["result"], json!({}), "{pong}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_client_that_reads_nothing_stops_the_reads_at_max_in_flight_then_drains() {
    const REQUESTS: usize = 5_000;
    let limits = Limits::default();
    let max_in_flight = limits.max_in_flight;
    let (registry, calls, _) = probe(limits);
    // A pipe of a kilobyte each way: one unread answer fills it.
    let (mut wire, _server) = serve(registry, 1024);
    wire.initialize(json!({})).await;
    let Wire { reader, mut writer } = wire;
    let sender = tokio::spawn(async move {
        for id in 1..=REQUESTS {
            let mut line = call(id, "probe_count_call").to_string();
            line.push('\n');
            writer
                .write_all(line.as_bytes())
                .await
                .expect("the server reads");
        }
        writer
    });

    // The server takes max_in_flight requests (and the one answer the pipe holds), then
    // stops reading: the count stands still and the client cannot finish writing.
    let mut seen = 0;
    for _ in 0..20 {
        tokio::time::sleep(Duration::from_millis(100)).await;
        let now = calls.seen();
        if now == seen && now > 0 {
            break;
        }
        seen = now;
    }
    tokio::time::sleep(Duration::from_millis(200)).await;
    let handled = calls.seen();
    assert_eq!(
        handled, seen,
        "the server kept handling requests nobody read the answers of"
    );
    assert!(
        (max_in_flight..=max_in_flight + 2).contains(&handled),
        "{handled} requests handled while the client read nothing (max_in_flight {max_in_flight})"
    );
    assert!(
        !sender.is_finished(),
        "the server read all {REQUESTS} requests"
    );

    // Once the client reads, every request is answered, once.
    let mut reader = reader;
    let mut answered = vec![false; REQUESTS + 1];
    let mut line = Vec::new();
    for _ in 0..REQUESTS {
        line.clear();
        within("read", reader.read_until(b'\n', &mut line))
            .await
            .expect("the server writes");
        let reply: Value = serde_json::from_slice(&line).expect("JSON");
        let id = reply["id"].as_u64().expect("a numeric id") as usize;
        assert!(reply["result"]["content"][0]["text"].is_string(), "{reply}");
        assert!(!answered[id], "request {id} answered twice");
        answered[id] = true;
    }
    assert!(answered[1..].iter().all(|a| *a));
    within("the sender", sender)
        .await
        .expect("the sender finishes");
    assert_eq!(calls.seen(), REQUESTS);
}

#[tokio::test]
async fn a_cancelled_request_frees_its_slot_and_is_not_answered() {
    let (registry, _, _) = probe(Limits::default().max_in_flight(1));
    let (mut wire, _server) = serve(registry, 1 << 16);
    wire.initialize(json!({})).await;
    wire.send(&call(1, "probe_wait_for_release")).await;
    wire.send(&json!({
        "jsonrpc": "2.0", "method": "notifications/cancelled",
        "params": { "requestId": 1, "reason": "changed my mind" },
    }))
    .await;
    // The only slot is free again: the next request is served.
    let reply = wire
        .request(
            json!(2),
            "tools/call",
            json!({ "name": "probe_count_call" }),
        )
        .await;
    assert!(reply["result"]["content"][0]["text"].is_string(), "{reply}");
    let pong = wire.request(json!(3), "ping", json!({})).await;
    assert_eq!(pong["result"], json!({}), "{pong}");
}

#[tokio::test]
async fn progress_and_answers_to_the_servers_requests_pass_while_every_slot_is_taken() {
    // One slot, taken by a call that waits for the client's answer to an elicitation; the
    // client sends another request before it answers. The answer must still get through.
    let (registry, _, _) = probe(Limits::default().max_in_flight(1));
    let (mut wire, _server) = serve(registry, 1 << 16);
    wire.initialize(json!({ "elicitation": { "form": {} } }))
        .await;
    wire.send(&call(1, "probe_ask_name")).await;
    let ask = wire.receive().await;
    assert_eq!(ask["method"], "elicitation/create", "{ask}");
    wire.send(&json!({ "jsonrpc": "2.0", "id": 2, "method": "tools/list" }))
        .await;
    wire.send(&json!({
        "jsonrpc": "2.0", "id": ask["id"],
        "result": { "action": "accept", "content": { "name": "Ada" } },
    }))
    .await;
    let first = wire.receive().await;
    assert_eq!(first["id"], 1, "{first}");
    assert_eq!(
        first["result"]["content"][0]["text"], "Hello, Ada!",
        "{first}"
    );
    let second = wire.receive().await;
    assert_eq!(second["id"], 2, "{second}");
    assert!(second["result"]["tools"].is_array(), "{second}");
}

#[tokio::test]
async fn a_2026_07_28_request_before_initialize_leaves_a_session_that_works() {
    let (registry, calls, _) = probe(Limits::default());
    let (mut wire, _server) = serve(registry, 1 << 16);
    let stateless = wire
        .request(
            json!(1),
            "tools/call",
            json!({ "name": "probe_count_call", "_meta": stateless_meta() }),
        )
        .await;
    assert!(
        stateless["result"]["content"][0]["text"].is_string(),
        "{stateless}"
    );
    wire.initialize(json!({})).await;
    for id in 2..=3 {
        let legacy = wire
            .request(
                json!(id),
                "tools/call",
                json!({ "name": "probe_count_call" }),
            )
            .await;
        assert!(
            legacy["result"]["content"][0]["text"].is_string(),
            "{legacy}"
        );
    }
    let listed = wire.request(json!(4), "tools/list", json!({})).await;
    assert!(listed["result"]["tools"].is_array(), "{listed}");
    let level = wire
        .request(json!(5), "logging/setLevel", json!({ "level": "info" }))
        .await;
    assert_eq!(level["result"], json!({}), "{level}");
    assert_eq!(calls.seen(), 3);
}

#[tokio::test]
async fn a_2026_07_28_request_after_initialize_is_served_and_the_session_goes_on() {
    let (registry, calls, _) = probe(Limits::default());
    let (mut wire, _server) = serve(registry, 1 << 16);
    wire.initialize(json!({})).await;
    let legacy = wire
        .request(
            json!(1),
            "tools/call",
            json!({ "name": "probe_count_call" }),
        )
        .await;
    assert!(
        legacy["result"]["content"][0]["text"].is_string(),
        "{legacy}"
    );
    let stateless = wire
        .request(
            json!(2),
            "tools/call",
            json!({ "name": "probe_count_call", "_meta": stateless_meta() }),
        )
        .await;
    assert!(
        stateless["result"]["content"][0]["text"].is_string(),
        "{stateless}"
    );
    let legacy = wire
        .request(
            json!(3),
            "tools/call",
            json!({ "name": "probe_count_call" }),
        )
        .await;
    assert!(
        legacy["result"]["content"][0]["text"].is_string(),
        "{legacy}"
    );
    assert_eq!(calls.seen(), 3);
}

#[tokio::test]
async fn before_initialize_a_request_without_2026_07_28_metadata_is_refused() {
    let (registry, calls, _) = probe(Limits::default());
    let (mut wire, _server) = serve(registry, 1 << 16);
    let pong = wire.request(json!(1), "ping", json!({})).await;
    assert_eq!(pong["result"], json!({}), "{pong}");
    let early = wire
        .request(
            json!(2),
            "tools/call",
            json!({ "name": "probe_count_call" }),
        )
        .await;
    assert_error(&early, INVALID_PARAMS, Some(&json!(2)));
    assert_eq!(calls.seen(), 0);
    wire.initialize(json!({})).await;
    let reply = wire
        .request(
            json!(3),
            "tools/call",
            json!({ "name": "probe_count_call" }),
        )
        .await;
    assert!(reply["result"]["content"][0]["text"].is_string(), "{reply}");
}

// ---------------------------------------------------------------------------------------
// The fixture server binary, over pipes
// ---------------------------------------------------------------------------------------

type ChildWire = Wire<tokio::process::ChildStdout, tokio::process::ChildStdin>;

fn spawn_fixture_server() -> (tokio::process::Child, ChildWire) {
    let mut child = tokio::process::Command::new(env!("CARGO_BIN_EXE_fixture-server"))
        .env("RUST_LOG", "warn")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .kill_on_drop(true)
        .spawn()
        .expect("the fixture server starts");
    let wire = Wire {
        reader: BufReader::new(child.stdout.take().expect("piped stdout")),
        writer: child.stdin.take().expect("piped stdin"),
    };
    (child, wire)
}

#[tokio::test]
async fn the_fixture_server_answers_bad_lines_and_duplicate_ids_over_a_pipe() {
    let (mut child, mut wire) = spawn_fixture_server();
    wire.send_raw(b"{\"jsonrpc\":\"2.0\",\"id\":1,\0}\n").await;
    assert_error(&wire.receive().await, PARSE_ERROR, Some(&json!(1)));
    wire.initialize(json!({})).await;
    wire.send_raw(b"\xff\xfe\xfd\n").await;
    assert_error(&wire.receive().await, PARSE_ERROR, None);
    wire.send(&json!({ "jsonrpc": "2.0", "id": 2, "method": 3 }))
        .await;
    assert_error(&wire.receive().await, INVALID_REQUEST, Some(&json!(2)));
    // A job of two seconds (past the tool's timeout of 200 ms, so it ends by itself) and
    // a second request with its id.
    wire.send(&json!({
        "jsonrpc": "2.0", "id": 3, "method": "tools/call",
        "params": { "name": "diag_wait_for_job", "arguments": { "duration_ms": 2000 } },
    }))
    .await;
    wire.send(&json!({ "jsonrpc": "2.0", "id": 3, "method": "tools/list" }))
        .await;
    let refused = wire.receive().await;
    assert_error(&refused, INVALID_REQUEST, Some(&json!(3)));
    let timed_out = wire.receive().await;
    assert_eq!(timed_out["id"], 3, "{timed_out}");
    assert_eq!(timed_out["result"]["isError"], true, "{timed_out}");
    let listed = wire.request(json!(4), "tools/list", json!({})).await;
    assert!(listed["result"]["tools"].is_array(), "{listed}");
    drop(wire);
    let status = within("the server exits", child.wait())
        .await
        .expect("the server runs");
    assert!(status.success(), "{status}");
}

/// The resident memory of a process, in kilobytes.
#[cfg(target_os = "linux")]
fn rss_kb(pid: u32) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).expect("/proc");
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        .expect("VmRSS")
}

/// Slow (`MCP_TOOLS_SLOW_TESTS=1`): a client sends 5,000 `tools/list` requests and reads
/// none of the answers for ten seconds. The server stops reading, and grows by a bounded
/// amount rather than by every answer; then every one is answered.
#[cfg(target_os = "linux")]
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn slow_the_memory_of_a_server_whose_client_reads_nothing_stays_bounded() {
    const REQUESTS: usize = 5_000;
    if std::env::var_os("MCP_TOOLS_SLOW_TESTS").is_none() {
        eprintln!("skipped: set MCP_TOOLS_SLOW_TESTS=1 to measure memory");
        return;
    }
    let (child, mut wire) = spawn_fixture_server();
    let pid = child.id().expect("a running child");
    wire.initialize(json!({})).await;
    let one = wire.request(json!(0), "tools/list", json!({})).await;
    let answer_bytes = one.to_string().len();
    tokio::time::sleep(Duration::from_millis(300)).await;
    let before = rss_kb(pid);
    let Wire { reader, mut writer } = wire;
    let sender = tokio::spawn(async move {
        for id in 1..=REQUESTS {
            let line = format!("{{\"jsonrpc\":\"2.0\",\"id\":{id},\"method\":\"tools/list\"}}\n");
            writer
                .write_all(line.as_bytes())
                .await
                .expect("the server reads");
        }
        writer
    });
    tokio::time::sleep(Duration::from_secs(10)).await;
    let during = rss_kb(pid);
    let grown_mb = during.saturating_sub(before) / 1024;
    eprintln!(
        "RSS {before} kB before, {during} kB after 10 s of {REQUESTS} unread tools/list answers of {answer_bytes} bytes: +{grown_mb} MB"
    );
    assert!(
        !sender.is_finished(),
        "the server read all {REQUESTS} requests"
    );
    // 64 answers in flight, a pipe and parse buffers, with room for the allocator; every
    // unread answer kept would be `answer_bytes` and more each, 80 MB and more in all.
    let bound_mb = (64 * answer_bytes * 4 / (1024 * 1024)) as u64 + 16;
    assert!(
        grown_mb < bound_mb,
        "the server grew by {grown_mb} MB (bound {bound_mb} MB)"
    );
    let mut reader = reader;
    let mut line = Vec::new();
    for _ in 0..REQUESTS {
        line.clear();
        within("read", reader.read_until(b'\n', &mut line))
            .await
            .expect("the server writes");
    }
    within("the sender", sender)
        .await
        .expect("the sender finishes");
}
