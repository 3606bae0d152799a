//! The reports, printed: for people, for tools, for code scanning.

mod human;
mod json;
mod sarif;

pub(crate) use human::human;
pub(crate) use json::json;
pub(crate) use sarif::sarif;

use mcp_tools_rules::Level;

/// How a level is named in every output.
fn level_name(level: Level) -> &'static str {
    match level {
        Level::Error => "error",
        Level::Warn => "warning",
        Level::Allow => "allow",
    }
}
