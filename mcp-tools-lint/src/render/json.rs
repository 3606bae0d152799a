//! One JSON document, for tools: every report with its tool (or prompt), rule, level and
//! pointer.

use mcp_tools_rules::Noun;
use serde_json::{Map, Value, json};

use super::level_name;
use crate::{lint::Finding, source::Listing};

/// `{"source", "tools": <count>, "prompts": <count>, "reports": [...]}`; a report names its
/// `tool` or its `prompt`.
pub(crate) fn json(findings: &[Finding], source: &str, listing: &Listing) -> String {
    let reports: Vec<_> = findings
        .iter()
        .map(|f| {
            let mut report = Map::new();
            let key = match f.noun {
                Noun::Tool => "tool",
                Noun::Prompt => "prompt",
            };
            report.insert(key.to_owned(), Value::from(f.tool.as_str()));
            report.insert("rule".to_owned(), Value::from(f.report.rule.id()));
            report.insert("level".to_owned(), Value::from(level_name(f.report.level)));
            report.insert("pointer".to_owned(), Value::from(f.pointer.as_str()));
            report.insert("message".to_owned(), Value::from(f.report.message.as_str()));
            report.insert("help".to_owned(), Value::from(f.report.help.as_str()));
            Value::Object(report)
        })
        .collect();
    let document = json!({
        "source": source,
        "tools": listing.tools.len(),
        "prompts": listing.prompts.len(),
        "reports": reports,
    });
    let mut text = serde_json::to_string_pretty(&document).unwrap_or_default();
    text.push('\n');
    text
}
