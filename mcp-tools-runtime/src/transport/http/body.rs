//! Request bodies: read once, within the size limit and without stalling, and read only as
//! far as the checks in front of rmcp need ([`peek`](super::peek)); rmcp parses the message
//! itself. What rmcp would refuse with 415 in plain text gets
//! JSON-RPC's own errors with 400 instead, as the spec says: -32700 for a body that is not
//! JSON (invalid UTF-8, a raw NUL, a lone surrogate, a number past f64, nesting past 128),
//! -32600 for JSON that is not a message.

use std::time::Duration;

use axum::{
    body::{Body, Bytes},
    http::StatusCode,
    response::Response,
};
use futures::{FutureExt as _, StreamExt as _};
use rmcp::model::ClientJsonRpcMessage;

use super::{
    peek::{self, Message},
    reply::{closing, rpc_error},
};
use crate::error::clip;

/// The limits the body reader applies.
#[derive(Clone, Copy, Debug)]
pub(super) struct BodyLimits {
    pub(super) max_bytes: usize,
    /// How long the body may pause between two chunks (the header timeout's twin); `None`
    /// for no limit.
    pub(super) stall: Option<Duration>,
    pub(super) max_error_chars: usize,
}

/// What a POST's body carries, as far as the checks read it, or the reply to send instead
/// when it is not a message.
#[expect(
    clippy::result_large_err,
    reason = "the refusal is the response sent, moved once; boxing would allocate"
)]
pub(super) fn peek(bytes: &[u8], limits: BodyLimits) -> Result<Message, Response> {
    if let Some(message) = peek::peek(bytes) {
        return Ok(message);
    }
    // Whatever the peek could not read (an id that is neither number nor string, say) is
    // decided by the parse rmcp makes.
    match serde_json::from_slice::<ClientJsonRpcMessage>(bytes) {
        Ok(message) => Ok(Message::of(&message)),
        Err(err) => Err(not_a_message(&err, limits.max_error_chars)),
    }
}

/// The reply to a body rmcp could not parse (it answered 415), or `None` when the body is a
/// message and rmcp's 415 is about something else (the `Content-Type`).
pub(super) fn refusal(bytes: &[u8], max_error_chars: usize) -> Option<Response> {
    serde_json::from_slice::<ClientJsonRpcMessage>(bytes)
        .err()
        .map(|err| not_a_message(&err, max_error_chars))
}

fn not_a_message(err: &serde_json::Error, max_error_chars: usize) -> Response {
    let (code, what) = if err.is_data() {
        (
            -32600,
            "invalid request: the body is JSON but not a JSON-RPC message",
        )
    } else {
        (-32700, "parse error: the body is not JSON")
    };
    let err = clip(&err.to_string(), max_error_chars);
    rpc_error(
        StatusCode::BAD_REQUEST,
        None,
        code,
        &format!("{what} ({err})"),
    )
}

/// The whole body, or the reply to send instead: 413 past the size limit, 408 when the
/// client stops sending for [`BodyLimits::stall`], 400 when the body breaks off.
pub(super) async fn read(body: Body, limits: BodyLimits) -> Result<Bytes, Response> {
    let mut stream = body.into_data_stream();
    // A body of one chunk, the common case, is kept as it came, without a copy.
    let mut single: Option<Bytes> = None;
    let mut bytes = Vec::new();
    loop {
        // Most bodies have arrived with their headers: a timer is armed only to wait.
        let next = match stream.next().now_or_never() {
            Some(next) => Ok(next),
            None => match limits.stall {
                Some(stall) => tokio::time::timeout(stall, stream.next()).await,
                None => Ok(stream.next().await),
            },
        };
        let chunk = match next {
            Ok(Some(Ok(chunk))) => chunk,
            Ok(None) => return Ok(single.unwrap_or_else(|| Bytes::from(bytes))),
            Ok(Some(Err(err))) => {
                return Err(closing(rpc_error(
                    StatusCode::BAD_REQUEST,
                    None,
                    -32700,
                    &format!("parse error: the body could not be read ({err})"),
                )));
            }
            Err(_elapsed) => {
                let stall = limits.stall.unwrap_or_default();
                return Err(closing(rpc_error(
                    StatusCode::REQUEST_TIMEOUT,
                    None,
                    -32700,
                    &format!(
                        "parse error: the body stopped arriving for {} ms; send it whole",
                        stall.as_millis()
                    ),
                )));
            }
        };
        let read = single.as_ref().map_or(bytes.len(), Bytes::len);
        if chunk.len() > limits.max_bytes.saturating_sub(read) {
            return Err(closing(rpc_error(
                StatusCode::PAYLOAD_TOO_LARGE,
                None,
                -32600,
                &format!(
                    "request body too large: the limit is {} bytes",
                    limits.max_bytes
                ),
            )));
        }
        if single.is_none() && bytes.is_empty() {
            single = Some(chunk);
            continue;
        }
        if let Some(first) = single.take() {
            bytes.extend_from_slice(&first);
        }
        bytes.extend_from_slice(&chunk);
    }
}
