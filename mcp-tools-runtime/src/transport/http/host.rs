//! The first check of every request: the allow-lists ([`AllowList`]), and `Host` lines an
//! allow-list alone would let through: two of them (RFC 9112 §3.2: a server must answer
//! 400, as a proxy may have routed on the other), and userinfo (`evil.com@127.0.0.1`),
//! which no `Host` may carry and which a careless reader takes for another host.

use axum::{
    extract::Request,
    http::{StatusCode, header},
    response::{IntoResponse, Response},
};

use super::{allow::AllowList, reply::rpc_error};

/// Refuses a request whose `Host`, or whose absolute request target, is ambiguous, or
/// whose `Host` or `Origin` the allow-lists refuse.
#[expect(
    clippy::result_large_err,
    reason = "the refusal is the response sent, moved once; boxing would allocate"
)]
pub(super) fn check(allow: &AllowList, request: &Request) -> Result<(), Response> {
    let mut hosts = request.headers().get_all(header::HOST).iter();
    let host = hosts.next();
    let problem = if hosts.next().is_some() {
        Some("the request has more than one Host header")
    } else if host.is_some_and(|host| host.as_bytes().contains(&b'@'))
        || request
            .uri()
            .authority()
            .is_some_and(|authority| authority.as_str().contains('@'))
    {
        Some("the Host carries userinfo (`user@`), which HTTP does not allow")
    } else {
        None
    };
    if let Some(problem) = problem {
        return Err(rpc_error(
            StatusCode::BAD_REQUEST,
            None,
            -32600,
            &format!("invalid request: {problem}; send one Host: host[:port]"),
        ));
    }
    allow
        .check(request.uri(), request.headers())
        .map_err(IntoResponse::into_response)
}

/// [`check`] as a layer, for the routes beside the MCP endpoint (the OAuth metadata).
#[cfg(feature = "oauth")]
pub(super) async fn layer(
    axum::extract::State(allow): axum::extract::State<std::sync::Arc<AllowList>>,
    request: Request,
    next: axum::middleware::Next,
) -> Response {
    match check(&allow, &request) {
        Ok(()) => next.run(request).await,
        Err(refusal) => refusal,
    }
}
