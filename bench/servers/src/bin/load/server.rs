//! The server under test, as a child process: started, watched and read from `/proc`.

use std::{
    fmt::Write as _,
    net::SocketAddr,
    process::Stdio,
    sync::{Arc, Mutex, PoisonError},
    time::{Duration, Instant},
};

use tokio::{
    io::{AsyncBufReadExt as _, AsyncRead, BufReader},
    process::{Child, ChildStdin, ChildStdout, Command},
};

use crate::cli::Transport;

/// How long a server may take to start listening (an interpreter importing its packages).
const START_TIMEOUT: Duration = Duration::from_secs(60);

/// Lines of the server's stderr kept for the report.
const KEPT_LINES: usize = 8;

pub(crate) struct Server {
    child: Child,
    pub(crate) pid: u32,
    /// Where it listens, for HTTP.
    pub(crate) addr: Option<SocketAddr>,
    /// Its stdin and stdout, for stdio, until taken.
    pub(crate) pipes: Option<(ChildStdin, ChildStdout)>,
    /// The first lines of its stderr (and of its stdout, for HTTP), and how many there were.
    pub(crate) log: Arc<Mutex<(Vec<String>, u64)>>,
}

impl Server {
    /// Starts `command`; for HTTP, with `{port}` replaced by a free port, and waits until
    /// the port accepts connections.
    pub(crate) async fn start(command: &[String], transport: Transport) -> Result<Server, String> {
        let port = match transport {
            Transport::Http => Some(free_port()?),
            Transport::Stdio => None,
        };
        let args: Vec<String> = command
            .iter()
            .map(|arg| match port {
                Some(port) => arg.replace("{port}", &port.to_string()),
                None => arg.clone(),
            })
            .collect();
        let mut child = Command::new(&args[0]);
        child
            .args(&args[1..])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .kill_on_drop(true);
        let mut child = child
            .spawn()
            .map_err(|e| format!("cannot start {}: {e}", args[0]))?;
        let pid = child.id().ok_or("the server exited at once")?;
        let log: Arc<Mutex<(Vec<String>, u64)>> = Arc::default();
        // Every output the benchmark does not read is drained, so a chatty server never
        // blocks on a full pipe.
        drain(child.stderr.take(), log.clone());
        let mut server = Server {
            child,
            pid,
            addr: None,
            pipes: None,
            log,
        };
        match port {
            Some(port) => {
                drain(server.child.stdout.take(), server.log.clone());
                let addr = SocketAddr::from(([127, 0, 0, 1], port));
                server.wait_listening(addr).await?;
                server.addr = Some(addr);
            }
            None => {
                let stdin = server.child.stdin.take().ok_or("no stdin")?;
                let stdout = server.child.stdout.take().ok_or("no stdout")?;
                server.pipes = Some((stdin, stdout));
            }
        }
        Ok(server)
    }

    async fn wait_listening(&mut self, addr: SocketAddr) -> Result<(), String> {
        let started = Instant::now();
        loop {
            if tokio::net::TcpStream::connect(addr).await.is_ok() {
                return Ok(());
            }
            if let Ok(Some(status)) = self.child.try_wait() {
                return Err(format!(
                    "the server exited ({status}) before listening: {}",
                    self.log_text()
                ));
            }
            if started.elapsed() > START_TIMEOUT {
                return Err(format!(
                    "the server did not listen on {addr} within {START_TIMEOUT:?}: {}",
                    self.log_text()
                ));
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }

    /// `(VmRSS, VmHWM)` in KiB, from `/proc/<pid>/status`.
    pub(crate) fn memory(&self) -> Result<(u64, u64), String> {
        let path = format!("/proc/{}/status", self.pid);
        let status = std::fs::read_to_string(&path).map_err(|e| format!("{path}: {e}"))?;
        let field = |name: &str| {
            status
                .lines()
                .find_map(|line| line.strip_prefix(name))
                .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
                .ok_or_else(|| format!("{path} has no {name}"))
        };
        Ok((field("VmRSS:")?, field("VmHWM:")?))
    }

    /// `Some` with how it ended, if the server is no longer running.
    pub(crate) fn exited(&mut self) -> Option<String> {
        match self.child.try_wait() {
            Ok(Some(status)) => Some(status.to_string()),
            Ok(None) => None,
            Err(err) => Some(err.to_string()),
        }
    }

    pub(crate) async fn stop(mut self) {
        let _ = self.child.start_kill();
        let _ = self.child.wait().await;
    }

    pub(crate) fn log_text(&self) -> String {
        let log = self.log.lock().unwrap_or_else(PoisonError::into_inner);
        let mut text = log.0.join(" | ");
        if log.1 > log.0.len() as u64 {
            let _ = write!(text, " | … {} lines in all", log.1);
        }
        text
    }
}

fn free_port() -> Result<u16, String> {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").map_err(|e| e.to_string())?;
    Ok(listener.local_addr().map_err(|e| e.to_string())?.port())
}

fn drain(
    output: Option<impl AsyncRead + Unpin + Send + 'static>,
    log: Arc<Mutex<(Vec<String>, u64)>>,
) {
    let Some(output) = output else { return };
    tokio::spawn(async move {
        let mut lines = BufReader::new(output).lines();
        while let Ok(Some(line)) = lines.next_line().await {
            let mut log = log.lock().unwrap_or_else(PoisonError::into_inner);
            log.1 += 1;
            if log.0.len() < KEPT_LINES {
                log.0.push(crate::calls::clip(&line));
            }
        }
    });
}
