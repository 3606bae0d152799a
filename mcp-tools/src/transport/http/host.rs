//! The allow-lists ([`AllowList`]), and `Host` lines an allow-list alone would let through: two of them (RFC 9112 §3.2: a
//! server must answer 400, as a proxy may have routed on the other), and userinfo
//! (`evil.com@127.0.0.1`), which no `Host` may carry and which a careless reader takes for
//! another host.

use std::sync::Arc;

use axum::{
    extract::{Request, State},
    http::{StatusCode, header},
    middleware::Next,
    response::{IntoResponse, Response},
};

use super::{allow::AllowList, reply::rpc_error};
use crate::context::Caller;

/// What the first layer needs.
pub(super) struct Front {
    pub(super) allow: AllowList,
    /// Who the request is unless a later layer (or one of the application's, in front)
    /// says otherwise.
    pub(super) unauthenticated: Caller,
}

/// Refuses a request whose `Host`, or whose absolute request target, is ambiguous, or
/// whose `Host` or `Origin` the allow-lists refuse; gives the others the unauthenticated
/// caller unless they carry a caller already.
pub(super) async fn check_host(
    State(front): State<Arc<Front>>,
    mut request: Request,
    next: Next,
) -> Response {
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
    match problem {
        Some(problem) => rpc_error(
            StatusCode::BAD_REQUEST,
            None,
            -32600,
            &format!("invalid request: {problem}; send one Host: host[:port]"),
        ),
        None => match front.allow.check(request.uri(), request.headers()) {
            Ok(()) => {
                if request.extensions().get::<Caller>().is_none() {
                    request
                        .extensions_mut()
                        .insert(front.unauthenticated.clone());
                }
                next.run(request).await
            }
            Err((status, text)) => (status, text).into_response(),
        },
    }
}
