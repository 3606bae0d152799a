//! The arguments a cut result's notice names as the way to ask for less: only those that
//! narrow the result, found once, when the tool is built.

use std::borrow::Cow;

use mcp_tools_rules::{narrows, published};
use mcp_tools_shared::narrows::KEYWORD;
use rmcp::model::JsonObject;
use serde_json::{Value, json};

use crate::meta::ParamMeta;

/// Of `arguments` (the model's, in order), those that narrow the result: each as its
/// author marked it (`#[param(narrows)]` in `params`, or the `x-narrows` keyword of its
/// property in `schema`, which `#[derive(ToolArgs)]` writes), else as the design rules'
/// words read its name, type and doc. A diff's `repo_path` and `context_lines` are not;
/// a search's `limit` and `since` are.
pub(super) fn narrowing(
    description: &str,
    params: &[ParamMeta],
    schema: &JsonObject,
    arguments: &[Cow<'static, str>],
) -> Vec<Cow<'static, str>> {
    if arguments.is_empty() {
        return Vec::new();
    }
    let properties = schema.get("properties").and_then(Value::as_object);
    // The rules read a tool as `tools/list` lists it.
    let tool = published::tool(
        &json!({ "name": "", "description": description, "inputSchema": schema }),
        None,
    );
    arguments
        .iter()
        .filter(|name| {
            let name = name.as_ref();
            let marked = params
                .iter()
                .find(|p| p.name == name)
                .and_then(|p| p.narrows)
                .or_else(|| properties?.get(name)?.get(KEYWORD)?.as_bool());
            marked.unwrap_or_else(|| {
                tool.params
                    .iter()
                    .find(|p| p.name == name)
                    .is_some_and(|p| narrows(&tool, p))
            })
        })
        .cloned()
        .collect()
}

#[cfg(test)]
mod tests {
    use std::borrow::Cow;

    use rmcp::model::JsonObject;
    use serde_json::{Value, json};

    use super::narrowing;
    use crate::meta::ParamMeta;

    fn schema(properties: Value) -> JsonObject {
        match json!({ "type": "object", "properties": properties }) {
            Value::Object(map) => map,
            _ => unreachable!(),
        }
    }

    /// Every property of `schema`, as the arguments of a tool built from it.
    fn named(params: &[ParamMeta], schema: &JsonObject) -> Vec<String> {
        let arguments: Vec<Cow<'static, str>> = schema["properties"]
            .as_object()
            .unwrap()
            .keys()
            .map(|k| Cow::Owned(k.clone()))
            .collect();
        narrowing("", params, schema, &arguments)
            .into_iter()
            .map(Cow::into_owned)
            .collect()
    }

    const fn marked(name: &'static str, narrows: bool) -> ParamMeta {
        ParamMeta {
            name,
            rust_name: name,
            description: None,
            required: false,
            unit: None,
            minimum: None,
            maximum: None,
            min_length: None,
            max_length: None,
            pattern: None,
            format: None,
            default: None,
            example: None,
            narrows: Some(narrows),
        }
    }

    #[test]
    fn a_diff_has_none() {
        let diff = schema(json!({
            "repo_path": {"type": "string", "description": "Absolute path of the repository."},
            "target": {"type": "string", "description": "The commit to compare with."},
            "context_lines": {"type": ["integer", "null"], "format": "uint32"},
        }));
        assert_eq!(named(&[], &diff), Vec::<String>::new());
    }

    #[test]
    fn a_search_has_its_limit_and_its_window() {
        let search = schema(json!({
            "query": {"type": "string", "description": "Words to look for."},
            "limit": {"type": ["integer", "null"], "format": "uint32", "maximum": 100},
            "since": {"type": ["string", "null"], "format": "date-time"},
            "verbose": {"type": ["boolean", "null"]},
            "include_archived": {"type": ["boolean", "null"]},
        }));
        assert_eq!(named(&[], &search), ["limit", "since"]);
    }

    #[test]
    fn the_author_marks_what_the_name_cannot_tell() {
        static PARAMS: [ParamMeta; 2] = [marked("paths", true), marked("max_count", false)];
        let diff = schema(json!({
            "repo_path": {"type": "string"},
            "paths": {"type": "array", "items": {"type": "string"}},
            "max_count": {"type": "integer"},
        }));
        assert_eq!(named(&[], &diff), ["max_count"]);
        assert_eq!(named(&PARAMS, &diff), ["paths"]);
        // The keyword a `ToolArgs` field's `#[param(narrows)]` becomes says the same.
        let fields = schema(json!({
            "repo_path": {"type": "string"},
            "paths": {"type": "array", "items": {"type": "string"}, "x-narrows": true},
            "max_count": {"type": "integer", "x-narrows": false},
        }));
        assert_eq!(named(&[], &fields), ["paths"]);
    }
}
