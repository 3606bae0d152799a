//! Running a client script or CLI to completion, bounded, with everything it started, and
//! checking the summary line it ends with; shared by the Python and Node end-to-end tests.

// Each test binary that includes this module uses its own subset of it.
#![allow(dead_code)]

use std::{process::Stdio, time::Duration};

/// Runs `command` to completion with no stdin, or kills it, with everything it started (a
/// stdio server, say), after `timeout`.
pub(crate) async fn output_of(
    command: &mut tokio::process::Command,
    what: &str,
    timeout: Duration,
) -> std::process::Output {
    command
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .kill_on_drop(true);
    // Its own process group, so the servers it starts can be killed with it.
    #[cfg(unix)]
    command.process_group(0);
    let child = command
        .spawn()
        .unwrap_or_else(|err| panic!("cannot run {what}: {err}"));
    let pid = child.id();
    let Ok(finished) = tokio::time::timeout(timeout, child.wait_with_output()).await else {
        kill_group(pid);
        panic!("{what} did not finish within {timeout:?}");
    };
    finished.unwrap_or_else(|err| panic!("{what} failed: {err}"))
}

/// Kills the process group led by `pid`.
pub(crate) fn kill_group(pid: Option<u32>) {
    #[cfg(unix)]
    if let Some(pid) = pid {
        let _ = std::process::Command::new("kill")
            .args(["-KILL", "--", &format!("-{pid}")])
            .status();
    }
    #[cfg(not(unix))]
    let _ = pid;
}

/// Prints a client script's output and asserts it succeeded and that its last line is
/// `summary` (the count of every check, so a check that silently did not run fails too).
pub(crate) fn assert_script_passed(output: &std::process::Output, client: &str, summary: &str) {
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    println!("{stdout}");
    if !stderr.trim().is_empty() {
        println!("--- stderr ---\n{stderr}");
    }
    assert!(
        output.status.success(),
        "{client} reported failures ({})",
        output.status
    );
    assert_eq!(
        stdout.lines().last().unwrap_or_default(),
        summary,
        "the closing line counts every check"
    );
}
