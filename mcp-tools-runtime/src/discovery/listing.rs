//! The definitions of `tools_search` and `tools_call`, as `tools/list` shows them.

use std::sync::Arc;

use rmcp::model::{JsonObject, Tool, ToolAnnotations};
use serde_json::{Value, json};

use super::answer::{ANSWER_BUDGET, SCHEMAS_SHOWN};

/// Most matches one search returns.
pub(crate) const MAX_RESULTS: u64 = 10;
/// Matches a search returns when it does not say.
pub(crate) const DEFAULT_RESULTS: u64 = 5;
use crate::wire::{CALL_TOOL, SEARCH_TOOL};

fn object(value: Value) -> JsonObject {
    match value {
        Value::Object(map) => map,
        _ => JsonObject::new(),
    }
}

/// The listing of `tools_search`, for a catalog of `total` tools.
pub(crate) fn search_tool(total: usize) -> Tool {
    let schema = object(json!({
        "type": "object",
        "properties": {
            "query": {
                "type": "string",
                "description": "What you want to do, in a few words, e.g. `cancel a shipment` or `refund an order`; naming the product or service helps.",
                "minLength": 1,
                "maxLength": 300
            },
            "name": {
                "type": "string",
                "description": "A tool's exact name, instead of `query`: returns that tool's full definition.",
                "minLength": 1,
                "maxLength": 128
            },
            "limit": {
                "type": "integer",
                "description": "Most tools to return.",
                "minimum": 1,
                "maximum": MAX_RESULTS,
                "default": DEFAULT_RESULTS
            },
            "detail": {
                "type": "string",
                "enum": ["concise", "full"],
                "description": format!("`concise`: each tool's name, title and summary, and the input schemas of the best {SCHEMAS_SHOWN}, within {ANSWER_BUDGET} tokens. `full`: every tool's full definition, at several hundred tokens a tool."),
                "default": "concise"
            }
        },
        "additionalProperties": false
    }));
    Tool::new(
        SEARCH_TOOL,
        format!(
            "Find tools for a task among this server's {total} tools, which are not all listed.\n\nGive `query` (the task, in a few words); returns the best matches, best first, with the input schemas of the first few. Call one with `{CALL_TOOL}`. For a tool listed without its schema, call `{SEARCH_TOOL}` again with `name` set to its name."
        ),
        Arc::new(schema),
    )
    .with_title("Search Tools")
    .with_annotations(ToolAnnotations::new().read_only(true).open_world(false))
}

/// The listing of `tools_call`.
pub(crate) fn call_tool() -> Tool {
    let schema = object(json!({
        "type": "object",
        "properties": {
            "name": {
                "type": "string",
                "description": "The tool's name, as `tools_search` returned it.",
                "minLength": 1
            },
            "arguments": {
                "type": "object",
                "description": "The tool's arguments, matching its input schema."
            }
        },
        "required": ["name"],
        "additionalProperties": false
    }));
    Tool::new(
        CALL_TOOL,
        format!("Call any of this server's tools by name, with its arguments.\n\nFind the tool and its input schema with `{SEARCH_TOOL}` first; results and errors are the tool's own."),
        Arc::new(schema),
    )
    .with_title("Call Tool")
}
