//! Serving: stdio, Streamable HTTP, or any rmcp transport. [`Serve`] gives the registry and
//! a [`Server`](crate::server::Server) the same serving methods; [`http::Http`] holds what only
//! HTTP needs.

use std::future::Future;

use rmcp::{RoleServer, ServerHandler, transport::IntoTransport};

use crate::{registry::Registry, server::Server};

#[cfg(feature = "cli")]
mod args;
mod base;
#[cfg(feature = "http")]
pub mod http;
#[cfg(feature = "stdio")]
mod line;
mod marks;
#[cfg(all(feature = "stdio", unix))]
mod std_pipes;
#[cfg(feature = "stdio")]
mod stdio;

#[cfg(feature = "cli")]
pub use args::ServeArgs;
pub use base::ServeError;
use base::{Served, serve};
#[cfg(feature = "stdio")]
use base::{serve_lines, serve_stdio};

/// The serving methods of a [`Registry`] and a [`Server`](crate::server::Server): one client over
/// stdio, over a line stream or any rmcp transport, or Streamable HTTP with the defaults
/// (for hosts, authentication and the other HTTP settings, serve through
/// [`http::Http`]). In the prelude.
///
/// ```no_run
/// use mcp_tools::prelude::*;
///
/// # async fn main_(registry: Registry) -> Result<(), mcp_tools::ServeError> {
/// registry.serve_stdio().await
/// # }
/// ```
pub trait Serve: Served {
    /// Serves one client over `transport` until it disconnects. Tests pass one end of
    /// `tokio::io::duplex`. (Named apart from rmcp's `ServiceExt::serve`, which starts
    /// serving and returns the running service.) Over a byte stream this is rmcp's
    /// transport, without the bounds of [`serve_lines`](Self::serve_lines).
    fn serve_transport<T, E, A>(
        self,
        transport: T,
    ) -> impl Future<Output = Result<(), ServeError>> + Send
    where
        T: IntoTransport<RoleServer, E, A> + Send,
        E: std::error::Error + Send + Sync + 'static,
    {
        serve(self, transport)
    }

    /// Serves one client over stdin/stdout until it disconnects. Log to stderr only:
    /// stdout carries the protocol. The same as [`serve_lines`](Self::serve_lines) over
    /// stdin and stdout.
    ///
    /// On Unix, when both are pipes (as a client that starts the server makes them),
    /// they are read and written directly, in non-blocking mode, restored to blocking
    /// mode when serving ends; otherwise (a terminal, a file) through tokio's stdin and
    /// stdout, which pass each read and write through a thread of their own.
    #[cfg(feature = "stdio")]
    fn serve_stdio(self) -> impl Future<Output = Result<(), ServeError>> + Send {
        serve_stdio(self)
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
    /// reply (-32700 or -32600, with the request's id when it can be read), and a request
    /// that reuses the id of one still in flight is refused (-32600). A session may start
    /// with `initialize` or with 2026-07-28 requests, and mix both after.
    #[cfg(feature = "stdio")]
    fn serve_lines<R, W>(
        self,
        reader: R,
        writer: W,
    ) -> impl Future<Output = Result<(), ServeError>> + Send
    where
        R: tokio::io::AsyncRead + Unpin + Send + 'static,
        W: tokio::io::AsyncWrite + Unpin + Send + 'static,
    {
        serve_lines(self, reader, writer)
    }

    /// Serves Streamable HTTP at `http://ADDR/mcp` until Ctrl-C, with the default HTTP
    /// settings: loopback `Host`s and `Origin`s only, sessions, no authentication (a
    /// request holds no scope). `http::Http::new(self)…serve(addr)` sets them.
    #[cfg(feature = "http")]
    fn serve_http(
        self,
        addr: impl tokio::net::ToSocketAddrs + Send,
    ) -> impl Future<Output = Result<(), ServeError>> + Send {
        http::Http::new(self).serve(addr)
    }

    /// Serves what the binary's command line asks for, so a `main` is one line: no
    /// argument serves one client over stdio, `--http ADDR` (or `--http=ADDR`) serves
    /// Streamable HTTP at `http://ADDR/mcp` with the default HTTP settings until Ctrl-C.
    /// The command line is parsed with clap, as its `Parser::parse` does: `--help` prints
    /// the usage and exits, and anything else (a flag of the server's own among them)
    /// prints what is wrong and exits with status 2. A server with flags of its own
    /// flattens [`ServeArgs`] into a clap `Parser` of its own and calls
    /// [`serve_with`](Self::serve_with). [`http::Http::serve_from_args`] does the same
    /// with HTTP settings of yours.
    ///
    /// ```no_run
    /// use mcp_tools::prelude::*;
    ///
    /// # async fn main_(registry: Registry) -> Result<(), mcp_tools::ServeError> {
    /// registry.serve_from_args().await
    /// # }
    /// ```
    #[cfg(feature = "cli")]
    fn serve_from_args(self) -> impl Future<Output = Result<(), ServeError>> + Send {
        http::Http::new(self).serve_from_args()
    }

    /// Serves as `args` (flattened into a clap `Parser` of the server's) ask: one client
    /// over stdio, or with `--http ADDR` Streamable HTTP at `http://ADDR/mcp` with the
    /// default HTTP settings until Ctrl-C. [`http::Http::serve_with`] does the same with
    /// HTTP settings of yours. See [`ServeArgs`] for a whole `main`.
    ///
    /// ```no_run
    /// use mcp_tools::{ServeArgs, prelude::*};
    ///
    /// # async fn main_(registry: Registry) -> Result<(), mcp_tools::ServeError> {
    /// let mut args = ServeArgs::default();
    /// args.http = Some("127.0.0.1:8080".to_owned());
    /// registry.serve_with(args).await
    /// # }
    /// ```
    #[cfg(feature = "cli")]
    fn serve_with(self, args: ServeArgs) -> impl Future<Output = Result<(), ServeError>> + Send {
        http::Http::new(self).serve_with(args)
    }
}

impl Serve for Registry {}

impl<H: ServerHandler + Clone> Serve for Server<H> {}
