//! Authorize: the caller holds every scope the tool needs.

use super::base::{Failure, quoted};
use crate::{context::Caller, definition::ToolDefinition, error::ToolError};

pub(super) fn scopes(entry: &ToolDefinition, caller: &Caller) -> Result<(), Failure> {
    if entry.scopes().is_empty() {
        return Ok(());
    }
    let missing: Vec<&str> = entry
        .scopes()
        .iter()
        .copied()
        .filter(|s| !caller.has_scope(s))
        .collect();
    if missing.is_empty() {
        return Ok(());
    }
    let one = missing.len() == 1;
    let err = ToolError::permission_denied(format!(
        "`{}` needs the scope{} {}, which this caller does not hold; ask the user to grant {} or use a tool that needs less",
        entry.name(),
        if one { "" } else { "s" },
        quoted(&missing),
        if one { "it" } else { "them" },
    ));
    Err(Failure::Refused(err, "permission_denied"))
}
