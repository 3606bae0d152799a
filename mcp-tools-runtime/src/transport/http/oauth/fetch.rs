//! Fetching an issuer's keys: a GET with hyper's client over rustls (ring), checked
//! against the platform's trusted roots, bounded in time and size.

use std::time::Duration;

use axum::{
    body::Bytes,
    http::{Request, Uri, header},
};
use futures::future::BoxFuture;
use http_body_util::{BodyExt as _, Empty, Limited};
use hyper_rustls::{HttpsConnector, HttpsConnectorBuilder};
use hyper_util::{
    client::legacy::{Client, connect::HttpConnector},
    rt::TokioExecutor,
};

/// How long one fetch may take, connection included.
const FETCH_TIMEOUT: Duration = Duration::from_secs(10);

/// The largest key set accepted: real ones are a few kilobytes.
const MAX_JWKS_BYTES: usize = 256 * 1024;

/// Gets the body at a URL; the cache's only way out, so its tests can count fetches.
pub(super) trait Fetch: Send + Sync {
    /// The body of a `200`, or why there is none, in a few words.
    fn get<'a>(&'a self, url: &'a str) -> BoxFuture<'a, Result<Bytes, String>>;
}

/// [`Fetch`] over HTTPS (and plain HTTP, which the configuration allows on loopback only).
pub(super) struct Https {
    client: Client<HttpsConnector<HttpConnector>, Empty<Bytes>>,
}

impl Https {
    pub(super) fn new() -> Result<Self, String> {
        // The provider is named rather than taken from rustls' process default, which an
        // application may set to another one, or leave ambiguous.
        let connector = HttpsConnectorBuilder::new()
            .with_provider_and_platform_verifier(rustls::crypto::ring::default_provider())
            .map_err(|e| format!("cannot set up TLS to fetch the issuers' keys: {e}"))?
            .https_or_http()
            .enable_http1()
            .build();
        Ok(Https {
            client: Client::builder(TokioExecutor::new()).build(connector),
        })
    }
}

impl Fetch for Https {
    fn get<'a>(&'a self, url: &'a str) -> BoxFuture<'a, Result<Bytes, String>> {
        Box::pin(async move {
            let uri: Uri = url.parse().map_err(|e| format!("not a URL ({e})"))?;
            let request = Request::get(uri)
                .header(header::ACCEPT, "application/jwk-set+json, application/json")
                .header(
                    header::USER_AGENT,
                    concat!("mcp-tools/", env!("CARGO_PKG_VERSION")),
                )
                .body(Empty::new())
                .map_err(|e| e.to_string())?;
            let fetch = async {
                let response = self.client.request(request).await.map_err(|e| chain(&e))?;
                if !response.status().is_success() {
                    return Err(format!("the server answered {}", response.status()));
                }
                let body = Limited::new(response.into_body(), MAX_JWKS_BYTES)
                    .collect()
                    .await
                    .map_err(|e| format!("the body could not be read ({e})"))?;
                Ok(body.to_bytes())
            };
            tokio::time::timeout(FETCH_TIMEOUT, fetch)
                .await
                .map_err(|_| format!("no answer within {} s", FETCH_TIMEOUT.as_secs()))?
        })
    }
}

/// An error and its causes, `a: b: c`: hyper's own message alone says only "client error".
fn chain(error: &dyn std::error::Error) -> String {
    let mut text = error.to_string();
    let mut source = error.source();
    while let Some(cause) = source {
        text.push_str(": ");
        text.push_str(&cause.to_string());
        source = cause.source();
    }
    text
}
