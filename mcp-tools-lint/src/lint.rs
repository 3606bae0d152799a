//! The rules on a list of published tools, and on a list of published prompts.

use mcp_tools_rules::published;
use serde_json::Value;

use crate::settings::Settings;

/// One report on one tool or prompt of the list.
pub use mcp_tools_rules::published::Judged as Finding;

/// Judges every tool of `tools` (the `tools` array of a `tools/list` result) at the levels
/// `settings` give; reports in list order, then rule order.
#[must_use]
pub fn lint(tools: &[Value], settings: &Settings) -> Vec<Finding> {
    published::judge(tools, |_, name| settings.levels_for(name))
}

/// Judges every prompt of `prompts` (the `prompts` array of a `prompts/list` result) with
/// the prompt rules, at the levels `settings` give; reports in list order, then rule order,
/// each at a pointer into the `prompts/list` result (`/prompts/3/arguments/0/description`).
///
/// ```
/// use mcp_tools_lint::{lint_prompts, settings::Settings};
///
/// let prompts = [serde_json::json!({
///     "name": "create_ticket",
///     "description": "Open a support ticket for the customer and draft its first reply.",
///     "arguments": [{"name": "priority", "required": true}]
/// })];
/// let findings = lint_prompts(&prompts, &Settings::default());
/// assert_eq!(findings[0].report.rule.id(), "param_description_required");
/// assert_eq!(findings[0].pointer, "/prompts/0/arguments/0/description");
/// ```
#[must_use]
pub fn lint_prompts(prompts: &[Value], settings: &Settings) -> Vec<Finding> {
    published::judge_prompts(prompts, |_, name| settings.levels_for_prompt(name))
}
