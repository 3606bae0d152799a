//! Streamable HTTP without sessions (`Http::stateless`): a call needs no
//! `initialize`, no session id is issued, and the reply to a plain call is JSON.

use crate::common_http;

use std::net::SocketAddr;

use common_http::{Conn, call_body, initialize_body, post_bytes};
use mcp_tools::{Registry, tool, tools};
use serde_json::json;
use tokio::sync::oneshot;

/// Add two whole numbers and return their sum as text.
///
/// Use it to check that the server answers; it has no other effect.
#[tool(namespace = "calc", read_only)]
#[allow(
    clippy::unused_async,
    reason = "#[tool] fns are async; this one has nothing to await"
)]
async fn add(
    /// The first addend.
    #[param(min = -1000, max = 1000)]
    a: i64,
    /// The second addend.
    #[param(min = -1000, max = 1000)]
    b: i64,
) -> String {
    (a + b).to_string()
}

/// Serves the `calc_add` tool on a free port until the sender is dropped.
async fn serve(stateless: bool) -> (SocketAddr, oneshot::Sender<()>) {
    let registry = Registry::builder()
        .server_info("http-stateless", "0")
        .tools(tools![add])
        .build()
        .expect("the registry builds");
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .expect("a free port");
    let addr = listener.local_addr().expect("an address");
    let (stop, stopped) = oneshot::channel::<()>();
    tokio::spawn(
        mcp_tools::http::Http::new(registry)
            .stateless(stateless)
            .serve_on(listener, async {
                let _ = stopped.await;
            }),
    );
    (addr, stop)
}

const VERSION: &str = "MCP-Protocol-Version: 2025-11-25\r\n";

#[tokio::test]
async fn a_call_needs_no_session() {
    let (addr, _stop) = serve(true).await;
    let mut conn = Conn::open(addr).await;
    for id in 1..=3 {
        let body = call_body(id, "calc_add", json!({ "a": id, "b": 40 }));
        conn.send_raw(&post_bytes(addr, None, &body, &[VERSION]))
            .await;
        let reply = conn.reply().await;
        assert_eq!(reply.status(), 200, "{}", reply.text());
        assert_eq!(reply.head.header("mcp-session-id"), None);
        assert_eq!(
            reply.head.header("content-type"),
            Some("application/json"),
            "a plain result is sent as JSON"
        );
        let message = reply.message();
        assert_eq!(message["id"], id);
        assert_eq!(
            message["result"]["content"][0]["text"],
            (id + 40).to_string()
        );
    }
    // Our checks still run: an argument past its bound is refused with the reason.
    let body = call_body(9, "calc_add", json!({ "a": 5000, "b": 1 }));
    conn.send_raw(&post_bytes(addr, None, &body, &[VERSION]))
        .await;
    let message = conn.reply().await.message();
    assert_eq!(message["result"]["isError"], true, "{message}");
}

#[tokio::test]
async fn initialize_is_answered_without_a_session() {
    let (addr, _stop) = serve(true).await;
    let mut conn = Conn::open(addr).await;
    let reply = conn.post(None, &initialize_body()).await;
    assert_eq!(reply.status(), 200, "{}", reply.text());
    assert_eq!(reply.head.header("mcp-session-id"), None);
    assert_eq!(
        reply.message()["result"]["serverInfo"]["name"],
        "http-stateless"
    );
}

#[tokio::test]
async fn a_stateful_server_still_requires_a_session() {
    let (addr, _stop) = serve(false).await;
    let mut conn = Conn::open(addr).await;
    let body = call_body(1, "calc_add", json!({ "a": 1, "b": 2 }));
    conn.send_raw(&post_bytes(addr, None, &body, &[VERSION]))
        .await;
    let reply = conn.reply().await;
    assert_ne!(reply.status(), 200, "{}", reply.text());
}
