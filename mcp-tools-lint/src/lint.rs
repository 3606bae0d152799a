//! The rules on a list of published tools.

use mcp_tools_rules::published;
use serde_json::Value;

use crate::settings::Settings;

/// One report on one tool of the list.
pub use mcp_tools_rules::published::Judged as Finding;

/// Judges every tool of `tools` (the `tools` array of a `tools/list` result) at the levels
/// `settings` give; reports in list order, then rule order.
#[must_use]
pub fn lint(tools: &[Value], settings: &Settings) -> Vec<Finding> {
    published::judge(tools, |_, name| settings.levels_for(name))
}
