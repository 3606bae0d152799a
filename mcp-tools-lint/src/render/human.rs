//! rustc-style diagnostics: the level and message, where, and the fix with the rule id.

use std::fmt::Write as _;

use mcp_tools_rules::Level;

use super::level_name;
use crate::lint::Finding;

/// ```text
/// error: parameter `path` is a path with no doc: …
///   --> tools.json#/tools/3/inputSchema/properties/path (read_file)
///    = help: … [rule: path_format]
/// ```
pub(crate) fn human(findings: &[Finding], source: &str, tools: usize) -> String {
    let mut out = String::new();
    for f in findings {
        let _ = writeln!(
            out,
            "{}: {}\n  --> {source}#{} ({})\n   = help: {} [rule: {}]\n",
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
    let _ = writeln!(
        out,
        "{source}: {}, {}, {}",
        plural(tools, "tool"),
        plural(errors, "error"),
        plural(warnings, "warning")
    );
    out
}
