//! HTTP/1.1 spoken by hand over a `TcpStream`, for tests that send what no HTTP client
//! library would: half-sent headers, duplicate `Host` lines, bodies that are not UTF-8, and
//! many requests on one keep-alive connection with the timing of each visible.

// Each test crate that includes this module uses a part of it.
#![allow(dead_code)]

use std::{net::SocketAddr, time::Duration};

use serde_json::{Value, json};
use tokio::{
    io::{AsyncBufReadExt as _, AsyncReadExt as _, AsyncWriteExt as _, BufReader},
    net::TcpStream,
};

/// Upper bound of one exchange; generous, for loaded CI machines.
pub(crate) const IO_TIMEOUT: Duration = Duration::from_secs(30);

/// A response's status line and headers.
#[derive(Debug)]
pub(crate) struct Head {
    pub(crate) status: u16,
    pub(crate) headers: Vec<(String, String)>,
}

impl Head {
    /// The first header named `name`, case-insensitively.
    pub(crate) fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }

    fn chunked(&self) -> bool {
        self.header("transfer-encoding")
            .is_some_and(|v| v.eq_ignore_ascii_case("chunked"))
    }

    fn content_length(&self) -> Option<usize> {
        self.header("content-length").and_then(|v| v.parse().ok())
    }
}

/// A whole response.
#[derive(Debug)]
pub(crate) struct Reply {
    pub(crate) head: Head,
    pub(crate) body: Vec<u8>,
}

impl Reply {
    pub(crate) fn status(&self) -> u16 {
        self.head.status
    }

    pub(crate) fn text(&self) -> String {
        String::from_utf8_lossy(&self.body).into_owned()
    }

    /// The JSON-RPC message of the body: the body itself when it is JSON, else the last
    /// `data:` event of an SSE body that holds a message.
    pub(crate) fn message(&self) -> Value {
        let text = self.text();
        if let Ok(value) = serde_json::from_str::<Value>(text.trim()) {
            return value;
        }
        text.lines()
            .rev()
            .filter_map(|line| line.strip_prefix("data:"))
            .find_map(|data| serde_json::from_str::<Value>(data.trim()).ok())
            .unwrap_or_else(|| panic!("no JSON-RPC message in the body: {text:?}"))
    }
}

/// One client connection.
pub(crate) struct Conn {
    stream: BufReader<TcpStream>,
    pub(crate) addr: SocketAddr,
}

impl Conn {
    pub(crate) async fn open(addr: SocketAddr) -> Conn {
        let stream = TcpStream::connect(addr).await.expect("connects");
        Conn {
            stream: BufReader::new(stream),
            addr,
        }
    }

    /// Sends raw bytes, whatever they are.
    pub(crate) async fn send_raw(&mut self, bytes: &[u8]) {
        self.stream
            .get_mut()
            .write_all(bytes)
            .await
            .expect("the server takes the bytes");
    }

    /// Sends a POST to `/mcp` with a JSON content type and the Accept MCP asks for.
    pub(crate) async fn send_post(&mut self, session: Option<&str>, body: &[u8]) {
        let request = post_bytes(self.addr, session, body, &[]);
        self.send_raw(&request).await;
    }

    /// Reads a status line and headers; `None` if the server closed the connection first.
    pub(crate) async fn try_head(&mut self) -> Option<Head> {
        let mut line = String::new();
        let n = within("the status line", self.stream.read_line(&mut line))
            .await
            .ok()?;
        if n == 0 {
            return None;
        }
        let status = line
            .get(9..12)
            .and_then(|s| s.parse().ok())
            .unwrap_or_else(|| panic!("not an HTTP status line: {line:?}"));
        let mut headers = Vec::new();
        loop {
            let mut line = String::new();
            within("a header line", self.stream.read_line(&mut line))
                .await
                .expect("reads a header");
            let line = line.trim_end();
            if line.is_empty() {
                break;
            }
            let (name, value) = line.split_once(':').expect("a header line");
            headers.push((name.trim().to_owned(), value.trim().to_owned()));
        }
        Some(Head { status, headers })
    }

    pub(crate) async fn head(&mut self) -> Head {
        self.try_head()
            .await
            .expect("a response, not a closed connection")
    }

    /// Reads the body that follows `head`: none, by length, by chunks, or to the end.
    pub(crate) async fn body(&mut self, head: &Head) -> Vec<u8> {
        let mut body = Vec::new();
        // RFC 9110: a 204 or a 304 has no body, whatever its headers say.
        if matches!(head.status, 204 | 304) {
            return body;
        }
        if head.chunked() {
            loop {
                let mut size = String::new();
                within("a chunk size", self.stream.read_line(&mut size))
                    .await
                    .expect("reads a chunk size");
                let size = usize::from_str_radix(size.trim(), 16)
                    .unwrap_or_else(|_| panic!("not a chunk size: {size:?}"));
                let mut chunk = vec![0; size + 2];
                within("a chunk", self.stream.read_exact(&mut chunk))
                    .await
                    .expect("reads a chunk");
                if size == 0 {
                    break;
                }
                body.extend_from_slice(&chunk[..size]);
            }
        } else if let Some(length) = head.content_length() {
            body.resize(length, 0);
            within("a body", self.stream.read_exact(&mut body))
                .await
                .expect("reads the body");
        } else {
            within("a body to the end", self.stream.read_to_end(&mut body))
                .await
                .expect("reads the body");
        }
        body
    }

    pub(crate) async fn reply(&mut self) -> Reply {
        let head = self.head().await;
        let body = self.body(&head).await;
        Reply { head, body }
    }

    /// POSTs `body` and reads the whole reply.
    pub(crate) async fn post(&mut self, session: Option<&str>, body: &[u8]) -> Reply {
        self.send_post(session, body).await;
        self.reply().await
    }

    /// Whether the server closes the connection within `wait`: reads until end of stream,
    /// ignoring anything sent first (a 408, say).
    pub(crate) async fn closed_within(&mut self, wait: Duration) -> bool {
        let mut sink = Vec::new();
        matches!(
            tokio::time::timeout(wait, self.stream.read_to_end(&mut sink)).await,
            Ok(Ok(_) | Err(_))
        )
    }
}

/// The bytes of a POST to `/mcp`, with `extra` header lines (each ending in CRLF).
pub(crate) fn post_bytes(
    addr: SocketAddr,
    session: Option<&str>,
    body: &[u8],
    extra: &[&str],
) -> Vec<u8> {
    let session = session
        .map(|id| format!("Mcp-Session-Id: {id}\r\n"))
        .unwrap_or_default();
    let mut request = format!(
        "POST /mcp HTTP/1.1\r\nHost: {addr}\r\n{session}{}Content-Type: application/json\r\n\
         Accept: application/json, text/event-stream\r\nContent-Length: {}\r\n\r\n",
        extra.concat(),
        body.len()
    )
    .into_bytes();
    request.extend_from_slice(body);
    request
}

/// The body of an `initialize`.
pub(crate) fn initialize_body() -> Vec<u8> {
    json!({
        "jsonrpc": "2.0", "id": 0, "method": "initialize",
        "params": {
            "protocolVersion": "2025-11-25",
            "capabilities": {},
            "clientInfo": { "name": "raw-http", "version": "0" },
        },
    })
    .to_string()
    .into_bytes()
}

/// Starts a session on `conn`: `initialize`, then `notifications/initialized`. Returns
/// the session id.
pub(crate) async fn start_session(conn: &mut Conn) -> String {
    let reply = conn.post(None, &initialize_body()).await;
    assert_eq!(reply.status(), 200, "initialize: {}", reply.text());
    let session = reply
        .head
        .header("mcp-session-id")
        .expect("a session id")
        .to_owned();
    let initialized = json!({ "jsonrpc": "2.0", "method": "notifications/initialized" });
    let reply = conn
        .post(Some(&session), initialized.to_string().as_bytes())
        .await;
    assert_eq!(reply.status(), 202, "initialized: {}", reply.text());
    session
}

/// The body of a request `method` with `id` and `params`.
pub(crate) fn request_body(id: impl Into<Value>, method: &str, params: Value) -> Vec<u8> {
    json!({ "jsonrpc": "2.0", "id": id.into(), "method": method, "params": params })
        .to_string()
        .into_bytes()
}

/// The body of a `tools/call`.
pub(crate) fn call_body(id: impl Into<Value>, tool: &str, arguments: Value) -> Vec<u8> {
    request_body(
        id,
        "tools/call",
        json!({ "name": tool, "arguments": arguments }),
    )
}

/// Awaits `fut`, failing the test if it takes longer than [`IO_TIMEOUT`].
pub(crate) async fn within<F: Future>(what: &str, fut: F) -> F::Output {
    let Ok(output) = tokio::time::timeout(IO_TIMEOUT, fut).await else {
        panic!("{what}: no answer within {IO_TIMEOUT:?}; the server hangs");
    };
    output
}
