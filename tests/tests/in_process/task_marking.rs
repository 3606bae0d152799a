//! Which tools run as tasks, as `tools/list` says it in each revision: in 2025-11-25 each
//! such tool carries `execution.taskSupport` (`"optional"` or `"required"`), through an
//! alias and `tools_call` too, and no other tool does; in 2026-07-28, whose Tasks extension
//! has no per-tool field (the server decides per request), no tool carries it and the
//! capabilities declare the extension. Read off the wire over stdio (`serve_lines`), over
//! `serve_transport`, and over Streamable HTTP with sessions and without; every other field
//! of the listing is rmcp's.

use std::{collections::BTreeMap, net::SocketAddr};

use mcp_tools::{Registry, prelude::*, registry::AliasListing};
use serde_json::{Value, json};
use tokio::{
    io::{AsyncBufReadExt as _, AsyncWriteExt as _, BufReader},
    sync::oneshot,
};

use crate::{
    common_client::within,
    common_http::{self, Conn, post_bytes, request_body},
    common_task_tools,
};

fn builder() -> mcp_tools::registry::RegistryBuilder {
    Registry::builder()
        .server_info("task-marking", "1.0.0")
        .tools(tools![
            common_task_tools::export,
            common_task_tools::rebuild,
            common_task_tools::lookup
        ])
}

fn registry() -> Registry {
    builder()
        .alias_listing(AliasListing::Listed)
        .build()
        .expect("the registry builds")
}

/// What a 2025-11-25 listing of [`registry`] says of each tool.
fn marked() -> BTreeMap<String, Option<Value>> {
    [
        ("report_export", Some(json!({"taskSupport": "optional"}))),
        ("report_dump", Some(json!({"taskSupport": "optional"}))),
        ("report_rebuild", Some(json!({"taskSupport": "required"}))),
        ("report_lookup", None),
    ]
    .into_iter()
    .map(|(name, execution)| (name.to_owned(), execution))
    .collect()
}

/// Each listed tool's `execution`, by name.
fn executions(result: &Value) -> BTreeMap<String, Option<Value>> {
    result["tools"]
        .as_array()
        .unwrap_or_else(|| panic!("a tools/list result: {result}"))
        .iter()
        .map(|tool| {
            (
                tool["name"].as_str().expect("a name").to_owned(),
                tool.get("execution").cloned(),
            )
        })
        .collect()
}

/// The listing without `execution`, which must be rmcp's own listing, byte for byte.
fn unmarked(result: &Value) -> Vec<Value> {
    let mut tools = result["tools"].as_array().expect("tools").clone();
    for tool in &mut tools {
        tool.as_object_mut().expect("a tool").remove("execution");
    }
    tools
}

/// rmcp's own listing of `registry`: what every tool is, without any mark.
fn rmcp_listing(registry: &Registry) -> Vec<Value> {
    registry
        .tool_definitions()
        .iter()
        .map(|tool| serde_json::to_value(tool).expect("a tool serializes"))
        .collect()
}

/// The `_meta` of a 2026-07-28 request.
fn modern_meta() -> Value {
    json!({
        "io.modelcontextprotocol/protocolVersion": "2026-07-28",
        "io.modelcontextprotocol/clientCapabilities": {},
        "io.modelcontextprotocol/clientInfo": { "name": "raw", "version": "0" },
    })
}

/// A newline-delimited JSON-RPC client of `serve_lines`.
struct Lines {
    reader: BufReader<tokio::io::ReadHalf<tokio::io::DuplexStream>>,
    writer: tokio::io::WriteHalf<tokio::io::DuplexStream>,
}

impl Lines {
    /// Served by `serve_lines`, the transport of `serve_stdio`.
    fn serve(registry: Registry) -> Lines {
        let (server_io, client_io) = tokio::io::duplex(1 << 20);
        let (server_r, server_w) = tokio::io::split(server_io);
        tokio::spawn(registry.serve_lines(server_r, server_w));
        Lines::client(client_io)
    }

    /// Served by `serve_transport` over rmcp's own transport of a byte stream.
    fn serve_transport(registry: Registry) -> Lines {
        let (server_io, client_io) = tokio::io::duplex(1 << 20);
        tokio::spawn(registry.serve_transport(server_io));
        Lines::client(client_io)
    }

    fn client(client_io: tokio::io::DuplexStream) -> Lines {
        let (reader, writer) = tokio::io::split(client_io);
        Lines {
            reader: BufReader::new(reader),
            writer,
        }
    }

    async fn send(&mut self, message: &Value) {
        let line = format!("{message}\n");
        within("write", self.writer.write_all(line.as_bytes()))
            .await
            .expect("the server reads");
    }

    /// The response to a request with `id`, skipping anything before it.
    async fn request(&mut self, id: u64, method: &str, params: Value) -> Value {
        self.send(&json!({"jsonrpc": "2.0", "id": id, "method": method, "params": params}))
            .await;
        loop {
            let mut line = String::new();
            let n = within("read", self.reader.read_line(&mut line))
                .await
                .expect("the server writes");
            assert!(n > 0, "the server closed its output");
            let message: Value = serde_json::from_str(&line).expect("a JSON line");
            if message["id"] == id && message.get("method").is_none() {
                return message;
            }
        }
    }

    async fn initialize(&mut self, revision: &str) {
        let init = self
            .request(
                0,
                "initialize",
                json!({
                    "protocolVersion": revision,
                    "capabilities": {},
                    "clientInfo": {"name": "raw", "version": "0"},
                }),
            )
            .await;
        assert_eq!(init["result"]["protocolVersion"], revision, "{init}");
        self.send(&json!({"jsonrpc": "2.0", "method": "notifications/initialized"}))
            .await;
    }
}

#[tokio::test]
async fn a_2025_11_25_listing_marks_the_tools_that_run_as_tasks_and_a_2026_07_28_one_none() {
    let registry = registry();
    let mut lines = Lines::serve(registry.clone());
    lines.initialize("2025-11-25").await;
    let listed = lines.request(1, "tools/list", json!({})).await;
    assert_eq!(executions(&listed["result"]), marked(), "{listed}");
    assert_eq!(unmarked(&listed["result"]), rmcp_listing(&registry));

    // The same session, a 2026-07-28 request: no tool says it, the capabilities do.
    let modern = lines
        .request(2, "tools/list", json!({"_meta": modern_meta()}))
        .await;
    assert!(
        executions(&modern["result"]).values().all(Option::is_none),
        "{modern}"
    );
    assert_eq!(unmarked(&modern["result"]), rmcp_listing(&registry));
    let discover = lines
        .request(3, "server/discover", json!({"_meta": modern_meta()}))
        .await;
    assert_eq!(
        discover["result"]["capabilities"]["extensions"]["io.modelcontextprotocol/tasks"],
        json!({}),
        "{discover}"
    );
}

#[tokio::test]
async fn through_serve_transport_a_2025_11_25_listing_is_marked_too() {
    let registry = registry();
    let mut lines = Lines::serve_transport(registry.clone());
    lines.initialize("2025-11-25").await;
    let listed = lines.request(1, "tools/list", json!({})).await;
    assert_eq!(executions(&listed["result"]), marked(), "{listed}");
    assert_eq!(unmarked(&listed["result"]), rmcp_listing(&registry));
}

#[tokio::test]
async fn a_marked_page_keeps_its_cursor_to_the_next() {
    for serve in [Lines::serve, Lines::serve_transport] {
        let registry = builder()
            .alias_listing(AliasListing::Listed)
            .page_size(2)
            .build()
            .expect("the registry builds");
        let mut lines = serve(registry);
        lines.initialize("2025-11-25").await;
        let first = lines.request(1, "tools/list", json!({})).await;
        let cursor = first["result"]["nextCursor"].clone();
        assert!(cursor.is_string(), "{first}");
        let second = lines
            .request(2, "tools/list", json!({"cursor": cursor}))
            .await;
        assert_eq!(second["result"].get("nextCursor"), None, "{second}");
        let mut seen = executions(&first["result"]);
        seen.extend(executions(&second["result"]));
        assert_eq!(seen, marked(), "{first}\n{second}");
    }
}

#[tokio::test]
async fn a_2025_06_18_listing_has_no_execution_a_field_of_2025_11_25() {
    let mut lines = Lines::serve(registry());
    lines.initialize("2025-06-18").await;
    let listed = lines.request(1, "tools/list", json!({})).await;
    assert!(
        executions(&listed["result"]).values().all(Option::is_none),
        "{listed}"
    );
}

#[tokio::test]
async fn through_progressive_discovery_tools_call_is_marked_optional() {
    let registry = builder()
        .progressive_discovery(["report_rebuild"])
        .build()
        .expect("the registry builds");
    let mut lines = Lines::serve(registry);
    lines.initialize("2025-11-25").await;
    let listed = lines.request(1, "tools/list", json!({})).await;
    let expected: BTreeMap<String, Option<Value>> = [
        ("tools_search", None),
        ("tools_call", Some(json!({"taskSupport": "optional"}))),
        ("report_rebuild", Some(json!({"taskSupport": "required"}))),
    ]
    .into_iter()
    .map(|(name, execution)| (name.to_owned(), execution))
    .collect();
    assert_eq!(executions(&listed["result"]), expected, "{listed}");
}

/// Serves [`registry`] over Streamable HTTP until the sender drops.
async fn serve_http(stateless: bool) -> (SocketAddr, oneshot::Sender<()>) {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .expect("a free port");
    let addr = listener.local_addr().expect("an address");
    let (stop, stopped) = oneshot::channel::<()>();
    tokio::spawn(
        mcp_tools::http::Http::new(registry())
            .stateless(stateless)
            .serve_on(listener, async {
                let _ = stopped.await;
            }),
    );
    (addr, stop)
}

const V2025: &str = "MCP-Protocol-Version: 2025-11-25\r\n";
const V2026: &str = "MCP-Protocol-Version: 2026-07-28\r\nMcp-Method: tools/list\r\n";

#[tokio::test]
async fn over_http_with_sessions_a_2025_11_25_listing_is_marked() {
    let (addr, _stop) = serve_http(false).await;
    let mut conn = Conn::open(addr).await;
    let session = common_http::start_session(&mut conn).await;
    let body = request_body(1, "tools/list", json!({}));
    conn.send_raw(&post_bytes(addr, Some(&session), &body, &[V2025]))
        .await;
    let reply = conn.reply().await;
    assert_eq!(reply.status(), 200, "{}", reply.text());
    assert_eq!(
        reply.head.header("content-type"),
        Some("text/event-stream"),
        "rmcp's stream, marked in place"
    );
    let message = reply.message();
    assert_eq!(executions(&message["result"]), marked(), "{message}");
    assert_eq!(unmarked(&message["result"]), rmcp_listing(&registry()));
    // The next request of the session is served as before.
    let body = request_body(
        2,
        "tools/call",
        json!({"name": "report_lookup", "arguments": {"month": "2026-03"}}),
    );
    conn.send_raw(&post_bytes(addr, Some(&session), &body, &[V2025]))
        .await;
    let reply = conn.reply().await;
    assert_eq!(
        reply.message()["result"]["content"][0]["text"],
        "totals of 2026-03"
    );
}

#[tokio::test]
async fn over_stateless_http_2025_11_25_is_marked_and_2026_07_28_is_not() {
    let (addr, _stop) = serve_http(true).await;
    let mut conn = Conn::open(addr).await;
    let body = request_body(1, "tools/list", json!({}));
    conn.send_raw(&post_bytes(addr, None, &body, &[V2025]))
        .await;
    let reply = conn.reply().await;
    assert_eq!(reply.status(), 200, "{}", reply.text());
    let message = reply.message();
    assert_eq!(executions(&message["result"]), marked(), "{message}");
    assert_eq!(unmarked(&message["result"]), rmcp_listing(&registry()));

    let body = request_body(2, "tools/list", json!({"_meta": modern_meta()}));
    conn.send_raw(&post_bytes(addr, None, &body, &[V2026]))
        .await;
    let message = conn.reply().await.message();
    assert_eq!(message["result"]["resultType"], "complete", "{message}");
    assert!(
        executions(&message["result"]).values().all(Option::is_none),
        "{message}"
    );
}
