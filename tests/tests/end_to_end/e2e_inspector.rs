//! End-to-end tests with the MCP Inspector's command-line client (`inspector --cli`).
//!
//! Each check runs the Inspector once against the `fixture-server` binary (the example's
//! shipment tools plus the diagnostic fixtures), over stdio (the Inspector spawns the server)
//! and over Streamable HTTP (the test starts the server on a free loopback port), and reads
//! its JSON output and exit code. The prompt and resources of the fixture server are listed,
//! read and got the same way; the Inspector's `--cli` has no `completion/complete` and no
//! `resources/subscribe` (it refuses both as unsupported methods), so completions and
//! subscriptions are tested with the other clients. One more test lists the tools of the
//! example's own `shipments` binary. The Inspector and the Node 22 that runs it are installed by the test
//! itself under the target directory (see `common_node`); without npm it fails, never skips.

use std::{
    path::{Path, PathBuf},
    process::Stdio,
    time::Duration,
};

use mcp_tools_tests::{SERVER_NAME, SERVER_VERSION};
use serde_json::{Value, json};
use tokio::io::AsyncBufReadExt;

use crate::common_node;

/// Upper bound of one Inspector run (it connects within 15 s or gives up by itself).
const RUN_TIMEOUT: Duration = Duration::from_secs(120);

/// The protocol revision of `--protocol-era legacy`, the Inspector's newest before 2026.
const LEGACY_REVISION: &str = "2025-11-25";
/// The protocol revision of `--protocol-era modern`.
const MODERN_REVISION: &str = "2026-07-28";

/// Exit code of the Inspector CLI when the tool returned `isError` or does not exist.
const EXIT_TOOL_ERROR: i32 = 5;

/// Exit code of the Inspector CLI when the server answered with a JSON-RPC error.
const EXIT_ERROR: i32 = 1;

fn fixture_server() -> &'static Path {
    Path::new(env!("CARGO_BIN_EXE_fixture-server"))
}

/// The fixture server's tool names, in `tools/list` order.
fn fixture_tool_names() -> Vec<String> {
    let registry =
        mcp_tools_tests::items::registry().expect("the fixture server's registry builds");
    registry
        .tool_definitions()
        .iter()
        .map(|t| t.name.to_string())
        .collect()
}

/// The fixture server as the Inspector reaches it.
enum Server {
    /// The Inspector spawns the binary and talks over its stdin/stdout.
    Stdio(PathBuf),
    /// A server this test started, serving Streamable HTTP at `url` (killed on drop).
    Http {
        url: String,
        _process: tokio::process::Child,
    },
}

impl Server {
    fn stdio() -> Self {
        Self::Stdio(fixture_server().to_owned())
    }

    /// Starts the fixture server on a free loopback port and waits for its URL.
    async fn http() -> Self {
        let mut process = tokio::process::Command::new(fixture_server())
            .args(["--http", "127.0.0.1:0"])
            .env("RUST_LOG", "warn")
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .kill_on_drop(true)
            .spawn()
            .expect("the fixture server starts");
        let stdout = process.stdout.take().expect("stdout is piped");
        let mut line = String::new();
        tokio::time::timeout(
            RUN_TIMEOUT,
            tokio::io::BufReader::new(stdout).read_line(&mut line),
        )
        .await
        .expect("the fixture server prints its URL")
        .expect("the fixture server's stdout is readable");
        let url = line.trim().to_owned();
        assert!(
            url.starts_with("http://127.0.0.1:") && url.ends_with("/mcp"),
            "the fixture server prints its endpoint's URL first, got {url:?}"
        );
        Self::Http {
            url,
            _process: process,
        }
    }

    /// The Inspector's target arguments: the server command, or its URL.
    fn target(&self) -> Vec<String> {
        match self {
            // The server's info logs would bury the Inspector's own stderr.
            Self::Stdio(binary) => vec![
                binary.to_str().expect("a UTF-8 binary path").to_owned(),
                "-e".to_owned(),
                "RUST_LOG=warn".to_owned(),
            ],
            Self::Http { url, .. } => vec![url.clone()],
        }
    }
}

/// What one Inspector run printed, and how it exited.
struct Run {
    command: String,
    code: Option<i32>,
    stdout: String,
    stderr: String,
}

impl Run {
    /// The whole run, for failure messages.
    fn describe(&self) -> String {
        format!(
            "`{}` exited with {:?}\n--- stdout ---\n{}\n--- stderr ---\n{}",
            self.command, self.code, self.stdout, self.stderr
        )
    }

    /// Asserts the exit code.
    fn expect_code(&self, code: i32) -> &Self {
        assert_eq!(self.code, Some(code), "{}", self.describe());
        self
    }

    /// The one JSON object `--format json` prints on stdout.
    fn json(&self) -> Value {
        serde_json::from_str(&self.stdout)
            .unwrap_or_else(|err| panic!("stdout is one JSON object ({err}): {}", self.describe()))
    }

    /// The `{"error": …}` envelope the Inspector prints on stderr when it exits non-zero.
    fn error(&self) -> Value {
        let line = self
            .stderr
            .lines()
            .rev()
            .find(|line| line.starts_with(r#"{"error":"#))
            .unwrap_or_else(|| panic!("no error envelope on stderr: {}", self.describe()));
        serde_json::from_str::<Value>(line)
            .unwrap_or_else(|err| panic!("the error envelope is JSON ({err}): {line}"))["error"]
            .take()
    }
}

/// Runs `inspector --cli TARGET ARGS… --format json` against `server`.
async fn inspector(server: &Server, args: &[&str]) -> Run {
    // A throwaway home: the Inspector keeps its catalog and OAuth state in ~/.mcp-inspector.
    let home = Path::new(env!("CARGO_TARGET_TMPDIR")).join("inspector-home");
    std::fs::create_dir_all(&home).expect("the Inspector's home is writable");
    let mut command = common_node::package_command("@modelcontextprotocol/inspector", "inspector");
    command
        .arg("--cli")
        .args(server.target())
        .args(args)
        .args(["--format", "json"])
        .env("HOME", &home)
        .env("NO_COLOR", "1");
    for var in [
        "XDG_CONFIG_HOME",
        "XDG_DATA_HOME",
        "XDG_STATE_HOME",
        "XDG_CACHE_HOME",
    ] {
        command.env_remove(var);
    }
    let described = format!(
        "inspector --cli {} {}",
        server.target().join(" "),
        args.join(" ")
    );
    let output = common_node::output_of(&mut command, &format!("`{described}`"), RUN_TIMEOUT).await;
    Run {
        command: described,
        code: output.status.code(),
        stdout: String::from_utf8_lossy(&output.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&output.stderr).into_owned(),
    }
}

/// What the registry itself answers to a call, to compare with what crossed the wire.
async fn in_process(name: &str, arguments: Value) -> Value {
    let registry = mcp_tools_tests::registry().expect("the fixture registry builds");
    let result = registry
        .call(name, arguments)
        .await
        .unwrap_or_else(|err| panic!("in-process {name}: {err:?}"));
    serde_json::to_value(result).expect("a result serializes")
}

/// A call result without what differs by era and client, not by server: `resultType` (sent in
/// the 2026 era only, and left out of what the Inspector prints) and `isError: false` (which
/// a success leaves out, and some clients spell out).
fn without_envelope(mut result: Value) -> Value {
    let object = result.as_object_mut().expect("a result is an object");
    object.remove("resultType");
    if object.get("isError") == Some(&Value::Bool(false)) {
        object.remove("isError");
    }
    result
}

// --- the checks, each run over both transports ----------------------------------------------

/// `initialize` in both eras: the server's name and version, and the revision asked for.
async fn initialize(server: Server) {
    for (era, revision) in [("legacy", LEGACY_REVISION), ("modern", MODERN_REVISION)] {
        let run = inspector(&server, &["--method", "initialize", "--protocol-era", era]).await;
        let result = run.expect_code(0).json()["result"].take();
        assert_eq!(
            result["serverInfo"],
            json!({ "name": SERVER_NAME, "version": SERVER_VERSION }),
            "{era}: {}",
            run.describe()
        );
        assert_eq!(
            result["protocolVersion"],
            revision,
            "{era}: {}",
            run.describe()
        );
        assert!(
            result["capabilities"]["tools"].is_object(),
            "{era}: the server offers tools: {}",
            run.describe()
        );
    }
}

/// `tools/list` with `--strict`: every tool, in order, and no schema the Inspector deems
/// unportable (an error-severity finding exits 6); input schemas have no finding at all.
async fn tools_list(server: Server) {
    let run = inspector(&server, &["--method", "tools/list", "--strict"]).await;
    let output = run.expect_code(0).json();
    let names: Vec<&str> = output["result"]["tools"]
        .as_array()
        .unwrap_or_else(|| panic!("a tools array: {}", run.describe()))
        .iter()
        .map(|tool| tool["name"].as_str().expect("a tool has a name"))
        .collect();
    assert_eq!(names, fixture_tool_names(), "{}", run.describe());
    let findings = output
        .get("schemaFindings")
        .and_then(Value::as_array)
        .map(Vec::as_slice)
        .unwrap_or_default();
    let in_inputs: Vec<&Value> = findings
        .iter()
        .flat_map(|tool| tool["findings"].as_array().expect("findings per tool"))
        .filter(|finding| finding["schema"] != "outputSchema")
        .collect();
    assert!(
        in_inputs.is_empty(),
        "the Inspector finds input schemas it deems unportable: {in_inputs:#?}"
    );
}

/// A valid call of a read-only tool, in both eras: the result that crosses the wire is the
/// one the registry gives in process, with the shipment as structured content and the same
/// JSON as text.
async fn valid_call(server: Server) {
    let arguments = json!({ "shipment_number": "SH-2026-000001" });
    let expected = in_process("shipment_get_status", arguments.clone()).await;
    for era in ["legacy", "modern"] {
        let run = inspector(
            &server,
            &[
                "--method",
                "tools/call",
                "--tool-name",
                "shipment_get_status",
                "--tool-args-json",
                &arguments.to_string(),
                "--protocol-era",
                era,
            ],
        )
        .await;
        let result = run.expect_code(0).json()["result"].take();
        // A success leaves `isError` out (the specification's default, false).
        assert_ne!(result["isError"], true, "{era}: {}", run.describe());
        let structured = &result["structuredContent"];
        assert_eq!(
            structured["shipment_number"],
            "SH-2026-000001",
            "{}",
            run.describe()
        );
        let text = result["content"][0]["text"]
            .as_str()
            .unwrap_or_else(|| panic!("a text block: {}", run.describe()));
        assert_eq!(
            &serde_json::from_str::<Value>(text).expect("the text is JSON"),
            structured,
            "the text block mirrors structuredContent"
        );
        assert_eq!(
            without_envelope(result),
            without_envelope(expected.clone()),
            "{era}: over the wire, as in process"
        );
    }
}

/// `--tool-arg key=value` pairs, the Inspector's other way to pass arguments, coerced by the
/// tool's input schema (`limit` is an integer).
async fn tool_arg_pairs(server: Server) {
    let run = inspector(
        &server,
        &[
            "--method",
            "tools/call",
            "--tool-name",
            "shipment_search",
            "--tool-arg",
            "query=SH-2026-00000",
            "limit=2",
        ],
    )
    .await;
    let result = run.expect_code(0).json()["result"].take();
    let expected = in_process(
        "shipment_search",
        json!({ "query": "SH-2026-00000", "limit": 2 }),
    )
    .await;
    // Cursors are sealed with a key of each server process: compare all but the cursor.
    let without_cursor = |mut structured: Value| {
        let cursor = structured["next_cursor"].take();
        assert!(cursor.is_string(), "a next page: {}", run.describe());
        structured
    };
    assert_eq!(
        without_cursor(result["structuredContent"].clone()),
        without_cursor(expected["structuredContent"].clone()),
        "{}",
        run.describe()
    );
    assert_eq!(
        result["structuredContent"]["items"]
            .as_array()
            .map(Vec::len),
        Some(2),
        "{}",
        run.describe()
    );
}

/// A call with an out-of-range argument: the tool's `isError` result, which the Inspector
/// prints and turns into exit code 5.
async fn bad_argument(server: Server) {
    let run = inspector(
        &server,
        &[
            "--method",
            "tools/call",
            "--tool-name",
            "shipment_set_weight",
            "--tool-args-json",
            r#"{"shipment_number":"SH-2026-000001","weight_kg":45000}"#,
        ],
    )
    .await;
    run.expect_code(EXIT_TOOL_ERROR);
    let result = run.json()["result"].take();
    assert_eq!(
        result,
        json!({
            "_meta": { "mcp-tools/error": { "kind": "invalid_input", "retryable": false } },
            "content": [{
                "type": "text",
                "text": "invalid input: weight_kg must be at most 30000 (kg); got 45000",
            }],
            "isError": true,
        }),
        "{}",
        run.describe()
    );
    assert_eq!(run.error()["code"], "tool_is_error", "{}", run.describe());
}

/// A call of a tool the server does not list: the Inspector looks it up in `tools/list` first
/// and exits 5 without calling.
async fn unknown_tool(server: Server) {
    let run = inspector(
        &server,
        &[
            "--method",
            "tools/call",
            "--tool-name",
            "shipment_get_stats",
            "--tool-args-json",
            "{}",
        ],
    )
    .await;
    run.expect_code(EXIT_TOOL_ERROR);
    assert_eq!(
        run.error(),
        json!({
            "code": "tool_not_found",
            "message": "Tool 'shipment_get_stats' not found on server.",
        }),
        "{}",
        run.describe()
    );
}

// --- prompts and resources -------------------------------------------------------------------

/// What the fixture server lists, as the registry itself has it: (prompts, resources,
/// templates).
fn listings() -> (Value, Value, Value) {
    let registry =
        mcp_tools_tests::items::registry().expect("the fixture server's registry builds");
    let (resources, templates) = registry.resource_definitions();
    (
        serde_json::to_value(registry.prompt_definitions()).expect("prompts serialize"),
        serde_json::to_value(resources).expect("resources serialize"),
        serde_json::to_value(templates).expect("templates serialize"),
    )
}

/// `prompts/list` in both eras: the prompt, its arguments with their docs and required flags.
async fn prompts_list(server: Server) {
    let (expected, _, _) = listings();
    for era in ["legacy", "modern"] {
        let run = inspector(
            &server,
            &["--method", "prompts/list", "--protocol-era", era],
        )
        .await;
        let prompts = run.expect_code(0).json()["result"]["prompts"].take();
        assert_eq!(prompts, expected, "{era}: {}", run.describe());
        assert_eq!(
            prompts[0]["name"],
            "shipment_delay_notice",
            "{}",
            run.describe()
        );
        assert_eq!(
            prompts[0]["arguments"],
            json!([
                {
                    "name": "shipment_number",
                    "description": "The late shipment, like `SH-2026-000042`.",
                    "required": true,
                },
                {
                    "name": "days_late",
                    "description": "How many days late it will arrive, if known.",
                    "required": false,
                },
            ]),
            "{era}: {}",
            run.describe()
        );
    }
}

/// `resources/list` and `resources/templates/list` in both eras: the fixed resource and the
/// template, with their MIME types.
async fn resources_list(server: Server) {
    let (_, resources, templates) = listings();
    for era in ["legacy", "modern"] {
        let run = inspector(
            &server,
            &["--method", "resources/list", "--protocol-era", era],
        )
        .await;
        let listed = run.expect_code(0).json()["result"]["resources"].take();
        assert_eq!(listed, resources, "{era}: {}", run.describe());
        assert_eq!(
            (&listed[0]["uri"], &listed[0]["mimeType"]),
            (
                &json!("policy://shipping/handling"),
                &json!("text/markdown")
            ),
            "{}",
            run.describe()
        );
        let run = inspector(
            &server,
            &[
                "--method",
                "resources/templates/list",
                "--protocol-era",
                era,
            ],
        )
        .await;
        let listed = run.expect_code(0).json()["result"]["resourceTemplates"].take();
        assert_eq!(listed, templates, "{era}: {}", run.describe());
        assert_eq!(
            (&listed[0]["uriTemplate"], &listed[0]["mimeType"]),
            (
                &json!("notes://shipments/{shipment_number}"),
                &json!("text/plain")
            ),
            "{}",
            run.describe()
        );
    }
}

/// `resources/read` of the fixed resource (legacy era) and of a template's resource (modern
/// era); an unknown URI and a `..` variable are errors that name what was refused.
async fn resources_read(server: Server) {
    let run = inspector(
        &server,
        &[
            "--method",
            "resources/read",
            "--uri",
            "policy://shipping/handling",
        ],
    )
    .await;
    assert_eq!(
        run.expect_code(0).json()["result"]["contents"],
        json!([{
            "uri": "policy://shipping/handling",
            "mimeType": "text/markdown",
            "text": mcp_tools_tests::items::HANDLING_POLICY,
        }]),
        "{}",
        run.describe()
    );
    let uri = "notes://shipments/SH-2026-000042";
    let run = inspector(
        &server,
        &[
            "--method",
            "resources/read",
            "--uri",
            uri,
            "--protocol-era",
            "modern",
        ],
    )
    .await;
    assert_eq!(
        run.expect_code(0).json()["result"]["contents"],
        json!([{
            "uri": uri,
            "mimeType": "text/plain",
            "text": "no notes on SH-2026-000042 yet; add one with `shipment_add_note`",
        }]),
        "{}",
        run.describe()
    );
    // The Inspector prints the server's message, not its code or data.
    let unknown = "policy://shipping/returns";
    let run = inspector(&server, &["--method", "resources/read", "--uri", unknown]).await;
    assert_eq!(
        run.expect_code(EXIT_ERROR).error(),
        json!({
            "code": "error",
            "message": format!(
                "no resource `{unknown}`; resources/list and resources/templates/list name them"
            ),
        }),
        "{}",
        run.describe()
    );
    let climbing = "notes://shipments/..%2F..%2Fetc%2Fpasswd";
    let run = inspector(&server, &["--method", "resources/read", "--uri", climbing]).await;
    let message = run.expect_code(EXIT_ERROR).error()["message"].take();
    assert!(
        message
            .as_str()
            .is_some_and(|m| m
                .contains("`shipment_number` holds a `..` segment, which this resource refuses")),
        "{}",
        run.describe()
    );
}

/// `prompts/get` in both eras: the arguments substituted (`days_late` parsed from its
/// string); without the required argument, an error naming it.
async fn prompts_get(server: Server) {
    for era in ["legacy", "modern"] {
        let run = inspector(
            &server,
            &[
                "--method",
                "prompts/get",
                "--prompt-name",
                "shipment_delay_notice",
                "--prompt-args",
                "shipment_number=SH-2026-000042",
                "days_late=3",
                "--protocol-era",
                era,
            ],
        )
        .await;
        assert_eq!(
            run.expect_code(0).json()["result"]["messages"],
            json!([{ "role": "user", "content": { "type": "text", "text":
                "Write a short apology to the recipient of shipment SH-2026-000042: it will \
                 arrive 3 days later than promised. Offer to re-route it to a nearer depot, and \
                 do not promise a new date." } }]),
            "{era}: {}",
            run.describe()
        );
    }
    let run = inspector(
        &server,
        &[
            "--method",
            "prompts/get",
            "--prompt-name",
            "shipment_delay_notice",
            "--prompt-args",
            "days_late=3",
        ],
    )
    .await;
    assert_eq!(
        run.expect_code(EXIT_ERROR).error()["message"],
        "invalid arguments for prompt `shipment_delay_notice`:\nmissing required argument \
         `shipment_number`",
        "{}",
        run.describe()
    );
}

/// One test per check and transport: `stdio::NAME` and `streamable_http::NAME`.
macro_rules! over_both_transports {
    ($($check:ident),* $(,)?) => {
        mod stdio {
            $(
                #[tokio::test]
                async fn $check() {
                    super::$check(super::Server::stdio()).await;
                }
            )*
        }
        mod streamable_http {
            $(
                #[tokio::test]
                async fn $check() {
                    super::$check(super::Server::http().await).await;
                }
            )*
        }
    };
}

over_both_transports!(
    initialize,
    tools_list,
    valid_call,
    tool_arg_pairs,
    bad_argument,
    unknown_tool,
    prompts_list,
    resources_list,
    resources_read,
    prompts_get,
);

// --- the example's own binary ---------------------------------------------------------------

/// The example's `shipments` binary, built next to the fixture server (Cargo gives tests the
/// paths of their own package's binaries only; a no-op when it is up to date).
async fn shipments_binary() -> PathBuf {
    let fixture = fixture_server();
    let profile_dir = fixture.parent().expect("binaries live in a directory");
    let binary = profile_dir.join(format!("shipments{}", std::env::consts::EXE_SUFFIX));
    let target_dir = profile_dir
        .parent()
        .expect("the profile directory lives in the target directory");
    let profile = match profile_dir.file_name().and_then(|n| n.to_str()) {
        Some("debug") => "dev",
        Some(profile) => profile,
        None => panic!("the profile directory has a name"),
    };
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let mut build = tokio::process::Command::new(cargo);
    build
        .args([
            "build",
            "--quiet",
            "-p",
            "mcp-tools-examples",
            "--bin",
            "shipments",
        ])
        .args(["--profile", profile])
        .arg("--target-dir")
        .arg(target_dir)
        .current_dir(env!("CARGO_MANIFEST_DIR"));
    let output = common_node::output_of(
        &mut build,
        "cargo build -p mcp-tools-examples",
        Duration::from_secs(900),
    )
    .await;
    assert!(
        output.status.success(),
        "cargo build -p mcp-tools-examples --bin shipments failed:\n{}",
        String::from_utf8_lossy(&output.stderr)
    );
    binary
}

/// The `shipments` server over stdio, legacy era: its name, and the example's tools.
#[tokio::test]
async fn the_shipments_binary_lists_the_example_tools() {
    let server = Server::Stdio(shipments_binary().await);
    let run = inspector(&server, &["--method", "initialize"]).await;
    assert_eq!(
        run.expect_code(0).json()["result"]["serverInfo"]["name"],
        "shipments",
        "{}",
        run.describe()
    );
    let run = inspector(&server, &["--method", "tools/list"]).await;
    let output = run.expect_code(0).json();
    let names: Vec<&str> = output["result"]["tools"]
        .as_array()
        .unwrap_or_else(|| panic!("a tools array: {}", run.describe()))
        .iter()
        .map(|tool| tool["name"].as_str().expect("a tool has a name"))
        .collect();
    let registry = mcp_tools_examples::registry().expect("the example registry builds");
    let expected: Vec<&str> = registry
        .tool_definitions()
        .iter()
        .map(|t| t.name.as_ref())
        .collect();
    assert_eq!(names, expected, "{}", run.describe());
}
