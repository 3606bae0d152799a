//! Sequential latency of Streamable HTTP: one client, one keep-alive connection, one
//! `tools/call` of a trivial tool after another, the client speaking HTTP by hand so that
//! nothing but the server's own behaviour (and the loopback) is timed. Prints p50, p90 and
//! p99 of the round trips.
//!
//! ```sh
//! cargo bench -p mcp-tools-tests --bench http_latency
//! ```
//!
//! Under `cargo test` (no `--bench` argument) it makes a few calls only, as a smoke test.

#[path = "../tests/common_http/mod.rs"]
mod common_http;

use std::time::{Duration, Instant};

use common_http::{Conn, call_body, start_session};
use mcp_tools::{Registry, tool, tools};
use serde_json::json;

/// Add two numbers and return their sum as text.
///
/// Use it to check that the server answers arithmetic; it has no other effect.
#[tool(namespace = "calc", read_only)]
#[allow(
    clippy::unused_async,
    reason = "#[tool] fns are async; this one has nothing to await"
)]
async fn add(
    /// The first addend.
    #[param(min = -1_000_000.0, max = 1_000_000.0)]
    a: f64,
    /// The second addend.
    #[param(min = -1_000_000.0, max = 1_000_000.0)]
    b: f64,
) -> String {
    (a + b).to_string()
}

fn main() {
    let bench = std::env::args().any(|arg| arg == "--bench");
    let (warmup, calls) = if bench { (200, 2_000) } else { (2, 10) };
    let runtime = tokio::runtime::Runtime::new().expect("a runtime");
    let mut times = runtime.block_on(measure(warmup, calls));
    times.sort();
    let at = |q: f64| times[((times.len() - 1) as f64 * q).round() as usize];
    let ms = |d: Duration| d.as_secs_f64() * 1e3;
    println!(
        "http_latency: {calls} sequential tools/call on one keep-alive connection: \
         p50 {:.3} ms, p90 {:.3} ms, p99 {:.3} ms",
        ms(at(0.5)),
        ms(at(0.9)),
        ms(at(0.99)),
    );
}

async fn measure(warmup: usize, calls: usize) -> Vec<Duration> {
    let registry = Registry::builder()
        .server_info("http-latency", "0")
        .tools(tools![add])
        .build()
        .expect("the registry builds");
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .expect("a free port");
    let addr = listener.local_addr().expect("an address");
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let server = tokio::spawn(
        mcp_tools::http::Http::new(registry).serve_on(listener, async {
            let _ = stopped.await;
        }),
    );
    let mut conn = Conn::open(addr).await;
    let session = start_session(&mut conn).await;
    let mut times = Vec::with_capacity(calls);
    for i in 0..warmup + calls {
        let body = call_body(i + 1, "calc_add", json!({ "a": 1.5, "b": 2 }));
        let started = Instant::now();
        let reply = conn.post(Some(&session), &body).await;
        let took = started.elapsed();
        assert_eq!(reply.status(), 200, "{}", reply.text());
        if i >= warmup {
            times.push(took);
        }
    }
    drop(conn);
    let _ = stop.send(());
    let _ = server.await;
    times
}
