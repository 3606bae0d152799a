//! The layer between clients and rmcp's sessions: a new session is refused with 503 when
//! every open one is busy at the cap, a DELETE of a session we do not have gets 404 (rmcp
//! answers 202), and each response of a session is tracked until its body ends, so that
//! [`Sessions`] knows which sessions are busy and which idle.

use std::{
    pin::Pin,
    sync::Arc,
    task::{Context, Poll},
    time::Duration,
};

use axum::{
    body::{Body, Bytes},
    extract::{Request, State},
    http::{Method, StatusCode},
    middleware::Next,
    response::{IntoResponse, Response},
};
use http_body::{Frame, SizeHint};
use rmcp::transport::{
    common::http_header::HEADER_SESSION_ID, streamable_http_server::session::SessionId,
};

use super::{
    body::Incoming,
    reply::{retry_after, rpc_error},
    sessions::{Opened, Sessions},
};

/// How long a client refused a session should wait: sessions turn idle as calls end.
const SESSIONS_RETRY_AFTER: Duration = Duration::from_secs(5);

pub(super) async fn gate(
    State(sessions): State<Arc<Sessions>>,
    request: Request,
    next: Next,
) -> Response {
    let session: Option<SessionId> = request
        .headers()
        .get(HEADER_SESSION_ID)
        .and_then(|v| v.to_str().ok())
        .map(Into::into);
    match session {
        Some(id) if request.method() == Method::DELETE && !sessions.knows(&id) => {
            (StatusCode::NOT_FOUND, "Not Found: Session not found").into_response()
        }
        Some(id) => match sessions.open(&id) {
            Some(opened) => tracked(next.run(request).await, opened),
            None => next.run(request).await,
        },
        None if is_initialize(&request) => {
            if !sessions.has_room() {
                return at_session_limit(&sessions, &request);
            }
            let response = next.run(request).await;
            // Full again by the time rmcp asked for the session (a race with another
            // `initialize`): rmcp turned our refusal into a 500.
            if response.status() == StatusCode::INTERNAL_SERVER_ERROR && !sessions.has_room() {
                return refusal(&sessions, None);
            }
            response
        }
        None => next.run(request).await,
    }
}

fn is_initialize(request: &Request) -> bool {
    matches!(
        request.extensions().get::<Incoming>(),
        Some(Incoming::Request {
            initialize: true,
            ..
        })
    )
}

fn at_session_limit(sessions: &Sessions, request: &Request) -> Response {
    let id = match request.extensions().get::<Incoming>() {
        Some(Incoming::Request { id, .. }) => Some(id.clone()),
        _ => None,
    };
    refusal(sessions, id.as_ref())
}

fn refusal(sessions: &Sessions, id: Option<&rmcp::model::RequestId>) -> Response {
    let message = format!(
        "the server is at its limit of {} sessions and none is idle; retry later",
        sessions.cap()
    );
    retry_after(
        rpc_error(StatusCode::SERVICE_UNAVAILABLE, id, -32000, &message),
        SESSIONS_RETRY_AFTER,
    )
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
