//! The floor of the HTTP rows: no MCP framework at all, only what the load generator's
//! calls need, on bare hyper 1.x. Each POST's body is read whole and parsed with `serde_json`
//! into borrowed fields (`id`, `method`, the tool's name and arguments; everything else,
//! `_meta` included, is skipped, not built), the method matched, and the reply serialized
//! as `application/json`: `initialize` (with a fixed `mcp-session-id` when stateful, none
//! when stateless), a notification with 202, and `tools/call` of `add` and `search`. No
//! session is kept, nothing is validated, no SSE, no task or channel per request: the
//! limit no framework can pass on the same machine, with the same tokio multi-thread
//! runtime, HTTP/1.1 keep-alive and `TCP_NODELAY` as the Rust servers.
//!
//! HTTP only (`http PORT stateful|stateless`): a floor over stdio would be a loop over
//! lines, and stdio is not what it is for. See `../../README.md`.

use std::{borrow::Cow, convert::Infallible};

use http_body_util::{BodyExt as _, Full};
use hyper::{
    Method, Request, Response, StatusCode,
    body::{Bytes, Incoming},
    header::{CONTENT_TYPE, HeaderValue},
    server::conn::http1,
    service::service_fn,
};
use hyper_util::rt::TokioIo;
use mcp_tools_peer_bench::{
    page::{self, Page},
    serve_args::Serve,
};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use tokio::net::TcpListener;

/// The session id every stateful `initialize` gets; no later request's is looked at.
const SESSION_ID: &str = "floor";

/// The version answered when the client names none.
const DEFAULT_VERSION: &str = "2025-11-25";

/// A JSON-RPC message, as far as the floor reads it.
#[derive(Deserialize)]
struct Message<'a> {
    /// `None` for a notification. Numbers, the load generator's ids, take no allocation.
    #[serde(default)]
    id: Option<Value>,
    #[serde(borrow)]
    method: Cow<'a, str>,
    #[serde(default, borrow)]
    params: Params<'a>,
}

/// The `params` of `initialize` and `tools/call`, loosely: any other field is skipped.
#[derive(Deserialize, Default)]
struct Params<'a> {
    #[serde(default, borrow)]
    name: Option<Cow<'a, str>>,
    #[serde(default, borrow)]
    arguments: Option<Arguments<'a>>,
    #[serde(default, borrow, rename = "protocolVersion")]
    protocol_version: Option<Cow<'a, str>>,
}

/// The arguments of `add` and `search`.
#[derive(Deserialize)]
struct Arguments<'a> {
    #[serde(default)]
    a: Option<i64>,
    #[serde(default)]
    b: Option<i64>,
    #[serde(default, borrow)]
    query: Option<Cow<'a, str>>,
}

/// A JSON-RPC reply with a result.
#[derive(Serialize)]
struct Reply<'a, R> {
    jsonrpc: &'static str,
    id: &'a Value,
    result: R,
}

/// A JSON-RPC reply with an error.
#[derive(Serialize)]
struct Failure<'a> {
    jsonrpc: &'static str,
    id: Option<&'a Value>,
    error: ErrorObject<'a>,
}

#[derive(Serialize)]
struct ErrorObject<'a> {
    code: i32,
    message: &'a str,
}

/// What `initialize` answers.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Initialized<'a> {
    protocol_version: &'a str,
    capabilities: Capabilities,
    server_info: ServerInfo,
}

#[derive(Serialize)]
struct Capabilities {
    tools: Empty,
}

#[derive(Serialize)]
struct Empty {}

#[derive(Serialize)]
struct ServerInfo {
    name: &'static str,
    version: &'static str,
}

/// A `tools/call` result: one text block, and the page as `structuredContent` for `search`.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct CallResult<'a> {
    content: [Text<'a>; 1],
    #[serde(skip_serializing_if = "Option::is_none")]
    structured_content: Option<&'a Page>,
    is_error: bool,
}

#[derive(Serialize)]
struct Text<'a> {
    #[serde(rename = "type")]
    kind: &'static str,
    text: &'a str,
}

/// The reply to one POST: its status, its body (none for 202), and whether it carries the
/// session id.
fn answer(body: &[u8], stateless: bool) -> (StatusCode, Option<Vec<u8>>, bool) {
    let message: Message<'_> = match serde_json::from_slice(body) {
        Ok(message) => message,
        Err(err) => {
            let error = failure(None, -32700, &format!("parse error: {err}"));
            return (StatusCode::BAD_REQUEST, Some(error), false);
        }
    };
    let Some(id) = &message.id else {
        return (StatusCode::ACCEPTED, None, false);
    };
    let reply = match message.method.as_ref() {
        "initialize" => {
            let result = Initialized {
                protocol_version: message
                    .params
                    .protocol_version
                    .as_deref()
                    .unwrap_or(DEFAULT_VERSION),
                capabilities: Capabilities { tools: Empty {} },
                server_info: ServerInfo {
                    name: "bench-floor",
                    version: env!("CARGO_PKG_VERSION"),
                },
            };
            return (StatusCode::OK, Some(reply(id, &result)), !stateless);
        }
        "tools/call" => call(id, &message.params),
        "ping" => reply(id, &Empty {}),
        _ => failure(Some(id), -32601, "method not found"),
    };
    (StatusCode::OK, Some(reply), false)
}

/// A `tools/call` of `add` or `search`.
fn call(id: &Value, params: &Params<'_>) -> Vec<u8> {
    let arguments = params.arguments.as_ref();
    match params.name.as_deref() {
        Some("add") => match arguments.and_then(|a| Some((a.a?, a.b?))) {
            Some((a, b)) => {
                let sum = (a + b).to_string();
                reply(id, &text_result(&sum, None))
            }
            None => failure(Some(id), -32602, "add needs integers a and b"),
        },
        Some("search") => match arguments.and_then(|a| a.query.as_deref()) {
            Some(query) => {
                let page = page::page(query);
                let text = serde_json::to_string(&page).expect("a page is JSON");
                reply(id, &text_result(&text, Some(&page)))
            }
            None => failure(Some(id), -32602, "search needs a query"),
        },
        _ => failure(Some(id), -32602, "unknown tool"),
    }
}

fn text_result<'a>(text: &'a str, page: Option<&'a Page>) -> CallResult<'a> {
    CallResult {
        content: [Text { kind: "text", text }],
        structured_content: page,
        is_error: false,
    }
}

fn reply<R: Serialize>(id: &Value, result: &R) -> Vec<u8> {
    serde_json::to_vec(&Reply {
        jsonrpc: "2.0",
        id,
        result,
    })
    .expect("a reply is JSON")
}

fn failure(id: Option<&Value>, code: i32, message: &str) -> Vec<u8> {
    serde_json::to_vec(&Failure {
        jsonrpc: "2.0",
        id,
        error: ErrorObject { code, message },
    })
    .expect("an error is JSON")
}

/// One HTTP request: a POST answered by [`answer`], anything else 405.
async fn serve(
    request: Request<Incoming>,
    stateless: bool,
) -> Result<Response<Full<Bytes>>, Infallible> {
    if request.method() != Method::POST {
        let mut response = Response::new(Full::default());
        *response.status_mut() = StatusCode::METHOD_NOT_ALLOWED;
        return Ok(response);
    }
    let body = match request.into_body().collect().await {
        Ok(collected) => collected.to_bytes(),
        Err(_) => {
            let mut response = Response::new(Full::default());
            *response.status_mut() = StatusCode::BAD_REQUEST;
            return Ok(response);
        }
    };
    let (status, body, session) = answer(&body, stateless);
    let mut response = match body {
        Some(body) => {
            let mut response = Response::new(Full::new(Bytes::from(body)));
            response
                .headers_mut()
                .insert(CONTENT_TYPE, HeaderValue::from_static("application/json"));
            response
        }
        None => Response::new(Full::default()),
    };
    *response.status_mut() = status;
    if session {
        response
            .headers_mut()
            .insert("mcp-session-id", HeaderValue::from_static(SESSION_ID));
    }
    Ok(response)
}

#[tokio::main]
async fn main() -> Result<(), Box<dyn std::error::Error>> {
    let Serve::Http {
        port, stateless, ..
    } = Serve::from_args()
    else {
        eprintln!("floor-server serves HTTP only: floor-server http PORT stateful|stateless");
        std::process::exit(2);
    };
    let listener = TcpListener::bind(("127.0.0.1", port)).await?;
    let http = http1::Builder::new();
    // Stops on SIGINT, as the other servers do, so that a profiler that counts until the
    // exit (`bench/servers/instructions.py`) sees the process end on its own.
    let mut interrupted = std::pin::pin!(tokio::signal::ctrl_c());
    loop {
        let stream = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok((stream, _)) => stream,
                Err(_) => continue,
            },
            _ = &mut interrupted => return Ok(()),
        };
        let _ = stream.set_nodelay(true);
        let connection = http.serve_connection(
            TokioIo::new(stream),
            service_fn(move |request| serve(request, stateless)),
        );
        tokio::spawn(async move {
            let _ = connection.await;
        });
    }
}
