//! The accept loop of `serve_http`/`serve_http_on`: `axum::serve` has no header timeout and
//! leaves Nagle's algorithm on, so connections are served by hyper directly.

use std::{future::Future, io, time::Duration};

use hyper_util::{
    rt::{TokioIo, TokioTimer},
    server::graceful::GracefulShutdown,
    service::TowerToHyperService,
};
use tokio::net::{TcpListener, TcpStream};

/// Serves `router` on every connection `listener` accepts, until `shutdown` completes;
/// then stops accepting and waits for the open connections to finish their replies.
///
/// Each connection has `TCP_NODELAY` set: a reply goes out in more than one write (an SSE
/// priming event, then the message), and with Nagle's algorithm the second write waits
/// for the client's delayed ACK, 40 ms on Linux, on every call. A client has
/// `header_read_timeout` to send a request's headers, and as long to start the next
/// request on a keep-alive connection, or the connection is closed: a connection that
/// sends nothing holds a file descriptor, and enough of them lock everyone out.
pub(super) async fn serve(
    listener: TcpListener,
    router: axum::Router,
    header_read_timeout: Duration,
    shutdown: impl Future<Output = ()>,
) {
    let mut http = hyper::server::conn::http1::Builder::new();
    http.timer(TokioTimer::new())
        .header_read_timeout((!header_read_timeout.is_zero()).then_some(header_read_timeout));
    let graceful = GracefulShutdown::new();
    let mut shutdown = std::pin::pin!(shutdown);
    loop {
        let stream = tokio::select! {
            accepted = accept(&listener) => match accepted {
                Ok(stream) => stream,
                Err(err) => {
                    backoff(err).await;
                    continue;
                }
            },
            () = &mut shutdown => break,
        };
        let service = TowerToHyperService::new(router.clone());
        let connection = graceful.watch(http.serve_connection(TokioIo::new(stream), service));
        tokio::spawn(async move {
            if let Err(err) = connection.await {
                tracing::debug!(%err, "HTTP connection ended with an error");
            }
        });
    }
    drop(listener);
    graceful.shutdown().await;
}

/// The next connection, with `TCP_NODELAY` set.
async fn accept(listener: &TcpListener) -> io::Result<TcpStream> {
    let (stream, _) = listener.accept().await?;
    if let Err(err) = stream.set_nodelay(true) {
        tracing::debug!(%err, "cannot set TCP_NODELAY on an accepted connection");
    }
    Ok(stream)
}

/// After a failed accept: a connection that failed on its own is skipped; anything else
/// (out of file descriptors, most often) is waited out briefly, as retrying at once would
/// only spin until a connection closes.
async fn backoff(err: io::Error) {
    use io::ErrorKind::{ConnectionAborted, ConnectionRefused, ConnectionReset};
    if matches!(
        err.kind(),
        ConnectionAborted | ConnectionRefused | ConnectionReset
    ) {
        return;
    }
    tracing::warn!(%err, "cannot accept a connection; retrying in 100 ms");
    tokio::time::sleep(Duration::from_millis(100)).await;
}

#[cfg(test)]
mod tests {
    // The latency this saves is measured by the `http_latency` bench, not timed here.
    #[tokio::test]
    async fn accepted_connections_have_nagle_off() {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let addr = listener.local_addr().unwrap();
        let client = tokio::spawn(tokio::net::TcpStream::connect(addr));
        let stream = super::accept(&listener).await.unwrap();
        assert!(stream.nodelay().unwrap());
        drop(client.await.unwrap().unwrap());
    }
}
