//! Load and soak of the `fixture-server` binary over both transports: many concurrent
//! callers for a fixed time, with per-call latency, throughput and the server's resident
//! memory sampled as it runs. Not a test: it measures, and fails only if a call failed or a
//! reply was lost.
//!
//! ```sh
//! cargo bench -p mcp-tools-tests --bench soak
//! SOAK_SECS=60 SOAK_CLIENTS=16 cargo bench -p mcp-tools-tests --bench soak
//! ```
//!
//! - Streamable HTTP: `SOAK_CLIENTS` (default 32) keep-alive connections, one session
//!   each, one call in flight per session, calling in a loop.
//! - stdio: one client that keeps 64 requests in flight (the server's per-connection
//!   limit) on the server's stdin and reads replies concurrently from its stdout.
//!
//! Every fourth call is `shipment_get_log` of `SH-2026-000001` (a megabyte log cut to the
//! tool's 8,000-token budget); the others are `shipment_get_status` of `SH-2026-000007`.
//! Each run has a 3 s warm-up, then `SOAK_SECS` (default 20) measured seconds; the server's
//! `VmRSS` is read from `/proc/<pid>/status` every 500 ms. See `bench/soak/README.md`.
//!
//! Under `cargo test` (no `--bench` argument) each transport runs for one second only, as a
//! smoke test.

use std::{
    collections::{BTreeMap, HashMap},
    fmt::Write as _,
    net::SocketAddr,
    process::{ExitCode, Stdio},
    sync::{
        Arc, Mutex,
        atomic::{AtomicBool, Ordering},
    },
    time::{Duration, Instant},
};

use serde_json::{Value, json};
use tokio::{
    io::{AsyncBufReadExt as _, AsyncReadExt as _, AsyncWriteExt as _, BufReader},
    net::TcpStream,
    process::{Child, Command},
    sync::Semaphore,
};

/// The longest a reply may take before it counts as lost.
const REPLY_TIMEOUT: Duration = Duration::from_secs(30);
/// Requests the stdio client keeps in flight: the server's per-connection limit.
const STDIO_DEPTH: usize = 64;
/// How often the server's RSS is read.
const RSS_EVERY: Duration = Duration::from_millis(500);

#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug)]
enum Kind {
    Status,
    Log,
}

impl Kind {
    /// Every fourth call is the heavy one.
    fn of(n: u64) -> Kind {
        if n % 4 == 3 { Kind::Log } else { Kind::Status }
    }

    fn name(self) -> &'static str {
        match self {
            Kind::Status => "shipment_get_status",
            Kind::Log => "shipment_get_log",
        }
    }

    fn arguments(self) -> Value {
        match self {
            Kind::Status => json!({ "shipment_number": "SH-2026-000007" }),
            Kind::Log => json!({ "shipment_number": "SH-2026-000001" }),
        }
    }
}

fn call_body(id: u64, kind: Kind) -> String {
    json!({
        "jsonrpc": "2.0", "id": id, "method": "tools/call",
        "params": { "name": kind.name(), "arguments": kind.arguments() },
    })
    .to_string()
}

fn initialize_body() -> String {
    json!({
        "jsonrpc": "2.0", "id": 0, "method": "initialize",
        "params": {
            "protocolVersion": "2025-11-25",
            "capabilities": {},
            "clientInfo": { "name": "soak", "version": "0" },
        },
    })
    .to_string()
}

const INITIALIZED: &str = r#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#;

/// What one run measured.
#[derive(Default)]
struct Stats {
    /// Latencies of calls started after the warm-up, per tool.
    times: BTreeMap<Kind, Vec<Duration>>,
    /// Failed calls (after the warm-up or not): distinct message → count.
    errors: BTreeMap<String, u64>,
    /// Requests sent whose reply never came.
    lost: u64,
}

impl Stats {
    fn error(&mut self, message: String) {
        let mut message = message;
        if message.len() > 300 {
            let mut end = 300;
            while !message.is_char_boundary(end) {
                end -= 1;
            }
            message.truncate(end);
            message.push('…');
        }
        *self.errors.entry(message).or_default() += 1;
    }
}

type Shared = Arc<Mutex<Stats>>;

/// Checks a reply to `tools/call` number `id`: a result that is not `isError`.
fn check_reply(message: &Value, id: u64) -> Result<(), String> {
    if message.get("id").and_then(Value::as_u64) != Some(id) {
        return Err(format!("reply to id {id} has id {}", message["id"]));
    }
    if let Some(error) = message.get("error") {
        return Err(format!("JSON-RPC error: {error}"));
    }
    let Some(result) = message.get("result") else {
        return Err(format!("no result: {message}"));
    };
    if result.get("isError").and_then(Value::as_bool) == Some(true) {
        return Err(format!("isError: {}", result["content"]));
    }
    Ok(())
}

struct Config {
    warmup: Duration,
    measure: Duration,
    clients: usize,
}

fn env_number(name: &str, default: u64) -> u64 {
    match std::env::var(name) {
        Ok(value) => value
            .parse()
            .unwrap_or_else(|_| panic!("{name}={value:?} is not a whole number")),
        Err(_) => default,
    }
}

fn main() -> ExitCode {
    let bench = std::env::args().any(|arg| arg == "--bench");
    let config = if bench {
        Config {
            warmup: Duration::from_secs(3),
            measure: Duration::from_secs(env_number("SOAK_SECS", 20).max(1)),
            clients: env_number("SOAK_CLIENTS", 32).max(1) as usize,
        }
    } else {
        Config {
            warmup: Duration::ZERO,
            measure: Duration::from_secs(1),
            clients: 4,
        }
    };
    let server = std::path::PathBuf::from(env!("CARGO_BIN_EXE_fixture-server"));
    println!(
        "soak: {} ({} s warm-up, {} s measured; every 4th call shipment_get_log, the rest shipment_get_status)",
        server.display(),
        config.warmup.as_secs_f64(),
        config.measure.as_secs_f64(),
    );
    let runtime = tokio::runtime::Runtime::new().expect("a runtime");
    let mut failed = false;
    for transport in [Transport::Http, Transport::Stdio] {
        let report = runtime.block_on(run(transport, &server, &config));
        println!("\n{}", report.text);
        failed |= report.failed;
    }
    if failed {
        println!("\nsoak: FAILED (calls failed or replies lost)");
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}

#[derive(Clone, Copy)]
enum Transport {
    Http,
    Stdio,
}

struct Report {
    text: String,
    failed: bool,
}

async fn run(transport: Transport, server: &std::path::Path, config: &Config) -> Report {
    let mut command = Command::new(server);
    if let Transport::Http = transport {
        command.args(["--http", "127.0.0.1:0"]);
    }
    let mut child = command
        .env("RUST_LOG", "warn")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .kill_on_drop(true)
        .spawn()
        .expect("the fixture server starts");
    let pid = child.id().expect("a pid");
    let log = collect_stderr(&mut child);
    let stats: Shared = Arc::default();
    let started = Instant::now();
    let sampling = Arc::new(AtomicBool::new(true));
    let rss_task = tokio::spawn(sample_rss(pid, started, sampling.clone()));
    let label = match transport {
        Transport::Http => {
            format!(
                "Streamable HTTP, {} clients (one session and connection each, 1 call in flight each)",
                config.clients
            )
        }
        Transport::Stdio => format!("stdio, one client, {STDIO_DEPTH} calls in flight"),
    };
    let exit = match transport {
        Transport::Http => {
            soak_http(&mut child, started, config, &stats).await;
            child.kill().await.ok();
            None
        }
        Transport::Stdio => Some(soak_stdio(&mut child, started, config, &stats).await),
    };
    sampling.store(false, Ordering::Relaxed);
    let samples = rss_task.await.expect("the sampler finishes");
    let stats = std::mem::take(&mut *stats.lock().unwrap());
    let log = std::mem::take(&mut *log.lock().unwrap());
    render(&label, config, &stats, &samples, exit, &log)
}

/// Keeps the first lines of the server's stderr (warnings and errors only: `RUST_LOG=warn`).
fn collect_stderr(child: &mut Child) -> Arc<Mutex<(Vec<String>, u64)>> {
    let log: Arc<Mutex<(Vec<String>, u64)>> = Arc::default();
    let mut stderr = BufReader::new(child.stderr.take().expect("stderr")).lines();
    let keep = log.clone();
    tokio::spawn(async move {
        while let Ok(Some(line)) = stderr.next_line().await {
            let mut log = keep.lock().unwrap();
            log.1 += 1;
            if log.0.len() < 5 {
                log.0.push(line);
            }
        }
    });
    log
}

/// `(seconds since start, VmRSS in KiB)` every [`RSS_EVERY`] while `on`.
async fn sample_rss(pid: u32, started: Instant, on: Arc<AtomicBool>) -> Vec<(f64, u64)> {
    let path = format!("/proc/{pid}/status");
    let mut samples = Vec::new();
    let mut tick = tokio::time::interval(RSS_EVERY);
    while on.load(Ordering::Relaxed) {
        tick.tick().await;
        // A read of /proc does not block.
        let Ok(status) = std::fs::read_to_string(&path) else {
            break;
        };
        let rss = status
            .lines()
            .find_map(|line| line.strip_prefix("VmRSS:"))
            .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok());
        if let Some(rss) = rss {
            samples.push((started.elapsed().as_secs_f64(), rss));
        }
    }
    samples
}

// --- Streamable HTTP ---

async fn soak_http(child: &mut Child, started: Instant, config: &Config, stats: &Shared) {
    let mut stdout = BufReader::new(child.stdout.take().expect("stdout"));
    let mut url = String::new();
    tokio::time::timeout(REPLY_TIMEOUT, stdout.read_line(&mut url))
        .await
        .expect("the server prints its URL")
        .expect("reads the URL");
    let addr: SocketAddr = url
        .trim()
        .strip_prefix("http://")
        .and_then(|rest| rest.split('/').next())
        .and_then(|addr| addr.parse().ok())
        .unwrap_or_else(|| panic!("not the endpoint's URL: {url:?}"));
    let measure_from = started + config.warmup;
    let deadline = measure_from + config.measure;
    let clients: Vec<_> = (0..config.clients)
        .map(|_| {
            let stats = stats.clone();
            tokio::spawn(async move {
                if let Err(err) = http_client(addr, measure_from, deadline, &stats).await {
                    let mut stats = stats.lock().unwrap();
                    stats.lost += 1;
                    stats.error(format!("http client gave up: {err}"));
                }
            })
        })
        .collect();
    for client in clients {
        if let Err(err) = client.await {
            stats
                .lock()
                .unwrap()
                .error(format!("http client panicked: {err}"));
        }
    }
}

/// One client: a connection, a session, calls until `deadline`. An I/O failure or a reply
/// that does not come in time ends it with `Err`.
async fn http_client(
    addr: SocketAddr,
    measure_from: Instant,
    deadline: Instant,
    stats: &Shared,
) -> Result<(), String> {
    let mut conn = HttpConn {
        stream: BufReader::new(TcpStream::connect(addr).await.map_err(|e| e.to_string())?),
        addr,
    };
    let (code, session, body) = conn.post(None, &initialize_body()).await?;
    let (200, Some(session)) = (code, session) else {
        return Err(format!("initialize: {code} {body}"));
    };
    let (code, _, body) = conn.post(Some(&session), INITIALIZED).await?;
    if code != 202 {
        return Err(format!("initialized: {code} {body}"));
    }
    let mut n = 0;
    while Instant::now() < deadline {
        n += 1;
        let kind = Kind::of(n);
        let request = call_body(n, kind);
        let sent = Instant::now();
        let (code, _, body) = conn.post(Some(&session), &request).await?;
        let took = sent.elapsed();
        let outcome = if code == 200 {
            sse_message(&body)
                .ok_or_else(|| format!("no JSON-RPC message in the body: {body:.200}"))
                .and_then(|message| check_reply(&message, n))
        } else {
            Err(format!("HTTP {code}: {body:.200}"))
        };
        let mut stats = stats.lock().unwrap();
        match outcome {
            Ok(()) if sent >= measure_from => stats.times.entry(kind).or_default().push(took),
            Ok(()) => {}
            Err(err) => stats.error(format!("http {}: {err}", kind.name())),
        }
    }
    Ok(())
}

/// The JSON-RPC message of a body: JSON itself, or the last `data:` event holding one.
fn sse_message(body: &str) -> Option<Value> {
    if let Ok(value) = serde_json::from_str::<Value>(body.trim()) {
        return Some(value);
    }
    body.lines()
        .rev()
        .filter_map(|line| line.strip_prefix("data:"))
        .find_map(|data| serde_json::from_str::<Value>(data.trim()).ok())
}

struct HttpConn {
    stream: BufReader<TcpStream>,
    addr: SocketAddr,
}

impl HttpConn {
    /// POSTs `body` to `/mcp`; returns the status, the session id header and the body.
    async fn post(
        &mut self,
        session: Option<&str>,
        body: &str,
    ) -> Result<(u16, Option<String>, String), String> {
        let session_line = session
            .map(|id| format!("Mcp-Session-Id: {id}\r\n"))
            .unwrap_or_default();
        let request = format!(
            "POST /mcp HTTP/1.1\r\nHost: {}\r\n{session_line}Content-Type: application/json\r\n\
             Accept: application/json, text/event-stream\r\nContent-Length: {}\r\n\r\n{body}",
            self.addr,
            body.len()
        );
        match tokio::time::timeout(REPLY_TIMEOUT, self.exchange(request.as_bytes())).await {
            Ok(result) => result.map_err(|e| format!("I/O: {e}")),
            Err(_) => Err(format!("no reply within {REPLY_TIMEOUT:?}")),
        }
    }

    async fn exchange(&mut self, request: &[u8]) -> std::io::Result<(u16, Option<String>, String)> {
        use std::io::{Error, ErrorKind};
        let bad = |what: String| Error::new(ErrorKind::InvalidData, what);
        self.stream.get_mut().write_all(request).await?;
        let mut line = String::new();
        if self.stream.read_line(&mut line).await? == 0 {
            return Err(Error::new(ErrorKind::UnexpectedEof, "connection closed"));
        }
        let status: u16 = line
            .get(9..12)
            .and_then(|s| s.parse().ok())
            .ok_or_else(|| bad(format!("not a status line: {line:?}")))?;
        let (mut length, mut chunked, mut session) = (None, false, None);
        loop {
            line.clear();
            self.stream.read_line(&mut line).await?;
            let header = line.trim_end();
            if header.is_empty() {
                break;
            }
            let (name, value) = header
                .split_once(':')
                .ok_or_else(|| bad(format!("not a header: {header:?}")))?;
            let value = value.trim();
            if name.eq_ignore_ascii_case("content-length") {
                length = value.parse().ok();
            } else if name.eq_ignore_ascii_case("transfer-encoding") {
                chunked = value.eq_ignore_ascii_case("chunked");
            } else if name.eq_ignore_ascii_case("mcp-session-id") {
                session = Some(value.to_owned());
            }
        }
        let mut body = Vec::new();
        if chunked {
            loop {
                line.clear();
                self.stream.read_line(&mut line).await?;
                let size = usize::from_str_radix(line.trim(), 16)
                    .map_err(|_| bad(format!("not a chunk size: {line:?}")))?;
                let mut chunk = vec![0; size + 2];
                self.stream.read_exact(&mut chunk).await?;
                if size == 0 {
                    break;
                }
                body.extend_from_slice(&chunk[..size]);
            }
        } else if let Some(length) = length {
            body.resize(length, 0);
            self.stream.read_exact(&mut body).await?;
        } else if status != 202 && status != 204 {
            return Err(bad(format!("HTTP {status} without a length")));
        }
        Ok((status, session, String::from_utf8_lossy(&body).into_owned()))
    }
}

// --- stdio ---

/// Returns how the server ended once its stdin was closed.
async fn soak_stdio(
    child: &mut Child,
    started: Instant,
    config: &Config,
    stats: &Shared,
) -> String {
    let mut stdin = child.stdin.take().expect("stdin");
    let mut stdout = BufReader::new(child.stdout.take().expect("stdout")).lines();
    stdin
        .write_all(format!("{}\n", initialize_body()).as_bytes())
        .await
        .expect("writes initialize");
    loop {
        let line = tokio::time::timeout(REPLY_TIMEOUT, stdout.next_line())
            .await
            .expect("an initialize reply in time")
            .expect("reads stdout")
            .expect("the server answers initialize");
        let message: Value = serde_json::from_str(&line).expect("a JSON line");
        if message.get("id") == Some(&json!(0)) {
            assert!(message.get("result").is_some(), "initialize: {message}");
            break;
        }
    }
    stdin
        .write_all(format!("{INITIALIZED}\n").as_bytes())
        .await
        .expect("writes initialized");

    let measure_from = started + config.warmup;
    let deadline = measure_from + config.measure;
    let pending: Arc<Mutex<HashMap<u64, (Instant, Kind)>>> = Arc::default();
    let slots = Arc::new(Semaphore::new(STDIO_DEPTH));
    // Set once the writer has sent its last request.
    let done_writing = Arc::new(AtomicBool::new(false));
    let writer = {
        let (pending, slots, writing) = (pending.clone(), slots.clone(), done_writing.clone());
        tokio::spawn(async move {
            let finished = |stdin, error| {
                writing.store(true, Ordering::Release);
                (stdin, error)
            };
            let mut n = 0;
            while Instant::now() < deadline {
                let Ok(Ok(slot)) = tokio::time::timeout_at(deadline.into(), slots.acquire()).await
                else {
                    break;
                };
                slot.forget();
                n += 1;
                let kind = Kind::of(n);
                let line = format!("{}\n", call_body(n, kind));
                pending.lock().unwrap().insert(n, (Instant::now(), kind));
                if let Err(err) = stdin.write_all(line.as_bytes()).await {
                    return finished(stdin, Some(format!("writing to the server's stdin: {err}")));
                }
            }
            finished(stdin, None)
        })
    };
    let reader = {
        let (pending, slots, stats, writing) = (
            pending.clone(),
            slots.clone(),
            stats.clone(),
            done_writing.clone(),
        );
        tokio::spawn(async move {
            let mut stray = 0u64;
            let mut last_reply = Instant::now();
            loop {
                // `next_line` is cancel safe: poll it in short steps, to notice the end.
                let line = match tokio::time::timeout(RSS_EVERY, stdout.next_line()).await {
                    Err(_) => {
                        // Once the writer is done, wait only while replies are owed.
                        if writing.load(Ordering::Acquire) {
                            if pending.lock().unwrap().is_empty() {
                                return None;
                            }
                        } else if pending.lock().unwrap().is_empty() {
                            continue;
                        }
                        if last_reply.elapsed() > REPLY_TIMEOUT {
                            return Some(format!("no reply within {REPLY_TIMEOUT:?}"));
                        }
                        continue;
                    }
                    Ok(Err(err)) => return Some(format!("reading the server's stdout: {err}")),
                    Ok(Ok(None)) => return Some("the server closed its stdout".to_owned()),
                    Ok(Ok(Some(line))) => line,
                };
                let got = Instant::now();
                last_reply = got;
                let Ok(message) = serde_json::from_str::<Value>(&line) else {
                    stats
                        .lock()
                        .unwrap()
                        .error(format!("stdio: not JSON: {line:.200}"));
                    continue;
                };
                let Some(id) = message.get("id").and_then(Value::as_u64) else {
                    stray += 1;
                    if stray == 1 {
                        stats.lock().unwrap().error(format!(
                            "stdio: a message without a numeric id: {line:.200}"
                        ));
                    }
                    continue;
                };
                let Some((sent, kind)) = pending.lock().unwrap().remove(&id) else {
                    stats.lock().unwrap().error(format!(
                        "stdio: a reply to id {id}, never sent or answered twice"
                    ));
                    continue;
                };
                slots.add_permits(1);
                let done = writing.load(Ordering::Acquire) && pending.lock().unwrap().is_empty();
                let mut stats = stats.lock().unwrap();
                match check_reply(&message, id) {
                    Ok(()) if sent >= measure_from && sent < deadline => {
                        stats.times.entry(kind).or_default().push(got - sent);
                    }
                    Ok(()) => {}
                    Err(err) => stats.error(format!("stdio {}: {err}", kind.name())),
                }
                if done {
                    return None;
                }
            }
        })
    };
    let (stdin, write_error) = writer.await.expect("the writer finishes");
    let read_error = reader.await.expect("the reader finishes");
    {
        let mut stats = stats.lock().unwrap();
        if let Some(err) = write_error {
            stats.error(err);
        }
        if let Some(err) = read_error {
            stats.error(err);
        }
        stats.lost += pending.lock().unwrap().len() as u64;
    }
    // End of input is the end of the session: the server should exit on its own.
    drop(stdin);
    match tokio::time::timeout(Duration::from_secs(10), child.wait()).await {
        Ok(Ok(exit)) => format!("exited on stdin EOF: {exit}"),
        Ok(Err(err)) => format!("wait failed: {err}"),
        Err(_) => {
            child.kill().await.ok();
            "did NOT exit within 10 s of stdin EOF; killed".to_owned()
        }
    }
}

// --- report ---

fn percentile(sorted: &[Duration], q: f64) -> f64 {
    if sorted.is_empty() {
        return f64::NAN;
    }
    sorted[((sorted.len() - 1) as f64 * q).round() as usize].as_secs_f64() * 1e3
}

fn render(
    label: &str,
    config: &Config,
    stats: &Stats,
    samples: &[(f64, u64)],
    exit: Option<String>,
    log: &(Vec<String>, u64),
) -> Report {
    let secs = config.measure.as_secs_f64();
    let mut text = String::new();
    let _ = writeln!(text, "== {label}");
    let _ = writeln!(
        text,
        "{:<22} {:>9} {:>10} {:>9} {:>9} {:>9}",
        "tool", "calls", "calls/s", "p50 ms", "p99 ms", "max ms"
    );
    let mut all = Vec::new();
    let mut row = |name: &str, times: &mut Vec<Duration>| {
        times.sort();
        let _ = writeln!(
            text,
            "{:<22} {:>9} {:>10.1} {:>9.3} {:>9.3} {:>9.3}",
            name,
            times.len(),
            times.len() as f64 / secs,
            percentile(times, 0.5),
            percentile(times, 0.99),
            percentile(times, 1.0),
        );
    };
    for (kind, times) in &stats.times {
        all.extend_from_slice(times);
        row(kind.name(), &mut times.clone());
    }
    row("all", &mut all);

    // RSS over the measured window only: from the first sample after the warm-up.
    let from = config.warmup.as_secs_f64();
    let window: Vec<(f64, f64)> = samples
        .iter()
        .filter(|(t, _)| *t >= from)
        .map(|&(t, kib)| (t, kib as f64 / 1024.0))
        .collect();
    if let (Some(first), Some(last)) = (window.first(), window.last()) {
        let peak = window.iter().map(|s| s.1).fold(f64::MIN, f64::max);
        let _ = writeln!(
            text,
            "server RSS (MiB, {} samples): start {:.1}, peak {:.1}, end {:.1}, growth {:+.2} MiB/min (least-squares slope; end-start {:+.1} over {:.0} s)",
            window.len(),
            first.1,
            peak,
            last.1,
            slope(&window) * 60.0,
            last.1 - first.1,
            last.0 - first.0,
        );
    } else {
        let _ = writeln!(text, "server RSS: no samples");
    }
    let failed_calls: u64 = stats.errors.values().sum();
    let _ = writeln!(text, "errors: {failed_calls}, lost replies: {}", stats.lost);
    for (message, count) in &stats.errors {
        let _ = writeln!(text, "  {count} x {message}");
    }
    if let Some(exit) = exit {
        let _ = writeln!(text, "server {exit}");
    }
    if log.1 > 0 {
        let _ = writeln!(
            text,
            "server stderr (warnings and errors): {} lines, first:",
            log.1
        );
        for line in &log.0 {
            let _ = writeln!(text, "  {line:.300}");
        }
    }
    Report {
        text,
        failed: failed_calls > 0 || stats.lost > 0 || all.is_empty(),
    }
}

/// The least-squares slope of `y` over `x`.
fn slope(points: &[(f64, f64)]) -> f64 {
    let n = points.len() as f64;
    if points.len() < 2 {
        return 0.0;
    }
    let mean_x = points.iter().map(|p| p.0).sum::<f64>() / n;
    let mean_y = points.iter().map(|p| p.1).sum::<f64>() / n;
    let (mut num, mut den) = (0.0, 0.0);
    for &(x, y) in points {
        num += (x - mean_x) * (y - mean_y);
        den += (x - mean_x) * (x - mean_x);
    }
    if den == 0.0 { 0.0 } else { num / den }
}
