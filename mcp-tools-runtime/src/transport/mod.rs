//! Serving: stdio, Streamable HTTP, or any rmcp transport.

use std::fmt;

use rmcp::{RoleServer, ServerHandler, ServiceExt, transport::IntoTransport};

use crate::{Registry, Server};

/// What the transports serve: the registry, alone or beside a handler of the application's.
pub(crate) trait Served: ServerHandler + Clone {
    /// The registry behind the tools (its limits, its HTTP settings).
    #[cfg_attr(not(any(feature = "stdio", feature = "http")), allow(dead_code))]
    fn registry(&self) -> &Registry;
    /// The same server for another client session (its own log level): one per HTTP session.
    #[cfg_attr(not(feature = "http"), allow(dead_code))]
    fn for_session(&self) -> Self;
}

impl Served for Registry {
    fn registry(&self) -> &Registry {
        self
    }
    fn for_session(&self) -> Self {
        Registry::for_session(self)
    }
}

impl<H: ServerHandler + Clone> Served for Server<H> {
    fn registry(&self) -> &Registry {
        &self.registry
    }
    fn for_session(&self) -> Self {
        Server {
            registry: self.registry.for_session(),
            handler: self.handler.clone(),
        }
    }
}

/// Serves one client over `transport` until it disconnects.
pub(crate) async fn serve<S, T, E, A>(served: S, transport: T) -> Result<(), ServeError>
where
    S: Served,
    T: IntoTransport<RoleServer, E, A>,
    E: std::error::Error + Send + Sync + 'static,
{
    let running = ServiceExt::serve(served, transport).await.map_err(|e| {
        ServeError(format!(
            "the client did not complete the MCP handshake: {e}"
        ))
    })?;
    running
        .waiting()
        .await
        .map_err(|e| ServeError(format!("the server task failed: {e}")))?;
    Ok(())
}

/// Serves one client over newline-delimited JSON-RPC until it disconnects.
///
/// Without rmcp's handshake (`serve_directly`): the handshake opens a session on the first
/// of `initialize` or a 2026-07-28 request, and one opened on the latter requires that
/// request's `_meta` of every request after, so an `initialize` that followed succeeded and
/// every request of its session failed with -32602. Here each request is served by what it
/// carries; what the handshake enforced before `initialize` the transport enforces.
#[cfg(feature = "stdio")]
pub(crate) async fn serve_lines<S, R, W>(served: S, reader: R, writer: W) -> Result<(), ServeError>
where
    S: Served,
    R: tokio::io::AsyncRead + Unpin + Send + 'static,
    W: tokio::io::AsyncWrite + Unpin + Send + 'static,
{
    let transport = stdio::LineTransport::new(reader, writer, &served.registry().inner.limits);
    rmcp::service::serve_directly(served, transport, None)
        .waiting()
        .await
        .map_err(|e| ServeError(format!("the server task failed: {e}")))?;
    Ok(())
}

/// [`serve_lines`] over stdin and stdout: through the pipes themselves when both are pipes,
/// else through tokio's `stdin()` and `stdout()`.
#[cfg(feature = "stdio")]
pub(crate) async fn serve_stdio<S: Served>(served: S) -> Result<(), ServeError> {
    #[cfg(unix)]
    if let Some(pipes) = std_pipes::Pipes::open() {
        let (reader, writer, restore) = pipes.into_parts();
        let served = serve_lines(served, reader, writer).await;
        restore.blocking();
        return served;
    }
    let (stdin, stdout) = rmcp::transport::stdio();
    serve_lines(served, stdin, stdout).await
}

/// The serving methods, the same on [`Registry`] and [`Server`].
macro_rules! serving_methods {
    () => {
        /// Serves one client over `transport` until it disconnects. Tests pass one end of
        /// `tokio::io::duplex`. (Named apart from rmcp's `ServiceExt::serve`, which starts
        /// serving and returns the running service.) Over a byte stream this is rmcp's
        /// transport, without the bounds of [`serve_lines`](Self::serve_lines).
        pub async fn serve_transport<T, E, A>(self, transport: T) -> Result<(), $crate::ServeError>
        where
            T: rmcp::transport::IntoTransport<rmcp::RoleServer, E, A>,
            E: std::error::Error + Send + Sync + 'static,
        {
            $crate::transport::serve(self, transport).await
        }

        /// Serves one client over stdin/stdout until it disconnects. Log to stderr only:
        /// stdout carries the protocol. The same as
        /// [`serve_lines`](Self::serve_lines) over stdin and stdout.
        ///
        /// On Unix, when both are pipes (as a client that starts the server makes them),
        /// they are read and written directly, in non-blocking mode, restored to blocking
        /// mode when serving ends; otherwise (a terminal, a file) through tokio's stdin
        /// and stdout, which pass each read and write through a thread of their own.
        #[cfg(feature = "stdio")]
        pub async fn serve_stdio(self) -> Result<(), $crate::ServeError> {
            $crate::transport::serve_stdio(self).await
        }

        /// Serves one client speaking newline-delimited JSON-RPC (one message a line, as on
        /// stdio) over `reader` and `writer` until it disconnects: a pipe, a socket, or in
        /// tests the halves of `tokio::io::split` over one end of `tokio::io::duplex`.
        ///
        /// Bounded by the registry's [`Limits`](crate::limits::Limits): a line past
        /// `max_request_bytes` is skipped as it arrives and answered with an error; at most
        /// `max_in_flight` requests are in flight, and past that nothing more is read until
        /// replies are written, so a client that does not read its replies stops the server
        /// reading instead of growing it. Every line that is not a message gets an error
        /// reply (-32700 or -32600, with the request's id when it can be read), and a
        /// request that reuses the id of one still in flight is refused (-32600). A session
        /// may start with `initialize` or with 2026-07-28 requests, and mix both after.
        #[cfg(feature = "stdio")]
        pub async fn serve_lines<R, W>(self, reader: R, writer: W) -> Result<(), $crate::ServeError>
        where
            R: tokio::io::AsyncRead + Unpin + Send + 'static,
            W: tokio::io::AsyncWrite + Unpin + Send + 'static,
        {
            $crate::transport::serve_lines(self, reader, writer).await
        }

        /// An axum router with the Streamable HTTP endpoint at `/mcp`, to serve or to nest
        /// in a larger app. Only loopback `Host`s and `Origin`s are accepted unless
        /// [`allowed_hosts`](crate::RegistryBuilder::allowed_hosts) and
        /// [`allowed_origins`](crate::RegistryBuilder::allowed_origins) say otherwise.
        ///
        /// Serving it yourself, set `TCP_NODELAY` on accepted sockets
        /// (`axum::serve(listener.tap_io(|tcp| { let _ = tcp.set_nodelay(true); }), app)`)
        /// or every call waits about 40 ms for the client's delayed ACK; `serve_http` and
        /// `serve_http_on` do that and also apply the header timeout.
        #[cfg(feature = "http")]
        pub fn http_router(&self, shutdown: tokio_util::sync::CancellationToken) -> axum::Router {
            $crate::transport::http::router(self, shutdown)
        }

        /// Serves what the binary's command line asks for, so a `main` is one line: no
        /// argument serves one client over stdio, `--http ADDR` (or `--http=ADDR`) serves
        /// Streamable HTTP at `http://ADDR/mcp` until Ctrl-C, `--help` prints the usage.
        /// Anything else is an error that names it, with the usage, for `main` to print.
        ///
        /// ```no_run
        /// # async fn main_(registry: mcp_tools_runtime::Registry) -> Result<(), mcp_tools_runtime::ServeError> {
        /// registry.serve_from_args().await
        /// # }
        /// ```
        #[cfg(all(feature = "stdio", feature = "http"))]
        pub async fn serve_from_args(self) -> Result<(), $crate::ServeError> {
            let mut args = std::env::args_os().map(|a| a.to_string_lossy().into_owned());
            let program = args.next().unwrap_or_else(|| "server".to_owned());
            let program = std::path::Path::new(&program)
                .file_name()
                .map_or(program.clone(), |name| name.to_string_lossy().into_owned());
            match $crate::transport::args::choose(args) {
                Ok($crate::transport::args::Chosen::Stdio) => self.serve_stdio().await,
                Ok($crate::transport::args::Chosen::Http(addr)) => self.serve_http(addr).await,
                Ok($crate::transport::args::Chosen::Help) => {
                    println!("{}", $crate::transport::args::usage(&program));
                    Ok(())
                }
                Err(problem) => Err($crate::ServeError(format!(
                    "{problem}\n{}",
                    $crate::transport::args::usage(&program)
                ))),
            }
        }

        /// Serves Streamable HTTP at `http://ADDR/mcp` until Ctrl-C.
        #[cfg(feature = "http")]
        pub async fn serve_http(
            self,
            addr: impl tokio::net::ToSocketAddrs,
        ) -> Result<(), $crate::ServeError> {
            $crate::transport::http::serve_http(self, addr).await
        }

        /// Serves Streamable HTTP on a bound listener until `shutdown` completes.
        #[cfg(feature = "http")]
        pub async fn serve_http_on(
            self,
            listener: tokio::net::TcpListener,
            shutdown: impl std::future::Future<Output = ()> + Send + 'static,
        ) -> Result<(), $crate::ServeError> {
            $crate::transport::http::serve_http_on(self, listener, shutdown).await
        }
    };
}

impl Registry {
    serving_methods!();
}

impl<H: ServerHandler + Clone> Server<H> {
    serving_methods!();
}

/// Why serving stopped with an error.
#[derive(Debug)]
pub struct ServeError(pub(crate) String);

impl fmt::Display for ServeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for ServeError {}

#[cfg(all(feature = "stdio", feature = "http"))]
pub(crate) mod args;
#[cfg(feature = "http")]
pub(crate) mod http;
#[cfg(feature = "stdio")]
mod line;
#[cfg(all(feature = "stdio", unix))]
mod std_pipes;
#[cfg(feature = "stdio")]
mod stdio;

#[cfg(feature = "oauth")]
pub use http::oauth;
#[cfg(feature = "http")]
pub use http::{MCP_PATH, auth};
