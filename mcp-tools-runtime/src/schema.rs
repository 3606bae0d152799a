//! JSON Schemas: lean, closed input schemas built from the macro's parameter table, and
//! output schemas from schemars.
//!
//! Lean means what the model reads and nothing else: no `$schema`, no titles, `$defs`
//! inlined (schemars keeps a `$ref` only for recursive types), and no integer width
//! (`maximum: 4294967295`): an input schema keeps its integer `format`s, which the validator
//! enforces as the width, and [`published`] turns them into an unsigned type's
//! `minimum: 0` for the client.

use rmcp::model::JsonObject;
use schemars::{JsonSchema, generate::SchemaSettings};
use serde_json::{Map, Value, json};

use crate::{
    meta::{ParamMeta, StateNeed},
    validate::format::integer_width,
};

/// The input schema of one tool, filled by each parameter's [`ToolArg::describe`](crate::arg::ToolArg::describe).
#[derive(Debug, Default)]
#[doc(hidden)]
pub struct InputSchema {
    pub(crate) properties: JsonObject,
    pub(crate) required: Vec<String>,
    /// The parameter that selects `concise`/`detailed`, if the tool has one.
    pub(crate) format_param: Option<&'static str>,
    /// The `PageCursor` parameter, if the tool pages.
    pub(crate) cursor_param: Option<&'static str>,
    /// The `PlanHandle` parameter of a commit tool, and the plan's kind.
    pub(crate) plan_param: Option<(&'static str, String)>,
    /// The `IdempotencyKey` parameter, if the tool takes one.
    pub(crate) idempotency_param: Option<&'static str>,
    /// The `Handle<T>` parameters, and each one's kind of state.
    pub(crate) handle_params: Vec<(&'static str, String)>,
    pub(crate) needs: Vec<StateNeed>,
    /// Whether a parameter takes the [`ToolContext`](crate::context::ToolContext), which a call
    /// then builds; tools without one skip it.
    pub(crate) takes_context: bool,
    /// Subschemas the parameters' recursive types share, published as the root's `$defs`.
    pub(crate) defs: JsonObject,
    /// The properties an [`Args<T>`](crate::fields::Args) struct brought, in order.
    pub(crate) fields: Vec<String>,
    /// Why the schema cannot be built as written (two arguments with one name); the
    /// registry refuses to build with them.
    pub(crate) problems: Vec<String>,
}

impl InputSchema {
    /// Adds a property described by `schema` and the parameter's metadata.
    pub fn add_property(&mut self, param: &ParamMeta, mut schema: JsonObject) {
        let root = format!("#/properties/{}", pointer_token(param.name));
        self.hoist_defs(param.name, root, &mut schema);
        let schema = apply_param(schema, param);
        self.insert(param.name, Value::Object(schema), param.required);
    }

    /// Adds the properties of a struct's schema as the tool's own, for [`Args<T>`](crate::fields::Args).
    pub(crate) fn add_fields(&mut self, param: &ParamMeta, mut schema: JsonObject) {
        // The struct's root is the tool's root, so a recursive `$ref: "#"` stays as it is.
        self.hoist_defs(param.name, "#".to_owned(), &mut schema);
        let Some(Value::Object(properties)) = schema.remove("properties") else {
            self.problems.push(format!(
                "`{}` takes `Args<T>`, whose `T` has no named fields: its schema is not an object with properties",
                param.rust_name
            ));
            return;
        };
        let required: Vec<String> = match schema.remove("required") {
            Some(Value::Array(names)) => names
                .into_iter()
                .filter_map(|n| n.as_str().map(ToOwned::to_owned))
                .collect(),
            _ => Vec::new(),
        };
        for (name, property) in properties {
            let is_required = required.contains(&name);
            self.fields.push(name.clone());
            self.insert(&name, property, is_required);
        }
    }

    fn insert(&mut self, name: &str, schema: Value, required: bool) {
        if self.properties.contains_key(name) {
            self.problems.push(format!(
                "two arguments are named `{name}` (a field of an `Args<T>` struct and another parameter, or two such structs); rename one with `#[serde(rename = \"…\")]` or `#[param(rename = \"…\")]`"
            ));
            return;
        }
        if required {
            self.required.push(name.to_owned());
        }
        self.properties.insert(name.to_owned(), schema);
    }

    /// The closed object schema listed in `tools/list`.
    pub(crate) fn to_schema(&self) -> JsonObject {
        let mut root = Map::new();
        root.insert("type".into(), json!("object"));
        if !self.properties.is_empty() {
            root.insert("properties".into(), Value::Object(self.properties.clone()));
        }
        if !self.required.is_empty() {
            root.insert("required".into(), json!(self.required));
        }
        root.insert("additionalProperties".into(), Value::Bool(false));
        if !self.defs.is_empty() {
            root.insert("$defs".into(), Value::Object(self.defs.clone()));
        }
        root
    }

    /// A parameter's schema is written for its own document: `$ref: "#"` means its root and
    /// `#/$defs/X` its own `$defs` (schemars keeps these for recursive types). Embedded at
    /// `root` (`#/properties/<name>`), its `$defs` move to the input schema's root (renamed
    /// if another parameter's differ under the same name) and every `$ref` is rewritten to
    /// match.
    fn hoist_defs(&mut self, name: &str, root: String, schema: &mut JsonObject) {
        let mut renames: Vec<(String, String)> = vec![("#".to_owned(), root)];
        let defs = match schema.remove("$defs") {
            Some(Value::Object(defs)) => defs,
            _ => Map::new(),
        };
        let mut placed = Vec::new();
        for (def, body) in defs {
            let mut key = def.clone();
            if self
                .defs
                .get(&key)
                .is_some_and(|existing| *existing != body)
            {
                key = format!("{def}_{name}");
            }
            renames.push((
                format!("#/$defs/{}", pointer_token(&def)),
                format!("#/$defs/{}", pointer_token(&key)),
            ));
            placed.push((key, body));
        }
        let mut root = Value::Object(std::mem::take(schema));
        rewrite_refs(&mut root, &renames);
        if let Value::Object(map) = root {
            *schema = map;
        }
        for (key, mut body) in placed {
            rewrite_refs(&mut body, &renames);
            self.defs.insert(key, body);
        }
    }
}

/// Whether a keyword holds values rather than schemas (`const`, `enum`, `default`,
/// `examples`): walks that rewrite schemas leave them as written.
fn holds_values(key: &str) -> bool {
    matches!(key, "const" | "enum" | "default" | "examples")
}

/// A key as a JSON pointer token.
fn pointer_token(key: &str) -> String {
    key.replace('~', "~0").replace('/', "~1")
}

/// Rewrites each `$ref` whose target is `from` (or under it) to the same place under `to`.
fn rewrite_refs(value: &mut Value, renames: &[(String, String)]) {
    match value {
        Value::Object(map) => {
            if let Some(Value::String(target)) = map.get_mut("$ref") {
                // The longest match first: `#/$defs/X` before `#`.
                if let Some((from, to)) = renames
                    .iter()
                    .filter(|(from, _)| {
                        target == from
                            || (target.starts_with(from.as_str())
                                && target[from.len()..].starts_with('/'))
                    })
                    .max_by_key(|(from, _)| from.len())
                {
                    *target = format!("{to}{}", &target[from.len()..]);
                }
            }
            for (key, child) in map.iter_mut() {
                if !holds_values(key) {
                    rewrite_refs(child, renames);
                }
            }
        }
        Value::Array(items) => items.iter_mut().for_each(|i| rewrite_refs(i, renames)),
        _ => {}
    }
}

/// Closes the object schemas Rust structs produce, at every depth, so an unknown field is
/// refused where it is sent rather than dropped by serde: a schema with `properties` and no
/// word on other keys gets `additionalProperties: false`, or `unevaluatedProperties: false`
/// when `allOf`/`anyOf`/`oneOf`/`$ref` add properties in place (a `#[serde(flatten)]`ed
/// enum), whose branches then stay open so the parent's properties pass them. Maps, `Value`
/// and structs that flatten a map keep saying what they accept (`additionalProperties:
/// <schema>` or `true`); an object schema without `properties` (a struct with no fields, a
/// hand-written schema) is left as it is.
fn close(value: &mut Value, merged: bool) {
    let Value::Object(map) = value else { return };
    let has_properties = map.contains_key("properties");
    let open_ended = [
        "additionalProperties",
        "unevaluatedProperties",
        "patternProperties",
    ]
    .iter()
    .any(|k| map.contains_key(*k));
    let applies_in_place = ["allOf", "anyOf", "oneOf", "$ref"]
        .iter()
        .any(|k| map.contains_key(*k));
    if has_properties && !open_ended && !merged {
        let keyword = if applies_in_place {
            "unevaluatedProperties"
        } else {
            "additionalProperties"
        };
        map.insert(keyword.into(), Value::Bool(false));
    }
    for (key, child) in map.iter_mut() {
        match key.as_str() {
            "properties" | "patternProperties" | "$defs" => {
                if let Value::Object(children) = child {
                    for c in children.values_mut() {
                        close(c, false);
                    }
                }
            }
            "prefixItems" => {
                if let Value::Array(children) = child {
                    for c in children.iter_mut() {
                        close(c, false);
                    }
                }
            }
            "additionalProperties" | "items" | "propertyNames" | "not" => close(child, false),
            "allOf" | "anyOf" | "oneOf" => {
                if let Value::Array(children) = child {
                    let merged = merged || has_properties;
                    for c in children.iter_mut() {
                        close(c, merged);
                    }
                }
            }
            _ => {}
        }
    }
}

/// The lean schema of a parameter's value type (what `deserialize` accepts).
#[must_use]
pub(crate) fn input_schema_for<T: JsonSchema>() -> JsonObject {
    let schema = SchemaSettings::draft2020_12()
        .with(|s| s.inline_subschemas = true)
        .into_generator()
        .into_root_schema_for::<T>();
    let mut schema = Value::Object(lean(schema.to_value(), Bounds::Exact));
    close(&mut schema, false);
    match schema {
        Value::Object(map) => map,
        _ => Map::new(),
    }
}

/// An `outputSchema`, and whether values travel wrapped as `{"result": …}`.
#[derive(Clone, Debug)]
pub struct OutputSchema {
    /// The schema listed in `tools/list`.
    pub schema: JsonObject,
    /// Whether each structured value must be wrapped to match it.
    pub wrapped: bool,
}

/// The lean `outputSchema` of a result type (what `serialize` produces); non-object roots
/// are wrapped as `{"result": …}`.
#[must_use]
pub fn output_schema_for<T: JsonSchema>() -> OutputSchema {
    let schema = SchemaSettings::draft2020_12()
        .for_serialize()
        .with(|s| s.inline_subschemas = true)
        .into_generator()
        .into_root_schema_for::<T>();
    let schema = lean(schema.to_value(), Bounds::Drop);
    if is_object_schema(&schema) {
        OutputSchema {
            schema,
            wrapped: false,
        }
    } else {
        let mut root = Map::new();
        let defs = schema.get("$defs").cloned();
        let mut inner = schema;
        inner.remove("$defs");
        root.insert("type".into(), json!("object"));
        root.insert(
            "properties".into(),
            json!({ "result": Value::Object(inner) }),
        );
        root.insert("required".into(), json!(["result"]));
        if let Some(defs) = defs {
            root.insert("$defs".into(), defs);
        }
        OutputSchema {
            schema: root,
            wrapped: true,
        }
    }
}

/// Whether structured values of this schema are objects (else they travel wrapped).
pub(crate) fn is_object_schema(schema: &JsonObject) -> bool {
    schema.get("type").and_then(Value::as_str) == Some("object")
}

/// What to do with the range an integer `format` (`uint32`, `int64`) implies.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Bounds {
    /// Inputs: keep the `format`, which the validator enforces as the width (and
    /// [`published`] leaves out of what a client reads).
    Exact,
    /// Outputs: drop it; a model gains nothing from `maximum: 18446744073709551615`.
    Drop,
}

fn lean(value: Value, bounds: Bounds) -> JsonObject {
    let Value::Object(mut root) = value else {
        return Map::new();
    };
    root.remove("$schema");
    root.remove("title");
    if bounds == Bounds::Drop {
        // The type's own doc describes the Rust type, not the tool's result; the tool's
        // description does that (rmcp drops it too).
        root.remove("description");
    }
    let mut root = Value::Object(root);
    tidy(&mut root, bounds);
    match root {
        Value::Object(map) => map,
        _ => Map::new(),
    }
}

// The edges schemars writes for an integer type's width go; an input keeps the integer
// `format` for the validator, an output drops it. Float formats say nothing a validator
// checks.
fn tidy(value: &mut Value, bounds: Bounds) {
    match value {
        Value::Object(map) => {
            if let Some(format) = map
                .get("format")
                .and_then(Value::as_str)
                .map(ToOwned::to_owned)
                && let Some((min, max)) = integer_width(&format)
            {
                // The width's edges (`4294967295`) cost tokens and, past 2^53, are no
                // JavaScript numbers; an input keeps the format, which the validator
                // enforces as the width and `published` turns into an unsigned type's
                // `minimum: 0`, the one edge that tells a model something.
                drop_edge(map, "minimum", min);
                drop_edge(map, "maximum", max);
                if bounds == Bounds::Drop {
                    map.remove("format");
                }
            } else if matches!(
                map.get("format").and_then(Value::as_str),
                Some("double" | "float")
            ) {
                map.remove("format");
            }
            if bounds == Bounds::Drop {
                collapse_documented_enum(map);
            }
            for (_, child) in map.iter_mut() {
                tidy(child, bounds);
            }
        }
        Value::Array(items) => items.iter_mut().for_each(|item| tidy(item, bounds)),
        _ => {}
    }
}

/// In outputs, `oneOf: [{const, description}…]` becomes a plain `enum`: the model reads the
/// values it gets back, and their docs already sit in the inputs that take them.
fn collapse_documented_enum(map: &mut JsonObject) {
    let Some(Value::Array(branches)) = map.get("oneOf") else {
        return;
    };
    let values: Option<Vec<Value>> = branches
        .iter()
        .map(|b| {
            let b = b.as_object()?;
            let only_doc = b
                .keys()
                .all(|k| matches!(k.as_str(), "const" | "description" | "type"));
            b.get("const")
                .filter(|c| c.is_string() && only_doc)
                .cloned()
        })
        .collect();
    if let Some(values) = values {
        map.remove("oneOf");
        map.insert("type".into(), json!("string"));
        map.insert("enum".into(), Value::Array(values));
    }
}

/// The schema a client reads: integer formats dropped, an unsigned one leaving
/// `minimum: 0`, and no `x-narrows` (read when the tool was built). The validator reads the
/// schema before this, with the formats.
pub(crate) fn published(mut schema: JsonObject) -> JsonObject {
    fn walk(value: &mut Value) {
        match value {
            Value::Object(map) => {
                map.shift_remove(mcp_tools_shared::narrows::KEYWORD);
                if let Some((min, _)) = map
                    .get("format")
                    .and_then(Value::as_str)
                    .and_then(integer_width)
                {
                    map.remove("format");
                    if min == 0.0 {
                        raise_floor(map);
                    }
                }
                for (key, child) in map.iter_mut() {
                    if !holds_values(key) {
                        walk(child);
                    }
                }
            }
            Value::Array(items) => items.iter_mut().for_each(walk),
            _ => {}
        }
    }
    let mut root = Value::Object(std::mem::take(&mut schema));
    walk(&mut root);
    match root {
        Value::Object(map) => map,
        _ => schema,
    }
}

/// `minimum: 0`, unless the schema has a higher one.
fn raise_floor(map: &mut JsonObject) {
    if map
        .get("minimum")
        .and_then(Value::as_f64)
        .is_none_or(|existing| existing < 0.0)
    {
        map.insert("minimum".into(), json!(0));
    }
}

/// Removes `key` when it only restates the edge of the type's width.
fn drop_edge(map: &mut JsonObject, key: &str, edge: f64) {
    #[allow(clippy::float_cmp)] // both are the same integer, written by schemars or us
    if edge != 0.0 && map.get(key).and_then(Value::as_f64) == Some(edge) {
        map.remove(key);
    }
}

/// Writes a parameter's doc, unit, bounds, default and example into its value schema.
fn apply_param(mut base: JsonObject, param: &ParamMeta) -> JsonObject {
    let mut out = Map::new();
    if let Some(ty) = base.remove("type") {
        out.insert("type".into(), ty);
    }
    if let Some(description) = describe(param, base.remove("description")) {
        out.insert("description".into(), Value::String(description));
    }
    out.extend(base);
    let kind = value_kind(&out).map(ToOwned::to_owned);
    let kind = kind.as_deref();
    let integer = kind == Some("integer");
    if let Some(min) = param.minimum {
        out.insert("minimum".into(), number(min, integer));
    }
    if let Some(max) = param.maximum {
        out.insert("maximum".into(), number(max, integer));
    }
    let (min_key, max_key) = if kind == Some("array") {
        ("minItems", "maxItems")
    } else {
        ("minLength", "maxLength")
    };
    if let Some(n) = param.min_length {
        out.insert(min_key.into(), json!(n));
    }
    if let Some(n) = param.max_length {
        out.insert(max_key.into(), json!(n));
    }
    if let Some(pattern) = param.pattern {
        out.insert("pattern".into(), json!(pattern));
    }
    if let Some(format) = param.format {
        out.insert("format".into(), json!(format));
    }
    if let Some(default) = param.default_value() {
        out.insert("default".into(), default);
    }
    if let Some(example) = param.example_value() {
        out.insert("examples".into(), json!([example]));
    }
    out
}

fn describe(param: &ParamMeta, type_doc: Option<Value>) -> Option<String> {
    let doc = param
        .description
        .map(ToOwned::to_owned)
        .or_else(|| type_doc.and_then(|d| d.as_str().map(ToOwned::to_owned)));
    match (doc, param.unit) {
        (Some(doc), Some(unit)) => Some(format!("{} Unit: {unit}.", doc.trim_end())),
        (None, Some(unit)) => Some(format!("Unit: {unit}.")),
        (doc, None) => doc,
    }
}

/// `"integer"`, `"string"`, … of a schema whose `type` is one name or one name plus `"null"`.
pub(crate) fn value_kind(schema: &JsonObject) -> Option<&str> {
    match schema.get("type")? {
        Value::String(s) => Some(s),
        Value::Array(types) => types
            .iter()
            .filter_map(Value::as_str)
            .find(|t| *t != "null"),
        _ => None,
    }
}

fn number(value: f64, integer: bool) -> Value {
    #[allow(clippy::float_cmp)]
    if (integer || value.fract() == 0.0) && value.abs() < 9.0e15 {
        json!(value as i64)
    } else {
        json!(value)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn integer_formats_leave_only_the_unsigned_floor() {
        // The validator reads the width from the format; a client reads only the floor.
        let s = input_schema_for::<u8>();
        assert_eq!(
            Value::Object(s.clone()),
            json!({"type": "integer", "format": "uint8", "minimum": 0})
        );
        assert_eq!(
            Value::Object(published(s)),
            json!({"type": "integer", "minimum": 0})
        );
        let s = published(input_schema_for::<u64>());
        assert_eq!(Value::Object(s), json!({"type": "integer", "minimum": 0}));
        let s = published(input_schema_for::<i8>());
        assert_eq!(Value::Object(s), json!({"type": "integer"}));
        let s = output_schema_for::<u16>();
        assert_eq!(
            Value::Object(s.schema),
            json!({"type": "object", "properties": {"result": {"type": "integer", "minimum": 0}}, "required": ["result"]})
        );
        let s = input_schema_for::<f64>();
        assert_eq!(Value::Object(s), json!({"type": "number"}));
    }

    #[test]
    fn lists_are_wrapped_for_output() {
        let s = output_schema_for::<Vec<String>>();
        assert!(s.wrapped);
        assert_eq!(
            Value::Object(s.schema),
            json!({"type": "object", "properties": {"result": {"type": "array", "items": {"type": "string"}}}, "required": ["result"]})
        );
    }
}
