//! The rules on a list of published tools.

use mcp_tools_rules::{Report, check, published};
use serde_json::Value;

use crate::settings::Settings;

/// One report on one tool of the list.
#[derive(Clone, Debug)]
pub struct Finding {
    /// The tool's published name.
    pub tool: String,
    /// Its position in the list.
    pub index: usize,
    /// Where the report points, as a JSON pointer into the `tools/list` result
    /// (`/tools/3/inputSchema/properties/path`).
    pub pointer: String,
    /// The rule's report.
    pub report: Report,
}

/// Judges every tool of `tools` (the `tools` array of a `tools/list` result) at the levels
/// `settings` give; reports in list order, then rule order.
#[must_use]
pub fn lint(tools: &[Value], settings: &Settings) -> Vec<Finding> {
    let namespace = published::common_namespace(tools);
    let mut findings = Vec::new();
    for (index, listed) in tools.iter().enumerate() {
        let definition = published::definition(listed, namespace.as_deref());
        let name = listed["name"].as_str().unwrap_or_default().to_owned();
        for report in check(&definition.tool, &settings.levels_for(&name)) {
            findings.push(Finding {
                tool: name.clone(),
                index,
                pointer: format!("/tools/{index}{}", definition.pointer(&report.target)),
                report,
            });
        }
    }
    findings
}
