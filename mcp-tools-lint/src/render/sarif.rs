//! SARIF 2.1.0, the format CI code scanning reads (GitHub's among others).
//!
//! Each rule is a `reportingDescriptor` with its default level and a link to its section
//! of RULES.md; each report a `result` at the tool or prompt: for a saved JSON file, the
//! line where its name is written; for a live server, line 1 of the command or URL as the
//! artifact, with the JSON pointer as the logical location.

use mcp_tools_rules::{Noun, Rule};
use serde_json::{Value, json};

use super::level_name;
use crate::{
    lint::Finding,
    source::{Listing, Source},
};

const RULES_URL: &str = "https://github.com/mcp-tools/mcp-tools/blob/main/RULES.md";

pub(crate) fn sarif(findings: &[Finding], source: &Source, listing: &Listing) -> String {
    let text = match source {
        Source::File(path) => std::fs::read_to_string(path).ok(),
        _ => None,
    };
    let artifact = source.to_string();
    let rules: Vec<Value> = Rule::ALL
        .iter()
        .map(|rule| {
            json!({
                "id": rule.id(),
                "helpUri": format!("{RULES_URL}#{}", rule.id()),
                "defaultConfiguration": { "level": level_name(rule.default_level()) },
            })
        })
        .collect();
    let results: Vec<Value> = findings
        .iter()
        .map(|f| {
            let line = text
                .as_deref()
                .and_then(|text| line_of_name(text, f.noun, &f.tool))
                .unwrap_or(1);
            json!({
                "ruleId": f.report.rule.id(),
                "ruleIndex": Rule::ALL.iter().position(|r| *r == f.report.rule),
                "level": level_name(f.report.level),
                "message": { "text": format!("{}\n= help: {}", f.report.message, f.report.help) },
                "locations": [{
                    "physicalLocation": {
                        "artifactLocation": { "uri": artifact },
                        "region": { "startLine": line },
                    },
                    "logicalLocations": [{
                        "name": f.tool,
                        "fullyQualifiedName": f.pointer,
                        "kind": "object",
                    }],
                }],
            })
        })
        .collect();
    let document = json!({
        "$schema": "https://json.schemastore.org/sarif-2.1.0.json",
        "version": "2.1.0",
        "runs": [{
            "tool": { "driver": {
                "name": "mcp-tools-lint",
                "version": env!("CARGO_PKG_VERSION"),
                "informationUri": RULES_URL,
                "rules": rules,
            }},
            "properties": { "tools": listing.tools.len(), "prompts": listing.prompts.len() },
            "results": results,
        }],
    });
    let mut out = serde_json::to_string_pretty(&document).unwrap_or_default();
    out.push('\n');
    out
}

/// The 1-based line of a file where `"name": "<name>"` is written: a tool's anywhere, a
/// prompt's after the `"prompts"` key (a tool may have the prompt's name).
fn line_of_name(text: &str, noun: Noun, name: &str) -> Option<usize> {
    let quoted = serde_json::to_string(name).ok()?;
    let start = match noun {
        Noun::Tool => 0,
        Noun::Prompt => text
            .lines()
            .position(|line| line.trim_start().starts_with("\"prompts\""))
            .unwrap_or(0),
    };
    text.lines()
        .enumerate()
        .skip(start)
        .find(|(_, line)| {
            line.contains(&quoted)
                && line.split_once(&quoted).is_some_and(|(before, _)| {
                    before.trim_end().ends_with(':') && before.contains("\"name\"")
                })
        })
        .map(|(i, _)| i + 1)
}
