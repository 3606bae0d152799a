//! The command line.

use std::{ffi::OsString, io::Write as _, path::PathBuf, time::Duration};

use clap::{Parser, ValueEnum};

use crate::{
    lint::{lint, lint_prompts},
    render,
    settings::Settings,
    source::Source,
};

/// Lint an MCP server's tools and prompts with the design rules of mcp-tools.
///
/// Give one source: a saved `tools/list` (or `prompts/list`) JSON file, `--http URL`, or a
/// command to spawn after `--`. Prompts are linted when the server announces them, or the
/// file has a `prompts` array. Exit code: 0 without errors, 1 with errors, 2 when the
/// listing could not be read.
#[derive(Parser, Debug)]
#[command(name = "mcp-tools-lint", version)]
struct Args {
    /// A JSON file holding a `tools/list` result (`{"tools": [...]}`), a `prompts/list`
    /// result (`{"prompts": [...]}`), an object with both, a JSON-RPC response with one, or
    /// an array of tools; `-` reads standard input.
    file: Option<PathBuf>,
    /// The URL of a Streamable HTTP server, e.g. `http://127.0.0.1:8080/mcp`.
    #[arg(long, value_name = "URL", conflicts_with = "file")]
    http: Option<String>,
    /// A bearer token for `--http` (or set `MCP_TOOLS_LINT_BEARER`).
    #[arg(
        long,
        value_name = "TOKEN",
        env = "MCP_TOOLS_LINT_BEARER",
        requires = "http"
    )]
    bearer: Option<String>,
    /// How to print the reports.
    #[arg(long, value_enum, default_value_t = Format::Human)]
    format: Format,
    /// The settings file [default: `mcp-tools-lint.toml` in the current directory, if any].
    #[arg(long, value_name = "PATH")]
    config: Option<PathBuf>,
    /// Every warning is an error (as `strict = true` in the settings).
    #[arg(long)]
    strict: bool,
    /// How long to wait for a server to start and list its tools and prompts.
    #[arg(long, value_name = "SECONDS", default_value_t = 60)]
    timeout: u64,
    /// Show the spawned server's standard error.
    #[arg(long)]
    server_stderr: bool,
    /// The command that starts a stdio server, and its arguments.
    #[arg(last = true, value_name = "COMMAND")]
    command: Vec<OsString>,
}

/// How the reports are printed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub(crate) enum Format {
    /// rustc-style diagnostics, for people.
    Human,
    /// One JSON document: every report with its tool or prompt, rule, level and JSON pointer.
    Json,
    /// SARIF 2.1.0, for code scanning in CI.
    Sarif,
}

pub(crate) fn run(args: impl IntoIterator<Item = OsString>) -> i32 {
    let args = match Args::try_parse_from(args) {
        Ok(args) => args,
        Err(e) => {
            let _ = e.print();
            return if e.use_stderr() { 2 } else { 0 };
        }
    };
    match lint_args(&args) {
        Ok(failed) => i32::from(failed),
        Err(message) => {
            eprintln!("error: {message}");
            2
        }
    }
}

/// Lints what `args` name and prints the reports; whether any is an error.
fn lint_args(args: &Args) -> Result<bool, String> {
    let source = match (&args.file, &args.http, args.command.as_slice()) {
        (Some(file), None, []) => Source::File(file.clone()),
        (None, Some(url), []) => Source::Http {
            url: url.clone(),
            bearer: args.bearer.clone(),
        },
        (None, None, [program, rest @ ..]) => Source::Command {
            program: program.clone(),
            args: rest.to_vec(),
            stderr: args.server_stderr,
        },
        (None, None, []) => {
            return Err("nothing to lint: give a tools/list JSON file, `--http URL`, or `-- COMMAND ARGS…` to spawn a stdio server (see --help)".to_owned());
        }
        _ => {
            return Err("give one source: a JSON file, `--http URL`, or `-- COMMAND`".to_owned());
        }
    };
    let mut settings = Settings::find(args.config.as_deref())?;
    settings.strict |= args.strict;
    let listing = source.listing(Duration::from_secs(args.timeout))?;
    let mut findings = lint(&listing.tools, &settings);
    findings.extend(lint_prompts(&listing.prompts, &settings));
    let shown = source.to_string();
    let text = match args.format {
        Format::Human => render::human(&findings, &shown, &listing),
        Format::Json => render::json(&findings, &shown, &listing),
        Format::Sarif => render::sarif(&findings, &source, &listing),
    };
    let mut out = std::io::stdout().lock();
    let _ = out.write_all(text.as_bytes());
    let _ = out.flush();
    Ok(findings
        .iter()
        .any(|f| f.report.level == mcp_tools_rules::Level::Error))
}
