//! The discovery tools' own calls: `tools_search` answers from the index; `tools_call` goes
//! back through the pipeline, exactly as a call by name.

use rmcp::model::{CallToolRequestParams, CallToolResult, ContentBlock, JsonObject, Tool};
use serde_json::{Value, json};

use mcp_tools_shared::suggest;

use super::base::{error_meta, quoted, success};
use crate::{
    context::Caller,
    definition::ToolDefinition,
    discovery::{self, DEFAULT_RESULTS, Detail},
    registry::Discovery,
    registry::Registry,
    visible::holds_all,
    wire::{CALL_TOOL, SEARCH_TOOL},
};

/// `tools_search`: the best matches among the tools `caller` may call, concise by default;
/// or, given `name`, that tool's full definition.
pub(super) fn search(
    registry: &Registry,
    discovery: &Discovery,
    mut args: JsonObject,
    caller: &Caller,
) -> CallToolResult {
    if let Err(problems) = discovery.search_validator.validate(&mut args) {
        return invalid(format!("invalid input: {}", problems.join("\n")));
    }
    let text = |key: &str| args.get(key).and_then(Value::as_str);
    let detail = match text("detail") {
        Some("full") => Detail::Full,
        _ => Detail::Concise,
    };
    if let Some(name) = text("name") {
        return definition(registry, name, caller);
    }
    let Some(query) = text("query").filter(|q| !q.trim().is_empty()) else {
        return invalid(
            "invalid input: give `query`, the task in a few words (e.g. `cancel a shipment`), or `name`, a tool's exact name".to_owned(),
        );
    };
    let limit = args
        .get("limit")
        .and_then(Value::as_u64)
        .unwrap_or(DEFAULT_RESULTS);
    let entries = &registry.inner.entries;
    // Ranked over the whole catalog, so a caller's matches rank as anyone's do.
    let found: Vec<&Tool> = discovery
        .index
        .search(query, entries.len())
        .into_iter()
        .map(|i| &entries[i])
        .filter(|entry| holds_all(caller, entry.scopes()))
        .take(usize::try_from(limit).unwrap_or(usize::MAX))
        .map(ToolDefinition::tool)
        .collect();
    if found.is_empty() {
        let mut result = success(vec![ContentBlock::text(format!(
            "no tool matches `{query}`; try other words for the task, e.g. the object it acts on (`shipment`, `invoice`) and the action (`cancel`, `search`)"
        ))]);
        result.structured_content = Some(json!({ "tools": [] }));
        return result;
    }
    answered(discovery::answer(&found, detail, registry.inner.encoding))
}

/// `tools_search` with `name`: the full definition of that tool, if `caller` may call it.
fn definition(registry: &Registry, name: &str, caller: &Caller) -> CallToolResult {
    let usable = |entry: &&ToolDefinition| holds_all(caller, entry.scopes());
    let entries = &registry.inner.entries;
    if let Some(route) = registry.inner.routes.get(name)
        && let Some(entry) = Some(&entries[route.index]).filter(usable)
    {
        return answered(json!({ "tools": [entry.tool()] }));
    }
    let near = suggest::nearest(
        name,
        entries.iter().filter(usable).map(ToolDefinition::name),
        3,
    );
    // Past the 128 characters the spec allows a name, a name is quoted back cut.
    let name = crate::error::clip(name, 128);
    let hint = if near.is_empty() {
        "search with `query` instead".to_owned()
    } else {
        format!("did you mean {}?", quoted(&near))
    };
    invalid(format!("invalid input: no tool is named `{name}`; {hint}"))
}

/// A search answer: its JSON as structured content, and as text for clients that read only
/// text.
fn answered(value: Value) -> CallToolResult {
    let mut result = success(vec![ContentBlock::text(value.to_string())]);
    result.structured_content = Some(value);
    result
}

/// `tools_call`: the call it carries, to route exactly as if called by name, or the
/// result that refuses it.
pub(super) fn unwrap_call(
    discovery: &Discovery,
    outer: CallToolRequestParams,
) -> Result<CallToolRequestParams, Box<CallToolResult>> {
    let mut args = outer.arguments.unwrap_or_default();
    if let Err(problems) = discovery.call_validator.validate(&mut args) {
        return Err(Box::new(invalid(format!(
            "invalid input: {}",
            problems.join("\n")
        ))));
    }
    let name = args
        .get("name")
        .and_then(Value::as_str)
        .unwrap_or_default()
        .to_owned();
    if name == SEARCH_TOOL || name == CALL_TOOL {
        return Err(Box::new(invalid(format!(
            "invalid input: call `{name}` directly, not through `{CALL_TOOL}`"
        ))));
    }
    let mut request = CallToolRequestParams::new(name);
    if let Some(Value::Object(arguments)) = args.remove("arguments") {
        request = request.with_arguments(arguments);
    }
    // A retry after an input-required result carries on to the tool it was for.
    request.request_state = outer.request_state;
    request.meta = outer.meta;
    request.input_responses = outer.input_responses;
    Ok(request)
}

/// An `isError` result of the discovery tools themselves, with the usual error `_meta`.
pub(super) fn invalid(text: String) -> CallToolResult {
    let mut result = CallToolResult::error(vec![ContentBlock::text(text)]);
    result.meta = Some(error_meta("invalid_input", false, None));
    result
}
