//! `execution.taskSupport` on the task tools of a 2025-11-25 `tools/list` answered over
//! Streamable HTTP (see `call::task::listing`). rmcp's service takes only a `ServerHandler`,
//! whose `tools/list` answer is rmcp's `Tool`, without the field; so the field is spliced
//! into the JSON rmcp wrote, plain or in the SSE event that carries it, without parsing the
//! tools. Only such a request pays: its revision is read from its `MCP-Protocol-Version`
//! header, which a client sends with every request after `initialize`.

use std::borrow::Cow;

use axum::{
    body::Body,
    extract::Request,
    http::{StatusCode, header},
    response::Response,
};

use serde::Deserialize;
use serde_json::value::RawValue;

use super::reply::rpc_error;
use crate::registry::Registry;

/// The header a Streamable HTTP request names its revision in.
const REVISION_HEADER: &str = "mcp-protocol-version";

/// Whether the answer to `request` gets the marks, should it be a `tools/list`: a
/// 2025-11-25 request to a registry with task tools (`registry` is `Some` only then).
pub(super) fn wanted<'r>(
    registry: Option<&'r Registry>,
    request: &Request,
) -> Option<&'r Registry> {
    let registry = registry?;
    let revision = request.headers().get(REVISION_HEADER)?.to_str().ok()?;
    registry.marks_tasks_in(revision.trim()).then_some(registry)
}

/// Whether `body` may be a `tools/list`: a byte search, so that only such a body is
/// parsed for its method, not every call of a 2025-11-25 client. (A method spelled with
/// JSON escapes is not found; its listing then goes unmarked, as before.)
pub(super) fn may_list_tools(body: &[u8]) -> bool {
    memchr::memmem::find(body, b"\"tools/list\"").is_some()
}

/// `response`, rmcp's answer to a `tools/list`, with the marks.
pub(super) async fn mark(registry: &Registry, response: Response) -> Response {
    let (mut parts, body) = response.into_parts();
    let kind = parts
        .headers
        .get(header::CONTENT_TYPE)
        .map(|v| v.as_bytes().to_ascii_lowercase());
    let events = match kind.as_deref() {
        Some(t) if t.starts_with(b"text/event-stream") => true,
        Some(t) if t.starts_with(b"application/json") => false,
        // An error of rmcp's in plain text, say: nothing to mark.
        _ => return Response::from_parts(parts, body),
    };
    // The answer to one request: its stream ends with the answer.
    let Ok(bytes) = axum::body::to_bytes(body, usize::MAX).await else {
        return rpc_error(
            StatusCode::INTERNAL_SERVER_ERROR,
            None,
            -32603,
            "the tools/list answer broke off; list again",
        );
    };
    let marked = if events {
        mark_events(registry, &bytes)
    } else {
        mark_message(registry, &bytes)
    };
    let Some(marked) = marked else {
        return Response::from_parts(parts, Body::from(bytes));
    };
    parts.headers.remove(header::CONTENT_LENGTH);
    Response::from_parts(parts, Body::from(marked))
}

/// A JSON-RPC response to `tools/list` with the marks: rmcp's bytes with
/// `,"execution":{…}` before the closing brace of each task tool, found unparsed
/// (`RawValue`s point into `bytes`); `None` when no tool on it runs as a task (or it is not
/// such a response).
fn mark_message(registry: &Registry, bytes: &[u8]) -> Option<Vec<u8>> {
    // One pass: each tool is checked to be JSON, and left unparsed.
    #[derive(Deserialize)]
    struct Response<'a> {
        #[serde(borrow)]
        result: Listing<'a>,
    }
    #[derive(Deserialize)]
    struct Listing<'a> {
        #[serde(borrow)]
        tools: Vec<&'a RawValue>,
    }
    let response: Response<'_> = serde_json::from_slice(bytes).ok()?;
    let base = bytes.as_ptr() as usize;
    let mut out = Vec::with_capacity(bytes.len() + 64);
    let mut copied = 0;
    for tool in response.result.tools {
        let text = tool.get();
        let Some(support) = name_of(text).and_then(|name| registry.task_support_of(&name)) else {
            continue;
        };
        // The offset of the tool's closing brace: its text is a slice of `bytes`.
        let close = (text.as_ptr() as usize - base) + text.len() - 1;
        if bytes.get(close) != Some(&b'}') || close < copied {
            return None;
        }
        out.extend_from_slice(&bytes[copied..close]);
        out.extend_from_slice(b",\"execution\":{\"taskSupport\":\"");
        out.extend_from_slice(support.name().as_bytes());
        out.extend_from_slice(b"\"}");
        copied = close;
    }
    if copied == 0 {
        return None;
    }
    out.extend_from_slice(&bytes[copied..]);
    Some(out)
}

/// A tool's name: read where rmcp writes it, first, or parsed when it is not there.
fn name_of(tool: &str) -> Option<Cow<'_, str>> {
    #[derive(Deserialize)]
    struct Named<'a> {
        #[serde(borrow)]
        name: Cow<'a, str>,
    }
    if let Some(rest) = tool.strip_prefix("{\"name\":\"")
        && let Some(end) = rest.find(['"', '\\'])
        && rest.as_bytes()[end] == b'"'
    {
        return Some(Cow::Borrowed(&rest[..end]));
    }
    serde_json::from_str::<Named<'_>>(tool)
        .ok()
        .map(|named| named.name)
}

/// An SSE stream with the `data:` line of the response marked, every other byte as it was;
/// `None` when there was nothing to mark.
fn mark_events(registry: &Registry, bytes: &[u8]) -> Option<Vec<u8>> {
    let mut out = Vec::with_capacity(bytes.len() + 256);
    let mut marked = false;
    for (i, line) in bytes.split(|&b| b == b'\n').enumerate() {
        if i > 0 {
            out.push(b'\n');
        }
        let data = line
            .strip_prefix(b"data:")
            .map(|d| d.strip_prefix(b" ").unwrap_or(d));
        match data
            .filter(|_| !marked)
            .and_then(|d| mark_message(registry, d))
        {
            Some(message) => {
                out.extend_from_slice(b"data: ");
                out.extend_from_slice(&message);
                marked = true;
            }
            None => out.extend_from_slice(line),
        }
    }
    marked.then_some(out)
}
