//! The layer between clients and rmcp's sessions: a new session is refused with 503 when
//! every open one is busy at the cap, a DELETE of a session we do not have gets 404 (rmcp
//! answers 202) and one we have 204, a call whose id is in flight in its session gets 400, one past
//! `Limits::max_in_flight` 429, and each response of a session is tracked until its body
//! ends, so that [`Sessions`] knows which sessions are busy and which calls in flight.
//!
//! Past `max_in_flight`, 429 rather than a JSON-RPC error with 200: the limit is HTTP
//! back-pressure, which proxies and HTTP clients know (rmcp's client reports 429 with its
//! Retry-After as such), and the body still carries a JSON-RPC error for the call's id,
//! saying to retry, for clients that read it.

use std::{
    future::Future,
    pin::Pin,
    task::{Context, Poll},
    time::Duration,
};

use axum::{
    body::{Body, Bytes},
    extract::Request,
    http::{Method, StatusCode},
    response::{IntoResponse, Response},
};
use http_body::{Frame, SizeHint};
use rmcp::{
    model::RequestId,
    transport::{
        common::http_header::HEADER_SESSION_ID, streamable_http_server::session::SessionId,
    },
};

use super::{
    peek::Incoming,
    reply::{retry_after, rpc_error},
    sessions::{Opened, Refusal, Sessions},
};

/// How long a client refused a session should wait: sessions turn idle as calls end.
const SESSIONS_RETRY_AFTER: Duration = Duration::from_secs(5);

/// How long a client refused a call should wait: calls are short, most of them.
const CALLS_RETRY_AFTER: Duration = Duration::from_secs(1);

/// Serves `request` by `next` (rmcp's service) within the sessions' bounds; `incoming` is
/// what a POST carries.
pub(super) async fn gate<F, Fut>(
    sessions: &Sessions,
    request: Request,
    incoming: Option<&Incoming>,
    next: F,
) -> Response
where
    F: FnOnce(Request) -> Fut,
    Fut: Future<Output = Response>,
{
    let session: Option<SessionId> = request
        .headers()
        .get(HEADER_SESSION_ID)
        .and_then(|v| v.to_str().ok())
        .map(Into::into);
    let (call, initialize) = match incoming {
        Some(Incoming::Request { id, initialize }) => (Some(id), *initialize),
        _ => (None, false),
    };
    match session {
        Some(id) if request.method() == Method::DELETE && !sessions.knows(&id) => {
            (StatusCode::NOT_FOUND, "Not Found: Session not found").into_response()
        }
        Some(id) => {
            let deleting = request.method() == Method::DELETE;
            let response = match sessions.open(&id, call) {
                Some(Ok(opened)) => tracked(next(request).await, opened),
                Some(Err(refusal)) => return refused(&refusal, call),
                None => next(request).await,
            };
            // rmcp answers a session's end with 202; the official clients take 200 or 204
            // (the Python SDK logs "Session termination failed: 202" at every close).
            if deleting && response.status() == StatusCode::ACCEPTED {
                StatusCode::NO_CONTENT.into_response()
            } else {
                response
            }
        }
        None if initialize => {
            if !sessions.has_room() {
                return no_room(sessions, call);
            }
            let response = next(request).await;
            // Full again by the time rmcp asked for the session (a race with another
            // `initialize`): rmcp turned our refusal into a 500.
            if response.status() == StatusCode::INTERNAL_SERVER_ERROR && !sessions.has_room() {
                return no_room(sessions, call);
            }
            response
        }
        None => next(request).await,
    }
}

/// The reply to an `initialize` when every session is busy.
fn no_room(sessions: &Sessions, call: Option<&RequestId>) -> Response {
    let message = format!(
        "the server is at its limit of {} sessions and none is idle; retry later",
        sessions.cap()
    );
    retry_after(
        rpc_error(StatusCode::SERVICE_UNAVAILABLE, call, -32000, &message),
        SESSIONS_RETRY_AFTER,
    )
}

/// The reply to a call [`Sessions::open`] refused.
fn refused(refusal: &Refusal, call: Option<&RequestId>) -> Response {
    let id = call.map(|id| serde_json::to_string(id).unwrap_or_default());
    let id = id.as_deref().unwrap_or("null");
    match refusal {
        // `id` null: with the call's id, a client would take the error for the reply to
        // the call in flight.
        Refusal::InFlight => rpc_error(
            StatusCode::BAD_REQUEST,
            None,
            -32600,
            &format!(
                "invalid request: a request with id {id} is already in flight in this session; \
                 give each request its own id"
            ),
        ),
        Refusal::TooMany(max) => retry_after(
            rpc_error(
                StatusCode::TOO_MANY_REQUESTS,
                call,
                -32000,
                &format!(
                    "too many requests in flight: this session has {max}, the limit; \
                     retry after one of them has answered"
                ),
            ),
            CALLS_RETRY_AFTER,
        ),
    }
}

/// `response` with its body holding `opened` until the body ends or is dropped.
fn tracked(response: Response, opened: Opened) -> Response {
    response.map(|body| {
        Body::new(Tracked {
            body,
            opened: Some(opened),
        })
    })
}

/// A response body that lets its session go idle when it ends.
struct Tracked {
    body: Body,
    opened: Option<Opened>,
}

impl http_body::Body for Tracked {
    type Data = Bytes;
    type Error = axum::Error;

    fn poll_frame(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
    ) -> Poll<Option<Result<Frame<Bytes>, axum::Error>>> {
        let this = self.get_mut();
        let frame = Pin::new(&mut this.body).poll_frame(cx);
        if let Poll::Ready(None) = frame {
            this.opened = None;
        }
        frame
    }

    fn is_end_stream(&self) -> bool {
        self.body.is_end_stream()
    }

    fn size_hint(&self) -> SizeHint {
        self.body.size_hint()
    }
}
