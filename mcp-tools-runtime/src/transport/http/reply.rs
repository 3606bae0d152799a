//! The HTTP errors our layers answer with: a status, and a JSON-RPC error in the body that
//! says what was wrong and what to do, as rmcp's own are plain text.

use std::time::Duration;

use axum::{
    http::{HeaderValue, StatusCode, header},
    response::{IntoResponse, Response},
};
use rmcp::model::RequestId;

/// JSON-RPC's `code` and `message` with `status`. `id` is the request's when the error
/// answers that request alone; `None` (JSON `null`) when a client could take it for the
/// answer to another request with the same id.
pub(super) fn rpc_error(
    status: StatusCode,
    id: Option<&RequestId>,
    code: i32,
    message: &str,
) -> Response {
    let body = serde_json::json!({
        "jsonrpc": "2.0",
        "id": id,
        "error": { "code": code, "message": message },
    });
    (
        status,
        [(header::CONTENT_TYPE, "application/json")],
        body.to_string(),
    )
        .into_response()
}

/// `response` with `Retry-After`, in whole seconds.
pub(super) fn retry_after(mut response: Response, after: Duration) -> Response {
    response.headers_mut().insert(
        header::RETRY_AFTER,
        HeaderValue::from(after.as_secs().max(1)),
    );
    response
}

/// `response` with `Connection: close`: for a reply sent before the request's body was read
/// to its end, after which the connection cannot carry another request.
pub(super) fn closing(mut response: Response) -> Response {
    response
        .headers_mut()
        .insert(header::CONNECTION, HeaderValue::from_static("close"));
    response
}

/// `status` with a JSON body and the `WWW-Authenticate` challenge.
pub(super) fn challenged(
    status: StatusCode,
    challenge: &str,
    body: &serde_json::Value,
) -> Response {
    let mut response = json_response(status, body);
    // `quotable` left only visible ASCII and spaces, which a header value always accepts.
    if let Ok(value) = HeaderValue::from_str(challenge) {
        response
            .headers_mut()
            .insert(header::WWW_AUTHENTICATE, value);
    }
    response
}

pub(super) fn json_response(status: StatusCode, body: &serde_json::Value) -> Response {
    (
        status,
        [(header::CONTENT_TYPE, "application/json")],
        body.to_string(),
    )
        .into_response()
}

/// `text` as the inside of a quoted parameter of a challenge: RFC 6750 allows printable
/// ASCII but `"` and `\`; anything else becomes `?`.
pub(super) fn quotable(text: &str) -> String {
    text.chars()
        .map(|c| match c {
            ' ' | '!' | '#'..='[' | ']'..='~' => c,
            _ => '?',
        })
        .collect()
}
