//! Your own authentication in front of Streamable HTTP: a hook that turns a request's
//! parts into the [`Caller`] it speaks for, or into a refusal.
//!
//! For API keys, a gateway's identity headers, or the client certificate subject a
//! TLS-terminating proxy forwards. Set it with
//! [`Http::authenticate`](super::Http::authenticate); it runs on every
//! request to `/mcp`, after the `Host` check and before the body is read. What it returns:
//!
//! - `Ok(Some(caller))`: the request is served as `caller`, whose scopes decide which
//!   tools it sees and may call.
//! - `Ok(None)`: the request carries no credentials, and the server serves such requests:
//!   they get the [unauthenticated caller](super::Http::unauthenticated_caller),
//!   [`Caller::anonymous`] unless set otherwise, so scoped tools stay hidden and refused.
//! - `Err(refusal)`: `401` or `403` with a `WWW-Authenticate` challenge and a JSON body
//!   that says what was wrong, as the OAuth resource server answers.
//!
//! ```
//! use mcp_tools::{Caller, Registry, http::{Http, auth::{Parts, Refusal}}};
//!
//! fn api_key(request: &Parts) -> Result<Option<Caller>, Refusal> {
//!     let Some(key) = request.headers.get("x-api-key") else {
//!         return Err(Refusal::missing("ApiKey", "send your key in the `X-Api-Key` header"));
//!     };
//!     match key.as_bytes() {
//!         b"k-reader-7f3a" => Ok(Some(Caller::new("reader").with_scopes(["library:read"]))),
//!         _ => Err(Refusal::invalid("ApiKey", "this key is unknown or revoked")),
//!     }
//! }
//!
//! let registry = Registry::builder().server_info("library", "1.0.0").build().unwrap();
//! let http = Http::new(registry).authenticate(api_key);
//! # let _ = http;
//! ```
//!
//! A check that awaits (a key looked up in a database) implements [`Authenticate`] on a
//! type of its own.

use std::{future::Future, pin::Pin};

use axum::{extract::Request, http::StatusCode, response::Response};
use serde_json::json;

/// The parts of an HTTP request an [`Authenticate`] hook reads: method, URI, headers and
/// the extensions a layer of yours put there (a proxy's client certificate, say).
pub use axum::http::request::Parts;

use super::reply::{challenged, quotable};
use crate::context::Caller;

/// Turns a request into the [`Caller`] it speaks for, or refuses it (see the [module
/// docs](self)).
///
/// Every `Fn(&Parts) -> Result<Option<Caller>, Refusal>` is one; a check that awaits is a
/// type of your own:
///
/// ```
/// use mcp_tools::{Caller, http::auth::{Authenticate, Parts, Refusal}};
///
/// struct Keys; // a pool, a cache…
///
/// impl Keys {
///     async fn owner_of(&self, key: &[u8]) -> Option<String> {
///         (key == b"k-7f3a").then(|| "alice".to_owned())
///     }
/// }
///
/// impl Authenticate for Keys {
///     async fn authenticate(&self, request: &Parts) -> Result<Option<Caller>, Refusal> {
///         let Some(key) = request.headers.get("x-api-key") else {
///             return Ok(None);
///         };
///         match self.owner_of(key.as_bytes()).await {
///             Some(owner) => Ok(Some(Caller::new(owner).with_scopes(["library:read"]))),
///             None => Err(Refusal::invalid("ApiKey", "this key is unknown or revoked")),
///         }
///     }
/// }
/// ```
pub trait Authenticate: Send + Sync + 'static {
    /// The caller `request` speaks for; `None` when it carries no credentials at all and
    /// may be served as the unauthenticated caller.
    ///
    /// # Errors
    ///
    /// A [`Refusal`]: the request is answered with it and goes no further.
    fn authenticate(
        &self,
        request: &Parts,
    ) -> impl Future<Output = Result<Option<Caller>, Refusal>> + Send;
}

impl<F> Authenticate for F
where
    F: Fn(&Parts) -> Result<Option<Caller>, Refusal> + Send + Sync + 'static,
{
    fn authenticate(
        &self,
        request: &Parts,
    ) -> impl Future<Output = Result<Option<Caller>, Refusal>> + Send {
        std::future::ready(self(request))
    }
}

type Verdict<'a> = Pin<Box<dyn Future<Output = Result<Option<Caller>, Refusal>> + Send + 'a>>;

/// [`Authenticate`] behind a pointer: its future boxed, as a layer stores it.
pub(crate) trait DynAuthenticate: Send + Sync + 'static {
    fn verdict<'a>(&'a self, request: &'a Parts) -> Verdict<'a>;
}

impl<A: Authenticate> DynAuthenticate for A {
    fn verdict<'a>(&'a self, request: &'a Parts) -> Verdict<'a> {
        Box::pin(self.authenticate(request))
    }
}

/// Why a request is refused: `401` or `403` with a challenge of `scheme` (`Bearer`,
/// `ApiKey`, …) in `WWW-Authenticate` and a JSON body with `error` and
/// `error_description`, the conventions of RFC 6750 that the OAuth resource server follows.
/// The description reaches the client: say what to send, never what a valid key is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refusal {
    status: StatusCode,
    scheme: String,
    error: Option<&'static str>,
    description: String,
}

impl Refusal {
    /// `401` for a request without credentials: a challenge with no error code (RFC 6750
    /// §3.1), so a client knows what to send.
    pub fn missing(scheme: impl Into<String>, description: impl Into<String>) -> Self {
        Refusal {
            status: StatusCode::UNAUTHORIZED,
            scheme: scheme.into(),
            error: None,
            description: description.into(),
        }
    }

    /// `401` for credentials that are not accepted (unknown, expired, revoked):
    /// `error="invalid_token"`.
    pub fn invalid(scheme: impl Into<String>, description: impl Into<String>) -> Self {
        Refusal {
            status: StatusCode::UNAUTHORIZED,
            scheme: scheme.into(),
            error: Some("invalid_token"),
            description: description.into(),
        }
    }

    /// `403` for credentials that are valid but may not use this server at all:
    /// `error="insufficient_scope"`. A caller that may use some tools is no refusal: return
    /// it with the scopes it holds, and the tools it lacks scopes for stay hidden.
    pub fn forbidden(scheme: impl Into<String>, description: impl Into<String>) -> Self {
        Refusal {
            status: StatusCode::FORBIDDEN,
            scheme: scheme.into(),
            error: Some("insufficient_scope"),
            description: description.into(),
        }
    }

    /// The HTTP status: `401` or `403`.
    #[must_use]
    pub fn status(&self) -> u16 {
        self.status.as_u16()
    }

    pub(crate) fn response(&self) -> Response {
        let scheme = quotable(&self.scheme).replace(' ', "");
        let challenge = match self.error {
            Some(error) => format!(
                "{scheme} error=\"{error}\", error_description=\"{}\"",
                quotable(&self.description)
            ),
            None => scheme,
        };
        let body = match self.error {
            Some(error) => json!({ "error": error, "error_description": self.description }),
            None => json!({ "error_description": self.description }),
        };
        challenged(self.status, &challenge, &body)
    }
}

/// The hook's verdict on `request`: its caller, if it names one, in the request's
/// extensions, or the refusal to answer with.
pub(super) async fn vouch(
    hook: &dyn DynAuthenticate,
    request: Request,
) -> Result<Request, Response> {
    let (mut parts, body) = request.into_parts();
    match hook.verdict(&parts).await {
        Ok(caller) => {
            if let Some(caller) = caller {
                parts.extensions.insert(caller);
            }
            Ok(Request::from_parts(parts, body))
        }
        Err(refusal) => {
            tracing::debug!(status = refusal.status(), reason = %refusal.description, "the authentication hook refused a request");
            Err(refusal.response())
        }
    }
}
