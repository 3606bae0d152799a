//! The router [`Http`](super::Http) builds: rmcp's service at `/mcp`, our checks in front.

use std::sync::Arc;

use rmcp::transport::streamable_http_server::{StreamableHttpServerConfig, StreamableHttpService};
use tokio_util::sync::CancellationToken;

use super::{
    allow::AllowList,
    body::BodyLimits,
    front::{Front, FrontService},
    sessions::{self, Sessions},
    settings::Settings,
};
use crate::{context::Caller, registry::BuildError, transport::base::Served, wire::MCP_PATH};

/// The Streamable HTTP endpoint at `/mcp`, each session served by its own copy, behind
/// [`Front`](super::front), which runs every check in order; with an OAuth resource
/// server, its metadata routes beside it.
pub(super) fn router<S: Served>(
    served: S,
    http: Settings,
    shutdown: CancellationToken,
) -> Result<axum::Router, BuildError> {
    #[cfg(feature = "oauth")]
    let guard = oauth_guard(&served, &http)?.map(Arc::new);
    let registry = served.registry();
    let limits = registry.limits();
    let marks = registry.inner.has_tasks().then(|| registry.clone());
    // The Host and Origin checks are ours (`allow`), so rmcp's lists stay empty: it would
    // re-parse them, and copy them twice, on every request.
    let mut config = StreamableHttpServerConfig::default()
        .with_cancellation_token(shutdown.clone())
        .with_max_request_body_bytes(limits.max_request_bytes)
        .disable_allowed_hosts()
        .disable_allowed_origins();
    if http.stateless {
        // rmcp then serves every request through the service factory below, once each;
        // JSON when the reply is the result alone, so a call costs one small response.
        config = config
            .with_legacy_session_mode(false)
            .with_json_response(true);
    }
    let hosts = http
        .allowed_hosts
        .clone()
        .unwrap_or_else(|| vec!["localhost".into(), "127.0.0.1".into(), "[::1]".into()]);
    let allow = Arc::new(AllowList::new(
        &hosts,
        &allowed_origins(http.allowed_origins.as_deref(), &hosts),
    ));
    let sessions = Sessions::new(
        sessions::Bounds {
            max_sessions: http.max_sessions,
            idle_timeout: http.session_idle_timeout,
            max_in_flight: limits.max_in_flight,
        },
        shutdown,
    );
    let body = BodyLimits {
        max_bytes: limits.max_request_bytes,
        stall: Some(http.header_read_timeout).filter(|t| !t.is_zero()),
        max_error_chars: limits.max_error_chars,
    };
    log_unauthenticated(&http);
    let factory = served.clone();
    let mcp = StreamableHttpService::new(
        move || Ok(factory.for_session()),
        Arc::clone(&sessions),
        config,
    );
    #[cfg(feature = "oauth")]
    let metadata = guard.as_ref().map(|guard| {
        super::oauth::metadata_routes(guard).layer(axum::middleware::from_fn_with_state(
            Arc::clone(&allow),
            super::host::layer,
        ))
    });
    let front = Front {
        allow,
        unauthenticated: http.unauthenticated_caller,
        authenticate: http.authenticate,
        #[cfg(feature = "oauth")]
        oauth: guard,
        body,
        // Stateless, rmcp opens no session: there is nothing for the gate to count.
        sessions: (!http.stateless).then_some(sessions),
        mcp,
        marks,
        #[cfg(feature = "oauth")]
        served,
    };
    let router = axum::Router::new().route_service(MCP_PATH, FrontService(Arc::new(front)));
    #[cfg(feature = "oauth")]
    let router = match metadata {
        Some(metadata) => router.merge(metadata),
        None => router,
    };
    Ok(router)
}

/// The OAuth resource server, checked against the registry's tools; `Err` also when a
/// hook is set beside it.
#[cfg(feature = "oauth")]
fn oauth_guard<S: Served>(
    served: &S,
    http: &Settings,
) -> Result<Option<super::oauth::Guard>, BuildError> {
    let Some(config) = http.oauth.clone() else {
        return Ok(None);
    };
    let mut problems = Vec::new();
    if http.authenticate.is_some() {
        problems.push(
            "both `oauth` and `authenticate` are set: a request would be vouched for twice; keep one (an `authenticate` hook can accept bearer tokens too)".to_owned(),
        );
    }
    let registry = served.registry();
    let scopes: Vec<&str> = registry
        .definitions()
        .iter()
        .flat_map(crate::definition::ToolDefinition::scopes)
        .copied()
        .collect();
    let guard = super::oauth::Guard::build(config, registry.server_info().0, &scopes)
        .map_err(|oauth_problems| problems.extend(oauth_problems))
        .ok();
    match guard {
        Some(guard) if problems.is_empty() => Ok(Some(guard)),
        _ => Err(BuildError::new(problems)),
    }
}

/// Says at start who a request is that nothing authenticated, so an open server is never
/// open by surprise.
fn log_unauthenticated(http: &Settings) {
    let caller: &Caller = &http.unauthenticated_caller;
    #[cfg(feature = "oauth")]
    if http.oauth.is_some() {
        return tracing::info!("HTTP requests need an OAuth bearer token");
    }
    let who = if http.authenticate.is_some() {
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
fn allowed_origins(set: Option<&[String]>, hosts: &[String]) -> Vec<String> {
    if let Some(origins) = set {
        return origins.to_vec();
    }
    hosts
        .iter()
        .map(|h| origin_host(h))
        .flat_map(|host| ["http", "https"].map(|scheme| format!("{scheme}://{host}:*")))
        .collect()
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
