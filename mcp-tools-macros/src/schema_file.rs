//! `#[tool(input_schema = "schemas/order.json")]`: the hand-written JSON Schema file, read
//! when the macro expands.
//!
//! The path is relative to the crate's directory (`CARGO_MANIFEST_DIR`, where its Cargo.toml
//! is), whichever file the tool is in. The macro reads the file to check that it is a JSON
//! object schema and to judge its top-level properties by the design rules (see
//! [`crate::model::Param::from_property`]); the expansion includes the same file with
//! `include_str!`, so rustc tracks it and an edit rebuilds the crate, and the runtime
//! publishes its text as written. Whether the runtime's validator enforces every keyword in
//! it is checked when the registry is built, by the validator itself.

use std::path::{Path, PathBuf};

use serde_json::Value;

use crate::{diag::Diagnostics, parse::Sp};

/// The file's schema, an object with `"type": "object"`, or `None` after reporting why
/// there is none.
pub(crate) fn load(path: &Sp<String>, cx: &mut Diagnostics) -> Option<Value> {
    let written = &path.value;
    let text = match std::fs::read_to_string(resolve(written)) {
        Ok(text) => text,
        Err(err) => {
            let problem = match err.kind() {
                std::io::ErrorKind::NotFound => "does not exist".to_owned(),
                _ => format!("cannot be read: {err}"),
            };
            cx.error(
                path.span,
                format!("the `input_schema` file `{written}` {problem}"),
                "the path is relative to the crate's directory, where its Cargo.toml is: `input_schema = \"schemas/order.json\"` reads `<crate>/schemas/order.json`",
            );
            return None;
        }
    };
    let root = match serde_json::from_str::<Value>(&text) {
        Ok(root) => root,
        Err(err) => {
            cx.error(
                path.span,
                format!("`{written}` is not JSON: {err}"),
                "fix the file: it holds one JSON Schema, an object such as `{\"type\": \"object\", \"properties\": {…}}`",
            );
            return None;
        }
    };
    let help = "MCP takes a tool's arguments as one object: give the schema's root `\"type\": \"object\"` and describe each argument under `\"properties\"`";
    let Value::Object(map) = &root else {
        cx.error(
            path.span,
            format!(
                "`{written}` holds {}, not a JSON Schema object",
                kind_of(&root)
            ),
            help,
        );
        return None;
    };
    match map.get("type") {
        Some(Value::String(t)) if t == "object" => Some(root),
        Some(other) => {
            cx.error(
                path.span,
                format!("the schema in `{written}` has `\"type\": {other}` at its root, not `\"object\"`"),
                help,
            );
            None
        }
        None => {
            cx.error(
                path.span,
                format!("the schema in `{written}` has no `\"type\": \"object\"` at its root"),
                help,
            );
            None
        }
    }
}

/// The file `input_schema = "…"` names: relative to the crate's directory when the macro
/// runs under cargo, as the expansion's `include_str!` resolves it.
fn resolve(written: &str) -> PathBuf {
    match std::env::var_os("CARGO_MANIFEST_DIR") {
        Some(dir) => Path::new(&dir).join(written),
        None => PathBuf::from(written),
    }
}

fn kind_of(value: &Value) -> &'static str {
    match value {
        Value::Null => "`null`",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
}

/// The schema a `$ref` in the file points to, when it is a JSON pointer into the file
/// itself (`#/$defs/address`, or the same after the root's `$id`).
pub(crate) fn target<'a>(root: &'a Value, reference: &str) -> Option<&'a Value> {
    let id = root.get("$id").and_then(Value::as_str).unwrap_or_default();
    let id = id.strip_suffix('#').unwrap_or(id);
    let local = match reference.strip_prefix(id) {
        Some(rest) if !id.is_empty() && rest.starts_with('#') => rest,
        _ => reference,
    };
    let pointer = local.strip_prefix('#')?;
    if pointer.is_empty() {
        return None;
    }
    root.pointer(pointer)
}
