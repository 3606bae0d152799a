//! What the serving methods share: the servers they serve, one client's serving loop, and
//! why serving stopped.

use std::fmt;

use rmcp::{RoleServer, ServerHandler, ServiceExt, transport::IntoTransport};

use super::marks::Marked;
use crate::{registry::Registry, server::Server};

/// What the transports serve: the registry, alone or beside a handler of the application's.
/// Public in a private module, so [`Serve`](super::Serve) can require it and no one else can
/// implement it: the transports rely on each session getting its own copy.
pub trait Served: ServerHandler + Clone + Send + Sync + 'static {
    /// The registry behind the tools (its limits).
    fn registry(&self) -> &Registry;
    /// The same server for another client session (its own log level): one per HTTP
    /// session.
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
        Server::registry(self)
    }
    fn for_session(&self) -> Self {
        Server::for_session(self)
    }
}

/// Serves one client over `transport` until it disconnects.
pub(super) async fn serve<S, T, E, A>(served: S, transport: T) -> Result<(), ServeError>
where
    S: Served,
    T: IntoTransport<RoleServer, E, A>,
    E: std::error::Error + Send + Sync + 'static,
{
    let registry = served.registry().clone();
    let running = ServiceExt::serve(Marked::new(served, &registry), transport)
        .await
        .map_err(|e| {
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
pub(super) async fn serve_lines<S, R, W>(served: S, reader: R, writer: W) -> Result<(), ServeError>
where
    S: Served,
    R: tokio::io::AsyncRead + Unpin + Send + 'static,
    W: tokio::io::AsyncWrite + Unpin + Send + 'static,
{
    let transport = super::stdio::LineTransport::new(reader, writer, served.registry().limits())
        .with_marks(served.registry());
    rmcp::service::serve_directly(served, transport, None)
        .waiting()
        .await
        .map_err(|e| ServeError(format!("the server task failed: {e}")))?;
    Ok(())
}

/// [`serve_lines`] over stdin and stdout: through the pipes themselves when both are pipes,
/// else through tokio's `stdin()` and `stdout()`.
#[cfg(feature = "stdio")]
pub(super) async fn serve_stdio<S: Served>(served: S) -> Result<(), ServeError> {
    #[cfg(unix)]
    if let Some(pipes) = super::std_pipes::Pipes::open() {
        let (reader, writer, restore) = pipes.into_parts();
        let served = serve_lines(served, reader, writer).await;
        restore.blocking();
        return served;
    }
    let (stdin, stdout) = rmcp::transport::stdio();
    serve_lines(served, stdin, stdout).await
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
