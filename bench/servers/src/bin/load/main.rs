//! The load generator of the whole-server benchmark: one run of one server, one transport,
//! one mode and one tool. `run.py` runs it for every combination; `load --help` says how.
//!
//! A run: start the server; a handshake and one checked call; the server's idle RSS; a
//! sequential pass (one call at a time, for the latency of a lone call); a concurrent pass
//! (`--clients` callers with one call in flight each, a warm-up, then the measured window);
//! the server's peak RSS (`VmHWM`); stop it. Every reply is checked against the value the
//! server must compute; any failure is reported and makes the exit status non-zero.

mod calls;
mod cli;
mod http;
mod report;
mod server;
mod stdio;

use std::{
    io::Write as _,
    net::SocketAddr,
    process::ExitCode,
    sync::{
        Arc,
        atomic::{AtomicU64, Ordering},
    },
    time::{Duration, Instant},
};

use serde_json::Value;

use calls::{Expected, check};
use cli::{Options, Tool, Transport};
use report::{Pass, Run};
use server::Server;

/// The longest a reply may take before the call counts as failed.
pub(crate) const REPLY_TIMEOUT: Duration = Duration::from_secs(30);

/// A reply: the JSON-RPC message, its size on the wire, and its content type (HTTP).
pub(crate) struct Reply {
    pub(crate) message: Value,
    pub(crate) bytes: usize,
    pub(crate) content_type: String,
}

/// Where clients connect.
#[derive(Clone)]
enum Target {
    Http { addr: SocketAddr, stateless: bool },
    Stdio(Arc<stdio::Conn>),
}

/// One caller: an HTTP connection with its session, or a share of the stdio connection.
enum Client {
    Http(http::Session),
    Stdio(Arc<stdio::Conn>),
}

impl Client {
    async fn connect(target: &Target) -> Result<Client, String> {
        match target {
            Target::Http { addr, stateless } => {
                Ok(Client::Http(http::Session::open(*addr, *stateless).await?))
            }
            Target::Stdio(conn) => Ok(Client::Stdio(conn.clone())),
        }
    }

    async fn call(&mut self, id: u64, body: String) -> Result<Reply, String> {
        match self {
            Client::Http(session) => session.call(id, &body).await,
            Client::Stdio(conn) => conn.call(id, body).await,
        }
    }

    fn version(&self) -> String {
        match self {
            Client::Http(session) => session.version.clone(),
            Client::Stdio(_) => "2025-11-25 (asked)".to_owned(),
        }
    }
}

/// JSON-RPC ids, unique across the run (0 is `initialize`).
static NEXT_ID: AtomicU64 = AtomicU64::new(1);

/// One call: sends it, checks the reply, and records it in `pass` if `counts` says so.
async fn call_once(
    client: &mut Client,
    expected: &Expected,
    tool: Tool,
    pass: &mut Pass,
    counts: impl Fn(Instant) -> bool,
) -> Result<(), ()> {
    let id = NEXT_ID.fetch_add(1, Ordering::Relaxed);
    let (body, want) = expected.request(tool, id);
    let sent = Instant::now();
    let reply = client.call(id, body).await;
    let done = Instant::now();
    match reply.and_then(|reply| check(&reply.message, id, &want).map(|c| (reply, c))) {
        Ok((reply, checked)) => {
            if counts(done) {
                pass.times.push(done - sent);
                pass.bytes += reply.bytes as u64;
                pass.structured |= checked.structured;
                if pass.content_type.is_empty() {
                    pass.content_type = reply.content_type;
                }
            }
            Ok(())
        }
        Err(message) => {
            pass.fail(message);
            Err(())
        }
    }
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.iter().any(|a| a == "--help" || a == "-h") {
        println!("{}", cli::USAGE);
        return ExitCode::SUCCESS;
    }
    let options = match Options::parse(&args) {
        Ok(options) => options,
        Err(err) => {
            eprintln!("load: {err}\n\n{}", cli::USAGE);
            return ExitCode::from(2);
        }
    };
    let runtime = tokio::runtime::Runtime::new().expect("a tokio runtime");
    let mut run = match runtime.block_on(run(&options)) {
        Ok(run) => run,
        Err(err) => {
            eprintln!("load: {}: {err}", options.server);
            return ExitCode::FAILURE;
        }
    };
    let row = report::row(&options, &mut run);
    println!("{row}");
    let line = report::json_line(&options, &mut run);
    if let Some(path) = &options.results {
        let written = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(path)
            .and_then(|mut file| writeln!(file, "{line}"));
        if let Err(err) = written {
            eprintln!("load: {path}: {err}");
            return ExitCode::FAILURE;
        }
    }
    let failures = run.seq.failures() + run.conc.failures();
    // `--clients 0` runs no concurrent pass, so its window is empty by design.
    let no_window = options.clients > 0 && run.conc.times.is_empty();
    let mut failed = failures > 0 || no_window || !run.problems.is_empty();
    for (message, count) in run.seq.errors.iter().chain(&run.conc.errors) {
        eprintln!("load: {}: {count} × {message}", options.server);
    }
    for problem in &run.problems {
        eprintln!("load: {}: {problem}", options.server);
    }
    if no_window {
        eprintln!(
            "load: {}: no call succeeded in the measured window",
            options.server
        );
        failed = true;
    }
    if failed {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}

async fn run(options: &Options) -> Result<Run, String> {
    let mut server = Server::start(&options.command, options.transport).await?;
    let target = match options.transport {
        Transport::Http => Target::Http {
            addr: server.addr.ok_or("no address")?,
            stateless: options.mode == "stateless",
        },
        Transport::Stdio => {
            let (stdin, stdout) = server.pipes.take().ok_or("no pipes")?;
            let conn = stdio::Conn::open(stdin, stdout)
                .await
                .map_err(|e| format!("{e}; server log: {}", server.log_text()))?;
            Target::Stdio(Arc::new(conn))
        }
    };
    let expected = Arc::new(Expected::new());
    let tool = options.tool;

    // A handshake and one call, then the idle footprint.
    let mut probe = Client::connect(&target)
        .await
        .map_err(|e| format!("{e}; server log: {}", server.log_text()))?;
    let mut seq = Pass::default();
    if call_once(&mut probe, &expected, tool, &mut seq, |_| false)
        .await
        .is_err()
    {
        return Err(format!(
            "the first call failed: {:?}; server log: {}",
            seq.errors,
            server.log_text()
        ));
    }
    tokio::time::sleep(options.settle).await;
    let (idle_kib, _) = server.memory()?;

    // One call at a time.
    let started = Instant::now();
    for _ in 0..options.seq_calls {
        if started.elapsed() >= options.seq_max {
            break;
        }
        let _ = call_once(&mut probe, &expected, tool, &mut seq, |_| true).await;
    }
    let version = probe.version();
    drop(probe);

    // Many at a time.
    let conc = concurrent(options, &target, &expected).await;
    let (loaded_kib, peak_kib) = server.memory()?;
    let mut problems = Vec::new();
    if let Some(status) = server.exited() {
        problems.push(format!("the server exited during the run: {status}"));
    }
    let server_log = server.log_text();
    server.stop().await;
    Ok(Run {
        seq,
        conc,
        idle_kib,
        peak_kib,
        loaded_kib,
        version,
        problems,
        server_log,
    })
}

/// `--clients` callers, each calling in a loop with one call in flight, through the warm-up
/// and the measured window; the calls that end in the window count.
async fn concurrent(options: &Options, target: &Target, expected: &Arc<Expected>) -> Pass {
    let start = Instant::now();
    let measure_from = start + options.warmup;
    let deadline = measure_from + options.measure;
    let tasks: Vec<_> = (0..options.clients)
        .map(|_| {
            let (target, expected, tool) = (target.clone(), expected.clone(), options.tool);
            tokio::spawn(async move {
                let mut pass = Pass::default();
                let mut client = match Client::connect(&target).await {
                    Ok(client) => client,
                    Err(err) => {
                        pass.fail(format!("connect: {err}"));
                        return pass;
                    }
                };
                let counts = |done: Instant| done >= measure_from && done < deadline;
                while Instant::now() < deadline {
                    let failed = call_once(&mut client, &expected, tool, &mut pass, counts)
                        .await
                        .is_err();
                    // After a failure an HTTP connection may be broken: start again on a
                    // new one, or stop if the server takes none.
                    if failed && matches!(client, Client::Http(_)) {
                        match Client::connect(&target).await {
                            Ok(fresh) => client = fresh,
                            Err(err) => {
                                pass.fail(format!("reconnect: {err}"));
                                break;
                            }
                        }
                    }
                }
                pass
            })
        })
        .collect();
    let mut all = Pass::default();
    for task in tasks {
        match task.await {
            Ok(pass) => all.merge(pass),
            Err(err) => all.fail(format!("a client panicked: {err}")),
        }
    }
    all
}
