//! Request bodies: read once, within the size limit and without stalling, and parsed as
//! rmcp will parse them. What rmcp would refuse with 415 in plain text gets JSON-RPC's own
//! errors with 400 instead, as the spec says: -32700 for a body that is not JSON (invalid
//! UTF-8, a raw NUL, a lone surrogate, a number past f64, nesting past 128), -32600 for
//! JSON that is not a message.

use std::time::Duration;

use axum::{
    body::{Body, Bytes},
    extract::{Request, State},
    http::{Method, StatusCode},
    middleware::Next,
    response::Response,
};
use futures::StreamExt as _;
use rmcp::model::{ClientJsonRpcMessage, ClientRequest, RequestId};

use super::reply::{closing, rpc_error};
use crate::error::clip;

/// What a POST carries, for the layers after this one.
#[derive(Clone, Debug)]
pub(super) enum Incoming {
    /// A request: its id, and whether it is `initialize`.
    Request { id: RequestId, initialize: bool },
    /// A notification, or a reply to a request of the server's.
    Other,
}

/// The limits the body reader applies.
#[derive(Clone, Copy, Debug)]
pub(super) struct BodyLimits {
    pub(super) max_bytes: usize,
    /// How long the body may pause between two chunks (the header timeout's twin); `None`
    /// for no limit.
    pub(super) stall: Option<Duration>,
    pub(super) max_error_chars: usize,
}

/// Reads a POST's body, answers it if it is not a message, and hands it on with its
/// [`Incoming`] in the request's extensions; other methods pass unchanged.
pub(super) async fn read_message(
    State(limits): State<BodyLimits>,
    request: Request,
    next: Next,
) -> Response {
    if request.method() != Method::POST {
        return next.run(request).await;
    }
    let (mut parts, body) = request.into_parts();
    let bytes = match read(body, limits).await {
        Ok(bytes) => bytes,
        Err(response) => return response,
    };
    match serde_json::from_slice::<ClientJsonRpcMessage>(&bytes) {
        Ok(message) => {
            parts.extensions.insert(Incoming::of(&message));
            // The OAuth scope check, after this layer, goes by the tool called.
            #[cfg(feature = "oauth")]
            if let Some(called) = super::oauth::Called::of(&message) {
                parts.extensions.insert(called);
            }
        }
        Err(err) => {
            let (code, what) = if err.is_data() {
                (
                    -32600,
                    "invalid request: the body is JSON but not a JSON-RPC message",
                )
            } else {
                (-32700, "parse error: the body is not JSON")
            };
            let err = clip(&err.to_string(), limits.max_error_chars);
            return rpc_error(
                StatusCode::BAD_REQUEST,
                None,
                code,
                &format!("{what} ({err})"),
            );
        }
    }
    next.run(Request::from_parts(parts, Body::from(bytes)))
        .await
}

impl Incoming {
    fn of(message: &ClientJsonRpcMessage) -> Incoming {
        match message {
            ClientJsonRpcMessage::Request(request) => Incoming::Request {
                id: request.id.clone(),
                initialize: matches!(request.request, ClientRequest::InitializeRequest(_)),
            },
            _ => Incoming::Other,
        }
    }
}

/// The whole body, or the reply to send instead: 413 past the size limit, 408 when the
/// client stops sending for [`BodyLimits::stall`], 400 when the body breaks off.
async fn read(body: Body, limits: BodyLimits) -> Result<Bytes, Response> {
    let mut stream = body.into_data_stream();
    let mut bytes = Vec::new();
    loop {
        let next = match limits.stall {
            Some(stall) => tokio::time::timeout(stall, stream.next()).await,
            None => Ok(stream.next().await),
        };
        let chunk = match next {
            Ok(Some(Ok(chunk))) => chunk,
            Ok(None) => return Ok(Bytes::from(bytes)),
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
        if chunk.len() > limits.max_bytes.saturating_sub(bytes.len()) {
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
        bytes.extend_from_slice(&chunk);
    }
}
