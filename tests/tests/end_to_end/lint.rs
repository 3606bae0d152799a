//! `mcp-tools-lint` end to end, on real published servers the test installs itself: the
//! reference filesystem server from npm (run by the Node 22 of `tests/node`) and the
//! reference git server from the Python package index (in the venv of `tests/python/requirements.txt`), both
//! over stdio, and the fixture server over Streamable HTTP.
//!
//! A live server's reports must be the reports of its saved listing in the corpus (the same
//! version, collected the same way): what the linter reads over a transport is what the
//! server publishes. The output formats are parsed back, SARIF against its required shape,
//! and the exit code follows the levels and the settings file.

use std::{
    path::{Path, PathBuf},
    process::Stdio,
    time::Duration,
};

use serde_json::Value;
use tokio::io::AsyncBufReadExt as _;

use crate::{
    common_node::{node, package_bin},
    e2e_python::python,
    e2e_rmcp::{fixture_server, workspace_binary},
};

/// A server's start (npx-free, but Node and Python start slowly on a loaded machine) and
/// its listing.
const RUN_TIMEOUT: Duration = Duration::from_secs(180);

/// What one run printed, and how it exited.
struct Run {
    code: i32,
    stdout: String,
    stderr: String,
}

impl Run {
    fn json(&self) -> Value {
        serde_json::from_str(&self.stdout)
            .unwrap_or_else(|e| panic!("not JSON ({e}):\n{}\n{}", self.stdout, self.stderr))
    }
}

async fn linter() -> PathBuf {
    workspace_binary("mcp-tools-lint", "mcp-tools-lint").await
}

async fn lint(args: &[&str], dir: &Path) -> Run {
    let output = tokio::process::Command::new(linter().await)
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::null())
        .kill_on_drop(true)
        .output();
    let output = tokio::time::timeout(RUN_TIMEOUT, output)
        .await
        .expect("mcp-tools-lint ends within its timeout")
        .expect("mcp-tools-lint runs");
    Run {
        code: output.status.code().unwrap_or(-1),
        stdout: String::from_utf8_lossy(&output.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&output.stderr).into_owned(),
    }
}

/// A fresh directory under the target directory.
fn scratch(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join("lint")
        .join(format!("{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a scratch directory");
    dir
}

fn corpus_file(server: &str) -> String {
    format!(
        "{}/corpus/servers/{server}.json",
        env!("CARGO_MANIFEST_DIR")
    )
}

/// The reports of a JSON run, without the source they name.
fn reports(run: &Run) -> Vec<Value> {
    run.json()["reports"]
        .as_array()
        .unwrap_or_else(|| panic!("no reports in {}", run.stdout))
        .clone()
}

/// The reports of `live` are those of the saved listing of `server`, and so is the exit.
async fn assert_lints_as_saved(server: &str, live: &[&str], dir: &Path) {
    let mut args = vec!["--format", "json", "--"];
    args.extend(live);
    let live = lint(&args, dir).await;
    let saved = lint(&["--format", "json", &corpus_file(server)], dir).await;
    assert!(
        matches!(live.code, 0 | 1),
        "linting the live {server} server failed (exit {}):\n{}",
        live.code,
        live.stderr
    );
    let (live_reports, saved_reports) = (reports(&live), reports(&saved));
    assert!(
        !saved_reports.is_empty(),
        "the saved {server} listing has reports"
    );
    assert_eq!(
        live_reports, saved_reports,
        "the live {server} server is not linted as its saved listing"
    );
    assert_eq!(live.json()["tools"], saved.json()["tools"]);
    assert_eq!(live.code, saved.code);
}

#[tokio::test]
async fn the_npm_filesystem_server_over_stdio() {
    let dir = scratch("filesystem");
    let node = node();
    let script = package_bin(
        "@modelcontextprotocol/server-filesystem",
        "mcp-server-filesystem",
    );
    let allowed = dir.join("allowed");
    std::fs::create_dir_all(&allowed).expect("an allowed directory");
    assert_lints_as_saved(
        "filesystem",
        &[
            node.to_str().expect("a UTF-8 path"),
            script.to_str().expect("a UTF-8 path"),
            allowed.to_str().expect("a UTF-8 path"),
        ],
        &dir,
    )
    .await;
}

#[tokio::test]
async fn the_pypi_git_server_over_stdio() {
    let dir = scratch("git");
    let repo = dir.join("repo");
    let init = std::process::Command::new("git")
        .args(["init", "--quiet"])
        .arg(&repo)
        .status()
        .expect("git runs");
    assert!(init.success(), "git init");
    let python = python();
    assert_lints_as_saved(
        "git",
        &[
            &python,
            "-m",
            "mcp_server_git",
            "--repository",
            repo.to_str().expect("a UTF-8 path"),
        ],
        &dir,
    )
    .await;
}

/// The fixture server over Streamable HTTP is linted as it is over stdio.
#[tokio::test]
async fn a_server_over_streamable_http() {
    let dir = scratch("http");
    let mut server = tokio::process::Command::new(fixture_server())
        .args(["--http", "127.0.0.1:0"])
        .env("RUST_LOG", "warn")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .kill_on_drop(true)
        .spawn()
        .expect("the fixture server starts");
    let stdout = server.stdout.take().expect("stdout is piped");
    let mut url = String::new();
    tokio::time::timeout(
        RUN_TIMEOUT,
        tokio::io::BufReader::new(stdout).read_line(&mut url),
    )
    .await
    .expect("the fixture server prints its URL")
    .expect("its stdout is readable");
    let over_http = lint(&["--format", "json", "--http", url.trim()], &dir).await;
    let fixture = fixture_server();
    let over_stdio = lint(
        &[
            "--format",
            "json",
            "--",
            fixture.to_str().expect("a UTF-8 path"),
        ],
        &dir,
    )
    .await;
    assert!(matches!(over_http.code, 0 | 1), "{}", over_http.stderr);
    assert!(over_http.json()["tools"].as_u64() > Some(0));
    assert_eq!(reports(&over_http), reports(&over_stdio));
    assert_eq!(over_http.code, over_stdio.code);

    let nobody = lint(
        &["--http", "http://127.0.0.1:9/mcp", "--timeout", "20"],
        &dir,
    )
    .await;
    assert_eq!(nobody.code, 2, "no server: {}", nobody.stderr);
    assert!(
        nobody.stderr.contains("http://127.0.0.1:9/mcp"),
        "the error names the URL: {}",
        nobody.stderr
    );
}

/// Human, JSON and SARIF name the same reports; the settings file and `--strict` change
/// the levels and so the exit code.
#[tokio::test]
async fn formats_settings_and_exit_codes() {
    let dir = scratch("formats");
    let git = corpus_file("git");
    let json = lint(&["--format", "json", &git], &dir).await;
    let reports = reports(&json);
    let errors = reports.iter().filter(|r| r["level"] == "error").count();
    assert!(errors > 0 && json.code == 1, "git's listing has errors");
    assert!(reports.iter().any(|r| r["rule"] == "path_format"
        && r["tool"] == "git_status"
        && r["pointer"] == "/tools/0/inputSchema/properties/repo_path"));

    let human = lint(&[&git], &dir).await;
    assert_eq!(human.code, 1);
    assert_eq!(
        human.stdout.matches("\nerror: ").count()
            + usize::from(human.stdout.starts_with("error: ")),
        errors
    );
    assert!(human.stdout.contains("= help: "), "{}", human.stdout);
    assert!(human.stdout.contains("[rule: path_format]"));
    assert!(
        human
            .stdout
            .contains("#/tools/0/inputSchema/properties/repo_path (git_status)")
    );
    assert!(human.stdout.trim_end().ends_with(&format!(
        "12 tools, {errors} errors, {} warnings",
        reports.len() - errors
    )));

    let sarif = lint(&["--format", "sarif", &git], &dir).await.json();
    assert_eq!(sarif["version"], "2.1.0");
    let run = &sarif["runs"][0];
    assert_eq!(run["tool"]["driver"]["name"], "mcp-tools-lint");
    let results = run["results"].as_array().expect("results");
    assert_eq!(results.len(), reports.len());
    for result in results {
        let index = result["ruleIndex"].as_u64().expect("a rule index") as usize;
        assert_eq!(
            run["tool"]["driver"]["rules"][index]["id"],
            result["ruleId"]
        );
        assert!(matches!(
            result["level"].as_str(),
            Some("error" | "warning")
        ));
        let location = &result["locations"][0]["physicalLocation"];
        assert_eq!(location["artifactLocation"]["uri"], git.as_str());
        assert!(location["region"]["startLine"].as_u64() > Some(1));
    }

    // Waive the errors: the path rule for every tool, the bound on `git_log`'s count.
    std::fs::write(
        dir.join("mcp-tools-lint.toml"),
        "[rules]\npath_format = \"allow\"\n\n[tools.git_log]\nallow = [\"bounded_limit\"]\n",
    )
    .expect("a settings file");
    let waived = lint(&["--format", "json", &git], &dir).await;
    assert_eq!(waived.code, 0, "{}", waived.stdout);
    assert!(
        self::reports(&waived)
            .iter()
            .all(|r| r["level"] == "warning"),
        "{}",
        waived.stdout
    );
    let strict = lint(&["--strict", &git], &dir).await;
    assert_eq!(strict.code, 1, "--strict makes the warnings errors");

    std::fs::write(
        dir.join("mcp-tools-lint.toml"),
        "[rules]\npath_fromat = \"allow\"\n",
    )
    .expect("a settings file");
    let typo = lint(&[&git], &dir).await;
    assert_eq!(typo.code, 2);
    assert!(
        typo.stderr.contains("did you mean `path_format`"),
        "{}",
        typo.stderr
    );

    std::fs::remove_file(dir.join("mcp-tools-lint.toml")).expect("the settings file");
    let missing = lint(&["no-such-file.json"], &dir).await;
    assert_eq!(missing.code, 2);
    assert!(
        missing.stderr.contains("no-such-file.json"),
        "{}",
        missing.stderr
    );
}

/// A saved listing with tools and prompts: the prompts are judged by the prompt rules and
/// named in every format at their pointers, count in the exit code, and take waivers of
/// their own.
#[tokio::test]
async fn prompts_in_every_format() {
    let dir = scratch("prompts");
    let listing = serde_json::json!({
        "tools": [{
            "name": "get_time",
            "description": "Get the current time in a time zone, as an ISO 8601 date-time.",
            "inputSchema": {"type": "object", "properties": {
                "timezone": {"type": "string", "description": "IANA time zone, e.g. Europe/Paris"}
            }},
            "annotations": {"readOnlyHint": true}
        }],
        "prompts": [
            {"name": "integrate-percy",
             "arguments": [{"name": "project_name", "description": "The project to integrate", "required": true}]},
            {"name": "create_reply", "description": "Draft a reply to a help desk ticket in the customer's language.",
             "arguments": [{"name": "ticket_ref", "required": true}]}
        ]
    });
    let file = dir.join("listing.json");
    std::fs::write(&file, serde_json::to_string_pretty(&listing).expect("JSON"))
        .expect("a listing file");
    let file = file.to_str().expect("a UTF-8 path");

    let json = lint(&["--format", "json", file], &dir).await;
    assert_eq!(
        json.code, 1,
        "a prompt's error fails the run: {}",
        json.stdout
    );
    assert_eq!(json.json()["tools"], 1);
    assert_eq!(json.json()["prompts"], 2);
    let found: Vec<(String, String, String, String)> = reports(&json)
        .iter()
        .map(|r| {
            let s = |k: &str| r[k].as_str().unwrap_or_default().to_owned();
            (s("prompt"), s("rule"), s("level"), s("pointer"))
        })
        .collect();
    let expected = [
        (
            "integrate-percy",
            "description_required",
            "error",
            "/prompts/0/description",
        ),
        (
            "create_reply",
            "param_description_required",
            "warning",
            "/prompts/1/arguments/0/description",
        ),
    ]
    .map(|(p, r, l, at)| (p.to_owned(), r.to_owned(), l.to_owned(), at.to_owned()));
    assert_eq!(found, expected, "{}", json.stdout);
    assert!(
        reports(&json)[0]["message"]
            .as_str()
            .is_some_and(|m| m.starts_with("prompt `integrate-percy` has no description")),
        "{}",
        json.stdout
    );

    let human = lint(&[file], &dir).await;
    assert_eq!(human.code, 1);
    assert!(
        human
            .stdout
            .contains("#/prompts/1/arguments/0/description (prompt create_reply)"),
        "{}",
        human.stdout
    );
    assert!(
        human
            .stdout
            .trim_end()
            .ends_with("1 tool, 2 prompts, 1 error, 1 warning"),
        "{}",
        human.stdout
    );

    let sarif = lint(&["--format", "sarif", file], &dir).await.json();
    let run = &sarif["runs"][0];
    assert_eq!(run["properties"]["prompts"], 2);
    let results = run["results"].as_array().expect("results");
    assert_eq!(results.len(), 2);
    let text = std::fs::read_to_string(file).expect("the listing");
    let line_of = |needle: &str| {
        text.lines()
            .position(|l| l.contains(needle))
            .map(|i| i as u64 + 1)
    };
    for (result, name) in results.iter().zip(["integrate-percy", "create_reply"]) {
        let location = &result["locations"][0];
        assert_eq!(location["logicalLocations"][0]["name"], name);
        assert_eq!(
            location["physicalLocation"]["region"]["startLine"].as_u64(),
            line_of(&format!("\"name\": \"{name}\"")),
            "the line of the prompt's name"
        );
    }
    assert_eq!(
        results[1]["locations"][0]["logicalLocations"][0]["fullyQualifiedName"],
        "/prompts/1/arguments/0/description"
    );

    std::fs::write(
        dir.join("mcp-tools-lint.toml"),
        "[prompts.integrate-percy]\nallow = [\"description_required\"]\n",
    )
    .expect("a settings file");
    let waived = lint(&["--format", "json", file], &dir).await;
    assert_eq!(waived.code, 0, "{}", waived.stdout);
    assert_eq!(reports(&waived).len(), 1);
}

/// A live stdio server that announces prompts (the Python SDK's, from a script the test
/// writes): its prompts are listed and judged beside its tools.
#[tokio::test]
async fn a_live_server_s_prompts_over_stdio() {
    let dir = scratch("live-prompts");
    let script = dir.join("server.py");
    std::fs::write(
        &script,
        r#"from mcp.server.mcpserver import MCPServer

server = MCPServer("prompts-fixture")


@server.prompt(name="draftReply")
def draft_reply(ticket: str) -> str:
    return f"Draft a reply to ticket {ticket}."


@server.prompt()
def summarize_thread(thread_url: str) -> str:
    """Summarize a support thread for the agent who takes it over next."""
    return f"Summarize the thread at {thread_url}."


server.run()
"#,
    )
    .expect("a server script");
    let python = python();
    let run = lint(
        &[
            "--format",
            "json",
            "--",
            &python,
            script.to_str().expect("a UTF-8 path"),
        ],
        &dir,
    )
    .await;
    assert_eq!(run.code, 1, "{}\n{}", run.stdout, run.stderr);
    assert_eq!(run.json()["prompts"], 2, "{}", run.stdout);
    let found: Vec<(String, String)> = reports(&run)
        .iter()
        .map(|r| {
            (
                r["rule"].as_str().unwrap_or_default().to_owned(),
                r["pointer"].as_str().unwrap_or_default().to_owned(),
            )
        })
        .collect();
    assert_eq!(
        found,
        [
            ("name_style", "/prompts/0/name"),
            ("description_required", "/prompts/0/description"),
            (
                "param_description_required",
                "/prompts/0/arguments/0/description"
            ),
        ]
        .map(|(r, p)| (r.to_owned(), p.to_owned())),
        "{}",
        run.stdout
    );
}
