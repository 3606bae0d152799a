//! Route: the called name to its tool, through a deprecated alias if need be.

use std::sync::atomic::Ordering;

use mcp_tools_shared::suggest;
use rmcp::{
    ErrorData,
    model::{CallToolResult, ContentBlock, JsonObject, MetaObject},
};
use serde_json::json;

use super::base::{count_call, error_meta, quoted};
use crate::{
    context::Caller,
    definition::ToolDefinition,
    meta::AliasMeta,
    registry::AliasUse,
    registry::Registry,
    visible::holds_all,
    wire::{DEPRECATION_META_KEY, SEARCH_TOOL},
};

/// The longest tool name quoted back: past the 128 characters the spec allows a name.
const MAX_TOOL_NAME: usize = 128;

/// A call's tool, and the alias it came through.
pub(super) struct Routed<'r> {
    pub(super) entry: &'r ToolDefinition,
    alias: Option<&'r AliasUse>,
}

impl Registry {
    /// The tool `name` calls, or the JSON-RPC error for an unknown name with the nearest
    /// ones `caller` may call (the names of the others are not its to see).
    pub(super) fn route(&self, name: &str, caller: &Caller) -> Result<Routed<'_>, ErrorData> {
        let Some(route) = self.inner.routes.get(name) else {
            return Err(self.unknown_tool(name, caller));
        };
        let entry = &self.inner.entries[route.index];
        if let Some(alias) = &route.alias {
            let a = alias.meta;
            if !alias.warned.swap(true, Ordering::Relaxed) {
                tracing::warn!(
                    alias = a.name,
                    tool = entry.name(),
                    "tool called through a deprecated alias; clients should switch to the new name"
                );
            }
            metrics::counter!("mcp_tools_alias_calls_total", "alias" => a.name, "tool" => entry.name()).increment(1);
        }
        Ok(Routed {
            entry,
            alias: route.alias.as_ref(),
        })
    }

    fn unknown_tool(&self, name: &str, caller: &Caller) -> ErrorData {
        let usable = || {
            self.inner
                .entries
                .iter()
                .filter(|e| holds_all(caller, e.scopes()))
        };
        // A name longer than any tool name can be is near none of them; and a client may
        // send megabytes of it, which the error must not repeat.
        let near = if name.len() <= MAX_TOOL_NAME {
            suggest::nearest(name, usable().map(ToolDefinition::name), 3)
        } else {
            Vec::new()
        };
        let name = &crate::error::clip(name, MAX_TOOL_NAME);
        let total = usable().count();
        let search = self.inner.discovery.is_some();
        let message = match (near.is_empty(), search) {
            (true, true) => format!("unknown tool `{name}`; find tools with `{SEARCH_TOOL}`"),
            (true, false) => format!(
                "unknown tool `{name}`; this server has {total} tools, listed by tools/list"
            ),
            (false, search) => {
                let more = if search {
                    format!(" Or find tools with `{SEARCH_TOOL}`.")
                } else {
                    String::new()
                };
                format!(
                    "unknown tool `{name}`; did you mean {}?{more}",
                    quoted(&near)
                )
            }
        };
        ErrorData::invalid_params(
            message,
            Some(json!({ "unknown_tool": name, "nearest": near })),
        )
    }
}

impl Routed<'_> {
    /// The result of a call through a redirect alias: the replacement is not a drop-in, so
    /// the model is told how to call it instead.
    pub(super) fn redirect(&self) -> Option<CallToolResult> {
        let alias = self.alias.map(|a| a.meta).filter(|a| a.redirect)?;
        count_call(self.entry, "redirected");
        let differs = alias
            .note
            .map_or_else(String::new, |note| format!(": {note}"));
        let name = self.entry.name();
        let text = format!(
            "`{}` was replaced by `{name}`, which takes different arguments{differs}. Call `{name}` with {}.",
            alias.name,
            self.entry.parameter_summary()
        );
        let mut result = CallToolResult::error(vec![ContentBlock::text(text)]);
        let mut meta = deprecation_meta(alias, name);
        meta.0.extend(error_meta("invalid_input", false, None).0);
        result.meta = Some(meta);
        Some(result)
    }

    /// The `_meta` every result of this call carries: the deprecation record, if any.
    pub(super) fn meta(&self) -> Option<MetaObject> {
        self.alias
            .map(|a| deprecation_meta(a.meta, self.entry.name()))
    }

    /// Ends the result with the deprecation note when the call came through an alias.
    pub(super) fn add_notice(&self, result: &mut CallToolResult) {
        if let Some(alias) = self.alias {
            let alias = alias.meta;
            let when = match (alias.since, alias.remove_in) {
                (Some(since), Some(remove)) => {
                    format!(" since {since} and will be removed in {remove}")
                }
                (Some(since), None) => format!(" since {since}"),
                (None, Some(remove)) => format!(" and will be removed in {remove}"),
                (None, None) => String::new(),
            };
            result.content.push(ContentBlock::text(format!(
                "Note: `{}` is deprecated{when}; call `{}` instead, with the same arguments.",
                alias.name,
                self.entry.name()
            )));
        }
    }
}

fn deprecation_meta(alias: &AliasMeta, replacement: &str) -> MetaObject {
    let mut map = JsonObject::new();
    map.insert(DEPRECATION_META_KEY.to_owned(), alias.detail(replacement));
    MetaObject(map)
}
