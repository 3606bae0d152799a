//! Node 22 and the JavaScript MCP clients of `tests/node`, provisioned by the tests that use
//! them.
//!
//! On first use, [`node_dir`] copies `tests/node/package.json` and its lock into
//! `CARGO_TARGET_TMPDIR/node` and runs `npm ci` there: that installs Node 22 itself (the npm
//! package `node`), so the system only needs `npm` (Debian: `apt-get install npm`), whatever
//! its Node version. A stamp with the installed package.json and lock makes a change to
//! either install again. Test binaries may run concurrently, so the install holds a lock file
//! that other processes wait for. Without npm, or without the package registry on first run,
//! the tests that need Node fail, saying so; they never skip.

// Each test binary that includes this module uses its own subset of it.
#![allow(dead_code)]

// Beside this module in the binary: the node tests spawn processes as the others do.
#[allow(unused_imports)] // each test binary uses its own subset
pub(crate) use crate::common_process::{assert_script_passed, kill_group, output_of};

use std::{
    fs::OpenOptions,
    io::{ErrorKind, Write},
    path::{Path, PathBuf},
    process::Stdio,
    sync::{
        OnceLock,
        atomic::{AtomicUsize, Ordering},
    },
    time::{Duration, Instant},
};

/// Upper bound of `npm ci` (about 330 MB installed, most of it downloaded on a cold cache).
const INSTALL_TIMEOUT: Duration = Duration::from_secs(900);

/// The oldest Node the clients accept (the Inspector's `engines`).
const NODE_MIN: (u32, u32) = (22, 19);

/// The directory with `tests/node` installed (`node_modules` inside), installing it first if
/// the installed package.json and lock differ from the checkout's.
pub(crate) fn node_dir() -> PathBuf {
    static DIR: OnceLock<PathBuf> = OnceLock::new();
    DIR.get_or_init(install).clone()
}

/// The Node 22 binary installed by [`node_dir`], checked to be recent enough.
pub(crate) fn node() -> PathBuf {
    static NODE: OnceLock<PathBuf> = OnceLock::new();
    NODE.get_or_init(|| {
        let node = node_dir().join("node_modules/node/bin/node");
        let output = std::process::Command::new(&node)
            .arg("--version")
            .output()
            .unwrap_or_else(|err| {
                panic!(
                    "cannot run `{}`: {err}; the npm package `node` of tests/node/package.json \
                     did not install its binary (its preinstall script must run: check npm's \
                     `allow-scripts`/`ignore-scripts` settings)",
                    node.display()
                )
            });
        let version = String::from_utf8_lossy(&output.stdout).trim().to_owned();
        let parsed = version
            .strip_prefix('v')
            .and_then(|v| {
                let mut parts = v.split('.').map(str::parse::<u32>);
                Some((parts.next()?.ok()?, parts.next()?.ok()?))
            })
            .unwrap_or_else(|| panic!("`{} --version` printed {version:?}", node.display()));
        assert!(
            output.status.success() && parsed >= NODE_MIN,
            "`{}` is Node {version}; the JavaScript clients need Node {}.{} or newer: fix the \
             `node` version in tests/node/package.json",
            node.display(),
            NODE_MIN.0,
            NODE_MIN.1
        );
        node
    })
    .clone()
}

/// The package.json of the installed npm package `package`.
fn manifest(package: &str) -> serde_json::Value {
    let path = node_dir()
        .join("node_modules")
        .join(package)
        .join("package.json");
    let text =
        std::fs::read_to_string(&path).unwrap_or_else(|err| panic!("{}: {err}", path.display()));
    serde_json::from_str(&text).unwrap_or_else(|err| panic!("{}: {err}", path.display()))
}

/// The script of `bin` of the installed npm package `package` (as its package.json's `bin`
/// names it), to run with [`node`].
pub(crate) fn package_bin(package: &str, bin: &str) -> PathBuf {
    let manifest = manifest(package);
    let script = match &manifest["bin"] {
        serde_json::Value::String(script) => Some(script.as_str()),
        serde_json::Value::Object(bins) => bins.get(bin).and_then(serde_json::Value::as_str),
        _ => None,
    }
    .unwrap_or_else(|| panic!("the npm package {package} has no bin `{bin}`"));
    node_dir().join("node_modules").join(package).join(script)
}

/// The version of the installed npm package `package`.
pub(crate) fn package_version(package: &str) -> String {
    manifest(package)["version"]
        .as_str()
        .unwrap_or_else(|| panic!("the npm package {package} has no version"))
        .to_owned()
}

/// A copy of the script `tests/node/NAME` next to the installed `node_modules`, where its
/// bare imports (`@modelcontextprotocol/sdk/…`) resolve; a command runs it with [`node`].
pub(crate) fn script_command(name: &str) -> tokio::process::Command {
    static COPIES: AtomicUsize = AtomicUsize::new(0);
    let source = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("node")
        .join(name);
    let text = std::fs::read(&source).unwrap_or_else(|err| panic!("{}: {err}", source.display()));
    let copy = node_dir().join(name);
    // Written aside and renamed, so a concurrent run never reads half a script.
    let aside = node_dir().join(format!(
        "{name}.{}-{}.tmp",
        std::process::id(),
        COPIES.fetch_add(1, Ordering::Relaxed)
    ));
    std::fs::write(&aside, text).unwrap_or_else(|err| panic!("{}: {err}", aside.display()));
    std::fs::rename(&aside, &copy).unwrap_or_else(|err| panic!("{}: {err}", copy.display()));
    let mut command = tokio::process::Command::new(node());
    command.arg(copy);
    command
}

/// A command that runs `bin` of `package` with [`node`].
pub(crate) fn package_command(package: &str, bin: &str) -> tokio::process::Command {
    let mut command = tokio::process::Command::new(node());
    command.arg(package_bin(package, bin));
    command
}

/// Installs `tests/node` into `CARGO_TARGET_TMPDIR/node` unless the stamp says it is there.
fn install() -> PathBuf {
    let source = Path::new(env!("CARGO_MANIFEST_DIR")).join("node");
    let tmp = Path::new(env!("CARGO_TARGET_TMPDIR"));
    let dir = tmp.join("node");
    let stamp = dir.join("installed.stamp");
    let read = |name: &str| {
        let path = source.join(name);
        std::fs::read_to_string(&path).unwrap_or_else(|err| panic!("{}: {err}", path.display()))
    };
    let (package, lock) = (read("package.json"), read("package-lock.json"));
    let wanted = format!("{package}\n{lock}");
    let installed = || std::fs::read_to_string(&stamp).ok().as_deref() == Some(wanted.as_str());
    // An installer removes the stamp before it starts and writes it when done, so a
    // matching stamp means a complete install.
    if installed() {
        return dir;
    }
    let _lock = InstallLock::acquire(&tmp.join("node.lock"));
    if installed() {
        return dir;
    }
    std::fs::create_dir_all(&dir).unwrap_or_else(|err| panic!("{}: {err}", dir.display()));
    match std::fs::remove_file(&stamp) {
        Err(err) if err.kind() != ErrorKind::NotFound => panic!("{}: {err}", stamp.display()),
        _ => {}
    }
    for (name, text) in [("package.json", &package), ("package-lock.json", &lock)] {
        let path = dir.join(name);
        std::fs::write(&path, text).unwrap_or_else(|err| panic!("{}: {err}", path.display()));
    }
    npm_ci(&dir);
    std::fs::write(&stamp, wanted).unwrap_or_else(|err| panic!("{}: {err}", stamp.display()));
    dir
}

/// `npm ci` in `dir`, bounded by [`INSTALL_TIMEOUT`]; its output goes into the panic message
/// if it fails.
fn npm_ci(dir: &Path) {
    let log_path = dir.join("npm-ci.log");
    let log = std::fs::File::create(&log_path)
        .unwrap_or_else(|err| panic!("{}: {err}", log_path.display()));
    let mut command = std::process::Command::new("npm");
    command
        .args(["ci", "--no-audit", "--no-fund", "--loglevel=warn"])
        .current_dir(dir)
        .stdin(Stdio::null())
        .stdout(log.try_clone().expect("the log file handle clones"))
        .stderr(log);
    #[cfg(unix)]
    std::os::unix::process::CommandExt::process_group(&mut command, 0);
    let mut child = command.spawn().unwrap_or_else(|err| {
        panic!(
            "cannot run `npm`: {err}; the Node end-to-end tests need npm 7 or newer, on any \
             Node, to install Node 22 and their JavaScript clients under the target directory \
             (Debian: `apt-get install npm`)"
        )
    });
    let deadline = Instant::now() + INSTALL_TIMEOUT;
    let status = loop {
        match child.try_wait() {
            Ok(Some(status)) => break status,
            Ok(None) if Instant::now() < deadline => std::thread::sleep(Duration::from_millis(100)),
            Ok(None) => {
                kill_group(Some(child.id()));
                let _ = child.wait();
                panic!(
                    "`npm ci` in {} did not finish within {INSTALL_TIMEOUT:?}; is the package \
                     registry reachable? Its output is in {}",
                    dir.display(),
                    log_path.display()
                );
            }
            Err(err) => panic!("waiting for `npm ci`: {err}"),
        }
    };
    let output = std::fs::read_to_string(&log_path).unwrap_or_default();
    assert!(
        status.success(),
        "`npm ci` in {} failed ({status}); the Node end-to-end tests need npm and, on first \
         run, the package registry:\n{output}",
        dir.display()
    );
}

/// A lock file, created exclusively, so one process at a time installs; removed on drop.
struct InstallLock(PathBuf);

impl InstallLock {
    /// Waits until no live process holds the lock, then takes it. A lock left by a process
    /// that died (killed mid-install) is taken over.
    fn acquire(path: &Path) -> Self {
        let deadline = Instant::now() + INSTALL_TIMEOUT + Duration::from_secs(60);
        // The holder's pid, and a nonce so a later lock of a reused pid is a different one.
        let me = format!(
            "{} {}",
            std::process::id(),
            std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .unwrap_or_default()
                .as_nanos()
        );
        loop {
            match OpenOptions::new().write(true).create_new(true).open(path) {
                Ok(mut file) => {
                    file.write_all(me.as_bytes())
                        .unwrap_or_else(|err| panic!("{}: {err}", path.display()));
                    return Self(path.to_owned());
                }
                Err(err) if err.kind() == ErrorKind::AlreadyExists => {}
                Err(err) => panic!("{}: {err}", path.display()),
            }
            // The holder writes its pid right after creating the file: an empty file is a
            // lock being taken, not a stale one.
            let holder = std::fs::read_to_string(path).unwrap_or_default();
            let holder = holder.trim();
            if let Some(pid) = holder.split(' ').next().and_then(|pid| pid.parse().ok())
                && !alive(pid)
            {
                // Stale. Of the processes that saw it, the one that creates this lock's
                // takeover marker (left in place) removes it; the others wait as before.
                let mut marker = path.as_os_str().to_owned();
                marker.push(format!(".stale-{}", holder.replace(' ', "-")));
                if OpenOptions::new()
                    .write(true)
                    .create_new(true)
                    .open(&marker)
                    .is_ok()
                {
                    let _ = std::fs::remove_file(path);
                    continue;
                }
            }
            assert!(
                Instant::now() < deadline,
                "{} is still held by process {holder}; remove it if no test is running",
                path.display()
            );
            std::thread::sleep(Duration::from_millis(200));
        }
    }
}

impl Drop for InstallLock {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.0);
    }
}

/// Whether process `pid` exists.
fn alive(pid: u32) -> bool {
    if pid == std::process::id() {
        return true;
    }
    #[cfg(unix)]
    {
        std::process::Command::new("kill")
            .args(["-0", &pid.to_string()])
            .stderr(Stdio::null())
            .status()
            .is_ok_and(|status| status.success())
    }
    #[cfg(not(unix))]
    true
}
