//! The design rules against real MCP servers.
//!
//! Every tool of every server in `tests/corpus/servers/*.json` (its `tools/list` entries as
//! published) is ported as a `#[tool]` fn, the way a user porting that server would write
//! it: the description as the doc comment, the title and annotations as `#[tool]` keys, each
//! property of the input schema as a documented parameter with its type and bounds, and
//! every wire name exactly as published (`corpus/generate.rs` says how). Servers whose tools
//! all share a first word (`browser_*`) get it as their namespace; the others keep their
//! published names and allow `namespace_required` in their Cargo.toml, as a port would.
//! One crate per server, all built by one `cargo check` in a generated workspace under
//! `target/tmp/corpus/` (dependencies are built once, in `target/tmp/corpus-target/`).
//!
//! Every rule report (error or warning) is compared with `tests/corpus/expected.txt`, one
//! reviewed line per report:
//!
//! ```text
//! agree error filesystem/read_file param_description_required "path" # no doc: which path?
//! ```
//!
//! The test fails when a report has no line (a rule change added a report: review it), a
//! line has no report (if it was `agree`, a rule lost a real flaw), a level differs, a line
//! is still `unreviewed`, or fewer than 90% of the judged error-level reports are `agree`.
//! `missed` lines record real flaws no rule reports; when a report finds one, the test says
//! so. Anything else the compiler says fails the test too: the ports must be valid code.
//! The per-rule table is printed (`-- --nocapture`) and written to
//! `target/tmp/corpus/precision.md`.
//!
//! **Bless** after a rule change or a new server:
//!
//! ```sh
//! MCP_TOOLS_BLESS_CORPUS=1 cargo test -p mcp-tools-tests --test corpus -- --nocapture
//! ```
//!
//! It rewrites `expected.txt`: lines whose report still exists keep their verdict and note
//! (at the report's level), new reports are added as `unreviewed`, `missed` lines stay (or
//! become `agree` once a report finds them), and lines whose report is gone are dropped and
//! printed. **Review** then means replacing each `unreviewed` with `agree` (a careful
//! reviewer agrees it would make an agent stumble) or `disagree` (a false report), with a
//! note after `#` saying why; the test passes once nothing is `unreviewed`.

#[allow(
    dead_code,
    reason = "shared with crate_config.rs, which uses all of it"
)]
mod common_crates;
#[path = "corpus/expected.rs"]
mod expected;
#[path = "corpus/generate.rs"]
mod generate;
#[path = "corpus/idents.rs"]
mod idents;
#[path = "corpus/precision.rs"]
mod precision;

use std::{fmt::Write as _, fs, path::Path};

use common_crates::{Build, REPO, TMP, Workspace};
use expected::{Expected, Key, Report, Verdict};
use generate::{Port, Server};

/// The least share of judged error-level reports that must be `agree`.
const MIN_ERROR_PRECISION: f64 = 0.90;

/// The generator's own test server, built with the corpus so that its odd cases are proven
/// to compile; its reports are not compared.
const EDGE_CASES: &str = "generator-edge-cases";
const EDGE_CASES_FILE: &str = "tests/tests/corpus/edge_cases.json";

/// Characters of a report's token kept in `expected.txt`.
const TOKEN_CHARS: usize = 60;

#[test]
fn corpus_reports_match_the_reviewed_expectations() {
    let mut servers = read_servers();
    assert!(!servers.is_empty(), "no servers in tests/corpus/servers/");
    servers.push(read_server(
        &Path::new(REPO).join(EDGE_CASES_FILE),
        EDGE_CASES,
        EDGE_CASES_FILE,
    ));
    let ports: Vec<Port> = servers
        .iter()
        .map(|s| generate::port(s).unwrap_or_else(|e| panic!("cannot port {e}")))
        .collect();
    let members: Vec<_> = ports.iter().map(|p| &p.member).collect();
    let workspace = Workspace::write("corpus", &members);
    let build = workspace.check(&["--workspace"]);
    let mut reports = rule_reports(&build, &servers, &ports);
    reports.retain(|r| r.key.server != EDGE_CASES);

    let path = Path::new(REPO).join("tests/corpus/expected.txt");
    let text = fs::read_to_string(&path).unwrap_or_default();
    let old = Expected::parse(&text).unwrap_or_else(|e| panic!("{e}"));
    let comparison = expected::compare(&reports, &old.lines);
    let (table, error_precision) = precision::table(&comparison);
    println!("{table}");
    let _ = fs::write(Path::new(TMP).join("corpus/precision.md"), &table);

    if std::env::var_os("MCP_TOOLS_BLESS_CORPUS").is_some_and(|v| v == "1") {
        let (blessed, dropped) = expected::bless(&old, &comparison);
        fs::write(&path, blessed.render()).expect("write tests/corpus/expected.txt");
        for line in &dropped {
            println!("dropped (its report is gone): {line}");
        }
        for (_, line) in &comparison.now_found {
            println!("now reported, marked agree: {line}");
        }
        let unreviewed = blessed
            .lines
            .iter()
            .filter(|l| l.verdict == Verdict::Unreviewed)
            .count();
        assert!(
            unreviewed == 0,
            "blessed tests/corpus/expected.txt; {unreviewed} line(s) are `unreviewed`: replace \
             each `unreviewed` with `agree` or `disagree` and a note after `#` (see \
             tests/tests/corpus.rs)"
        );
        return;
    }

    let mut failures = String::new();
    let mut section = |title: &str, items: Vec<String>| {
        if !items.is_empty() {
            let _ = writeln!(failures, "{title} ({}):", items.len());
            for item in items {
                let _ = writeln!(failures, "  {item}");
            }
        }
    };
    section(
        "new report: review it (add it with MCP_TOOLS_BLESS_CORPUS=1, then judge it)",
        comparison.new_reports().map(shown).collect(),
    );
    section(
        "report gone: if it was `agree`, a rule lost a real flaw",
        comparison.gone.iter().map(ToString::to_string).collect(),
    );
    section(
        "level changed",
        comparison
            .level_changed
            .iter()
            .map(|(r, l)| format!("{l}\n    now: {}", r.level))
            .collect(),
    );
    section(
        "a `missed` flaw is now reported: turn the line into `agree` with the report's level",
        comparison
            .now_found
            .iter()
            .map(|(r, l)| format!("{l}\n    now: {}", r.level))
            .collect(),
    );
    section(
        "unreviewed: replace `unreviewed` with `agree` or `disagree` and a note after `#`",
        comparison.unreviewed().map(ToString::to_string).collect(),
    );
    if let Some(p) = error_precision
        && p < MIN_ERROR_PRECISION
    {
        let _ = writeln!(
            failures,
            "precision of error-level reports is {p:.2}, below {MIN_ERROR_PRECISION:.2}: \
             a rule at error level refuses too many correct designs"
        );
    }
    assert!(
        failures.is_empty(),
        "the rule reports on the corpus differ from tests/corpus/expected.txt\n\n{failures}\n\
         Bless with `MCP_TOOLS_BLESS_CORPUS=1 cargo test -p mcp-tools-tests --test corpus`, \
         then review the diff."
    );
}

/// `tests/corpus/servers/*.json`, sorted by name.
fn read_servers() -> Vec<Server> {
    let dir = Path::new(REPO).join("tests/corpus/servers");
    let mut paths: Vec<_> = fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("read {}: {e}", dir.display()))
        .map(|e| e.expect("read tests/corpus/servers").path())
        .filter(|p| p.extension().is_some_and(|e| e == "json"))
        .collect();
    paths.sort();
    paths
        .iter()
        .map(|path| {
            let name = path
                .file_stem()
                .map(|s| s.to_string_lossy().into_owned())
                .unwrap_or_default();
            read_server(path, &name, &format!("tests/corpus/servers/{name}.json"))
        })
        .collect()
}

/// One server file (`file` relative to the repository), named `name`.
fn read_server(path: &Path, name: &str, file: &str) -> Server {
    let text = fs::read_to_string(path).expect("read a server file");
    let json: serde_json::Value =
        serde_json::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let tools = json["tools"]
        .as_array()
        .unwrap_or_else(|| panic!("{}: no `tools` list", path.display()))
        .clone();
    Server {
        name: name.to_owned(),
        file: file.to_owned(),
        source: json["source"]
            .as_str()
            .unwrap_or("source unknown")
            .to_owned(),
        tools,
    }
}

/// Every rule report of the build, sorted; anything else the compiler said fails the test.
fn rule_reports(build: &Build, servers: &[Server], ports: &[Port]) -> Vec<Report> {
    let mut reports = Vec::new();
    let mut unexpected = Vec::new();
    for (server, port) in servers.iter().zip(ports) {
        let lib = format!("{}/src/lib.rs", port.member.dir);
        for message in build.messages_of(&port.member.dir) {
            let located = message
                .span
                .as_ref()
                .filter(|s| s.file == lib)
                .and_then(|s| Some((port.tool_at(s.line)?, s)));
            match (message.rule(), located) {
                (Some(rule), Some((tool, span))) => reports.push(Report {
                    key: Key {
                        server: server.name.clone(),
                        tool: tool.to_owned(),
                        rule: rule.to_owned(),
                        token: span.text.chars().take(TOKEN_CHARS).collect(),
                    },
                    level: message.level.clone(),
                }),
                _ => unexpected.push(message.rendered.clone()),
            }
        }
    }
    assert!(
        unexpected.is_empty(),
        "the compiler reported more than design rules on the generated ports; fix the \
         generator (tests/tests/corpus/generate.rs), not the corpus. Ports are in {TMP}/corpus/.\n\n{}",
        unexpected.join("\n")
    );
    assert!(
        build.success || build.messages.iter().any(|m| m.level == "error"),
        "cargo failed before compiling the ports:\n{}",
        build.stderr
    );
    reports.sort();
    reports
}

fn shown(report: &Report) -> String {
    expected::Line {
        verdict: Verdict::Unreviewed,
        level: report.level.clone(),
        key: report.key.clone(),
        note: String::new(),
    }
    .to_string()
}
