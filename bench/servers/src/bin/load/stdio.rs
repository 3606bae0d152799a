//! An MCP client of a server's stdin and stdout: one JSON-RPC message a line, any number
//! of requests in flight, each reply routed back to its caller by id.

use std::{
    collections::HashMap,
    sync::{Arc, Mutex, PoisonError},
};

use serde_json::{Value, json};
use tokio::{
    io::{AsyncBufReadExt as _, AsyncWriteExt as _, BufReader, BufWriter},
    process::{ChildStdin, ChildStdout},
    sync::{mpsc, oneshot},
};

use crate::{REPLY_TIMEOUT, Reply, calls::clip};

type Waiting = Arc<Mutex<HashMap<u64, oneshot::Sender<Reply>>>>;

/// The connection: a writer task batching lines into stdin, a reader task routing lines
/// from stdout.
pub(crate) struct Conn {
    lines: mpsc::UnboundedSender<String>,
    waiting: Waiting,
}

impl Conn {
    /// Starts both tasks and does the handshake: `initialize`, `notifications/initialized`.
    pub(crate) async fn open(stdin: ChildStdin, stdout: ChildStdout) -> Result<Conn, String> {
        let (lines, queue) = mpsc::unbounded_channel();
        tokio::spawn(write(stdin, queue));
        let waiting: Waiting = Arc::default();
        tokio::spawn(read(stdout, waiting.clone()));
        let conn = Conn { lines, waiting };
        let initialize = json!({
            "jsonrpc": "2.0", "id": 0, "method": "initialize",
            "params": {
                "protocolVersion": "2025-11-25",
                "capabilities": {},
                "clientInfo": { "name": "mcp-tools-peer-bench", "version": "0" },
            },
        });
        let reply = conn.call(0, initialize.to_string()).await?;
        if reply.message.get("result").is_none() {
            return Err(format!("initialize: {}", clip(&reply.message.to_string())));
        }
        conn.send(r#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#.to_owned())?;
        Ok(conn)
    }

    /// The negotiated version is not needed on stdio: every message is of the session.
    pub(crate) async fn call(&self, id: u64, body: String) -> Result<Reply, String> {
        let (tx, rx) = oneshot::channel();
        self.waiting
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .insert(id, tx);
        self.send(body)?;
        match tokio::time::timeout(REPLY_TIMEOUT, rx).await {
            Ok(Ok(reply)) => Ok(reply),
            Ok(Err(_)) => Err("the server closed its stdout".to_owned()),
            Err(_) => {
                self.waiting
                    .lock()
                    .unwrap_or_else(PoisonError::into_inner)
                    .remove(&id);
                Err(format!("no reply within {REPLY_TIMEOUT:?}"))
            }
        }
    }

    fn send(&self, line: String) -> Result<(), String> {
        self.lines
            .send(line)
            .map_err(|_| "the server's stdin is closed".to_owned())
    }
}

/// Writes queued lines, flushing when the queue is empty: lines that pile up meanwhile go
/// out in one write.
async fn write(stdin: ChildStdin, mut queue: mpsc::UnboundedReceiver<String>) {
    let mut stdin = BufWriter::new(stdin);
    while let Some(line) = queue.recv().await {
        let mut next = Some(line);
        while let Some(line) = next {
            if stdin.write_all(line.as_bytes()).await.is_err()
                || stdin.write_all(b"\n").await.is_err()
            {
                return;
            }
            next = queue.try_recv().ok();
        }
        if stdin.flush().await.is_err() {
            return;
        }
    }
}

/// Routes each reply to the call waiting for its id; notifications and stray lines are
/// dropped. At the end of stdout every waiting call fails (its sender is dropped).
async fn read(stdout: ChildStdout, waiting: Waiting) {
    let mut lines = BufReader::new(stdout).lines();
    while let Ok(Some(line)) = lines.next_line().await {
        let Ok(message) = serde_json::from_str::<Value>(&line) else {
            continue;
        };
        let Some(id) = message.get("id").and_then(Value::as_u64) else {
            continue;
        };
        let waiter = waiting
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .remove(&id);
        if let Some(waiter) = waiter {
            let _ = waiter.send(Reply {
                message,
                bytes: line.len(),
                content_type: String::new(),
            });
        }
    }
    waiting
        .lock()
        .unwrap_or_else(PoisonError::into_inner)
        .clear();
}
