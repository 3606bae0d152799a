//! Real crates, each with its own Cargo.toml, built in one generated cargo workspace; and
//! what the compiler said about them, read from `cargo check --message-format=json`.
//!
//! Shared by the corpus test and the crate-config tests. Every generated workspace depends
//! on this repository's `mcp-tools` by absolute path, on `serde`, `schemars` and
//! `serde_json` as the root `Cargo.toml` pins them, starts from a copy of the root
//! `Cargo.lock` (so versions are the locked ones) and copies the root's
//! `[profile.dev.package.*]` sections. All of them build into one target directory under
//! `CARGO_TARGET_TMPDIR`, so dependencies are built once and reused across runs and tests.

use std::{
    collections::BTreeSet,
    fmt::Write as _,
    fs,
    path::{Path, PathBuf},
    process::Command,
};

use serde_json::Value;

/// The repository root.
pub(crate) const REPO: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/..");

/// Where generated workspaces and their shared target directory live.
pub(crate) const TMP: &str = env!("CARGO_TARGET_TMPDIR");

/// The dependencies a generated crate may take with `.workspace = true`, as the root
/// `[workspace.dependencies]` writes them (the runtime is added by path).
const SHARED_DEPS: &[&str] = &["serde", "schemars", "serde_json"];

/// Environment variables a child cargo must not inherit from the test's own cargo: flags
/// (CI sets `RUSTFLAGS=-D warnings`, which would turn rule warnings into errors) and the
/// package variables cargo sets for the test binary.
const SCRUBBED_ENV: &[&str] = &[
    "RUSTFLAGS",
    "CARGO_ENCODED_RUSTFLAGS",
    "CARGO_BUILD_RUSTFLAGS",
    "CARGO_BUILD_TARGET_DIR",
    "CARGO_MANIFEST_DIR",
    "CARGO_MANIFEST_PATH",
    "CARGO_PRIMARY_PACKAGE",
    "CARGO_CRATE_NAME",
    "CARGO_TARGET_TMPDIR",
    "CARGO_MAKEFLAGS",
];

/// One crate of a generated workspace: its directory and its files (path → text).
pub(crate) struct Member {
    pub(crate) dir: String,
    pub(crate) files: Vec<(String, String)>,
}

/// A generated cargo workspace on disk.
pub(crate) struct Workspace {
    pub(crate) root: PathBuf,
}

impl Workspace {
    /// Writes a workspace of `members` at `TMP/<name>`. Files are rewritten only when their
    /// text changed, so unchanged crates stay fresh for cargo; directories of crates no
    /// longer listed are removed.
    pub(crate) fn write(name: &str, members: &[&Member]) -> Workspace {
        let root = Path::new(TMP).join(name);
        fs::create_dir_all(&root).unwrap_or_else(|e| panic!("create {}: {e}", root.display()));
        let dirs: BTreeSet<&str> = members.iter().map(|m| m.dir.as_str()).collect();
        assert_eq!(dirs.len(), members.len(), "two members share a directory");
        for entry in fs::read_dir(&root).expect("read the generated workspace") {
            let entry = entry.expect("read the generated workspace");
            let name = entry.file_name().to_string_lossy().into_owned();
            if entry.path().is_dir() && !dirs.contains(name.as_str()) {
                fs::remove_dir_all(entry.path()).expect("remove a stale member");
            }
        }
        let workspace = Workspace { root };
        workspace.write_file("Cargo.toml", &root_manifest(&dirs));
        // Cargo adds the generated members to the copy and keeps every locked version; so
        // `--locked`, which refuses any change to the lock, cannot be used.
        let lock = fs::read_to_string(Path::new(REPO).join("Cargo.lock")).expect("read Cargo.lock");
        workspace.write_file("Cargo.lock", &lock);
        for member in members {
            for (path, text) in &member.files {
                workspace.write_file(&format!("{}/{path}", member.dir), text);
            }
        }
        workspace
    }

    /// Writes `text` at `path` (relative to the root) unless it is already there.
    pub(crate) fn write_file(&self, path: &str, text: &str) {
        let path = self.root.join(path);
        if fs::read_to_string(&path).is_ok_and(|old| old == text) {
            return;
        }
        if let Some(dir) = path.parent() {
            fs::create_dir_all(dir).unwrap_or_else(|e| panic!("create {}: {e}", dir.display()));
        }
        fs::write(&path, text).unwrap_or_else(|e| panic!("write {}: {e}", path.display()));
    }

    /// `cargo check --keep-going --message-format=json <args>` in the workspace, with the
    /// shared target directory and without the caller's `RUSTFLAGS`.
    pub(crate) fn check(&self, args: &[&str]) -> Build {
        let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
        let mut command = Command::new(cargo);
        command
            .current_dir(&self.root)
            .args(["check", "--keep-going", "--message-format=json"])
            .args(args)
            .env("CARGO_TARGET_DIR", Path::new(TMP).join("corpus-target"))
            .env("CARGO_TERM_COLOR", "never");
        for var in SCRUBBED_ENV {
            command.env_remove(var);
        }
        for (var, _) in std::env::vars_os() {
            if var.to_string_lossy().starts_with("CARGO_PKG_") {
                command.env_remove(var);
            }
        }
        let output = command.output().expect("run cargo");
        let stdout = String::from_utf8_lossy(&output.stdout);
        let mut build = Build {
            success: output.status.success(),
            stderr: String::from_utf8_lossy(&output.stderr).into_owned(),
            messages: Vec::new(),
            built: Vec::new(),
        };
        for line in stdout.lines().filter(|l| l.starts_with('{')) {
            let Ok(json) = serde_json::from_str::<Value>(line) else {
                continue;
            };
            let member = json["manifest_path"]
                .as_str()
                .and_then(|p| Path::new(p).parent())
                .and_then(|dir| dir.strip_prefix(&self.root).ok())
                .map(|dir| dir.to_string_lossy().into_owned());
            let Some(member) = member else { continue };
            match json["reason"].as_str() {
                Some("compiler-message") => {
                    build
                        .messages
                        .push(Diagnostic::read(member, &json["message"]));
                }
                Some("compiler-artifact") => build.built.push(Built {
                    member,
                    fresh: json["fresh"].as_bool().unwrap_or(false),
                }),
                _ => {}
            }
        }
        build
    }
}

/// The generated root manifest: the members, the shared dependencies and the profiles.
fn root_manifest(dirs: &BTreeSet<&str>) -> String {
    let root = fs::read_to_string(Path::new(REPO).join("Cargo.toml")).expect("read Cargo.toml");
    let runtime = Path::new(REPO)
        .join("mcp-tools-runtime")
        .canonicalize()
        .expect("find mcp-tools-runtime");
    let runtime = serde_json::to_string(&runtime.to_string_lossy()).expect("a path as a string");
    let members = dirs.iter().fold(String::new(), |mut out, d| {
        let _ = writeln!(out, "    {d:?},");
        out
    });
    let mut out = format!(
        "# Generated by tests/tests/common_crates; rewritten on every run.\n\
         [workspace]\nresolver = \"3\"\nmembers = [\n{members}]\n\n\
         [workspace.dependencies]\n\
         mcp-tools = {{ path = {runtime}, default-features = false }}\n"
    );
    for (header, lines) in toml_sections(&root) {
        if header == "[workspace.dependencies]" {
            for line in lines {
                let key = line.split('=').next().unwrap_or_default().trim();
                if SHARED_DEPS.contains(&key) {
                    out.push_str(line);
                    out.push('\n');
                }
            }
        }
    }
    for (header, lines) in toml_sections(&root) {
        if header.starts_with("[profile.dev.package.") {
            out.push('\n');
            out.push_str(header);
            out.push('\n');
            for line in lines.iter().filter(|l| !l.trim().is_empty()) {
                out.push_str(line);
                out.push('\n');
            }
        }
    }
    for dep in SHARED_DEPS {
        assert!(
            out.contains(&format!("\n{dep} ")) || out.contains(&format!("\n{dep}=")),
            "the root Cargo.toml's [workspace.dependencies] has no `{dep}` line"
        );
    }
    out
}

/// A TOML text's `[section]` headers and the lines under each (comments dropped).
fn toml_sections(text: &str) -> Vec<(&str, Vec<&str>)> {
    let mut sections: Vec<(&str, Vec<&str>)> = Vec::new();
    for line in text.lines() {
        let trimmed = line.trim();
        if trimmed.starts_with('[') {
            sections.push((trimmed, Vec::new()));
        } else if !trimmed.starts_with('#')
            && let Some((_, lines)) = sections.last_mut()
        {
            lines.push(line);
        }
    }
    sections
}

/// What one `cargo check` said.
pub(crate) struct Build {
    /// Whether cargo exited successfully.
    pub(crate) success: bool,
    /// Cargo's own output (progress, "could not compile", resolution errors).
    pub(crate) stderr: String,
    /// Every compiler message, in the order received.
    pub(crate) messages: Vec<Diagnostic>,
    /// The members that compiled.
    pub(crate) built: Vec<Built>,
}

/// A member that compiled, and whether cargo reused it without recompiling.
pub(crate) struct Built {
    pub(crate) member: String,
    pub(crate) fresh: bool,
}

impl Build {
    /// The compiler's messages about one member, without rustc's closing summaries.
    pub(crate) fn messages_of<'a>(
        &'a self,
        member: &'a str,
    ) -> impl Iterator<Item = &'a Diagnostic> {
        self.messages
            .iter()
            .filter(move |m| m.member == member && !m.is_summary())
    }

    /// Whether `member` compiled, and if so whether it was rebuilt (`Some(true)`).
    pub(crate) fn rebuilt(&self, member: &str) -> Option<bool> {
        self.built
            .iter()
            .find(|b| b.member == member)
            .map(|b| !b.fresh)
    }
}

/// One compiler message.
#[derive(Clone)]
pub(crate) struct Diagnostic {
    /// The member's directory, relative to the workspace root.
    pub(crate) member: String,
    /// `error`, `warning`, `note`, `failure-note`, …
    pub(crate) level: String,
    pub(crate) message: String,
    /// As rustc prints it.
    pub(crate) rendered: String,
    /// The primary span, if any.
    pub(crate) span: Option<SpanText>,
}

/// Where a message points.
#[derive(Clone)]
pub(crate) struct SpanText {
    /// Relative to the workspace root, as rustc prints it (`filesystem/src/lib.rs`).
    pub(crate) file: String,
    pub(crate) line: usize,
    /// The highlighted source text, whitespace collapsed.
    pub(crate) text: String,
}

impl Diagnostic {
    fn read(member: String, message: &Value) -> Diagnostic {
        let text = |v: &Value| v.as_str().unwrap_or_default().to_owned();
        let span = message["spans"]
            .as_array()
            .and_then(|spans| spans.iter().find(|s| s["is_primary"] == true))
            .map(|s| SpanText {
                file: text(&s["file_name"]),
                line: s["line_start"].as_u64().unwrap_or(0) as usize,
                text: highlighted(s),
            });
        Diagnostic {
            member,
            level: text(&message["level"]),
            message: text(&message["message"]),
            rendered: text(&message["rendered"]),
            span,
        }
    }

    /// The rule id of a design-rule report (`… [rule: verb_first]`).
    pub(crate) fn rule(&self) -> Option<&str> {
        let start = self.message.rfind("[rule: ")? + "[rule: ".len();
        let rest = &self.message[start..];
        Some(&rest[..rest.find(']')?])
    }

    /// rustc's closing lines: "aborting due to …", "3 warnings emitted", notes on
    /// `--explain`.
    pub(crate) fn is_summary(&self) -> bool {
        self.level == "failure-note"
            || self.message.starts_with("aborting due to")
            || (self.span.is_none()
                && (self.message.ends_with("warning emitted")
                    || self.message.ends_with("warnings emitted")))
    }
}

/// The highlighted part of each line of a span, joined, whitespace collapsed. A span on the
/// `#` of an attribute (where the macro points at a `#[doc = "…"]` line) shows the rest of
/// the line, so that the report says which line.
fn highlighted(span: &Value) -> String {
    let mut out = Vec::new();
    for line in span["text"].as_array().into_iter().flatten() {
        let text = line["text"].as_str().unwrap_or_default();
        let start = line["highlight_start"].as_u64().unwrap_or(1) as usize;
        let end = line["highlight_end"].as_u64().unwrap_or(1) as usize;
        let from: String = text.chars().skip(start.saturating_sub(1)).collect();
        let part: String = if from.starts_with("#[") && end == start + 1 {
            from
        } else {
            from.chars().take(end.saturating_sub(start)).collect()
        };
        out.push(part);
    }
    out.join(" ")
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}
