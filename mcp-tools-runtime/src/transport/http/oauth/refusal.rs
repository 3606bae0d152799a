//! What the layer answers when it refuses a request: `401` with the challenge of RFC 6750
//! and RFC 9728 (`resource_metadata`, so a client can find where to get a token), `403`
//! with MCP's scope challenge (step-up), and `503` when the issuer's keys cannot be had.
//! Bodies are short JSON saying what was wrong; nothing of the token is repeated.

use std::time::Duration;

use axum::{
    http::{HeaderValue, StatusCode, header},
    response::Response,
};
use serde_json::json;

use crate::transport::http::reply::{challenged, json_response, quotable};

/// Why a request is refused before it reaches the server.
#[derive(Debug, PartialEq, Eq)]
pub(super) enum Refusal {
    /// No bearer token at all: a challenge without an error code (RFC 6750 §3.1).
    NoToken,
    /// An `Authorization` header or token that is not accepted, and why.
    InvalidToken(String),
    /// The issuer's keys could not be fetched: the server's trouble, not the token's.
    KeysUnavailable,
}

/// How long a client should wait after a `503`: the keys are fetched again after the
/// refetch interval, which is about this.
const KEYS_RETRY_AFTER: Duration = Duration::from_secs(30);

impl Refusal {
    /// The response, pointing at the metadata at `metadata_url`.
    pub(super) fn response(&self, metadata_url: &str) -> Response {
        match self {
            Refusal::NoToken => {
                let challenge = format!("Bearer resource_metadata=\"{}\"", quotable(metadata_url));
                let body = json!({
                    "error_description": "this server needs `Authorization: Bearer <token>`; the resource metadata names where to get one",
                    "resource_metadata": metadata_url,
                });
                challenged(StatusCode::UNAUTHORIZED, &challenge, &body)
            }
            Refusal::InvalidToken(description) => {
                let challenge = format!(
                    "Bearer resource_metadata=\"{}\", error=\"invalid_token\", error_description=\"{}\"",
                    quotable(metadata_url),
                    quotable(description)
                );
                let body = json!({
                    "error": "invalid_token",
                    "error_description": description,
                    "resource_metadata": metadata_url,
                });
                challenged(StatusCode::UNAUTHORIZED, &challenge, &body)
            }
            Refusal::KeysUnavailable => {
                let body = json!({
                    "error": "temporarily_unavailable",
                    "error_description": "the server cannot check tokens right now: its issuer's signing keys could not be fetched; retry later",
                });
                let mut response = json_response(StatusCode::SERVICE_UNAVAILABLE, &body);
                response.headers_mut().insert(
                    header::RETRY_AFTER,
                    HeaderValue::from(KEYS_RETRY_AFTER.as_secs()),
                );
                response
            }
        }
    }
}

/// `403` for a token that lacks scopes a call needs: the scopes to ask for (all the call
/// needs, not only the missing ones: a client asks for what it lacks and keeps what it has).
pub(super) fn insufficient_scope(
    metadata_url: &str,
    needed: &[&str],
    description: &str,
) -> Response {
    let scope = needed.join(" ");
    let challenge = format!(
        "Bearer error=\"insufficient_scope\", scope=\"{}\", resource_metadata=\"{}\", error_description=\"{}\"",
        quotable(&scope),
        quotable(metadata_url),
        quotable(description)
    );
    let body = json!({
        "error": "insufficient_scope",
        "error_description": description,
        "scope": scope,
        "resource_metadata": metadata_url,
    });
    challenged(StatusCode::FORBIDDEN, &challenge, &body)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn challenge(response: &Response) -> &str {
        response.headers()[header::WWW_AUTHENTICATE]
            .to_str()
            .unwrap()
    }

    #[test]
    fn a_missing_token_gets_the_metadata_and_no_error_code() {
        let response =
            Refusal::NoToken.response("https://x.example/.well-known/oauth-protected-resource/mcp");
        assert_eq!(response.status(), StatusCode::UNAUTHORIZED);
        assert_eq!(
            challenge(&response),
            "Bearer resource_metadata=\"https://x.example/.well-known/oauth-protected-resource/mcp\""
        );
    }

    #[test]
    fn descriptions_cannot_break_out_of_their_quotes() {
        let response =
            Refusal::InvalidToken("a \"quoted\" \\ value — ok".into()).response("https://x/m");
        assert_eq!(
            challenge(&response),
            "Bearer resource_metadata=\"https://x/m\", error=\"invalid_token\", error_description=\"a ?quoted? ? value ? ok\""
        );
    }

    #[test]
    fn insufficient_scope_names_every_scope_needed() {
        let response = insufficient_scope("https://x/m", &["a:read", "b:write"], "needs more");
        assert_eq!(response.status(), StatusCode::FORBIDDEN);
        assert_eq!(
            challenge(&response),
            "Bearer error=\"insufficient_scope\", scope=\"a:read b:write\", resource_metadata=\"https://x/m\", error_description=\"needs more\""
        );
    }

    #[test]
    fn unavailable_keys_are_a_503_to_retry() {
        let response = Refusal::KeysUnavailable.response("https://x/m");
        assert_eq!(response.status(), StatusCode::SERVICE_UNAVAILABLE);
        assert!(response.headers().get(header::WWW_AUTHENTICATE).is_none());
        assert_eq!(response.headers()[header::RETRY_AFTER], "30");
    }
}
