//! The design rules on a registry's tools, as `mcp-tools-lint` judges a published server:
//! each tool as clients get it from `tools/list`, read by `mcp_tools_rules::published`.
//!
//! `#[tool]` already checked its tools at compile time, with the crate's levels; here the
//! same rules judge what the registry lists, whoever defined it, so a tool that reaches the
//! registry another way meets them too, and a test can hold a server to what the linter
//! would say of it.

use std::fmt;

use mcp_tools_rules::published;
pub use mcp_tools_rules::{Evidence, Level, Levels, Report, Rule};
use rmcp::model::Tool;

use crate::meta::ToolMeta;

/// One report on one tool of a registry.
#[derive(Clone, Debug)]
pub struct Lint {
    /// The tool's wire name.
    pub tool: String,
    /// Where the report points, as a JSON pointer into the registry's `tools/list` answer
    /// (`/tools/3/inputSchema/properties/path`).
    pub pointer: String,
    /// The rule's report.
    pub report: Report,
}

impl fmt::Display for Lint {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "tool `{}` ({}): {}",
            self.tool, self.pointer, self.report
        )
    }
}

/// What `RegistryBuilder::build` does with the rules' reports on its tools.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum LintPolicy {
    /// Nothing: `#[tool]` checked its tools when the crate was built. `Registry::lint` still
    /// answers on demand.
    #[default]
    Off,
    /// Log every report (a `tracing` warning each) and serve.
    Log,
    /// Refuse to build on an error-level report, naming the tool, the rule and the fix;
    /// log the warnings.
    Refuse,
}

/// The levels a tool is judged at: those of a published server (`namespace_required`
/// allowed: the registry's names are its contract), then the levels its crate's settings and
/// its `allow(...)` gave (recorded by `#[tool]`), and the crate's `strict`.
pub(crate) fn levels_of(meta: &ToolMeta) -> Levels {
    let mut levels = published::levels();
    for (id, level) in meta.rule_levels {
        if let (Some(rule), Some(level)) = (Rule::from_id(id), Level::parse(level)) {
            levels.set(rule, level);
        }
    }
    if meta.rules_strict {
        levels.strict();
    }
    levels
}

/// Judges `tools` (in the order `tools/list` gives them), each at its levels.
pub(crate) fn lint<'a>(tools: impl IntoIterator<Item = (&'a Tool, Levels)>) -> Vec<Lint> {
    let (listed, levels): (Vec<serde_json::Value>, Vec<Levels>) = tools
        .into_iter()
        .filter_map(|(tool, levels)| Some((serde_json::to_value(tool).ok()?, levels)))
        .unzip();
    published::judge(&listed, |index, _| levels[index].clone())
        .into_iter()
        .map(|judged| Lint {
            tool: judged.tool,
            pointer: judged.pointer,
            report: judged.report,
        })
        .collect()
}
