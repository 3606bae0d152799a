//! rustc-style diagnostics: the level and message, where, and the fix with the rule id.

use std::fmt::Write as _;

use mcp_tools_rules::{Level, Noun};

use super::level_name;
use crate::{lint::Finding, source::Listing};

/// ```text
/// error: parameter `path` is a path with no doc: …
///   --> tools.json#/tools/3/inputSchema/properties/path (read_file)
///    = help: … [rule: path_format]
///
/// warning: argument `state` has no `description`: …
///   --> server.json#/prompts/1/arguments/1/description (prompt args-prompt)
///    = help: … [rule: param_description_required]
/// ```
pub(crate) fn human(findings: &[Finding], source: &str, listing: &Listing) -> String {
    let mut out = String::new();
    for f in findings {
        let what = match f.noun {
            Noun::Tool => "",
            Noun::Prompt => "prompt ",
        };
        let _ = writeln!(
            out,
            "{}: {}\n  --> {source}#{} ({what}{})\n   = help: {} [rule: {}]\n",
            level_name(f.report.level),
            f.report.message,
            f.pointer,
            f.tool,
            f.report.help,
            f.report.rule.id()
        );
    }
    let count = |level| findings.iter().filter(|f| f.report.level == level).count();
    let (errors, warnings) = (count(Level::Error), count(Level::Warn));
    let plural = |n: usize, word: &str| format!("{n} {word}{}", if n == 1 { "" } else { "s" });
    // Prompts are counted where there are any, so a tools-only server reads as before.
    let prompts = if listing.prompts.is_empty() {
        String::new()
    } else {
        format!("{}, ", plural(listing.prompts.len(), "prompt"))
    };
    let _ = writeln!(
        out,
        "{source}: {}, {prompts}{}, {}",
        plural(listing.tools.len(), "tool"),
        plural(errors, "error"),
        plural(warnings, "warning")
    );
    out
}
