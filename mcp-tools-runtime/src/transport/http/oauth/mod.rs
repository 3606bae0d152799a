//! An OAuth 2.1 resource server in front of Streamable HTTP (feature `oauth`), configured
//! by [`ResourceServer`] and set with [`Http::oauth`](super::Http::oauth).
//!
//! Every request to `/mcp` must carry `Authorization: Bearer <JWT>`. After the Host and
//! Origin checks, the token is verified; the caller it speaks for (its `sub` and scopes)
//! becomes the request's [`Caller`](crate::context::Caller), and the token is dropped from the
//! request, so that no tool, handler or upstream service ever sees it. A request without
//! a valid token gets `401` with a challenge pointing at the metadata; a `tools/call` of a
//! tool whose scopes the caller lacks gets `403` with the scopes to ask for. `tools/list`
//! and `tools_search` show a caller only the tools it may call. The metadata document
//! (RFC 9728) is served at `/.well-known/oauth-protected-resource` and
//! `/.well-known/oauth-protected-resource/mcp`, without a token.

// In order, per request (see `front`): `authenticate` (before the body is read, so a
// client without a token cannot make the server read its body), the body reader (which
// notes the tool a `tools/call` names), `step_up`, then the sessions' gate and rmcp's
// service.

mod authenticate;
mod claims;
mod config;
mod fetch;
mod guard;
mod jwks;
mod keys;
mod metadata;
mod refusal;
mod step_up;
mod uri;
mod verify;

use std::sync::Arc;

use axum::Router;

pub use config::{ResourceServer, SigningAlgorithm};
pub(crate) use guard::Guard;

pub(crate) use authenticate::authenticate;
pub(crate) use step_up::check as step_up;

/// The metadata routes, which need no token.
pub(crate) fn metadata_routes(guard: &Arc<Guard>) -> Router {
    metadata::routes(guard)
}
