//! The protected resource metadata (RFC 9728), served to anyone: it is how a client that
//! got a `401` learns which authorization server to get a token from, and for what
//! resource. A browser-based client reads it across origins, so it answers CORS
//! preflights and allows any origin (the Host and Origin checks still run first).

use std::sync::Arc;

use axum::{
    Router,
    extract::State,
    http::{StatusCode, header},
    response::{IntoResponse, Response},
    routing::get,
};

use super::guard::Guard;

/// The document at each of its paths: the bare well-known one, and the ones with the
/// resource's path appended, which clients try first.
pub(super) fn routes(guard: &Arc<Guard>) -> Router {
    let mut router = Router::new();
    for path in &guard.metadata_paths {
        router = router.route(path, get(document).options(preflight));
    }
    router.with_state(Arc::clone(guard))
}

async fn document(State(guard): State<Arc<Guard>>) -> Response {
    (
        StatusCode::OK,
        [
            (header::CONTENT_TYPE, "application/json"),
            (header::ACCESS_CONTROL_ALLOW_ORIGIN, "*"),
            // Clients may cache it; the configuration changes only with a restart.
            (header::CACHE_CONTROL, "public, max-age=300"),
        ],
        guard.metadata.clone(),
    )
        .into_response()
}

/// A CORS preflight: clients send `MCP-Protocol-Version`, which makes the GET need one.
async fn preflight() -> Response {
    (
        StatusCode::NO_CONTENT,
        [
            (header::ACCESS_CONTROL_ALLOW_ORIGIN, "*"),
            (header::ACCESS_CONTROL_ALLOW_METHODS, "GET, OPTIONS"),
            (header::ACCESS_CONTROL_ALLOW_HEADERS, "*"),
            (header::ACCESS_CONTROL_MAX_AGE, "86400"),
        ],
    )
        .into_response()
}
