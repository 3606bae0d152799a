//! One compiled schema node and the checks it runs.

use std::{collections::HashMap, fmt};

use serde_json::{Map, Number, Value};

use super::format::Format;
use crate::suggest;

const NULL: u8 = 1;
const BOOLEAN: u8 = 2;
const INTEGER: u8 = 4;
const NUMBER: u8 = 8;
const STRING: u8 = 16;
const ARRAY: u8 = 32;
const OBJECT: u8 = 64;

const MAX_DEPTH: usize = 64;

/// Where a value sits in the arguments, for messages: `weight_kg`, `address.city`, `tags[2]`.
pub(super) enum Path<'a> {
    Root,
    Key(&'a Path<'a>, &'a str),
    Index(&'a Path<'a>, usize),
}

impl<'a> Path<'a> {
    pub(super) fn child(&'a self, key: &'a str) -> Path<'a> {
        Path::Key(self, key)
    }

    fn is_root(&self) -> bool {
        matches!(self, Path::Root)
    }
}

impl fmt::Display for Path<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Path::Root => f.write_str("arguments"),
            Path::Key(Path::Root, key) => f.write_str(key),
            Path::Key(parent, key) => write!(f, "{parent}.{key}"),
            Path::Index(parent, i) => write!(f, "{parent}[{i}]"),
        }
    }
}

pub(super) struct Cx<'v> {
    pub(super) defs: &'v HashMap<String, Node>,
    pub(super) errors: Vec<String>,
    pub(super) depth: usize,
}

#[derive(Debug, Default)]
enum Additional {
    #[default]
    Any,
    Never,
    Schema(Box<Node>),
}

/// A compiled schema: the assertion keywords our schemas use.
#[derive(Debug, Default)]
pub(super) struct Node {
    types: u8,
    enumeration: Option<Vec<Value>>,
    constant: Option<Value>,
    minimum: Option<f64>,
    maximum: Option<f64>,
    exclusive_minimum: Option<f64>,
    exclusive_maximum: Option<f64>,
    multiple_of: Option<f64>,
    min_length: Option<u64>,
    max_length: Option<u64>,
    pattern: Option<(regex_lite::Regex, String)>,
    format: Option<Format>,
    items: Option<Box<Node>>,
    min_items: Option<u64>,
    max_items: Option<u64>,
    unique_items: bool,
    properties: Vec<(String, Node)>,
    required: Vec<String>,
    additional: Additional,
    any_of: Vec<Node>,
    one_of: Vec<Node>,
    all_of: Vec<Node>,
    reference: Option<String>,
    always_fails: bool,
    unit: Option<&'static str>,
    example: Option<Value>,
}

impl Node {
    pub(super) fn compile(schema: &Value) -> Node {
        let map = match schema {
            Value::Object(map) => map,
            Value::Bool(false) => {
                return Node {
                    always_fails: true,
                    ..Node::default()
                };
            }
            _ => return Node::default(),
        };
        let f64_of = |key: &str| map.get(key).and_then(Value::as_f64);
        let u64_of = |key: &str| map.get(key).and_then(Value::as_u64);
        let list = |key: &str| -> Vec<Node> {
            map.get(key)
                .and_then(Value::as_array)
                .map(|v| v.iter().map(Node::compile).collect())
                .unwrap_or_default()
        };
        Node {
            types: map.get("type").map_or(0, types_of),
            enumeration: map.get("enum").and_then(Value::as_array).cloned(),
            constant: map.get("const").cloned(),
            minimum: f64_of("minimum"),
            maximum: f64_of("maximum"),
            exclusive_minimum: f64_of("exclusiveMinimum"),
            exclusive_maximum: f64_of("exclusiveMaximum"),
            multiple_of: f64_of("multipleOf").filter(|m| *m > 0.0),
            min_length: u64_of("minLength"),
            max_length: u64_of("maxLength"),
            pattern: map
                .get("pattern")
                .and_then(Value::as_str)
                .and_then(|p| regex_lite::Regex::new(p).ok().map(|r| (r, p.to_owned()))),
            format: map
                .get("format")
                .and_then(Value::as_str)
                .and_then(Format::parse),
            items: map.get("items").map(|i| Box::new(Node::compile(i))),
            min_items: u64_of("minItems"),
            max_items: u64_of("maxItems"),
            unique_items: map
                .get("uniqueItems")
                .and_then(Value::as_bool)
                .unwrap_or(false),
            properties: map
                .get("properties")
                .and_then(Value::as_object)
                .map(|p| {
                    p.iter()
                        .map(|(k, v)| (k.clone(), Node::compile(v)))
                        .collect()
                })
                .unwrap_or_default(),
            required: map
                .get("required")
                .and_then(Value::as_array)
                .map(|r| {
                    r.iter()
                        .filter_map(Value::as_str)
                        .map(ToOwned::to_owned)
                        .collect()
                })
                .unwrap_or_default(),
            additional: match map.get("additionalProperties") {
                None | Some(Value::Bool(true)) => Additional::Any,
                Some(Value::Bool(false)) => Additional::Never,
                Some(other) => Additional::Schema(Box::new(Node::compile(other))),
            },
            any_of: list("anyOf"),
            one_of: list("oneOf"),
            all_of: list("allOf"),
            reference: map
                .get("$ref")
                .and_then(Value::as_str)
                .map(ToOwned::to_owned),
            always_fails: false,
            unit: None,
            example: None,
        }
    }

    pub(super) fn property(&self, name: &str) -> Option<&Node> {
        self.properties
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, n)| n)
    }

    pub(super) fn annotate_property(
        &mut self,
        name: &str,
        unit: Option<&'static str>,
        example: Option<Value>,
    ) {
        if let Some((_, node)) = self.properties.iter_mut().find(|(k, _)| k == name) {
            node.unit = unit;
            node.example = example;
        }
    }

    /// Checks `value`, pushing one line per problem.
    pub(super) fn check(&self, value: &mut Value, path: &Path<'_>, cx: &mut Cx<'_>) {
        if cx.depth > MAX_DEPTH {
            cx.errors.push(format!("{path} is nested too deeply"));
            return;
        }
        if self.always_fails {
            cx.errors.push(format!("{path} is not allowed"));
            return;
        }
        if let Some(reference) = &self.reference
            && let Some(target) = cx.defs.get(reference)
        {
            cx.depth += 1;
            target.check(value, path, cx);
            cx.depth -= 1;
        }
        if self.types != 0 && !self.check_type(value, path, cx) {
            return;
        }
        if !self.check_choice(value, path, cx) {
            return;
        }
        match value {
            Value::Number(n) => self.check_number(n, path, cx),
            Value::String(s) => self.check_string(s, path, cx),
            Value::Array(items) => self.check_array(items, path, cx),
            Value::Object(map) => self.check_object(map, path, cx),
            _ => {}
        }
        for node in &self.all_of {
            node.check(value, path, cx);
        }
        if !self.any_of.is_empty() {
            Self::check_alternatives(&self.any_of, false, value, path, cx);
        }
        if !self.one_of.is_empty() {
            Self::check_alternatives(&self.one_of, true, value, path, cx);
        }
    }

    fn check_type(&self, value: &mut Value, path: &Path<'_>, cx: &mut Cx<'_>) -> bool {
        let actual = match value {
            Value::Null => NULL,
            Value::Bool(_) => BOOLEAN,
            Value::Number(n) if n.is_i64() || n.is_u64() => INTEGER | NUMBER,
            Value::Number(n) => {
                // JSON Schema counts 2.0 as an integer; serde does not, so normalise it.
                if self.types & INTEGER != 0
                    && let Some(int) = n.as_f64().and_then(integral)
                {
                    *value = Value::Number(int);
                    INTEGER | NUMBER
                } else {
                    NUMBER
                }
            }
            Value::String(_) => STRING,
            Value::Array(_) => ARRAY,
            Value::Object(_) => OBJECT,
        };
        if self.types & actual != 0 {
            return true;
        }
        cx.errors.push(format!(
            "{} must be {}; got {}",
            subject(path),
            expected(self.types),
            show(value)
        ));
        false
    }

    fn check_choice(&self, value: &Value, path: &Path<'_>, cx: &mut Cx<'_>) -> bool {
        if let Some(allowed) = &self.enumeration
            && !allowed.iter().any(|a| json_eq(a, value))
        {
            cx.errors.push(one_of_message(path, allowed, value));
            return false;
        }
        if let Some(constant) = &self.constant
            && !json_eq(constant, value)
        {
            cx.errors.push(format!(
                "{} must be {}; got {}",
                subject(path),
                show(constant),
                show(value)
            ));
            return false;
        }
        true
    }

    fn unit_suffix(&self) -> String {
        self.unit.map(|u| format!(" ({u})")).unwrap_or_default()
    }

    fn check_number(&self, n: &Number, path: &Path<'_>, cx: &mut Cx<'_>) {
        let Some(v) = n.as_f64() else { return };
        let unit = self.unit_suffix();
        if let Some(min) = self.minimum
            && v < min
        {
            cx.errors.push(format!(
                "{path} must be at least {}{unit}; got {n}",
                num(min)
            ));
        }
        if let Some(max) = self.maximum
            && v > max
        {
            cx.errors.push(format!(
                "{path} must be at most {}{unit}; got {n}",
                num(max)
            ));
        }
        if let Some(min) = self.exclusive_minimum
            && v <= min
        {
            cx.errors.push(format!(
                "{path} must be greater than {}{unit}; got {n}",
                num(min)
            ));
        }
        if let Some(max) = self.exclusive_maximum
            && v >= max
        {
            cx.errors.push(format!(
                "{path} must be less than {}{unit}; got {n}",
                num(max)
            ));
        }
        if let Some(step) = self.multiple_of {
            let ratio = v / step;
            if (ratio - ratio.round()).abs() > 1e-9 {
                cx.errors.push(format!(
                    "{path} must be a multiple of {}{unit}; got {n}",
                    num(step)
                ));
            }
        }
    }

    fn check_string(&self, s: &str, path: &Path<'_>, cx: &mut Cx<'_>) {
        let chars = s.chars().count() as u64;
        if let Some(min) = self.min_length
            && chars < min
        {
            if chars == 0 {
                cx.errors.push(format!("{path} must not be empty"));
            } else {
                cx.errors.push(format!(
                    "{path} must be at least {min} characters long; got {chars}: {}",
                    show_str(s)
                ));
            }
        }
        if let Some(max) = self.max_length
            && chars > max
        {
            cx.errors.push(format!(
                "{path} must be at most {max} characters long; got {chars}"
            ));
        }
        if let Some((regex, source)) = &self.pattern
            && !regex.is_match(s)
        {
            let example = match &self.example {
                Some(Value::String(e)) => format!(", like {e}"),
                _ => String::new(),
            };
            cx.errors.push(format!(
                "{path} must match {source}{example}; got {}",
                show_str(s)
            ));
        }
        if let Some(format) = self.format
            && !format.accepts(s)
        {
            cx.errors.push(format!(
                "{path} must be {}; got {}",
                format.describe(),
                show_str(s)
            ));
        }
    }

    fn check_array(&self, items: &mut [Value], path: &Path<'_>, cx: &mut Cx<'_>) {
        let len = items.len() as u64;
        if let Some(min) = self.min_items
            && len < min
        {
            cx.errors.push(format!(
                "{path} must have at least {min} item{}; got {len}",
                plural(min)
            ));
        }
        if let Some(max) = self.max_items
            && len > max
        {
            cx.errors.push(format!(
                "{path} must have at most {max} item{}; got {len}",
                plural(max)
            ));
        }
        if self.unique_items {
            'outer: for i in 1..items.len() {
                for j in 0..i {
                    if json_eq(&items[i], &items[j]) {
                        cx.errors.push(format!(
                            "{path} must not repeat items; item {i} repeats item {j}"
                        ));
                        break 'outer;
                    }
                }
            }
        }
        if let Some(node) = &self.items {
            for (i, item) in items.iter_mut().enumerate() {
                let child = Path::Index(path, i);
                cx.depth += 1;
                node.check(item, &child, cx);
                cx.depth -= 1;
            }
        }
    }

    fn check_object(&self, map: &mut Map<String, Value>, path: &Path<'_>, cx: &mut Cx<'_>) {
        let known: Vec<&str> = self.properties.iter().map(|(k, _)| k.as_str()).collect();
        if matches!(self.additional, Additional::Never) {
            let unknown: Vec<String> = map
                .keys()
                .filter(|k| !known.contains(&k.as_str()))
                .cloned()
                .collect();
            for key in unknown {
                let near = suggest::nearest(
                    &key,
                    known.iter().copied().filter(|k| !map.contains_key(*k)),
                    1,
                );
                let what = if path.is_root() {
                    "unknown argument".to_owned()
                } else {
                    format!("{path} has unknown field")
                };
                cx.errors.push(match near.first() {
                    Some(near) => format!("{what} `{key}`; did you mean `{near}`?"),
                    None if known.is_empty() => format!("{what} `{key}`; this takes no arguments"),
                    None => format!("{what} `{key}`; expected {}", list(&known)),
                });
            }
        }
        for name in &self.required {
            if !map.contains_key(name) {
                cx.errors.push(if path.is_root() {
                    format!("missing required argument `{name}`")
                } else {
                    format!("{path} is missing required field `{name}`")
                });
            }
        }
        for (key, value) in map.iter_mut() {
            let child = Path::Key(path, key);
            if value.is_null()
                && !self.required.contains(key)
                && self.types_of_property(key) & NULL == 0
            {
                // Some clients send `null` for every unset field; say how to mean "unset".
                cx.errors.push(format!(
                    "{child} cannot be null; leave it out to use its default"
                ));
                continue;
            }
            cx.depth += 1;
            match self.properties.iter().find(|(k, _)| k == key) {
                Some((_, node)) => node.check(value, &child, cx),
                None => {
                    if let Additional::Schema(node) = &self.additional {
                        node.check(value, &child, cx);
                    }
                }
            }
            cx.depth -= 1;
        }
    }

    fn check_alternatives(
        branches: &[Node],
        exactly_one: bool,
        value: &mut Value,
        path: &Path<'_>,
        cx: &mut Cx<'_>,
    ) {
        let mut passing = Vec::new();
        let mut best: Option<(Vec<String>, Value)> = None;
        for (i, branch) in branches.iter().enumerate() {
            let mut trial = value.clone();
            let mut sub = Cx {
                defs: cx.defs,
                errors: Vec::new(),
                depth: cx.depth + 1,
            };
            branch.check(&mut trial, path, &mut sub);
            if sub.errors.is_empty() {
                passing.push((i, trial));
            } else if best
                .as_ref()
                .is_none_or(|(errors, _)| sub.errors.len() < errors.len())
            {
                best = Some((sub.errors, trial));
            }
        }
        match passing.len() {
            0 => {
                let constants: Option<Vec<Value>> =
                    branches.iter().map(Node::single_value).collect();
                match constants {
                    Some(allowed) => cx.errors.push(one_of_message(path, &allowed, value)),
                    None => cx
                        .errors
                        .extend(best.map(|(errors, _)| errors).unwrap_or_default()),
                }
            }
            1 => *value = passing.remove(0).1,
            _ if exactly_one => {
                cx.errors.push(format!(
                    "{} is ambiguous: it matches more than one of the allowed shapes",
                    subject(path)
                ));
            }
            _ => *value = passing.remove(0).1,
        }
    }

    /// The types a property's schema allows (0 when any, or unknown).
    fn types_of_property(&self, key: &str) -> u8 {
        match self.properties.iter().find(|(k, _)| k == key) {
            Some((_, node)) if node.types != 0 => node.types,
            _ => 0xFF,
        }
    }

    /// The one value this node allows, if it is a `const` or a one-item `enum`.
    fn single_value(&self) -> Option<Value> {
        match (&self.constant, &self.enumeration) {
            (Some(c), _) => Some(c.clone()),
            (None, Some(e)) if e.len() == 1 => Some(e[0].clone()),
            _ => None,
        }
    }
}

fn types_of(value: &Value) -> u8 {
    let one = |t: &str| match t {
        "null" => NULL,
        "boolean" => BOOLEAN,
        "integer" => INTEGER,
        "number" => NUMBER | INTEGER,
        "string" => STRING,
        "array" => ARRAY,
        "object" => OBJECT,
        _ => 0,
    };
    match value {
        Value::String(t) => one(t),
        Value::Array(ts) => ts
            .iter()
            .filter_map(Value::as_str)
            .map(one)
            .fold(0, |a, b| a | b),
        _ => 0,
    }
}

fn expected(types: u8) -> String {
    let mut names = Vec::new();
    if types & NUMBER != 0 {
        names.push("a number");
    } else if types & INTEGER != 0 {
        names.push("an integer");
    }
    for (bit, name) in [
        (STRING, "a string"),
        (BOOLEAN, "true or false"),
        (ARRAY, "an array"),
        (OBJECT, "an object"),
        (NULL, "null"),
    ] {
        if types & bit != 0 {
            names.push(name);
        }
    }
    names.join(" or ")
}

fn subject(path: &Path<'_>) -> String {
    if path.is_root() {
        "the arguments".to_owned()
    } else {
        path.to_string()
    }
}

fn one_of_message(path: &Path<'_>, allowed: &[Value], value: &Value) -> String {
    let options = allowed.iter().map(show).collect::<Vec<_>>().join(", ");
    let hint = match value {
        Value::String(s) => {
            let names: Vec<&str> = allowed.iter().filter_map(Value::as_str).collect();
            suggest::nearest(s, names, 1)
                .first()
                .map(|n| format!(" (did you mean \"{n}\"?)"))
                .unwrap_or_default()
        }
        _ => String::new(),
    };
    format!(
        "{} must be one of {options}; got {}{hint}",
        subject(path),
        show(value)
    )
}

fn integral(v: f64) -> Option<Number> {
    #[allow(clippy::float_cmp)]
    if v.fract() != 0.0 || !v.is_finite() {
        return None;
    }
    // 2^64 and -2^63 are exact in f64, so these ranges are exactly u64 and i64.
    if (0.0..18_446_744_073_709_551_616.0).contains(&v) {
        Some(Number::from(v as u64))
    } else if (-9_223_372_036_854_775_808.0..0.0).contains(&v) {
        Some(Number::from(v as i64))
    } else {
        None
    }
}

/// JSON equality where `1` equals `1.0`, as JSON Schema compares numbers.
fn json_eq(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Number(x), Value::Number(y)) => {
            match (x.as_i64(), y.as_i64(), x.as_u64(), y.as_u64()) {
                (Some(x), Some(y), _, _) => x == y,
                (_, _, Some(x), Some(y)) => x == y,
                _ => x.as_f64() == y.as_f64(),
            }
        }
        (Value::Array(x), Value::Array(y)) => {
            x.len() == y.len() && x.iter().zip(y).all(|(a, b)| json_eq(a, b))
        }
        (Value::Object(x), Value::Object(y)) => {
            x.len() == y.len()
                && x.iter()
                    .all(|(k, v)| y.get(k).is_some_and(|w| json_eq(v, w)))
        }
        _ => a == b,
    }
}

/// A bound as a person writes it: `30000`, not `30000.0`.
fn num(v: f64) -> String {
    #[allow(clippy::float_cmp)]
    if v.fract() == 0.0 && v.abs() < 1e15 {
        format!("{}", v as i64)
    } else {
        format!("{v}")
    }
}

const SHOW_MAX: usize = 60;

/// A value as compact JSON, cut so one bad argument cannot flood the message.
pub(super) fn show(value: &Value) -> String {
    let text = value.to_string();
    cut(&text)
}

fn show_str(s: &str) -> String {
    show(&Value::String(s.to_owned()))
}

fn cut(text: &str) -> String {
    if text.chars().count() <= SHOW_MAX {
        return text.to_owned();
    }
    let kept: String = text.chars().take(SHOW_MAX).collect();
    format!("{kept}…")
}

fn plural(n: u64) -> &'static str {
    if n == 1 { "" } else { "s" }
}

fn list(names: &[&str]) -> String {
    names
        .iter()
        .map(|n| format!("`{n}`"))
        .collect::<Vec<_>>()
        .join(", ")
}
