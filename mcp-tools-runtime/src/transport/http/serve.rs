//! [`Http`]: Streamable HTTP for a server, its settings, and the ways to serve it.

use std::{future::Future, sync::Arc, time::Duration};

use tokio::net::{TcpListener, ToSocketAddrs};
use tokio_util::sync::CancellationToken;

use super::{accept, auth, router, settings::Settings};
use crate::{
    context::Caller,
    registry::BuildError,
    transport::base::{ServeError, Served},
    wire::MCP_PATH,
};

/// Streamable HTTP for a [`Registry`](crate::registry::Registry) or a [`Server`](crate::server::Server), and
/// its settings: the `Host`s and `Origin`s it accepts, sessions or none, who a request
/// is, and the bounds on sessions and slow clients. The bounds every transport shares
/// (request size, requests in flight, error size) are the registry's
/// [`Limits`](crate::limits::Limits).
///
/// ```no_run
/// use mcp_tools::{Caller, http::{Http, auth::{Parts, Refusal}}, prelude::*};
///
/// fn api_key(request: &Parts) -> Result<Option<Caller>, Refusal> {
///     match request.headers.get("x-api-key") {
///         None => Ok(None),
///         Some(key) if key == "k-operator-7f3a" => Ok(Some(Caller::new("operator").with_scopes(["depot:write"]))),
///         Some(_) => Err(Refusal::invalid("ApiKey", "this key is unknown or revoked")),
///     }
/// }
///
/// # async fn main_(registry: Registry) -> Result<(), mcp_tools::ServeError> {
/// Http::new(registry)
///     .allowed_hosts(["mcp.example.com"])
///     .authenticate(api_key)
///     .serve("0.0.0.0:8080")
///     .await
/// # }
/// ```
#[must_use = "an `Http` serves nothing until `serve`, `serve_on` or `router`"]
pub struct Http<S> {
    served: S,
    settings: Settings,
}

impl<S> std::fmt::Debug for Http<S> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.settings.fmt(f)
    }
}

impl<S: Served> Http<S> {
    /// Streamable HTTP for `served` with the defaults: loopback hosts and origins only,
    /// sessions, no authentication (requests hold no scope).
    pub fn new(served: S) -> Self {
        Http {
            served,
            settings: Settings::default(),
        }
    }

    /// The `Host` headers accepted (default: loopback names only, which guards a local
    /// server against DNS rebinding). Widen it to serve other hosts.
    pub fn allowed_hosts<I, H>(mut self, hosts: I) -> Self
    where
        I: IntoIterator<Item = H>,
        H: Into<String>,
    {
        self.settings.allowed_hosts = Some(hosts.into_iter().map(Into::into).collect());
        self
    }

    /// The `Origin`s accepted from browsers, as `scheme://host:port` (`:*` for any port).
    /// A request with another `Origin` gets 403, as the MCP spec requires; requests without
    /// one (non-browser clients) pass. Default: the loopback origins, or, after
    /// [`allowed_hosts`](Self::allowed_hosts), those hosts over http and https.
    pub fn allowed_origins<I, O>(mut self, origins: I) -> Self
    where
        I: IntoIterator<Item = O>,
        O: Into<String>,
    {
        self.settings.allowed_origins = Some(origins.into_iter().map(Into::into).collect());
        self
    }

    /// Serves without sessions (default `false`): no `Mcp-Session-Id` is issued or
    /// required, and every POST is served on its own, so `tools/call` and `tools/list` need
    /// no `initialize` first (one is still answered, for clients that send it) and any
    /// instance behind a load balancer can answer any request. A reply is plain JSON when
    /// the tool sends nothing before its result, else an SSE stream of the tool's log and
    /// progress messages and then the result.
    ///
    /// Without sessions there is nothing to remember between requests: no `GET` stream
    /// (405), no `logging/setLevel` that lasts (a call logs at the default level), and the
    /// per-session bounds (`max_in_flight`, [`max_sessions`](Self::max_sessions), the idle
    /// timeout, refusing a duplicate id in flight) do not apply; the bounds on bodies,
    /// headers and errors do. A request should carry `MCP-Protocol-Version`; without it, it
    /// is served as 2025-03-26.
    ///
    /// Requests of the 2026-07-28 revision are served this way whatever this says: that
    /// revision has no sessions.
    pub fn stateless(mut self, stateless: bool) -> Self {
        self.settings.stateless = stateless;
        self
    }

    /// Who a request is when nothing authenticated it: no OAuth token, no
    /// [`authenticate`](Self::authenticate) verdict, no `Caller` from a layer of yours.
    /// Default [`Caller::anonymous`], which holds no scope: tools with `scopes(...)` are
    /// hidden from it and refused, the others serve it. The server logs at start which
    /// caller this is.
    ///
    /// `Caller::local()` here gives every such request every scope: only for a server no
    /// one else can reach (a loopback port on a single-user machine).
    pub fn unauthenticated_caller(mut self, caller: Caller) -> Self {
        self.settings.unauthenticated_caller = caller;
        self
    }

    /// Authenticates every request with a hook of yours (API keys, a gateway's headers, a
    /// proxy's client certificate subject): it turns the request's parts into the
    /// [`Caller`] it speaks for, or into a `401`/`403` refusal. See [`auth`](super::auth).
    pub fn authenticate(mut self, hook: impl auth::Authenticate) -> Self {
        self.settings.authenticate = Some(Arc::new(hook));
        self
    }

    /// Puts an OAuth 2.1 resource server in front: every request to `/mcp` needs a bearer
    /// token the [`ResourceServer`](super::oauth::ResourceServer) accepts, and its caller's
    /// scopes decide which tools it sees and may call. Its problems (a URI that is not
    /// https, no issuer, …) are reported by [`router`](Self::router) and the serving
    /// methods, all at once, before anything is served.
    ///
    /// ```
    /// use mcp_tools::{Registry, http::{Http, oauth::ResourceServer}};
    ///
    /// let registry = Registry::builder().server_info("shipments", "1.0.0").build().unwrap();
    /// let http = Http::new(registry)
    ///     .oauth(
    ///         ResourceServer::new("https://mcp.example.com/mcp")
    ///             .issuer("https://auth.example.com", "https://auth.example.com/jwks.json"),
    ///     )
    ///     .allowed_hosts(["mcp.example.com"]);
    /// # let _ = http;
    /// ```
    #[cfg(feature = "oauth")]
    pub fn oauth(mut self, resource_server: super::oauth::ResourceServer) -> Self {
        self.settings.oauth = Some(resource_server);
        self
    }

    /// Open sessions at most (default [`DEFAULT_MAX_SESSIONS`](super::DEFAULT_MAX_SESSIONS), at least 1); past it the
    /// idlest is closed, or a new one refused with 503 if none is idle.
    pub fn max_sessions(mut self, sessions: usize) -> Self {
        self.settings.max_sessions = sessions.max(1);
        self
    }

    /// A session idle this long is closed (default [`DEFAULT_SESSION_IDLE_TIMEOUT`](super::DEFAULT_SESSION_IDLE_TIMEOUT), 5
    /// minutes).
    pub fn session_idle_timeout(mut self, timeout: Duration) -> Self {
        self.settings.session_idle_timeout = timeout;
        self
    }

    /// How long a client may take to send a request's headers, to start its next request
    /// on an idle keep-alive connection, or to pause inside a body (default
    /// [`DEFAULT_HEADER_READ_TIMEOUT`](super::DEFAULT_HEADER_READ_TIMEOUT), 10 s); zero turns it off. The header and keep-alive
    /// parts apply to [`serve`](Self::serve) and [`serve_on`](Self::serve_on), whose accept
    /// loop is ours.
    pub fn header_read_timeout(mut self, timeout: Duration) -> Self {
        self.settings.header_read_timeout = timeout;
        self
    }

    /// An axum router with the endpoint at `/mcp`, to serve or to nest in a larger app;
    /// it stops its sessions when `shutdown` is cancelled. `Err` lists every problem of
    /// the settings (an OAuth resource server's, or both OAuth and a hook).
    ///
    /// Serving it yourself, set `TCP_NODELAY` on accepted sockets
    /// (`axum::serve(listener.tap_io(|tcp| { let _ = tcp.set_nodelay(true); }), app)`) or
    /// every call waits about 40 ms for the client's delayed ACK; [`serve`](Self::serve)
    /// and [`serve_on`](Self::serve_on) do that and also apply the header timeout.
    pub fn router(self, shutdown: CancellationToken) -> Result<axum::Router, BuildError> {
        router::router(self.served, self.settings, shutdown)
    }

    /// Serves at `http://ADDR/mcp` until Ctrl-C.
    pub async fn serve(self, addr: impl ToSocketAddrs) -> Result<(), ServeError> {
        let listener = TcpListener::bind(addr)
            .await
            .map_err(|e| ServeError(format!("cannot listen: {e}")))?;
        self.serve_on(listener, async {
            let _ = tokio::signal::ctrl_c().await;
        })
        .await
    }

    /// Serves on a bound listener until `shutdown` completes; then stops accepting and
    /// lets open replies finish.
    pub async fn serve_on(
        self,
        listener: TcpListener,
        shutdown: impl Future<Output = ()> + Send + 'static,
    ) -> Result<(), ServeError> {
        let header_read_timeout = self.settings.header_read_timeout;
        let ct = CancellationToken::new();
        let router = self
            .router(ct.clone())
            .map_err(|e| ServeError(e.to_string()))?;
        if let Ok(addr) = listener.local_addr() {
            tracing::info!(%addr, path = MCP_PATH, "serving MCP over Streamable HTTP");
        }
        accept::serve(listener, router, header_read_timeout, async move {
            shutdown.await;
            // Ends the sessions and their open streams, so the connections can close.
            ct.cancel();
        })
        .await;
        Ok(())
    }

    /// Serves what the binary's command line asks for, as
    /// [`Serve::serve_from_args`](crate::Serve::serve_from_args) does, with these settings
    /// for `--http ADDR`. Stdio serves its one local client whatever they say.
    #[cfg(feature = "cli")]
    pub async fn serve_from_args(self) -> Result<(), ServeError> {
        let args = crate::transport::args::parse_only_ours(std::env::args_os())
            .unwrap_or_else(|err| err.exit());
        self.serve_with(args).await
    }

    /// Serves as `args` ask, as [`Serve::serve_with`](crate::Serve::serve_with) does, with
    /// these settings for `--http ADDR`. Stdio serves its one local client whatever they
    /// say.
    #[cfg(feature = "cli")]
    pub async fn serve_with(
        self,
        args: crate::transport::args::ServeArgs,
    ) -> Result<(), ServeError> {
        match args.http {
            Some(addr) => self.serve(addr).await,
            None => crate::transport::base::serve_stdio(self.served).await,
        }
    }
}
