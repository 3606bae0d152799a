//! A server's published tools, ported as `#[tool]` fns the way a user porting the server
//! would write them: one crate per server, every wire name as published.

use std::{
    collections::{BTreeMap, BTreeSet},
    fmt::Write as _,
    ops::RangeInclusive,
};

use serde_json::{Map, Value};

use mcp_tools_rules::published;
use mcp_tools_shared::format::Format;

use super::idents;
use crate::common_crates::Member;

/// `src/wire_names.rs` before its asserts: every port keeps the published wire names, or
/// it does not compile.
const WIRE_NAMES: &str = "\
//! Each tool's wire name is the published one.
use ::mcp_tools::__private::v1::{ToolSpec, same_name as same};

";

/// One server of the corpus, as read from `tests/corpus/servers/<server>.json`.
pub(crate) struct Server {
    /// The file's stem.
    pub(crate) name: String,
    /// The file, relative to the repository.
    pub(crate) file: String,
    pub(crate) source: String,
    pub(crate) tools: Vec<Value>,
}

/// A server's generated crate, and the lines of `src/lib.rs` each tool occupies.
pub(crate) struct Port {
    pub(crate) member: Member,
    /// The published name of each tool, and its lines (1-based, inclusive).
    pub(crate) tools: Vec<(String, RangeInclusive<usize>)>,
    /// Each parameter's Rust ident (`r#type`, `max_results`) and the published property
    /// it ports, by tool.
    pub(crate) params: BTreeMap<String, BTreeMap<String, String>>,
}

impl Port {
    /// The published name of the tool at `line` of `src/lib.rs`.
    pub(crate) fn tool_at(&self, line: usize) -> Option<&str> {
        self.tools
            .iter()
            .find(|(_, lines)| lines.contains(&line))
            .map(|(name, _)| name.as_str())
    }

    /// The published property that parameter `ident` of `tool` ports.
    pub(crate) fn property(&self, tool: &str, ident: &str) -> Option<&str> {
        self.params.get(tool)?.get(ident).map(String::as_str)
    }
}

/// `src/lib.rs` being written, line by line.
struct Source {
    text: String,
    lines: usize,
}

impl Source {
    fn line(&mut self, line: impl AsRef<str>) {
        self.text.push_str(line.as_ref());
        self.text.push('\n');
        self.lines += 1;
    }
}

/// The crate directory of a server: `github-reference` → `github-reference`.
pub(crate) fn crate_dir(server: &str) -> String {
    server
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() {
                c.to_ascii_lowercase()
            } else {
                '-'
            }
        })
        .collect()
}

/// How a port takes a tool's arguments.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Style {
    /// One fn parameter per property, as `#[tool]` fns are written.
    Flat,
    /// One `#[derive(ToolArgs)]` struct per tool, a field per property, taken as `Args<T>`
    /// the way an rmcp server takes `Parameters<T>`: the same input schema as the flat port.
    Structs,
}

/// Ports every tool of `server`, one parameter per property.
pub(crate) fn port(server: &Server) -> Result<Port, String> {
    port_as(server, Style::Flat)
}

/// Ports every tool of `server` in `style`; a struct port's crate is `<server>-structs`.
pub(crate) fn port_as(server: &Server, style: Style) -> Result<Port, String> {
    let dir = match style {
        Style::Flat => crate_dir(&server.name),
        Style::Structs => format!("{}-structs", crate_dir(&server.name)),
    };
    let namespace = published::common_namespace(&server.tools);
    let mut src = Source {
        text: String::new(),
        lines: 0,
    };
    src.line(format!(
        "//! The `{}` MCP server's tools ({}), ported as `#[tool]` fns.",
        server.name, server.source
    ));
    src.line(format!(
        "//! Generated from {} by tests/tests/compile/corpus.rs; do not edit.",
        server.file
    ));
    src.line("#![allow(non_snake_case, non_camel_case_types, unused_variables, dead_code)]");
    src.line("mod wire_names;");
    let mut fns = BTreeSet::new();
    let mut types = BTreeSet::new();
    let mut tools = Vec::new();
    let mut params = BTreeMap::new();
    let mut wire_names = String::from(WIRE_NAMES);
    for tool in &server.tools {
        let name = tool["name"]
            .as_str()
            .ok_or_else(|| format!("{}: a tool without a name", server.name))?;
        src.line("");
        let first = src.lines + 1;
        let (ident, idents) = write_tool(
            tool,
            name,
            namespace.as_deref(),
            style,
            &mut fns,
            &mut types,
            &mut src,
        );
        params.insert(name.to_owned(), idents);
        tools.push((name.to_owned(), first..=src.lines));
        let _ = writeln!(
            wire_names,
            "const _: () = assert!(same(<super::{ident} as ToolSpec>::NAME, {name:?}));"
        );
    }
    let rules = if namespace.is_none() {
        "\n# The tool names are a published contract without a prefix.\n\
         [package.metadata.mcp-tools.rules]\nnamespace_required = \"allow\"\n"
    } else {
        ""
    };
    let manifest = format!(
        "[package]\nname = \"corpus-{dir}\"\nversion = \"0.0.0\"\nedition = \"2024\"\npublish = false\n\
         {rules}\n[dependencies]\nmcp-tools.workspace = true\nserde.workspace = true\n\
         schemars.workspace = true\nserde_json.workspace = true\n"
    );
    Ok(Port {
        member: Member {
            dir,
            files: vec![
                ("Cargo.toml".to_owned(), manifest),
                ("src/lib.rs".to_owned(), src.text),
                ("src/wire_names.rs".to_owned(), wire_names),
            ],
        },
        tools,
        params,
    })
}

fn write_tool(
    tool: &Value,
    name: &str,
    namespace: Option<&str>,
    style: Style,
    fns: &mut BTreeSet<String>,
    types: &mut BTreeSet<String>,
    src: &mut Source,
) -> (String, BTreeMap<String, String>) {
    let action = match namespace {
        Some(ns) => &name[ns.len() + 1..],
        None => name,
    };
    let mut args = Vec::new();
    if let Some(ns) = namespace {
        args.push(format!("namespace = {ns:?}"));
    }
    let ident = if idents::is_snake_ident(action) && !fns.contains(action) {
        fns.insert(action.to_owned());
        action.to_owned()
    } else {
        args.push(format!("name = {action:?}"));
        idents::fn_ident(action, fns)
    };
    let title = tool["title"]
        .as_str()
        .or_else(|| tool["annotations"]["title"].as_str());
    if let Some(title) = title {
        args.push(format!("title = {title:?}"));
    }
    args.extend(annotations(&tool["annotations"]));

    let schema = &tool["inputSchema"];
    let required: Vec<&str> = schema["required"]
        .as_array()
        .map(|r| r.iter().filter_map(Value::as_str).collect())
        .unwrap_or_default();
    let empty = Map::new();
    let properties = schema["properties"].as_object().unwrap_or(&empty);
    let mut params = Vec::new();
    let mut taken = BTreeSet::new();
    let mut ported = BTreeMap::new();
    for (property, prop) in properties {
        let (pident, rename) = idents::param_ident(property, &mut taken);
        ported.insert(pident.clone(), property.clone());
        let (ty, mut keys) = param_type(name, property, prop, types, src);
        if rename {
            keys.insert(0, format!("rename = {property:?}"));
        }
        let ty = if required.contains(&property.as_str()) {
            ty
        } else {
            format!("Option<{ty}>")
        };
        params.push((pident, ty, keys, published::description_of(prop)));
    }

    let params = match style {
        Style::Flat => params,
        Style::Structs if params.is_empty() => params,
        Style::Structs => {
            // serde renames a field; `#[param(rename)]` is a fn parameter's key.
            let args_type = idents::unique(idents::type_name(name, "args"), types);
            src.line("#[derive(::serde::Deserialize, ::mcp_tools::ToolArgs)]");
            src.line(format!("pub struct {args_type} {{"));
            for (pident, ty, keys, doc) in params {
                doc_lines(doc, "    ", src);
                let (renames, keys): (Vec<_>, Vec<_>) =
                    keys.into_iter().partition(|k| k.starts_with("rename = "));
                for rename in renames {
                    src.line(format!("    #[serde({rename})]"));
                }
                if !keys.is_empty() {
                    src.line(format!("    #[param({})]", keys.join(", ")));
                }
                src.line(format!("    pub {pident}: {ty},"));
            }
            src.line("}");
            vec![(
                "args".to_owned(),
                format!("::mcp_tools::Args<{args_type}>"),
                Vec::new(),
                None,
            )]
        }
    };
    doc_lines(tool["description"].as_str(), "", src);
    if args.is_empty() {
        src.line("#[::mcp_tools::tool]");
    } else {
        src.line(format!("#[::mcp_tools::tool({})]", args.join(", ")));
    }
    if params.is_empty() {
        src.line(format!("pub async fn {ident}() -> String {{"));
    } else {
        src.line(format!("pub async fn {ident}("));
        for (pident, ty, keys, doc) in params {
            doc_lines(doc, "    ", src);
            if !keys.is_empty() {
                src.line(format!("    #[param({})]", keys.join(", ")));
            }
            src.line(format!("    {pident}: {ty},"));
        }
        src.line(") -> String {");
    }
    src.line("    String::new()");
    src.line("}");
    (ident, ported)
}

/// `#[doc = "…"]`, one per line of the published text; nothing when there is none.
fn doc_lines(text: Option<&str>, indent: &str, src: &mut Source) {
    let Some(text) = text else { return };
    for line in text.split('\n') {
        let line = line.strip_suffix('\r').unwrap_or(line);
        src.line(format!("{indent}#[doc = {line:?}]"));
    }
}

/// The `#[tool]` keys for the published annotations; absent hints give nothing.
fn annotations(annotations: &Value) -> Vec<String> {
    let mut keys = Vec::new();
    match annotations["readOnlyHint"].as_bool() {
        Some(true) => keys.push("read_only".to_owned()),
        Some(false) => keys.push("read_only = false".to_owned()),
        None => {}
    }
    for (hint, key) in [
        ("destructiveHint", "destructive"),
        ("idempotentHint", "idempotent"),
        ("openWorldHint", "open_world"),
    ] {
        if let Some(b) = annotations[hint].as_bool() {
            keys.push(format!("{key} = {b}"));
        }
    }
    keys
}

/// The Rust type of a property, and its `#[param]` keys. A string enum becomes a generated
/// enum, written to `src` before the tool.
fn param_type(
    tool: &str,
    property: &str,
    prop: &Value,
    types: &mut BTreeSet<String>,
    src: &mut Source,
) -> (String, Vec<String>) {
    let mut keys = Vec::new();
    // An `Optional[T]` (`anyOf: [T, null]`) or `"type": [T, "null"]` is a `T` a port
    // takes as `Option<T>`, as mcp-tools-rules reads it.
    let prop = published::nullable(prop).map_or(prop, |(member, _)| member);
    let ty = match published::type_of(prop) {
        Some("string") if prop.get("enum").is_some() => {
            match prop["enum"]
                .as_array()
                .filter(|v| v.iter().all(Value::is_string))
            {
                Some(values) => string_enum(tool, property, values, types, src),
                None => "::serde_json::Value".to_owned(),
            }
        }
        Some("string") => {
            if let Some(format) = prop["format"]
                .as_str()
                .filter(|f| Format::from_name(f).is_some())
            {
                keys.push(format!("format = {format:?}"));
            }
            if let Some(pattern) = prop["pattern"].as_str() {
                keys.push(format!("pattern = {pattern:?}"));
            }
            length_keys(prop, "minLength", "maxLength", &mut keys);
            "String".to_owned()
        }
        Some("integer") => {
            bounds(prop, true, &mut keys);
            "i64".to_owned()
        }
        Some("number") => {
            bounds(prop, false, &mut keys);
            "f64".to_owned()
        }
        Some("boolean") => "bool".to_owned(),
        Some("array") if prop["items"]["type"] == "string" => {
            length_keys(prop, "minItems", "maxItems", &mut keys);
            // Items of a closed set are an enum of the port's own, as a port would write.
            match prop["items"]["enum"]
                .as_array()
                .filter(|v| v.iter().all(Value::is_string))
            {
                Some(values) => format!("Vec<{}>", string_enum(tool, property, values, types, src)),
                None => "Vec<String>".to_owned(),
            }
        }
        _ if published::is_structured(prop) => structured(tool, property, types, src),
        _ => "::serde_json::Value".to_owned(),
    };
    (ty, keys)
}

/// A property with a published shape becomes a type of its own, as in a port that keeps
/// the shape in a struct or enum (whose schema describes it). The corpus crate only needs
/// the name; the value stays JSON.
fn structured(
    tool: &str,
    property: &str,
    types: &mut BTreeSet<String>,
    src: &mut Source,
) -> String {
    let name = idents::unique(idents::type_name(tool, property), types);
    src.line(format!("pub type {name} = ::serde_json::Value;"));
    name
}

fn length_keys(prop: &Value, min: &str, max: &str, keys: &mut Vec<String>) {
    if let Some(n) = prop[min].as_u64() {
        keys.push(format!("min_length = {n}"));
    }
    if let Some(n) = prop[max].as_u64() {
        keys.push(format!("max_length = {n}"));
    }
}

/// `minimum`/`maximum`, or the exclusive bounds (one step in, for integers).
fn bounds(prop: &Value, integer: bool, keys: &mut Vec<String>) {
    let step = if integer { 1.0 } else { 0.0 };
    let min = prop["minimum"]
        .as_f64()
        .or_else(|| prop["exclusiveMinimum"].as_f64().map(|v| v + step));
    let max = prop["maximum"]
        .as_f64()
        .or_else(|| prop["exclusiveMaximum"].as_f64().map(|v| v - step));
    for (key, value) in [("min", min), ("max", max)] {
        if let Some(v) = value {
            keys.push(format!("{key} = {}", number(v, integer)));
        }
    }
}

/// A number literal: `100` for integers, `0.5` or `1.0` otherwise.
fn number(v: f64, integer: bool) -> String {
    if integer && v.fract() == 0.0 {
        format!("{v:.0}")
    } else {
        format!("{v:?}")
    }
}

/// `pub enum BrowserTakeScreenshotType { #[serde(rename = "png")] Png, … }`.
fn string_enum(
    tool: &str,
    property: &str,
    values: &[Value],
    types: &mut BTreeSet<String>,
    src: &mut Source,
) -> String {
    let name = idents::unique(idents::type_name(tool, property), types);
    src.line("#[derive(::serde::Deserialize, ::schemars::JsonSchema)]");
    src.line(format!("pub enum {name} {{"));
    let mut variants = BTreeSet::new();
    let mut seen = BTreeSet::new();
    for value in values.iter().filter_map(Value::as_str) {
        if !seen.insert(value) {
            continue;
        }
        let variant = idents::variant(value, &mut variants);
        let mut line = String::new();
        let _ = write!(line, "    #[serde(rename = {value:?})] {variant},");
        src.line(line);
    }
    src.line("}");
    name
}
