//! End-to-end test with the official MCP Python SDK as the client.
//!
//! Runs `tests/python/client_e2e.py` against the `fixture-server` binary, over stdio and
//! Streamable HTTP, with the SDK's legacy handshake and its automatic negotiation: the tools,
//! then the prompt and resources, completions, and the update a subscriber hears after a tool
//! changes a resource (`resources/subscribe` under 2025-11-25, `subscriptions/listen` under
//! 2026-07-28). The test provisions the SDK itself: on first run it makes a virtual
//! environment under the target directory and installs `tests/python/requirements.txt` into
//! it (`python3` and its `venv` module must exist; the failure says so). `PYTHON` names an
//! interpreter that already has the SDK instead. Without the SDK this test fails, it never
//! skips.

use crate::common_process;

use std::time::Duration;

use common_process::{assert_script_passed, output_of};

use mcp_tools_tests::{SERVER_NAME, SERVER_VERSION};

/// The whole script: four connections, seventeen checks each, every check bounded on its own.
const SCRIPT_TIMEOUT: Duration = Duration::from_secs(600);

/// The interpreter with the SDK: `PYTHON`, or the test's own virtual environment, made and
/// filled on first use.
pub(crate) fn python() -> String {
    if let Ok(python) = std::env::var("PYTHON") {
        return python;
    }
    let venv = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("python-venv");
    let python = venv.join("bin").join("python");
    let requirements = concat!(env!("CARGO_MANIFEST_DIR"), "/python/requirements.txt");
    // The requirements as installed, so a change to the file installs again.
    let stamp = venv.join("requirements.installed");
    let wanted = std::fs::read_to_string(requirements).expect("tests/python/requirements.txt");
    if std::fs::read_to_string(&stamp).ok().as_deref() != Some(wanted.as_str()) {
        let run = |program: &std::path::Path, args: &[&str]| {
            let status = std::process::Command::new(program)
                .args(args)
                .status()
                .unwrap_or_else(|err| {
                    panic!(
                        "cannot run `{}`: {err}; the Python end-to-end test needs python3 with \
                         its venv module (Debian: `apt-get install python3-venv`), or PYTHON set \
                         to an interpreter that has the `mcp` package",
                        program.display()
                    )
                });
            assert!(
                status.success(),
                "`{} {}` failed; the Python end-to-end test needs python3 with its venv module \
                 and the package registry, or PYTHON set to an interpreter that has `mcp`",
                program.display(),
                args.join(" ")
            );
        };
        if !python.exists() {
            run(
                std::path::Path::new("python3"),
                &["-m", "venv", venv.to_str().expect("a UTF-8 target path")],
            );
        }
        run(
            &python,
            &[
                "-m",
                "pip",
                "install",
                "--quiet",
                "--disable-pip-version-check",
                "-r",
                requirements,
            ],
        );
        std::fs::write(&stamp, wanted).expect("the venv's stamp is writable");
    }
    python.to_str().expect("a UTF-8 target path").to_owned()
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
        SCRIPT_TIMEOUT,
    )
    .await;
    assert!(
        probe.status.success(),
        "the official MCP Python SDK is not importable by `{python}`; unset PYTHON to let the \
         test install it, or install it there with \
         `{python} -m pip install -r tests/python/requirements.txt`:\n{}",
        String::from_utf8_lossy(&probe.stderr)
    );
    let sdk_version = String::from_utf8_lossy(&probe.stdout).trim().to_owned();

    let registry =
        mcp_tools_tests::items::registry().expect("the fixture server's registry builds");
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
        SCRIPT_TIMEOUT,
    )
    .await;
    println!("mcp (Python SDK) {sdk_version}");
    assert_script_passed(
        &output,
        "the Python client",
        "python-e2e: 68 passed, 0 failed",
    );
    // Each HTTP connection ends its session with a DELETE; the SDK warns unless it gets 200
    // or 204.
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        !stderr.contains("Session termination failed"),
        "the Python SDK did not take the answer to its DELETE:\n{stderr}"
    );
}
