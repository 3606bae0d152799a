//! End-to-end test with the official MCP Python SDK as the client.
//!
//! Runs `tests/python/client_e2e.py` against the `fixture-server` binary, over stdio and
//! Streamable HTTP, with the SDK's legacy handshake and its automatic negotiation. The SDK
//! must be installed (`python3 -m pip install -r tests/python/requirements.txt`; `.ci/run`
//! does it): without it this test fails, it never skips. `PYTHON` names another interpreter.

use std::{process::Stdio, time::Duration};

use mcp_tools_tests::{SERVER_NAME, SERVER_VERSION};

/// The whole script: four connections, ten checks each, every check bounded on its own.
const SCRIPT_TIMEOUT: Duration = Duration::from_secs(600);

fn python() -> String {
    std::env::var("PYTHON").unwrap_or_else(|_| "python3".to_owned())
}

/// Runs `command` to completion, or kills it, with everything it started, after
/// [`SCRIPT_TIMEOUT`].
async fn output_of(command: &mut tokio::process::Command, what: &str) -> std::process::Output {
    command
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .kill_on_drop(true);
    // Its own process group, so the servers the script starts can be killed with it.
    #[cfg(unix)]
    command.process_group(0);
    let child = command
        .spawn()
        .unwrap_or_else(|err| panic!("cannot run {what}: {err}"));
    let pid = child.id();
    let Ok(finished) = tokio::time::timeout(SCRIPT_TIMEOUT, child.wait_with_output()).await else {
        kill_group(pid);
        panic!("{what} did not finish within {SCRIPT_TIMEOUT:?}");
    };
    finished.unwrap_or_else(|err| panic!("{what} failed: {err}"))
}

/// Kills the process group led by `pid` (the script and the servers it started).
fn kill_group(pid: Option<u32>) {
    #[cfg(unix)]
    if let Some(pid) = pid {
        let _ = std::process::Command::new("kill")
            .args(["-KILL", "--", &format!("-{pid}")])
            .status();
    }
    #[cfg(not(unix))]
    let _ = pid;
}

#[tokio::test]
async fn the_python_sdk_client_passes_every_check() {
    let python = python();
    let probe = output_of(
        tokio::process::Command::new(&python).args([
            "-c",
            "import importlib.metadata as m, mcp; print(m.version('mcp'))",
        ]),
        &format!("`{python}`"),
    )
    .await;
    assert!(
        probe.status.success(),
        "the official MCP Python SDK is not importable by `{python}`; install it with \
         `{python} -m pip install -r tests/python/requirements.txt` (the `mcp` package), or set \
         PYTHON to an interpreter that has it:\n{}",
        String::from_utf8_lossy(&probe.stderr)
    );
    let sdk_version = String::from_utf8_lossy(&probe.stdout).trim().to_owned();

    let registry = mcp_tools_tests::registry().expect("the fixture registry builds");
    let tools: Vec<&str> = registry
        .tool_definitions()
        .iter()
        .map(|t| t.name.as_ref())
        .collect();
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/python/client_e2e.py");
    let output = output_of(
        tokio::process::Command::new(&python)
            .arg(script)
            .arg(env!("CARGO_BIN_EXE_fixture-server"))
            .arg("--expect-server")
            .arg(format!("{SERVER_NAME}/{SERVER_VERSION}"))
            .arg("--expect-tools")
            .arg(tools.join(","))
            .env("PYTHONUNBUFFERED", "1")
            .env("RUST_BACKTRACE", "0"),
        "the Python client",
    )
    .await;
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    println!("mcp (Python SDK) {sdk_version}\n{stdout}");
    if !stderr.trim().is_empty() {
        println!("--- stderr ---\n{stderr}");
    }
    assert!(
        output.status.success(),
        "the Python client reported failures ({})",
        output.status
    );
    let summary = stdout.lines().last().unwrap_or_default();
    assert_eq!(
        summary, "python-e2e: 40 passed, 0 failed",
        "the closing line counts every check"
    );
}
