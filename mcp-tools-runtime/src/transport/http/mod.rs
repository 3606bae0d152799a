//! Streamable HTTP: rmcp's service in an axum router, with our checks in front, served by
//! an accept loop of our own ([`accept`]).
//!
//! An application that serves `http_router` itself gets the router's checks but not the
//! accept loop's `TCP_NODELAY` and header timeout; with axum it can have the first with
//! `axum::serve(listener.tap_io(|tcp| { let _ = tcp.set_nodelay(true); }), app)`
//! (`axum::serve::ListenerExt`), and the second from a proxy in front or hyper directly.

use std::{future::Future, sync::Arc};

use rmcp::transport::streamable_http_server::{StreamableHttpServerConfig, StreamableHttpService};
use tokio::net::{TcpListener, ToSocketAddrs};
use tokio_util::sync::CancellationToken;

use super::{ServeError, Served};

mod accept;
mod allow;
pub mod auth;
mod body;
mod gate;
mod host;
#[cfg(feature = "oauth")]
pub mod oauth;
mod reply;
mod sessions;

use allow::AllowList;
use body::BodyLimits;
use sessions::Sessions;

/// The path the MCP endpoint is served at.
pub const MCP_PATH: &str = "/mcp";

/// The Streamable HTTP endpoint at `/mcp`, each session served by its own copy. Requests
/// pass our layers in order: [`host`], [`body`], [`gate`], then rmcp's service; with an
/// OAuth resource server, its token check comes after [`host`] and its scope check after
/// [`body`] (see [`oauth`]).
pub(crate) fn router<S: Served>(served: &S, shutdown: CancellationToken) -> axum::Router {
    let registry = served.registry();
    let limits = &registry.inner.limits;
    // The Host and Origin checks are ours (`allow`), so rmcp's lists stay empty: it would
    // re-parse them, and copy them twice, on every request.
    let mut config = StreamableHttpServerConfig::default()
        .with_cancellation_token(shutdown.clone())
        .with_max_request_body_bytes(limits.max_request_bytes)
        .disable_allowed_hosts()
        .disable_allowed_origins();
    if registry.inner.stateless_http {
        // rmcp then serves every request through the service factory below, once each;
        // JSON when the reply is the result alone, so a call costs one small response.
        config = config
            .with_legacy_session_mode(false)
            .with_json_response(true);
    }
    let hosts = registry
        .inner
        .allowed_hosts
        .clone()
        .unwrap_or_else(|| vec!["localhost".into(), "127.0.0.1".into(), "[::1]".into()]);
    let allow = Arc::new(AllowList::new(&hosts, &allowed_origins(registry, &hosts)));
    let sessions = Sessions::new(limits, shutdown);
    let body_limits = BodyLimits {
        max_bytes: limits.max_request_bytes,
        stall: Some(limits.header_read_timeout).filter(|t| !t.is_zero()),
        max_error_chars: limits.max_error_chars,
    };
    let served = served.clone();
    let service =
        StreamableHttpService::new(move || Ok(served.for_session()), sessions.clone(), config);
    let router = axum::Router::new()
        .nest_service(MCP_PATH, service)
        .layer(axum::middleware::from_fn_with_state(sessions, gate::gate));
    #[cfg(feature = "oauth")]
    let router = match &registry.inner.oauth {
        Some(guard) => oauth::with_step_up(router, guard, registry),
        None => router,
    };
    let router = router.layer(axum::middleware::from_fn_with_state(
        body_limits,
        body::read_message,
    ));
    #[cfg(feature = "oauth")]
    let router = match &registry.inner.oauth {
        Some(guard) => oauth::with_authentication(router, guard),
        None => router,
    };
    let router = match &registry.inner.authenticate {
        Some(hook) => router.layer(axum::middleware::from_fn_with_state(
            Arc::clone(hook),
            auth::authenticate,
        )),
        None => router,
    };
    log_unauthenticated(registry);
    router.layer(axum::middleware::from_fn_with_state(
        allow,
        host::check_host,
    ))
}

/// Says at start who a request is that nothing authenticated, so an open server is never
/// open by surprise.
fn log_unauthenticated(registry: &crate::Registry) {
    let caller = &registry.inner.unauthenticated_caller;
    #[cfg(feature = "oauth")]
    if registry.inner.oauth.is_some() {
        return tracing::info!("HTTP requests need an OAuth bearer token");
    }
    let who = if registry.inner.authenticate.is_some() {
        "requests the `authenticate` hook lets through without a caller"
    } else {
        "requests (no authentication is set)"
    };
    if caller.holds_every_scope() {
        tracing::warn!(
            "HTTP: {who} hold every scope (`unauthenticated_caller`); anyone who reaches the port may call every tool"
        );
        return;
    }
    let scopes: Vec<&str> = caller.scopes().collect();
    if scopes.is_empty() {
        tracing::info!(
            "HTTP: {who} hold no scope; tools with scopes are hidden from them and refused"
        );
    } else {
        tracing::info!(
            "HTTP: {who} hold only {}; tools that need any other scope are hidden from them and refused",
            scopes.join(", ")
        );
    }
}

/// The origins a browser may call from: as set, else the allowed hosts' (loopback's
/// by default) over http and https on any port.
fn allowed_origins(registry: &crate::Registry, hosts: &[String]) -> Vec<String> {
    if let Some(origins) = &registry.inner.allowed_origins {
        return origins.clone();
    }
    hosts
        .iter()
        .map(|h| origin_host(h))
        .flat_map(|host| ["http", "https"].map(|scheme| format!("{scheme}://{host}:*")))
        .collect()
}

pub(crate) async fn serve_http<S: Served>(
    served: S,
    addr: impl ToSocketAddrs,
) -> Result<(), ServeError> {
    let listener = TcpListener::bind(addr)
        .await
        .map_err(|e| ServeError(format!("cannot listen: {e}")))?;
    serve_http_on(served, listener, async {
        let _ = tokio::signal::ctrl_c().await;
    })
    .await
}

pub(crate) async fn serve_http_on<S: Served>(
    served: S,
    listener: TcpListener,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> Result<(), ServeError> {
    let ct = CancellationToken::new();
    let router = router(&served, ct.clone());
    if let Ok(addr) = listener.local_addr() {
        tracing::info!(%addr, path = MCP_PATH, "serving MCP over Streamable HTTP");
    }
    let header_read_timeout = served.registry().inner.limits.header_read_timeout;
    accept::serve(listener, router, header_read_timeout, async move {
        shutdown.await;
        // Ends the sessions and their open streams, so the connections can close.
        ct.cancel();
    })
    .await;
    Ok(())
}

/// A `Host` entry as an origin's host: the port dropped, an IPv6 address in brackets.
fn origin_host(host: &str) -> String {
    if let Some(rest) = host.strip_prefix('[') {
        return format!("[{}]", rest.split(']').next().unwrap_or(rest));
    }
    match host.matches(':').count() {
        0 => host.to_owned(),
        1 => host.split(':').next().unwrap_or(host).to_owned(),
        _ => format!("[{host}]"),
    }
}
