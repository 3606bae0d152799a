//! `[package.metadata.mcp-tools]` as users rely on it, on real crates with their own
//! Cargo.toml (trybuild cannot give a UI test its own `[package.metadata]`).
//!
//! Each case is a crate under `tests/crates/<case>/`: a manifest template `Cargo.toml.in`
//! (its dependencies are `.workspace = true`, resolved by the generated workspace) and
//! `src/`. All cases are built by one `cargo check` in a workspace generated under
//! `target/tmp/crates/`, sharing the corpus test's target directory; the case with a
//! `Cargo.edited.toml.in` is then edited in place and checked again, without `cargo clean`.
//!
//! Each test asserts what a user relies on (a crate builds or not, a report is an error or
//! a warning, a config mistake is one error), and compares the compiler's output for its
//! case (its rule reports and errors as rustc renders them, paths relative to the crate) with
//! `tests/crates/<case>/expected.stderr` (`expected-edited.stderr` after the edit). When a
//! rule's wording changes, bless the snapshots and review the diff:
//!
//! ```sh
//! MCP_TOOLS_BLESS_CRATES=1 cargo test -p mcp-tools-tests --test compile crate_config::
//! ```

use crate::common_crates;

use std::{
    fmt::Write as _,
    fs,
    path::{Path, PathBuf},
    sync::OnceLock,
};

use common_crates::{Build, Diagnostic, Member, REPO, TMP, Workspace};

/// A fixture crate; its member directory is the case's name.
struct Case {
    member: Member,
    /// The manifest after the edit, if the case has one.
    edited: Option<String>,
}

fn fixtures() -> PathBuf {
    Path::new(REPO).join("tests/crates")
}

/// Every case under `tests/crates/`, sorted.
fn cases() -> Vec<Case> {
    let mut dirs: Vec<_> = fs::read_dir(fixtures())
        .expect("read tests/crates")
        .map(|e| e.expect("read tests/crates").path())
        .filter(|p| p.join("Cargo.toml.in").is_file())
        .collect();
    dirs.sort();
    dirs.iter()
        .map(|path| {
            let dir = path
                .file_name()
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_default();
            let read = |name: &str| fs::read_to_string(path.join(name)).ok();
            let mut files = vec![(
                "Cargo.toml".to_owned(),
                read("Cargo.toml.in").expect("read Cargo.toml.in"),
            )];
            collect_sources(path, "src", &mut files);
            Case {
                member: Member { dir, files },
                edited: read("Cargo.edited.toml.in"),
            }
        })
        .collect()
}

/// The files under `root/rel`, with paths relative to `root`.
fn collect_sources(root: &Path, rel: &str, files: &mut Vec<(String, String)>) {
    let Ok(entries) = fs::read_dir(root.join(rel)) else {
        return;
    };
    let mut entries: Vec<_> = entries.map(|e| e.expect("read a fixture").path()).collect();
    entries.sort();
    for path in entries {
        let name = path
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        let rel = format!("{rel}/{name}");
        if path.is_dir() {
            collect_sources(root, &rel, files);
        } else {
            files.push((rel, fs::read_to_string(&path).expect("read a fixture")));
        }
    }
}

/// The workspace of all cases and its one build, shared by the tests of this file.
struct Built {
    workspace: Workspace,
    cases: Vec<Case>,
    build: Build,
}

fn built() -> &'static Built {
    static BUILT: OnceLock<Built> = OnceLock::new();
    BUILT.get_or_init(|| {
        let cases = cases();
        let members: Vec<&Member> = cases.iter().map(|c| &c.member).collect();
        let workspace = Workspace::write("crates", &members);
        let build = workspace.check(&["--workspace"]);
        assert!(
            build.success || build.messages.iter().any(|m| m.level == "error"),
            "cargo failed before compiling the cases:\n{}",
            build.stderr
        );
        Built {
            workspace,
            cases,
            build,
        }
    })
}

/// What the compiler said about one case.
struct Outcome {
    case: String,
    /// Whether the crate compiled.
    ok: bool,
    /// Its messages, rustc's closing summaries left out.
    messages: Vec<Diagnostic>,
}

impl Outcome {
    fn of(build: &Build, case: &str) -> Outcome {
        Outcome {
            case: case.to_owned(),
            ok: build.rebuilt(case).is_some(),
            messages: build.messages_of(case).map(Diagnostic::clone).collect(),
        }
    }

    /// `(rule, level, line)` of each rule report.
    fn reports(&self) -> Vec<(String, String, usize)> {
        let mut reports: Vec<_> = self
            .messages
            .iter()
            .filter_map(|m| {
                Some((
                    m.rule()?.to_owned(),
                    m.level.clone(),
                    m.span.as_ref().map_or(0, |s| s.line),
                ))
            })
            .collect();
        reports.sort();
        reports
    }

    fn rules_at(&self, level: &str) -> Vec<String> {
        self.reports()
            .into_iter()
            .filter(|(_, l, _)| l == level)
            .map(|(rule, _, _)| rule)
            .collect()
    }

    fn errors(&self) -> Vec<&Diagnostic> {
        self.messages
            .iter()
            .filter(|m| m.level == "error")
            .collect()
    }

    /// The snapshot text: the build's result, then each rule-related message as rustc
    /// renders it.
    fn render(&self) -> String {
        let mut out = format!("cargo check: {}\n", if self.ok { "ok" } else { "failed" });
        let repo = Path::new(REPO)
            .canonicalize()
            .map(|p| p.to_string_lossy().into_owned())
            .unwrap_or_default();
        // Rule reports and config mistakes, and any other error; not rustc's own warnings.
        let shown = self
            .messages
            .iter()
            .filter(|m| m.level == "error" || m.rule().is_some());
        for message in shown {
            out.push('\n');
            let text = message
                .rendered
                .replace(&format!("--> {}/", self.case), "--> ")
                .replace(&format!("{TMP}/crates/{}/", self.case), "")
                .replace(&repo, "$REPO");
            for line in text.trim_end().lines() {
                out.push_str(line.trim_end());
                out.push('\n');
            }
        }
        out
    }

    /// Compares the rendered output with `tests/crates/<case>/<file>`, or writes it there
    /// with `MCP_TOOLS_BLESS_CRATES=1`.
    fn assert_snapshot(&self, file: &str) {
        let path = fixtures().join(&self.case).join(file);
        let actual = self.render();
        if std::env::var_os("MCP_TOOLS_BLESS_CRATES").is_some_and(|v| v == "1") {
            fs::write(&path, &actual).expect("write a snapshot");
            return;
        }
        let expected = fs::read_to_string(&path).unwrap_or_default();
        assert!(
            expected == actual,
            "the compiler's output for tests/crates/{}/ differs from {}\n\
             (bless with MCP_TOOLS_BLESS_CRATES=1 cargo test -p mcp-tools-tests --test \
             compile crate_config::, then review the diff)\n\n{}",
            self.case,
            path.display(),
            diff(&expected, &actual)
        );
    }
}

/// The lines only in `expected` (`-`) and only in `actual` (`+`), in order.
fn diff(expected: &str, actual: &str) -> String {
    let (a, b): (Vec<&str>, Vec<&str>) = (expected.lines().collect(), actual.lines().collect());
    // Longest common subsequence, small inputs.
    let mut lcs = vec![vec![0usize; b.len() + 1]; a.len() + 1];
    for i in (0..a.len()).rev() {
        for j in (0..b.len()).rev() {
            lcs[i][j] = if a[i] == b[j] {
                lcs[i + 1][j + 1] + 1
            } else {
                lcs[i + 1][j].max(lcs[i][j + 1])
            };
        }
    }
    let (mut i, mut j, mut out) = (0, 0, String::new());
    while i < a.len() || j < b.len() {
        if i < a.len() && j < b.len() && a[i] == b[j] {
            let _ = writeln!(out, "  {}", a[i]);
            i += 1;
            j += 1;
        } else if j < b.len() && (i == a.len() || lcs[i][j + 1] >= lcs[i + 1][j]) {
            let _ = writeln!(out, "+ {}", b[j]);
            j += 1;
        } else {
            let _ = writeln!(out, "- {}", a[i]);
            i += 1;
        }
    }
    out
}

fn outcome(case: &str) -> Outcome {
    let built = built();
    assert!(
        built.cases.iter().any(|c| c.member.dir == case),
        "no case tests/crates/{case}/"
    );
    let outcome = Outcome::of(&built.build, case);
    outcome.assert_snapshot("expected.stderr");
    outcome
}

#[test]
fn a_port_with_published_names_allows_namespace_required_once() {
    // All 14 tools of the reference filesystem server, as published, with docs on the
    // parameters the rules asked about: no error and no warning, with no per-tool waiver.
    let o = outcome("published_names");
    assert!(o.ok, "the port does not build:\n{}", o.render());
    assert!(o.reports().is_empty(), "{}", o.render());
}

#[test]
fn the_crate_namespace_names_tools_without_one_and_an_explicit_one_wins() {
    // The wire names are asserted in the crate itself, at compile time.
    let o = outcome("default_namespace");
    assert!(o.ok, "wrong wire names or reports:\n{}", o.render());
    assert!(o.reports().is_empty(), "{}", o.render());
}

#[test]
fn warning_level_rules_warn_at_their_token_and_the_crate_builds() {
    let o = outcome("warnings_only");
    assert!(
        o.ok,
        "a crate with only warnings must build:\n{}",
        o.render()
    );
    assert!(o.rules_at("error").is_empty(), "{}", o.render());
    for rule in ["verb_first", "name_style", "description_length"] {
        assert!(
            o.rules_at("warning").iter().any(|r| r == rule),
            "no `{rule}` warning:\n{}",
            o.render()
        );
    }
    for m in o.messages.iter().filter(|m| m.rule().is_some()) {
        let span = m.span.as_ref().expect("a warning has a span");
        assert!(
            span.file.ends_with("src/lib.rs") && !span.text.is_empty(),
            "a warning is not at its token: {}",
            m.rendered
        );
    }
}

#[test]
fn strict_makes_every_warning_an_error() {
    let warned = outcome("warnings_only");
    let o = outcome("strict");
    assert!(!o.ok, "a strict crate with rule reports must not build");
    assert!(o.rules_at("warning").is_empty(), "{}", o.render());
    let at = |reports: Vec<(String, String, usize)>| -> Vec<(String, usize)> {
        reports
            .into_iter()
            .map(|(rule, _, line)| (rule, line))
            .collect()
    };
    assert_eq!(
        at(o.reports()),
        at(warned.reports()),
        "strict must report the same rules at the same places, as errors"
    );
}

#[test]
fn per_rule_levels_raise_lower_and_allow() {
    let o = outcome("rule_levels");
    assert!(!o.ok, "a raised rule must fail the build");
    let reports = o.reports();
    let level_of = |rule: &str| -> Vec<&str> {
        reports
            .iter()
            .filter(|(r, _, _)| r == rule)
            .map(|(_, level, _)| level.as_str())
            .collect()
    };
    assert_eq!(level_of("verb_first"), ["error"], "{}", o.render());
    assert_eq!(
        level_of("param_description_required"),
        ["warning"],
        "{}",
        o.render()
    );
    assert!(level_of("name_style").is_empty(), "{}", o.render());
}

#[test]
fn config_mistakes_are_one_error_each_naming_the_fix() {
    let o = outcome("config_mistakes");
    assert!(!o.ok, "a crate with config mistakes must not build");
    let errors: Vec<&str> = o.errors().iter().map(|m| m.message.as_str()).collect();
    for (mistake, fix) in [
        ("unknown key `namespce`", "did you mean `namespace`?"),
        ("unknown rule `verb_frist`", "did you mean `verb_first`?"),
        ("`name_style = \"off\"`", "`\"warn\"` or `\"error\"`"),
    ] {
        let found: Vec<_> = errors.iter().filter(|e| e.contains(mistake)).collect();
        assert_eq!(
            found.len(),
            1,
            "`{mistake}` must be reported once (3 tools):\n{}",
            o.render()
        );
        assert!(found[0].contains(fix), "no fix in: {}", found[0]);
    }
    assert_eq!(errors.len(), 3, "only the three mistakes:\n{}", o.render());
}

#[test]
fn warnings_show_next_to_errors() {
    let o = outcome("warnings_with_errors");
    assert!(!o.ok);
    assert_eq!(o.rules_at("error"), ["unit_in_name"], "{}", o.render());
    assert_eq!(
        o.rules_at("warning"),
        ["name_style", "name_style", "param_description_required"],
        "{}",
        o.render()
    );
}

#[test]
fn deny_warnings_makes_rule_warnings_errors() {
    let o = outcome("deny_warnings");
    assert!(
        !o.ok,
        "#![deny(warnings)] must fail the build on a rule warning"
    );
    assert_eq!(o.rules_at("error"), ["name_style"], "{}", o.render());
    assert!(o.rules_at("warning").is_empty(), "{}", o.render());
}

#[test]
fn editing_the_settings_rebuilds_the_crate() {
    let before = outcome("edit_manifest");
    assert!(before.ok, "{}", before.render());
    assert_eq!(
        before.rules_at("warning"),
        ["name_style"],
        "{}",
        before.render()
    );

    // Only `[package.metadata.mcp-tools]` changes: the crate compiled, so cargo replays its
    // cached warning unless the manifest is an input of the crate.
    let shared = built();
    let case = shared
        .cases
        .iter()
        .find(|c| c.member.dir == "edit_manifest")
        .expect("the edit_manifest case");
    let edited = case
        .edited
        .as_deref()
        .expect("edit_manifest/Cargo.edited.toml.in");
    shared
        .workspace
        .write_file("edit_manifest/Cargo.toml", edited);
    let build = shared.workspace.check(&["-p", "edit_manifest"]);
    let after = Outcome::of(&build, "edit_manifest");
    after.assert_snapshot("expected-edited.stderr");
    assert!(
        !after.ok && after.rules_at("error") == ["name_style"],
        "editing [package.metadata.mcp-tools] must rebuild the crate and change its reports:\n{}",
        after.render()
    );
}
