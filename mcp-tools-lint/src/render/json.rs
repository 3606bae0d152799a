//! One JSON document, for tools: every report with its tool, rule, level and pointer.

use serde_json::json;

use super::level_name;
use crate::lint::Finding;

pub(crate) fn json(findings: &[Finding], source: &str, tools: usize) -> String {
    let reports: Vec<_> = findings
        .iter()
        .map(|f| {
            json!({
                "tool": f.tool,
                "rule": f.report.rule.id(),
                "level": level_name(f.report.level),
                "pointer": f.pointer,
                "message": f.report.message,
                "help": f.report.help,
            })
        })
        .collect();
    let document = json!({ "source": source, "tools": tools, "reports": reports });
    let mut text = serde_json::to_string_pretty(&document).unwrap_or_default();
    text.push('\n');
    text
}
