//! From a published JSON Schema to [`Node`]s, refusing what the check would not enforce.
//!
//! The validator is closed-world: every keyword of the schema is either enforced on every
//! call or an annotation that asserts nothing, and anything else is a compile error naming
//! the keyword and where it sits (a JSON pointer), so the registry refuses to build rather
//! than publish a constraint it does not check.
//!
//! Enforced (JSON Schema 2020-12 semantics): `type`, `enum`, `const`, `minimum`, `maximum`,
//! `exclusiveMinimum`, `exclusiveMaximum`, `multipleOf`, `minLength`, `maxLength`,
//! `pattern` (ECMA-262, through `regress`), `format` (the formats in
//! [`Format`]), `prefixItems`, `items`, `contains` (with `minContains`, `maxContains`),
//! `minItems`, `maxItems`, `uniqueItems`, `properties`, `patternProperties`,
//! `additionalProperties`, `unevaluatedProperties` (`false` or `true`), `propertyNames`,
//! `required`, `dependentRequired`, `dependentSchemas`, `minProperties`, `maxProperties`,
//! `allOf`, `anyOf`, `oneOf`, `not`, `if`/`then`/`else`, `$ref` (to a JSON pointer in the
//! same document: `#`, `#/$defs/…`, or the same pointer after the root's `$id`) and `$defs`.
//!
//! Annotations, allowed and not checked: `$schema` (when it names 2020-12, the dialect
//! enforced here), `$id` (at the root only: it names the document), `$anchor`, `$comment`,
//! `title`, `description`, `default`, `examples`, `deprecated`, `readOnly`, `writeOnly`,
//! `contentEncoding`, `contentMediaType`, keys starting with `x-`, and a `format` not in
//! [`Format`]: JSON Schema 2020-12 makes `format` an annotation unless a validator opts in,
//! so a format we do not know (`partial-date-time`, `int128`) describes the value without
//! constraining it, for us as for clients.
//!
//! Everything else (`unevaluatedItems`, `$dynamicRef`, `$dynamicAnchor`, `$vocabulary`,
//! remote `$ref`s and `$ref`s to an anchor, an `$id` below the root, another dialect's
//! `$schema`, a `then`/`else` without `if` or a `minContains`/`maxContains` without
//! `contains`, which would constrain nothing, a misspelt keyword) is refused.

use std::{collections::HashMap, fmt};

use serde_json::Value;

use super::{
    format::{self, Format},
    node::{Additional, Condition, Discriminator, Node, OBJECT, show, types_of},
    pattern::Pattern,
};

/// Keywords that assert nothing: descriptions for the model and for tools.
const ANNOTATIONS: &[&str] = &[
    "$anchor",
    "$comment",
    "title",
    "description",
    "default",
    "examples",
    "deprecated",
    "readOnly",
    "writeOnly",
    "contentEncoding",
    "contentMediaType",
];

/// The dialect the check enforces, as `$schema` names it.
const DIALECT: &str = "https://json-schema.org/draft/2020-12/schema";

/// Compiles one document: its root and every subschema a `$ref` points to.
pub(super) struct Compiler<'d> {
    doc: &'d Value,
    /// The root's `$id` without its (empty) fragment: a `$ref` that starts with it points
    /// into this document.
    base: Option<&'d str>,
    pub(super) refs: Vec<Node>,
    index: HashMap<String, usize>,
    pub(super) errors: Vec<String>,
}

impl<'d> Compiler<'d> {
    pub(super) fn new(doc: &'d Value) -> Self {
        let base = doc
            .get("$id")
            .and_then(Value::as_str)
            .map(|id| id.strip_suffix('#').unwrap_or(id))
            .filter(|id| !id.is_empty());
        Compiler {
            doc,
            base,
            refs: Vec::new(),
            index: HashMap::new(),
            errors: Vec::new(),
        }
    }

    fn refuse(&mut self, keyword: &str, at: &str, why: impl fmt::Display) {
        self.errors.push(format!("`{keyword}` at {at} {why}"));
    }

    /// Compiles the schema found at JSON pointer `at` (`#`, `#/properties/x`).
    pub(super) fn compile(&mut self, schema: &Value, at: &str) -> Node {
        let map = match schema {
            Value::Object(map) => map,
            Value::Bool(true) => return Node::default(),
            Value::Bool(false) => {
                return Node {
                    always_fails: true,
                    ..Node::default()
                };
            }
            other => {
                self.errors.push(format!(
                    "the schema at {at} is {other}, not an object or a boolean"
                ));
                return Node::default();
            }
        };
        let mut node = Node::default();
        for (key, value) in map {
            self.keyword(&mut node, key, value, at);
        }
        // Keywords that only act beside another would constrain nothing alone; whoever
        // wrote them expected them to.
        for (key, needs) in [
            ("then", "if"),
            ("else", "if"),
            ("minContains", "contains"),
            ("maxContains", "contains"),
        ] {
            if map.contains_key(key) && !map.contains_key(needs) {
                self.refuse(
                    key,
                    at,
                    format!("has no `{needs}` beside it, so it constrains nothing"),
                );
            }
        }
        if !node.one_of.is_empty() {
            node.discriminator = discriminator(&node.one_of);
        } else if !node.any_of.is_empty() {
            node.discriminator = discriminator(&node.any_of);
        }
        node
    }

    fn keyword(&mut self, node: &mut Node, key: &str, value: &Value, at: &str) {
        let here = || format!("{at}/{}", escape(key));
        match key {
            "type" => match types_of(value) {
                Some(types) => node.types = types,
                None => self.refuse(key, at, format!("names an unknown type: {value}")),
            },
            "enum" => match value.as_array() {
                Some(values) => node.enumeration = Some(values.clone()),
                None => self.refuse(key, at, "must be an array"),
            },
            "const" => node.constant = Some(value.clone()),
            "minimum" | "maximum" | "exclusiveMinimum" | "exclusiveMaximum" | "multipleOf" => {
                let Some(n) = value.as_f64() else {
                    return self.refuse(key, at, "must be a number");
                };
                // The tighter of this and an integer format's width (see `format`).
                match key {
                    "minimum" => node.raise_minimum(n),
                    "maximum" => node.lower_maximum(n),
                    "exclusiveMinimum" => node.exclusive_minimum = Some(n),
                    "exclusiveMaximum" => node.exclusive_maximum = Some(n),
                    _ if n > 0.0 => node.multiple_of = Some(n),
                    _ => self.refuse(key, at, "must be greater than 0"),
                }
            }
            "minLength" | "maxLength" | "minItems" | "maxItems" | "minContains"
            | "maxContains" | "minProperties" | "maxProperties" => {
                let Some(n) = value.as_u64() else {
                    return self.refuse(key, at, "must be a non-negative integer");
                };
                *match key {
                    "minLength" => &mut node.min_length,
                    "maxLength" => &mut node.max_length,
                    "minItems" => &mut node.min_items,
                    "maxItems" => &mut node.max_items,
                    "minContains" => &mut node.min_contains,
                    "maxContains" => &mut node.max_contains,
                    "minProperties" => &mut node.min_properties,
                    _ => &mut node.max_properties,
                } = Some(n);
            }
            "pattern" => match value.as_str().map(Pattern::new) {
                Some(Ok(pattern)) => node.pattern = Some(pattern),
                Some(Err(err)) => self.refuse(
                    key,
                    at,
                    format!("is not an ECMA-262 regular expression: {err}"),
                ),
                None => self.refuse(key, at, "must be a string"),
            },
            "format" => match value.as_str() {
                Some(name) => match format::integer_width(name) {
                    // An integer type's width: the range serde accepts, which the published
                    // schema leaves out (it costs tokens and tells a model nothing).
                    Some((min, max)) => {
                        if min.is_finite() {
                            node.raise_minimum(min);
                        }
                        if max.is_finite() {
                            node.lower_maximum(max);
                        }
                    }
                    // A format we do not know is an annotation (see the module's docs).
                    None => node.format = Format::from_name(name),
                },
                None => self.refuse(key, at, "must be a string"),
            },
            "uniqueItems" => match value.as_bool() {
                Some(unique) => node.unique_items = unique,
                None => self.refuse(key, at, "must be true or false"),
            },
            "prefixItems" | "allOf" | "anyOf" | "oneOf" => {
                let Some(schemas) = value.as_array().filter(|s| !s.is_empty()) else {
                    return self.refuse(key, at, "must be a non-empty array");
                };
                let base = here();
                let nodes = schemas
                    .iter()
                    .enumerate()
                    .map(|(i, s)| self.compile(s, &format!("{base}/{i}")))
                    .collect();
                match key {
                    "prefixItems" => node.prefix_items = nodes,
                    "allOf" => node.all_of = nodes,
                    "anyOf" => node.any_of = nodes,
                    _ => node.one_of = nodes,
                }
            }
            "items" => node.items = Some(Box::new(self.compile(value, &here()))),
            "contains" => node.contains = Some(Box::new(self.compile(value, &here()))),
            "not" => node.not = Some(Box::new(self.compile(value, &here()))),
            "if" => {
                node.condition = Some(Condition {
                    schema: Box::new(self.compile(value, &here())),
                    words: condition_words(value),
                });
            }
            "then" => node.then = Some(Box::new(self.compile(value, &here()))),
            "else" => node.otherwise = Some(Box::new(self.compile(value, &here()))),
            "propertyNames" => {
                node.property_names = Some(Box::new(self.compile(value, &here())));
            }
            "dependentRequired" => match value.as_object().and_then(|entries| {
                entries
                    .iter()
                    .map(|(name, names)| Some((name.clone(), strings(names)?)))
                    .collect::<Option<Vec<_>>>()
            }) {
                Some(entries) => node.dependent_required = entries,
                None => self.refuse(key, at, "must be an object of arrays of strings"),
            },
            "properties" | "patternProperties" | "dependentSchemas" | "$defs" => {
                let Some(entries) = value.as_object() else {
                    return self.refuse(key, at, "must be an object");
                };
                let base = here();
                for (name, schema) in entries {
                    let at = format!("{base}/{}", escape(name));
                    match key {
                        "properties" => {
                            let child = self.compile(schema, &at);
                            node.properties.push((name.clone(), child));
                        }
                        "dependentSchemas" => {
                            let child = self.compile(schema, &at);
                            node.dependent_schemas.push((name.clone(), child));
                        }
                        "patternProperties" => match Pattern::new(name) {
                            Ok(pattern) => {
                                let child = self.compile(schema, &at);
                                node.pattern_properties.push((pattern, child));
                            }
                            Err(err) => self.refuse(
                                key,
                                at.as_str(),
                                format!(
                                    "has a key that is not an ECMA-262 regular expression: {err}"
                                ),
                            ),
                        },
                        // Compiled for their errors; a `$ref` reuses them.
                        _ => {
                            self.reference(&at, &at);
                        }
                    }
                }
            }
            "required" => match strings(value) {
                Some(names) => node.required = names,
                None => self.refuse(key, at, "must be an array of strings"),
            },
            "additionalProperties" => {
                node.additional = match value {
                    Value::Bool(true) => Additional::Any,
                    Value::Bool(false) => Additional::Never,
                    Value::Object(m) if m.is_empty() => Additional::Any,
                    other => Additional::Schema(Box::new(self.compile(other, &here()))),
                };
            }
            "unevaluatedProperties" => match value {
                Value::Bool(closed) => node.unevaluated_closed = !closed,
                _ => self.refuse(
                    key,
                    at,
                    "is a schema; the argument check enforces only `unevaluatedProperties: false`",
                ),
            },
            "$ref" => match value.as_str() {
                Some(target) => node.reference = self.reference(target, at),
                None => self.refuse(key, at, "must be a string"),
            },
            "$schema" => match value.as_str() {
                Some(dialect) if dialect.strip_suffix('#').unwrap_or(dialect) == DIALECT => {}
                _ => self.refuse(
                    key,
                    at,
                    format!("is {}; the argument check enforces JSON Schema 2020-12, so write `\"$schema\": \"{DIALECT}\"` and its keywords", show(value)),
                ),
            },
            "$id" => match value.as_str() {
                Some(_) if at == "#" => {}
                Some(_) => self.refuse(
                    key,
                    at,
                    "starts a schema resource of its own inside the document; the argument check resolves `$ref`s against the root alone, so move the subschema into the root's `$defs` without an `$id`",
                ),
                None => self.refuse(key, at, "must be a string"),
            },
            _ if ANNOTATIONS.contains(&key) || key.starts_with("x-") => {}
            _ => {
                self.refuse(
                    key,
                    at,
                    "is a JSON Schema keyword the argument check does not enforce, so calls could break it unnoticed",
                );
            }
        }
    }

    /// The index of the compiled target of `$ref: target`, compiling it on first use.
    fn reference(&mut self, target: &str, at: &str) -> Option<usize> {
        // `https://example.com/order.json#/$defs/x` is `#/$defs/x` in a document whose
        // `$id` is `https://example.com/order.json`.
        let target = match self.base.and_then(|base| target.strip_prefix(base)) {
            Some("") => "#",
            Some(rest) if rest.starts_with('#') => rest,
            _ => target,
        };
        if let Some(&i) = self.index.get(target) {
            return Some(i);
        }
        let Some(pointer) = target.strip_prefix('#') else {
            self.refuse(
                "$ref",
                at,
                format!("points outside the schema ({target}); only `#…` pointers are resolved"),
            );
            return None;
        };
        if !pointer.is_empty() && !pointer.starts_with('/') {
            self.refuse(
                "$ref",
                at,
                format!("points to the anchor {target}; only JSON pointers are resolved, so write the anchored schema's place, like `#/$defs/{pointer}`"),
            );
            return None;
        }
        let Some(schema) = self.doc.pointer(pointer) else {
            self.refuse(
                "$ref",
                at,
                format!("points to {target}, which does not exist"),
            );
            return None;
        };
        let i = self.refs.len();
        self.refs.push(Node::default());
        self.index.insert(target.to_owned(), i);
        let node = self.compile(schema, target);
        self.refs[i] = node;
        Some(i)
    }
}

/// An array of strings, as `required` and `dependentRequired` hold.
fn strings(value: &Value) -> Option<Vec<String>> {
    value
        .as_array()?
        .iter()
        .map(|n| n.as_str().map(ToOwned::to_owned))
        .collect()
}

/// An `if` schema in words, when it has the usual shape: `properties` whose schemas are a
/// `const`, an `enum` or a `type`, and `required`. Each part is a property name and what is
/// said of it (`is "express"`, `is given`); `None` for any other shape.
fn condition_words(schema: &Value) -> Option<Vec<(String, String)>> {
    const QUIET: &[&str] = &["title", "description", "$comment"];
    let map = schema.as_object()?;
    let fits = |map: &serde_json::Map<String, Value>, allowed: &[&str]| {
        map.keys()
            .all(|k| allowed.contains(&k.as_str()) || QUIET.contains(&k.as_str()))
    };
    if !fits(map, &["properties", "required", "type"])
        || map.get("type").is_some_and(|t| t != "object")
    {
        return None;
    }
    let required = match map.get("required") {
        Some(names) => strings(names)?,
        None => Vec::new(),
    };
    let mut parts = Vec::new();
    for (name, property) in map
        .get("properties")
        .map_or(Some(&serde_json::Map::new()), Value::as_object)?
    {
        let property = property.as_object()?;
        if !fits(property, &["const", "enum", "type"]) {
            return None;
        }
        let what = if let Some(value) = property.get("const") {
            show(value)
        } else if let Some(values) = property.get("enum").and_then(Value::as_array) {
            match &values[..] {
                [one] => show(one),
                _ => format!(
                    "one of {}",
                    values.iter().map(show).collect::<Vec<_>>().join(", ")
                ),
            }
        } else {
            super::node::expected(types_of(property.get("type")?)?)
        };
        // Without `required`, an absent property meets its schema too.
        let words = if required.contains(name) {
            format!("is {what}")
        } else {
            format!("is {what} or absent")
        };
        parts.push((name.clone(), words));
    }
    for name in required {
        if !parts.iter().any(|(n, _)| *n == name) {
            parts.push((name, "is given".to_owned()));
        }
    }
    (!parts.is_empty()).then_some(parts)
}

/// A key as a JSON pointer token.
fn escape(key: &str) -> String {
    key.replace('~', "~0").replace('/', "~1")
}

fn is_object(node: &Node) -> bool {
    node.types == OBJECT || (node.types == 0 && !node.properties.is_empty())
}

/// How the object branches of a `oneOf`/`anyOf` tell themselves apart, if they do.
fn discriminator(branches: &[Node]) -> Discriminator {
    let objects: Vec<(usize, &Node)> = branches
        .iter()
        .enumerate()
        .filter(|(_, b)| is_object(b))
        .collect();
    let Some((_, first)) = objects.first() else {
        return Discriminator::None;
    };
    for (tag, property) in &first.properties {
        if property.single_value().is_none() || !first.required.contains(tag) {
            continue;
        }
        let values: Option<Vec<(Value, usize)>> = objects
            .iter()
            .map(|(i, b)| {
                let value = b.property(tag)?.single_value()?;
                b.required.contains(tag).then_some((value, *i))
            })
            .collect();
        if let Some(values) = values {
            return Discriminator::Tag {
                tag: tag.clone(),
                values,
            };
        }
    }
    let keys: Option<Vec<(String, usize)>> = objects
        .iter()
        .map(|(i, b)| match (&b.properties[..], &b.required[..]) {
            ([(name, _)], [required]) if name == required => Some((name.clone(), *i)),
            _ => None,
        })
        .collect();
    keys.map_or(Discriminator::None, Discriminator::Key)
}
