//! An MCP client of Streamable HTTP, spoken by hand over one keep-alive HTTP/1.1
//! connection, so that nothing but the server (and the loopback) is timed: the handshake,
//! then `tools/call`s, each reply read whole as JSON or as an SSE stream.

use std::{
    fmt::Write as _,
    io::{Error, ErrorKind},
    net::SocketAddr,
};

use serde_json::{Value, json};
use tokio::{
    io::{AsyncBufReadExt as _, AsyncReadExt as _, AsyncWriteExt as _, BufReader},
    net::TcpStream,
};

use crate::{REPLY_TIMEOUT, Reply, calls::clip};

/// One connection with its MCP session (or none, for a stateless server).
pub(crate) struct Session {
    stream: BufReader<TcpStream>,
    addr: SocketAddr,
    id: Option<String>,
    /// The protocol version the server chose, sent on every request after `initialize`.
    pub(crate) version: String,
}

/// A response: status, session id header, content type, body.
struct Response {
    status: u16,
    session: Option<String>,
    content_type: String,
    body: Vec<u8>,
}

impl Session {
    /// Connects and does the handshake: `initialize`, then `notifications/initialized`.
    /// `stateless` says whether the server must, or must not, issue a session id.
    pub(crate) async fn open(addr: SocketAddr, stateless: bool) -> Result<Session, String> {
        let stream = TcpStream::connect(addr)
            .await
            .map_err(|e| format!("connect: {e}"))?;
        // The client's writes go out at once, as any HTTP client's; the same for every side.
        stream.set_nodelay(true).map_err(|e| e.to_string())?;
        let mut session = Session {
            stream: BufReader::new(stream),
            addr,
            id: None,
            version: "2025-11-25".to_owned(),
        };
        let initialize = json!({
            "jsonrpc": "2.0", "id": 0, "method": "initialize",
            "params": {
                "protocolVersion": "2025-11-25",
                "capabilities": {},
                "clientInfo": { "name": "mcp-tools-peer-bench", "version": "0" },
            },
        });
        let response = session.post(&initialize.to_string(), false).await?;
        if response.status != 200 {
            return Err(format!(
                "initialize: HTTP {}: {}",
                response.status,
                clip(&String::from_utf8_lossy(&response.body))
            ));
        }
        let reply = message_of(&response.body, 0)?;
        let version = reply["result"]["protocolVersion"]
            .as_str()
            .ok_or_else(|| format!("initialize: {}", clip(&reply.to_string())))?;
        version.clone_into(&mut session.version);
        match (&response.session, stateless) {
            (Some(id), true) => return Err(format!("a stateless server issued session {id}")),
            (None, false) => return Err("a stateful server issued no session id".to_owned()),
            _ => {}
        }
        session.id = response.session;
        let initialized = r#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#;
        let response = session.post(initialized, true).await?;
        if !(200..300).contains(&response.status) {
            return Err(format!(
                "notifications/initialized: HTTP {}: {}",
                response.status,
                clip(&String::from_utf8_lossy(&response.body))
            ));
        }
        Ok(session)
    }

    /// Sends request `id` and reads its reply.
    pub(crate) async fn call(&mut self, id: u64, body: &str) -> Result<Reply, String> {
        let response = self.post(body, true).await?;
        if response.status != 200 {
            return Err(format!(
                "HTTP {}: {}",
                response.status,
                clip(&String::from_utf8_lossy(&response.body))
            ));
        }
        Ok(Reply {
            message: message_of(&response.body, id)?,
            bytes: response.body.len(),
            content_type: response.content_type,
        })
    }

    async fn post(&mut self, body: &str, versioned: bool) -> Result<Response, String> {
        let mut head = format!(
            "POST /mcp HTTP/1.1\r\nHost: {}\r\nContent-Type: application/json\r\n\
             Accept: application/json, text/event-stream\r\nContent-Length: {}\r\n",
            self.addr,
            body.len()
        );
        if let Some(id) = &self.id {
            let _ = write!(head, "Mcp-Session-Id: {id}\r\n");
        }
        if versioned {
            let _ = write!(head, "MCP-Protocol-Version: {}\r\n", self.version);
        }
        head.push_str("\r\n");
        head.push_str(body);
        match tokio::time::timeout(REPLY_TIMEOUT, self.exchange(head.as_bytes())).await {
            Ok(result) => result.map_err(|e| format!("I/O: {e}")),
            Err(_) => Err(format!("no reply within {REPLY_TIMEOUT:?}")),
        }
    }

    async fn exchange(&mut self, request: &[u8]) -> std::io::Result<Response> {
        let bad = |what: String| Error::new(ErrorKind::InvalidData, what);
        self.stream.get_mut().write_all(request).await?;
        let mut line = String::new();
        if self.stream.read_line(&mut line).await? == 0 {
            return Err(Error::new(
                ErrorKind::UnexpectedEof,
                "the server closed the connection",
            ));
        }
        let status: u16 = line
            .get(9..12)
            .and_then(|s| s.parse().ok())
            .ok_or_else(|| bad(format!("not a status line: {line:?}")))?;
        let (mut length, mut chunked, mut session, mut content_type) =
            (None, false, None, String::new());
        loop {
            line.clear();
            self.stream.read_line(&mut line).await?;
            let header = line.trim_end();
            if header.is_empty() {
                break;
            }
            let (name, value) = header
                .split_once(':')
                .ok_or_else(|| bad(format!("not a header: {header:?}")))?;
            let value = value.trim();
            if name.eq_ignore_ascii_case("content-length") {
                length = value.parse().ok();
            } else if name.eq_ignore_ascii_case("transfer-encoding") {
                chunked = value.eq_ignore_ascii_case("chunked");
            } else if name.eq_ignore_ascii_case("mcp-session-id") {
                session = Some(value.to_owned());
            } else if name.eq_ignore_ascii_case("content-type") {
                value.clone_into(&mut content_type);
            }
        }
        let mut body = Vec::new();
        if chunked {
            loop {
                line.clear();
                self.stream.read_line(&mut line).await?;
                let size = usize::from_str_radix(line.trim(), 16)
                    .map_err(|_| bad(format!("not a chunk size: {line:?}")))?;
                let start = body.len();
                body.resize(start + size + 2, 0);
                self.stream.read_exact(&mut body[start..]).await?;
                body.truncate(start + size);
                if size == 0 {
                    break;
                }
            }
        } else if let Some(length) = length {
            body.resize(length, 0);
            self.stream.read_exact(&mut body).await?;
        } else if status != 202 && status != 204 {
            return Err(bad(format!("HTTP {status} without a length")));
        }
        Ok(Response {
            status,
            session,
            content_type,
            body,
        })
    }
}

/// The JSON-RPC message with id `id` in a body: the body itself, or a `data:` event of an
/// SSE stream (which may also carry priming events and notifications).
fn message_of(body: &[u8], id: u64) -> Result<Value, String> {
    let text = std::str::from_utf8(body).map_err(|e| format!("the body is not UTF-8: {e}"))?;
    if let Ok(value) = serde_json::from_str::<Value>(text) {
        return Ok(value);
    }
    text.lines()
        .filter_map(|line| line.strip_prefix("data:"))
        .filter_map(|data| serde_json::from_str::<Value>(data.trim()).ok())
        .find(|message| message.get("id").and_then(Value::as_u64) == Some(id))
        .ok_or_else(|| format!("no reply to id {id} in the body: {}", clip(text)))
}
