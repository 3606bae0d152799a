//! Published tool definitions (the entries of a `tools/list` result) and prompt definitions
//! (of a `prompts/list` result) as the rules' model, with the JSON pointer of each part a
//! report can point at.
//!
//! A published definition is read as `#[tool]` reads the same tool ported to Rust: the
//! `description` as its doc comment, each property of `inputSchema` as a parameter whose
//! `description` is its doc (or, where zod and pydantic put it, that of its first
//! `anyOf`/`oneOf` member), its `maximum` and `format` as the `#[param]` keys, an `enum`,
//! a `const` or a shape of named properties as a type of the author's own, and the
//! annotations as the `#[tool]` keys. The corpus test checks that both paths give the same
//! reports.
//!
//! A published prompt is read as `#[prompt]` reads the same prompt ported to Rust: its
//! `description` as the doc comment, and each of its `arguments` as a text parameter whose
//! `description` is its doc; [`judge_prompts`] judges them with [`check_prompt`].

use mcp_tools_shared::format::Format;
use serde_json::Value;

use crate::{
    catalog::{Level, Levels, Rule},
    doc,
    model::{Declared, Description, Dialect, Kind, Noun, Origin, Param, Tool},
    report::Report,
    report::{Hint, ParamPart, Target},
    rules::{check, check_prompt},
};

/// One published tool or prompt, read: the model, and where each of its arguments is.
#[derive(Clone, Debug)]
pub struct Definition {
    /// The model the rules judge.
    pub tool: Tool,
    /// The JSON pointer of each argument within the definition's object, by [`Param::id`].
    params: Vec<String>,
    /// Whether it is a tool or a prompt, which places its arguments.
    noun: Noun,
}

impl Definition {
    /// The JSON pointer, within the definition's own object, of what `target` names:
    /// `/inputSchema/properties/path`, `/annotations/destructiveHint`, `/description`,
    /// `/name`, or the empty pointer for the definition as a whole. A prompt's argument is
    /// `/arguments/0/name` for its name and `/arguments/0/description` for the rest, its
    /// description being all a prompt argument has besides its name.
    #[must_use]
    pub fn pointer(&self, target: &Target) -> String {
        match target {
            Target::Name | Target::Namespace | Target::Alias(_) => "/name".to_owned(),
            Target::Description(_) => "/description".to_owned(),
            Target::Hint(Hint::ReadOnly) => "/annotations/readOnlyHint".to_owned(),
            Target::Hint(Hint::Destructive) => "/annotations/destructiveHint".to_owned(),
            Target::Param { id, part } => {
                let at = self.params.get(*id).cloned().unwrap_or_default();
                match (self.noun, part) {
                    (Noun::Tool, _) => at,
                    (Noun::Prompt, ParamPart::Name) => format!("{at}/name"),
                    (Noun::Prompt, ParamPart::Whole) => format!("{at}/description"),
                }
            }
            Target::Tool | Target::Task | Target::Signature => String::new(),
        }
    }
}

/// One report on one tool of a `tools/list` answer, or on one prompt of a `prompts/list`
/// answer.
#[derive(Clone, Debug)]
pub struct Judged {
    /// The tool's (or the prompt's) published name.
    pub tool: String,
    /// Whether a tool or a prompt is judged.
    pub noun: Noun,
    /// Its position in the list.
    pub index: usize,
    /// Where the report points, as a JSON pointer into the `tools/list` result
    /// (`/tools/3/inputSchema/properties/path`) or the `prompts/list` result
    /// (`/prompts/0/arguments/1/description`).
    pub pointer: String,
    /// The dotted path of the argument the report is about (`filters.created_at`), if any.
    pub path: Option<String>,
    /// The rule's report.
    pub report: Report,
}

/// Judges every tool of `tools` (the `tools` array of a `tools/list` answer), each at the
/// levels `levels_of(index, name)` gives, with the server's shared first word as its
/// namespace: reports in list order, then rule order. What `mcp-tools-lint`, the registry
/// and the corpus test run.
pub fn judge(tools: &[Value], levels_of: impl FnMut(usize, &str) -> Levels) -> Vec<Judged> {
    judge_all(Noun::Tool, tools, levels_of)
}

/// Judges every prompt of `prompts` (the `prompts` array of a `prompts/list` answer) with
/// [`check_prompt`], each at the levels `levels_of(index, name)` gives, with the first word
/// all prompt names share as their namespace (see [`common_namespace`]): reports in list
/// order, then rule order, each at a pointer into the `prompts/list` result
/// (`/prompts/2/arguments/0/description`). What `mcp-tools-lint` runs on a server's prompts.
///
/// ```
/// use mcp_tools_rules::published;
///
/// let prompts = [serde_json::json!({
///     "name": "integrate-percy",
///     "arguments": [{"name": "project_name", "required": true}]
/// })];
/// let judged = published::judge_prompts(&prompts, |_, _| published::levels());
/// let found: Vec<(&str, &str)> = judged
///     .iter()
///     .map(|j| (j.report.rule.id(), j.pointer.as_str()))
///     .collect();
/// assert_eq!(found, [("description_required", "/prompts/0/description")]);
/// assert!(judged[0].report.message.starts_with("prompt `integrate-percy` has no description"));
/// ```
pub fn judge_prompts(
    prompts: &[Value],
    levels_of: impl FnMut(usize, &str) -> Levels,
) -> Vec<Judged> {
    judge_all(Noun::Prompt, prompts, levels_of)
}

fn judge_all(
    noun: Noun,
    listed: &[Value],
    mut levels_of: impl FnMut(usize, &str) -> Levels,
) -> Vec<Judged> {
    type Read = fn(&Value, Option<&str>) -> Definition;
    type Judge = fn(&Tool, &Levels) -> Vec<Report>;
    let namespace = common_namespace(listed);
    let (list, read, check): (&str, Read, Judge) = match noun {
        Noun::Tool => ("tools", definition, check),
        Noun::Prompt => ("prompts", prompt_definition, check_prompt),
    };
    let mut judged = Vec::new();
    for (index, entry) in listed.iter().enumerate() {
        let definition = read(entry, namespace.as_deref());
        let name = entry["name"].as_str().unwrap_or_default();
        for report in check(&definition.tool, &levels_of(index, name)) {
            let path = match &report.target {
                Target::Param { id, .. } => definition
                    .tool
                    .all_params()
                    .find(|p| p.id == *id)
                    .map(|p| p.path.clone()),
                _ => None,
            };
            judged.push(Judged {
                tool: name.to_owned(),
                noun,
                index,
                pointer: format!("/{list}/{index}{}", definition.pointer(&report.target)),
                path,
                report,
            });
        }
    }
    judged
}

/// The levels a published server is judged at, its tools and its prompts alike: the
/// defaults, but `namespace_required`, which a published server does not break by keeping
/// names without a shared prefix (its names are a contract, and clients prefix them with
/// the server's name).
#[must_use]
pub fn levels() -> Levels {
    let mut levels = Levels::default();
    levels.set(Rule::NamespaceRequired, Level::Allow);
    levels
}

/// The first word every name of a list shares (tools', or prompts'), when there are at
/// least two and each has an action after it (`browser_click` → `browser`): the server's
/// namespace.
#[must_use]
pub fn common_namespace(tools: &[Value]) -> Option<String> {
    if tools.len() < 2 {
        return None;
    }
    let mut first = None;
    for tool in tools {
        let (word, rest) = tool["name"].as_str()?.split_once('_')?;
        if rest.is_empty() || first.is_some_and(|f| f != word) {
            return None;
        }
        first = Some(word);
    }
    first.map(ToOwned::to_owned)
}

/// Reads one `tools/list` entry; `namespace` is the server's (see [`common_namespace`]),
/// which the tool's name must start with.
#[must_use]
pub fn tool(listed: &Value, namespace: Option<&str>) -> Tool {
    definition(listed, namespace).tool
}

/// [`tool`], with the pointers of its arguments.
#[must_use]
pub fn definition(listed: &Value, namespace: Option<&str>) -> Definition {
    let (namespace, action, description) = named(listed, namespace);
    let annotations = &listed["annotations"];
    let hint = |key: &str| match annotations[key].as_bool() {
        Some(value) => Declared::Set(value),
        None => Declared::Absent,
    };
    let schema = &listed["inputSchema"];
    let mut params = Vec::new();
    let mut pointers = Vec::new();
    if let Some(properties) = schema["properties"].as_object() {
        for (property, prop) in properties {
            let pointer = format!("/inputSchema/properties/{}", escape(property));
            params.push(argument(
                property,
                property.clone(),
                prop,
                pointer,
                &mut pointers,
            ));
        }
    }
    Definition {
        tool: Tool {
            dialect: Dialect::Json,
            namespace_written: namespace.is_some(),
            namespace,
            namespace_from_config: false,
            action,
            description,
            params,
            read_only: hint("readOnlyHint"),
            destructive: hint("destructiveHint"),
            aliases: Vec::new(),
            is_async: None,
            task: None,
            timeout_ms: None,
        },
        params: pointers,
        noun: Noun::Tool,
    }
}

/// A definition's namespace (when its name starts with `namespace` and `_`), its action, and
/// its description.
fn named(listed: &Value, namespace: Option<&str>) -> (Option<String>, String, Option<Description>) {
    let name = listed["name"].as_str().unwrap_or_default();
    let (namespace, action) =
        match namespace.and_then(|ns| Some((ns, name.strip_prefix(ns)?.strip_prefix('_')?))) {
            Some((ns, action)) => (Some(ns.to_owned()), action.to_owned()),
            None => (None, name.to_owned()),
        };
    let description = listed["description"]
        .as_str()
        .map(|text| Description::text(doc::reflow_text(text)));
    (namespace, action, description)
}

/// Reads one `prompts/list` entry as the model [`check_prompt`] judges: its `name` (after
/// `namespace`, which it must start with, as for a tool), its `description`, and each of
/// its `arguments` as a text parameter whose `description` is its doc.
///
/// ```
/// use mcp_tools_rules::{Kind, published};
///
/// let listed = serde_json::json!({
///     "name": "fetch",
///     "description": "Fetch a URL and extract its contents as markdown",
///     "arguments": [{"name": "url", "description": "URL to fetch", "required": true}]
/// });
/// let prompt = published::prompt(&listed, None);
/// assert_eq!(prompt.action, "fetch");
/// assert_eq!(prompt.params[0].name, "url");
/// assert_eq!(prompt.params[0].kind, Kind::Text);
/// assert!(prompt.params[0].is_documented());
/// ```
#[must_use]
pub fn prompt(listed: &Value, namespace: Option<&str>) -> Tool {
    prompt_definition(listed, namespace).tool
}

/// [`prompt`], with the pointers of its arguments (`/arguments/0`).
#[must_use]
pub fn prompt_definition(listed: &Value, namespace: Option<&str>) -> Definition {
    let (namespace, action, description) = named(listed, namespace);
    let arguments = listed["arguments"]
        .as_array()
        .map_or(&[][..], Vec::as_slice);
    let mut params = Vec::with_capacity(arguments.len());
    let mut pointers = Vec::with_capacity(arguments.len());
    for (id, argument) in arguments.iter().enumerate() {
        let name = argument["name"].as_str().unwrap_or_default();
        let mut param = Param::new(id, name, Origin::Property, Kind::Text);
        param.doc = argument["description"]
            .as_str()
            .map(|text| Description::text(doc::reflow_text(text)));
        params.push(param);
        pointers.push(format!("/arguments/{id}"));
    }
    Definition {
        tool: Tool {
            dialect: Dialect::Json,
            namespace_written: namespace.is_some(),
            namespace,
            action,
            description,
            params,
            ..Tool::default()
        },
        params: pointers,
        noun: Noun::Prompt,
    }
}

/// How deep the fields of object arguments are judged: deeper shapes are rare, and a
/// recursive schema must end somewhere.
const MAX_DEPTH: usize = 6;

/// One property as an argument, numbered in `pointers`, with its fields (an object's
/// properties, or its list items'), each named by its dotted path.
fn argument(
    name: &str,
    path: String,
    prop: &Value,
    pointer: String,
    pointers: &mut Vec<String>,
) -> Param {
    let depth = path.matches('.').count();
    let id = pointers.len();
    pointers.push(pointer.clone());
    let described = description_of(prop);
    let (prop, pointer) = match nullable(prop) {
        Some(member) => (member.0, format!("{pointer}/{}", member.1)),
        None => (prop, pointer),
    };
    let mut param = Param::new(id, name, Origin::Property, kind_of(prop));
    param.path = path;
    param.doc = described.map(|text| Description::text(doc::reflow_text(text)));
    let ty = type_of(prop);
    let numeric = matches!(ty, Some("integer" | "number"));
    if numeric {
        let step = if ty == Some("integer") { 1.0 } else { 0.0 };
        param.max = prop["maximum"]
            .as_f64()
            .or_else(|| prop["exclusiveMaximum"].as_f64().map(|v| v - step));
        param.min = prop["minimum"]
            .as_f64()
            .or_else(|| prop["exclusiveMinimum"].as_f64().map(|v| v + step));
    }
    if let Some(values) = prop["enum"].as_array() {
        param.values = values
            .iter()
            .filter_map(Value::as_str)
            .map(ToOwned::to_owned)
            .collect();
    }
    if ty == Some("string") && prop.get("enum").is_none() {
        param.pattern = prop["pattern"].as_str().map(ToOwned::to_owned);
        param.format = prop["format"]
            .as_str()
            // The formats `#[param(format = …)]` takes; others (`int32`, `json`) say
            // nothing of a time.
            .filter(|f| Format::from_name(f).is_some())
            .map(ToOwned::to_owned);
    }
    // The fields of an object, or of the objects a list holds.
    let (shape, shape_pointer) = if prop.get("properties").is_some() {
        (prop, pointer)
    } else {
        (&prop["items"], format!("{pointer}/items"))
    };
    if depth < MAX_DEPTH
        && let Some(fields) = shape["properties"].as_object()
    {
        for (field, schema) in fields {
            let field_pointer = format!("{shape_pointer}/properties/{}", escape(field));
            let field_path = format!("{}.{field}", param.path);
            param
                .fields
                .push(argument(field, field_path, schema, field_pointer, pointers));
        }
    }
    param
}

/// The one member of a nullable union (`anyOf: [{…}, {"type": "null"}]`, what pydantic
/// writes for `Optional[T]`), with its pointer within the union: the schema a value has.
#[must_use]
pub fn nullable(prop: &Value) -> Option<(&Value, String)> {
    if prop.get("type").is_some() {
        return None;
    }
    ["anyOf", "oneOf"].iter().find_map(|key| {
        let members = prop[*key].as_array()?;
        let mut real = members
            .iter()
            .enumerate()
            .filter(|(_, m)| m["type"] != "null");
        let (i, member) = real.next()?;
        real.next()
            .is_none()
            .then(|| (member, format!("{key}/{i}")))
    })
}

/// A schema's `type`: the one it names, or the first that is not `null` of a list of them
/// (`["integer", "null"]`).
#[must_use]
pub fn type_of(prop: &Value) -> Option<&str> {
    match &prop["type"] {
        Value::String(t) => Some(t),
        Value::Array(types) => types
            .iter()
            .filter_map(Value::as_str)
            .find(|t| *t != "null"),
        _ => None,
    }
}

/// What values a property takes, as a port would type it.
fn kind_of(prop: &Value) -> Kind {
    let prop = nullable(prop).map_or(prop, |(member, _)| member);
    let string_enum = |v: &Value| {
        v.get("enum")
            .and_then(Value::as_array)
            .is_some_and(|values| values.iter().all(Value::is_string))
    };
    match type_of(prop) {
        Some("string") if prop.get("enum").is_some() => {
            if string_enum(prop) {
                Kind::Own
            } else {
                Kind::Any
            }
        }
        Some("string") => Kind::Text,
        Some("integer") => Kind::Integer,
        Some("number") => Kind::Number,
        Some("boolean") => Kind::Boolean,
        Some("array") if prop["items"]["type"] == "string" => {
            if string_enum(&prop["items"]) {
                Kind::List(Box::new(Kind::Own))
            } else {
                Kind::List(Box::new(Kind::Text))
            }
        }
        _ if is_structured(prop) => Kind::Own,
        _ => Kind::Any,
    }
}

/// Whether a schema spells out its shape (named fields, a referenced definition,
/// constants) anywhere within it: a type of its author's own.
#[must_use]
pub fn is_structured(prop: &Value) -> bool {
    match prop {
        Value::Object(map) => {
            map.contains_key("properties")
                || map.contains_key("$ref")
                || map.contains_key("const")
                || map.values().any(is_structured)
        }
        Value::Array(items) => items.iter().any(is_structured),
        _ => false,
    }
}

/// The description a client shows for a property: its own, else that of the first
/// `anyOf`/`oneOf` member that has one (zod and pydantic put it there for optional and
/// union types).
#[must_use]
pub fn description_of(prop: &Value) -> Option<&str> {
    prop["description"].as_str().or_else(|| {
        ["anyOf", "oneOf"]
            .iter()
            .filter_map(|k| prop[*k].as_array())
            .flatten()
            .find_map(|member| member["description"].as_str())
    })
}

/// A property name as a JSON pointer token (RFC 6901).
fn escape(name: &str) -> String {
    name.replace('~', "~0").replace('/', "~1")
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::{common_namespace, definition};
    use crate::{Kind, Levels, ParamPart, Target, check};

    #[test]
    fn a_published_tool_is_read_as_its_port() {
        let listed = json!({
            "name": "fs_read_file",
            "description": "Read a file.",
            "inputSchema": {"type": "object", "properties": {
                "path": {"type": "string"},
                "limit": {"type": "integer", "maximum": 100},
                "mode": {"type": "string", "enum": ["text", "base64"]},
                "a/b": {"anyOf": [{"type": "string", "description": "Odd name."}, {"type": "null"}]}
            }},
            "annotations": {"readOnlyHint": true}
        });
        let def = definition(&listed, Some("fs"));
        let tool = &def.tool;
        assert_eq!(tool.namespace.as_deref(), Some("fs"));
        assert_eq!(tool.action, "read_file");
        assert_eq!(tool.wire_name(), "fs_read_file");
        assert_eq!(tool.params[1].max, Some(100.0));
        assert_eq!(tool.params[2].kind, Kind::Own);
        // `Optional[str]`, as pydantic writes it, is text.
        assert_eq!(tool.params[3].kind, Kind::Text);
        assert!(tool.params[3].is_documented());
        let target = Target::Param {
            id: 3,
            part: ParamPart::Name,
        };
        assert_eq!(def.pointer(&target), "/inputSchema/properties/a~1b");
        let reports = check(tool, &Levels::default());
        let ids: Vec<&str> = reports.iter().map(|r| r.rule.id()).collect();
        // "Read a file." says no more than `read_file`: a judgment, a warning.
        assert_eq!(ids, ["description_length", "path_format"], "{reports:#?}");
        assert!(
            reports[1].help.contains("`description`"),
            "{}",
            reports[1].help
        );
    }

    #[test]
    fn a_namespace_is_the_first_word_all_names_share() {
        let tools = |names: &[&str]| -> Vec<serde_json::Value> {
            names.iter().map(|n| json!({ "name": n })).collect()
        };
        assert_eq!(
            common_namespace(&tools(&["git_log", "git_diff"])).as_deref(),
            Some("git")
        );
        assert_eq!(common_namespace(&tools(&["git_log", "diff"])), None);
        assert_eq!(common_namespace(&tools(&["git_log"])), None);
    }
}
