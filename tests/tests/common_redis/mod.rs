//! A real `redis-server` for the Redis store's tests and benchmark: one per test, on a free
//! loopback port, with nothing saved to disk, killed on drop.
//!
//! The binary is `redis-server` from `PATH` (CI installs Debian's package), else one
//! provisioned without root under `CARGO_TARGET_TMPDIR/redis`: `apt-get download` fetches
//! Debian's `redis-server` and `redis-tools` and those of their shared libraries the machine
//! lacks, `dpkg -x` unpacks them into `root/`, and the server runs with `LD_LIBRARY_PATH` on
//! the unpacked library folders. Concurrent test binaries may provision at once: each
//! unpacks into a folder of its own and renames it into place, and the first rename wins.
//! Where neither works, the test fails, saying what to install.
//!
//! Each test gets its own server rather than one per process: it starts in milliseconds,
//! and a test that kills or pauses its Redis then cannot disturb another.

// Each test binary that includes this module uses its own subset of it.
#![allow(dead_code)]

use std::{
    ffi::OsString,
    io::{Read, Write},
    net::{TcpListener, TcpStream},
    path::{Path, PathBuf},
    process::{Child, Command, Stdio},
    sync::{
        OnceLock,
        atomic::{AtomicUsize, Ordering},
    },
    time::{Duration, Instant},
};

use mcp_tools::store::RedisStore;

/// How long a started server may take to answer `PING`.
const START_TIMEOUT: Duration = Duration::from_secs(10);

/// The Debian packages with the server: `redis-server` holds only a link to the binary in
/// `redis-tools`.
const PACKAGES: [&str; 2] = ["redis-server", "redis-tools"];

/// What to tell a reader when no server can be had.
const INSTALL_HINT: &str = "install Debian's package `redis-server` (`apt-get install \
                            redis-server`), or put any `redis-server` on PATH";

/// A running `redis-server` on `127.0.0.1`, killed (and its folder removed) on drop.
pub(crate) struct RedisServer {
    child: Option<Child>,
    port: u16,
    dir: PathBuf,
}

impl RedisServer {
    /// Starts a server on a free port and waits until it answers `PING`.
    pub(crate) fn start() -> Self {
        static RUNS: AtomicUsize = AtomicUsize::new(0);
        let dir = redis_dir().join("run").join(format!(
            "{}-{}",
            std::process::id(),
            RUNS.fetch_add(1, Ordering::Relaxed)
        ));
        std::fs::create_dir_all(&dir).unwrap_or_else(|err| panic!("{}: {err}", dir.display()));
        // Another process may take the port between our probe and the server's bind: then
        // the server exits, and another port is tried.
        let mut failures = Vec::new();
        for _ in 0..5 {
            let port = free_port();
            match spawn(&dir, port) {
                Ok(child) => {
                    return RedisServer {
                        child: Some(child),
                        port,
                        dir,
                    };
                }
                Err(failure) => failures.push(failure),
            }
        }
        panic!("redis-server did not start:\n{}", failures.join("\n"));
    }

    /// `redis://127.0.0.1:PORT/0`.
    pub(crate) fn url(&self) -> String {
        format!("redis://127.0.0.1:{}/0", self.port)
    }

    /// A store on this server, without a prefix.
    pub(crate) async fn connect(&self) -> RedisStore {
        RedisStore::connect(&self.url())
            .await
            .unwrap_or_else(|err| panic!("connecting to {}: {err}", self.url()))
    }

    /// Kills the server at once (`SIGKILL`), as a crash would.
    pub(crate) fn kill(&mut self) {
        if let Some(mut child) = self.child.take() {
            let _ = child.kill();
            let _ = child.wait();
        }
    }

    /// Starts a new, empty server on the same port, after [`kill`](Self::kill).
    pub(crate) fn restart(&mut self) {
        self.kill();
        let deadline = Instant::now() + START_TIMEOUT;
        // The port is free again as soon as the old server is gone, but retrying costs
        // nothing if the kernel lags.
        loop {
            match spawn(&self.dir, self.port) {
                Ok(child) => {
                    self.child = Some(child);
                    return;
                }
                Err(failure) if Instant::now() > deadline => {
                    panic!("redis-server did not start again: {failure}")
                }
                Err(_) => std::thread::sleep(Duration::from_millis(100)),
            }
        }
    }

    /// Stops the server without closing its connections (`SIGSTOP`): a hung Redis.
    pub(crate) fn pause(&self) {
        self.signal("-STOP");
    }

    /// Lets a [paused](Self::pause) server run again (`SIGCONT`).
    pub(crate) fn resume(&self) {
        self.signal("-CONT");
    }

    fn signal(&self, signal: &str) {
        let child = self.child.as_ref().expect("the server is running");
        let status = Command::new("kill")
            .args([signal, &child.id().to_string()])
            .status()
            .unwrap_or_else(|err| panic!("cannot run `kill`: {err}"));
        assert!(status.success(), "`kill {signal}` of redis-server failed");
    }
}

impl Drop for RedisServer {
    fn drop(&mut self) {
        self.kill();
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

/// Starts the server on `port` and waits until it answers `PING`; on failure, says why
/// (with the server's log).
fn spawn(dir: &Path, port: u16) -> Result<Child, String> {
    let binary = binary();
    let log = dir.join("redis.log");
    let _ = std::fs::remove_file(&log);
    let mut command = Command::new(&binary.path);
    command
        .args(["--port", &port.to_string(), "--bind", "127.0.0.1"])
        .args(["--save", "", "--appendonly", "no", "--daemonize", "no"])
        .arg("--dir")
        .arg(dir)
        .arg("--logfile")
        .arg(&log)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped());
    if let Some(libraries) = &binary.library_path {
        command.env("LD_LIBRARY_PATH", libraries);
    }
    let mut child = command
        .spawn()
        .unwrap_or_else(|err| panic!("cannot run {}: {err}", binary.path.display()));
    let deadline = Instant::now() + START_TIMEOUT;
    loop {
        if let Some(status) = child.try_wait().ok().flatten() {
            let mut stderr = String::new();
            if let Some(mut pipe) = child.stderr.take() {
                let _ = pipe.read_to_string(&mut stderr);
            }
            let log = std::fs::read_to_string(&log).unwrap_or_default();
            return Err(format!(
                "redis-server on port {port} exited ({status}):\n{stderr}{log}"
            ));
        }
        if pong(port) {
            return Ok(child);
        }
        if Instant::now() > deadline {
            let _ = child.kill();
            let _ = child.wait();
            return Err(format!(
                "redis-server on port {port} did not answer PING within {START_TIMEOUT:?}"
            ));
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// Whether a Redis on `port` answers `PING` with `+PONG`.
fn pong(port: u16) -> bool {
    let Ok(mut stream) = TcpStream::connect(("127.0.0.1", port)) else {
        return false;
    };
    let _ = stream.set_read_timeout(Some(Duration::from_secs(1)));
    let mut reply = [0u8; 7];
    stream.write_all(b"PING\r\n").is_ok()
        && stream.read_exact(&mut reply).is_ok()
        && &reply == b"+PONG\r\n"
}

/// A loopback port nothing listens on now.
fn free_port() -> u16 {
    TcpListener::bind(("127.0.0.1", 0))
        .and_then(|listener| listener.local_addr())
        .expect("a free loopback port")
        .port()
}

/// `CARGO_TARGET_TMPDIR/redis`: the provisioned server and each server's folder.
fn redis_dir() -> PathBuf {
    Path::new(env!("CARGO_TARGET_TMPDIR")).join("redis")
}

/// The server binary, and the library path it needs if provisioned.
struct Binary {
    path: PathBuf,
    library_path: Option<OsString>,
}

fn binary() -> &'static Binary {
    static BINARY: OnceLock<Binary> = OnceLock::new();
    BINARY.get_or_init(|| {
        if let Some(path) = on_path("redis-server") {
            return Binary {
                path,
                library_path: None,
            };
        }
        let root = redis_dir().join("root");
        if let Some(binary) = usable(&root) {
            return binary;
        }
        provision(&root);
        usable(&root).unwrap_or_else(|| {
            panic!(
                "the redis-server provisioned into {} does not run; {INSTALL_HINT}",
                root.display()
            )
        })
    })
}

/// `name` in a folder of `PATH`.
fn on_path(name: &str) -> Option<PathBuf> {
    std::env::split_paths(&std::env::var_os("PATH")?)
        .map(|dir| dir.join(name))
        .find(|path| path.is_file())
}

/// The server unpacked under `root`, if it runs (`--version`) with its libraries.
fn usable(root: &Path) -> Option<Binary> {
    let path = root.join("usr/bin/redis-server");
    if !path.is_file() {
        return None;
    }
    let library_path = library_path(root);
    let runs = Command::new(&path)
        .arg("--version")
        .env("LD_LIBRARY_PATH", &library_path)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|status| status.success());
    runs.then_some(Binary {
        path,
        library_path: Some(library_path),
    })
}

/// The folders under `root` that hold shared libraries, joined as for `LD_LIBRARY_PATH`.
fn library_path(root: &Path) -> OsString {
    fn walk(dir: &Path, found: &mut Vec<PathBuf>) {
        let Ok(entries) = std::fs::read_dir(dir) else {
            return;
        };
        let mut has_library = false;
        for entry in entries.flatten() {
            let path = entry.path();
            if path.is_dir() {
                walk(&path, found);
            } else if entry.file_name().to_string_lossy().contains(".so") {
                has_library = true;
            }
        }
        if has_library {
            found.push(dir.to_owned());
        }
    }
    let mut found = Vec::new();
    for lib in ["lib", "usr/lib"] {
        walk(&root.join(lib), &mut found);
    }
    std::env::join_paths(found).expect("library folders without `:` in their names")
}

/// Unpacks Debian's `redis-server` and the libraries it lacks here into `root`, without
/// root: into a folder of this process's own, renamed into place unless another process
/// got there first.
fn provision(root: &Path) {
    let staging = redis_dir().join(format!("staging-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&staging);
    let debs = staging.join("debs");
    let unpacked = staging.join("root");
    std::fs::create_dir_all(&debs).unwrap_or_else(|err| panic!("{}: {err}", debs.display()));

    let mut packages: Vec<String> = PACKAGES.iter().map(|&name| name.to_owned()).collect();
    packages.extend(missing_libraries("redis-tools"));
    let output = run(
        Command::new("apt-get")
            .arg("download")
            .args(&packages)
            .current_dir(&debs),
        "apt-get download",
    );
    assert!(
        output.status.success(),
        "`apt-get download {}` failed ({}): {}\nThe package lists may be missing (`apt-get \
         update`); otherwise {INSTALL_HINT}",
        packages.join(" "),
        output.status,
        String::from_utf8_lossy(&output.stderr).trim()
    );
    let entries =
        std::fs::read_dir(&debs).unwrap_or_else(|err| panic!("{}: {err}", debs.display()));
    for deb in entries.flatten().map(|entry| entry.path()) {
        let output = run(
            Command::new("dpkg").arg("-x").arg(&deb).arg(&unpacked),
            "dpkg -x",
        );
        assert!(
            output.status.success(),
            "`dpkg -x {}` failed: {}",
            deb.display(),
            String::from_utf8_lossy(&output.stderr).trim()
        );
    }
    let unresolved = unresolved_libraries(&unpacked);
    assert!(
        unresolved.is_empty(),
        "the redis-server unpacked into {} still lacks {}; {INSTALL_HINT}",
        unpacked.display(),
        unresolved.join(", ")
    );
    match std::fs::rename(&unpacked, root) {
        Ok(()) => {}
        // Another process provisioned it first: theirs is as good.
        Err(_) if root.join("usr/bin/redis-server").is_file() => {}
        Err(err) => panic!(
            "renaming {} to {}: {err}",
            unpacked.display(),
            root.display()
        ),
    }
    let _ = std::fs::remove_dir_all(&staging);
}

/// The `lib…` packages `package` depends on that are not installed here.
fn missing_libraries(package: &str) -> Vec<String> {
    let output = run(
        Command::new("apt-cache").args(["depends", package]),
        "apt-cache depends",
    );
    assert!(
        output.status.success(),
        "`apt-cache depends {package}` failed: {}; {INSTALL_HINT}",
        String::from_utf8_lossy(&output.stderr).trim()
    );
    let mut missing = Vec::new();
    for line in String::from_utf8_lossy(&output.stdout).lines() {
        // `  Depends: libfoo1`, or `  |Depends: libfoo1` for the first of alternatives.
        let Some(name) = line
            .trim_start()
            .trim_start_matches('|')
            .strip_prefix("Depends: ")
        else {
            continue;
        };
        let name = name.trim().split(':').next().unwrap_or_default();
        if name.starts_with("lib") && !installed(name) && !missing.iter().any(|m| m == name) {
            missing.push(name.to_owned());
        }
    }
    missing
}

/// Whether Debian's package `name` is installed.
fn installed(name: &str) -> bool {
    Command::new("dpkg-query")
        .args(["-W", "-f=${db:Status-Status}", name])
        .stderr(Stdio::null())
        .output()
        .is_ok_and(|output| output.stdout == b"installed")
}

/// The shared libraries `ldd` cannot find for the server unpacked under `root`.
fn unresolved_libraries(root: &Path) -> Vec<String> {
    // `redis-server` is a link to `redis-check-rdb`, which serves when called by that name.
    let output = run(
        Command::new("ldd")
            .arg(root.join("usr/bin/redis-check-rdb"))
            .env("LD_LIBRARY_PATH", library_path(root)),
        "ldd",
    );
    String::from_utf8_lossy(&output.stdout)
        .lines()
        .filter(|line| line.contains("not found"))
        .map(|line| {
            line.split_whitespace()
                .next()
                .unwrap_or_default()
                .to_owned()
        })
        .collect()
}

/// Runs `command` to completion, or fails naming the tool.
fn run(command: &mut Command, what: &str) -> std::process::Output {
    command.stdin(Stdio::null()).output().unwrap_or_else(|err| {
        panic!(
            "cannot run `{what}`: {err}; with no redis-server on PATH, the tests provision one \
             with Debian's apt-get, dpkg and ldd; {INSTALL_HINT}"
        )
    })
}
