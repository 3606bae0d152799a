//! One compiled schema node and the checks it runs.

use std::fmt::{self, Write as _};

use mcp_tools_shared::suggest;
use serde_json::{Map, Number, Value};

use super::{
    format::{self, Format},
    pattern::Pattern,
};

pub(super) const NULL: u8 = 1;
pub(super) const BOOLEAN: u8 = 2;
pub(super) const INTEGER: u8 = 4;
pub(super) const NUMBER: u8 = 8;
pub(super) const STRING: u8 = 16;
pub(super) const ARRAY: u8 = 32;
pub(super) const OBJECT: u8 = 64;

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
    /// The targets of `$ref`s, by index.
    pub(super) refs: &'v [Node],
    pub(super) errors: Vec<String>,
    pub(super) depth: usize,
}

impl<'v> Cx<'v> {
    pub(super) fn new(refs: &'v [Node]) -> Self {
        Cx {
            refs,
            errors: Vec::new(),
            depth: 0,
        }
    }

    /// A scratch context for trying a branch, sharing the targets of `$ref`s.
    fn trial(&self) -> Cx<'v> {
        Cx {
            refs: self.refs,
            errors: Vec::new(),
            depth: self.depth + 1,
        }
    }
}

/// `additionalProperties`.
#[derive(Debug, Default)]
pub(super) enum Additional {
    /// Not given: other keys are not evaluated here (`unevaluatedProperties` may judge them).
    #[default]
    Absent,
    /// `true` or `{}`.
    Any,
    /// `false`.
    Never,
    /// A schema every other key's value must meet.
    Schema(Box<Node>),
}

/// How the branches of a `oneOf`/`anyOf` tell themselves apart, for messages.
#[derive(Debug, Default)]
pub(super) enum Discriminator {
    /// Nothing recognisable: messages list the accepted shapes.
    #[default]
    None,
    /// Every object branch requires one property with a constant value (serde's internally
    /// and adjacently tagged enums): the value of `tag` picks the branch.
    Tag {
        tag: String,
        values: Vec<(Value, usize)>,
    },
    /// Every object branch has exactly one, required, property (serde's externally tagged
    /// enums): the key picks the branch.
    Key(Vec<(String, usize)>),
}

/// `if`: its schema, and what it asks in words, for the messages of `then` and `else`.
#[derive(Debug)]
pub(super) struct Condition {
    pub(super) schema: Box<Node>,
    /// Each property the condition names and what it says of it (`is "express"`), when
    /// it has the usual shape (see `compile::condition_words`).
    pub(super) words: Option<Vec<(String, String)>>,
}

impl Condition {
    /// The condition at `path`, in words: ``` `method` is "express" ```, or a plain
    /// mention of the schema's `if` when it has another shape.
    fn describe(&self, path: &Path<'_>) -> String {
        match &self.words {
            Some(parts) => parts
                .iter()
                .map(|(name, words)| format!("`{}` {words}", path.child(name)))
                .collect::<Vec<_>>()
                .join(" and "),
            None if path.is_root() => "the arguments meet the schema's `if`".to_owned(),
            None => format!("{path} meets the schema's `if`"),
        }
    }
}

/// A compiled schema: the keywords listed in [`super::compile`], nothing else.
#[derive(Debug, Default)]
pub(super) struct Node {
    pub(super) types: u8,
    pub(super) enumeration: Option<Vec<Value>>,
    pub(super) constant: Option<Value>,
    pub(super) minimum: Option<f64>,
    pub(super) maximum: Option<f64>,
    pub(super) exclusive_minimum: Option<f64>,
    pub(super) exclusive_maximum: Option<f64>,
    pub(super) multiple_of: Option<f64>,
    pub(super) min_length: Option<u64>,
    pub(super) max_length: Option<u64>,
    pub(super) pattern: Option<Pattern>,
    pub(super) format: Option<Format>,
    pub(super) prefix_items: Vec<Node>,
    pub(super) items: Option<Box<Node>>,
    pub(super) min_items: Option<u64>,
    pub(super) max_items: Option<u64>,
    pub(super) unique_items: bool,
    pub(super) contains: Option<Box<Node>>,
    pub(super) min_contains: Option<u64>,
    pub(super) max_contains: Option<u64>,
    pub(super) properties: Vec<(String, Node)>,
    pub(super) pattern_properties: Vec<(Pattern, Node)>,
    pub(super) required: Vec<String>,
    /// `dependentRequired`: when the first key is present, so must the others be.
    pub(super) dependent_required: Vec<(String, Vec<String>)>,
    /// `dependentSchemas`: when the key is present, the whole object meets the schema.
    pub(super) dependent_schemas: Vec<(String, Node)>,
    pub(super) additional: Additional,
    /// `unevaluatedProperties: false`.
    pub(super) unevaluated_closed: bool,
    pub(super) property_names: Option<Box<Node>>,
    pub(super) min_properties: Option<u64>,
    pub(super) max_properties: Option<u64>,
    pub(super) any_of: Vec<Node>,
    pub(super) one_of: Vec<Node>,
    pub(super) all_of: Vec<Node>,
    pub(super) not: Option<Box<Node>>,
    /// `if`, `then`, `else`.
    pub(super) condition: Option<Condition>,
    pub(super) then: Option<Box<Node>>,
    pub(super) otherwise: Option<Box<Node>>,
    pub(super) discriminator: Discriminator,
    /// Index of the `$ref` target in [`Cx::refs`].
    pub(super) reference: Option<usize>,
    pub(super) always_fails: bool,
    pub(super) unit: Option<&'static str>,
    pub(super) example: Option<Value>,
}

impl Node {
    /// `minimum: n`, or the one already set if it is higher: a schema's own bound and its
    /// integer format's width both hold.
    pub(super) fn raise_minimum(&mut self, n: f64) {
        self.minimum = Some(self.minimum.map_or(n, |m| m.max(n)));
    }

    /// `maximum: n`, or the one already set if it is lower.
    pub(super) fn lower_maximum(&mut self, n: f64) {
        self.maximum = Some(self.maximum.map_or(n, |m| m.min(n)));
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
            cx.errors.push(format!("{} is not allowed", subject(path)));
            return;
        }
        if let Some(target) = self.reference.and_then(|r| cx.refs.get(r)) {
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
        if let Some(condition) = &self.condition {
            let (branch, word) = if condition.schema.accepts(value, cx) {
                (&self.then, "when")
            } else {
                (&self.otherwise, "unless")
            };
            if let Some(branch) = branch {
                let because = format!("{word} {}", condition.describe(path));
                branch.check_because(value, path, cx, &because);
            }
        }
        for (key, node) in &self.dependent_schemas {
            if value.as_object().is_some_and(|map| map.contains_key(key)) {
                let because = format!("when `{}` is given", path.child(key));
                node.check_because(value, path, cx, &because);
            }
        }
        if !self.any_of.is_empty() {
            self.check_alternatives(&self.any_of, false, value, path, cx);
        }
        if !self.one_of.is_empty() {
            self.check_alternatives(&self.one_of, true, value, path, cx);
        }
        if let Some(not) = &self.not
            && not.accepts(value, cx)
        {
            cx.errors.push(format!(
                "{} must not be {}; got {}",
                subject(path),
                not.shape(cx.refs),
                show(value)
            ));
        }
    }

    /// Checks `value` against a schema that applies only because of a condition, saying
    /// the condition after each problem: ``missing required argument `deadline` (when
    /// `method` is "express")``.
    fn check_because(&self, value: &mut Value, path: &Path<'_>, cx: &mut Cx<'_>, because: &str) {
        let mut sub = cx.trial();
        self.check(value, path, &mut sub);
        cx.errors
            .extend(sub.errors.into_iter().map(|e| format!("{e} ({because})")));
    }

    /// Whether `value` meets this schema (on a copy: normalising it changes nothing).
    fn accepts(&self, value: &Value, cx: &Cx<'_>) -> bool {
        let mut trial = value.clone();
        let mut sub = cx.trial();
        self.check(&mut trial, &Path::Root, &mut sub);
        sub.errors.is_empty()
    }

    fn check_type(&self, value: &mut Value, path: &Path<'_>, cx: &mut Cx<'_>) -> bool {
        let actual = match value {
            Value::Number(n) if !(n.is_i64() || n.is_u64()) => {
                // JSON Schema counts 2.0 as an integer; serde does not, so normalise it.
                let v = n.as_f64().unwrap_or(f64::NAN);
                if self.types & INTEGER != 0
                    && let Some(int) = integral(v)
                {
                    *value = Value::Number(int);
                    INTEGER | NUMBER
                } else if v.fract() == 0.0 && v.is_finite() {
                    // An integer past 64 bits: for the bounds (a type's width) to refuse.
                    INTEGER | NUMBER
                } else {
                    NUMBER
                }
            }
            _ => type_of(value),
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
        let bounds = [
            (self.minimum, v < self.minimum.unwrap_or(0.0), "at least"),
            (self.maximum, v > self.maximum.unwrap_or(0.0), "at most"),
            (
                self.exclusive_minimum,
                v <= self.exclusive_minimum.unwrap_or(0.0),
                "greater than",
            ),
            (
                self.exclusive_maximum,
                v >= self.exclusive_maximum.unwrap_or(0.0),
                "less than",
            ),
        ];
        for (bound, broken, words) in bounds {
            if let Some(bound) = bound
                && broken
            {
                cx.errors.push(format!(
                    "{path} must be {words} {}{}; got {n}",
                    num(bound),
                    self.unit_suffix()
                ));
            }
        }
        if let Some(step) = self.multiple_of
            && !is_multiple(n, v, step)
        {
            cx.errors.push(format!(
                "{path} must be a multiple of {}{}; got {n}",
                num(step),
                self.unit_suffix()
            ));
        }
    }

    fn check_string(&self, s: &str, path: &Path<'_>, cx: &mut Cx<'_>) {
        if self.min_length.is_some() || self.max_length.is_some() {
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
        }
        if let Some(pattern) = &self.pattern
            && !pattern.matches(s)
        {
            let example = match &self.example {
                Some(Value::String(e)) => format!(", like {e}"),
                _ => String::new(),
            };
            cx.errors.push(format!(
                "{path} must match {}{example}; got {}",
                pattern.source(),
                show_str(s)
            ));
        }
        if let Some(format) = self.format
            && !format::accepts(format, s)
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
        if let Some(contains) = &self.contains {
            self.check_contains(contains, items, path, cx);
        }
        for (i, item) in items.iter_mut().enumerate() {
            let node = match self.prefix_items.get(i) {
                Some(node) => node,
                None => match &self.items {
                    Some(node) => node,
                    None => break,
                },
            };
            let child = Path::Index(path, i);
            cx.depth += 1;
            node.check(item, &child, cx);
            cx.depth -= 1;
        }
    }

    /// `contains`, `minContains` (1 unless given) and `maxContains`.
    fn check_contains(&self, contains: &Node, items: &[Value], path: &Path<'_>, cx: &mut Cx<'_>) {
        let matched = items
            .iter()
            .filter(|item| contains.accepts(item, cx))
            .count() as u64;
        let min = self.min_contains.unwrap_or(1);
        // A `const` or an `enum` says the items it wants; another schema is named by its
        // keyword, with what the first item lacks.
        let wanted = contains.constant.as_ref().map(show).or_else(|| {
            contains
                .enumeration
                .is_some()
                .then(|| contains.shape(cx.refs))
        });
        let that = |n: u64| match (&wanted, n) {
            (Some(shape), 1) => format!("that is {shape}"),
            (Some(shape), _) => format!("that are {shape}"),
            (None, 1) => "that matches its `contains` schema".to_owned(),
            (None, _) => "that match its `contains` schema".to_owned(),
        };
        if matched < min {
            let mut message = if min == 1 {
                format!("{} must contain an item {}", subject(path), that(1))
            } else {
                format!(
                    "{} must contain at least {min} items {}; got {matched}",
                    subject(path),
                    that(min)
                )
            };
            if items.is_empty() {
                message.push_str("; got an empty array");
            } else if matched == 0 {
                let _ = write!(
                    message,
                    "; none of its {} item{} does",
                    items.len(),
                    plural(items.len() as u64)
                );
                if wanted.is_none() {
                    let mut first = items[0].clone();
                    let mut sub = cx.trial();
                    contains.check(&mut first, &Path::Index(path, 0), &mut sub);
                    if let Some(why) = sub.errors.first() {
                        let _ = write!(message, " ({why})");
                    }
                }
            }
            cx.errors.push(message);
        }
        if let Some(max) = self.max_contains
            && matched > max
        {
            cx.errors.push(format!(
                "{} must contain at most {max} item{} {}; got {matched}",
                subject(path),
                plural(max),
                that(max)
            ));
        }
    }

    fn check_object(&self, map: &mut Map<String, Value>, path: &Path<'_>, cx: &mut Cx<'_>) {
        // Unknown keys are reported first, where the reader looks; found while the values
        // are checked, they are put in front of those errors afterwards.
        let start = cx.errors.len();
        let count = map.len() as u64;
        if let Some(min) = self.min_properties
            && count < min
        {
            cx.errors.push(format!(
                "{} must have at least {min} field{}; got {count}",
                subject(path),
                plural(min)
            ));
        }
        if let Some(max) = self.max_properties
            && count > max
        {
            cx.errors.push(format!(
                "{} must have at most {max} field{}; got {count}",
                subject(path),
                plural(max)
            ));
        }
        if !all_present(&self.required, map) {
            for name in &self.required {
                if !map.contains_key(name) {
                    cx.errors.push(missing(path, name));
                }
            }
        }
        for (key, names) in &self.dependent_required {
            if !map.contains_key(key) {
                continue;
            }
            for name in names.iter().filter(|n| !map.contains_key(*n)) {
                cx.errors.push(format!(
                    "{} (when `{}` is given)",
                    missing(path, name),
                    path.child(key)
                ));
            }
        }
        if let Some(names) = &self.property_names {
            for key in map.keys() {
                let mut name = Value::String(key.clone());
                let mut sub = cx.trial();
                names.check(&mut name, &Path::Root, &mut sub);
                if !sub.errors.is_empty() {
                    cx.errors.push(format!(
                        "{} has a field named {}, which is not an accepted name",
                        subject(path),
                        show_str(key)
                    ));
                }
            }
        }
        // Keys `additionalProperties: false` refuses; keys no keyword here evaluates, which
        // `unevaluatedProperties` judges once the values are checked.
        let mut refused: Vec<String> = Vec::new();
        let mut unevaluated = 0usize;
        for (key, value) in map.iter_mut() {
            let child = Path::Key(path, key);
            let property = self.property(key);
            if let Some(node) = property
                && value.is_null()
                && !self.required.contains(key)
                && node.types != 0
                && node.types & NULL == 0
            {
                // Some clients send `null` for every unset field; say how to mean "unset".
                cx.errors.push(format!(
                    "{child} cannot be null; leave it out to use its default"
                ));
                continue;
            }
            cx.depth += 1;
            let mut evaluated = false;
            if let Some(node) = property {
                node.check(value, &child, cx);
                evaluated = true;
            }
            for (pattern, node) in &self.pattern_properties {
                if pattern.matches(key) {
                    node.check(value, &child, cx);
                    evaluated = true;
                }
            }
            if !evaluated {
                match &self.additional {
                    Additional::Absent => unevaluated += 1,
                    Additional::Any => {}
                    Additional::Never => refused.push(key.clone()),
                    Additional::Schema(node) => node.check(value, &child, cx),
                }
            }
            cx.depth -= 1;
        }
        if self.unevaluated_closed && unevaluated > 0 {
            let whole = Value::Object(map.clone());
            for key in map.keys() {
                if self.property(key).is_none()
                    && !self.pattern_properties.iter().any(|(p, _)| p.matches(key))
                    && !self.applicators_evaluate(key, &whole, cx)
                {
                    refused.push(key.clone());
                }
            }
        }
        if !refused.is_empty() {
            let messages: Vec<String> = refused
                .iter()
                .map(|key| self.unknown(key, map, path, cx))
                .collect();
            cx.errors.splice(start..start, messages);
        }
    }

    /// The message for a key no keyword allows, with the nearest known name not given.
    fn unknown(&self, key: &str, map: &Map<String, Value>, path: &Path<'_>, cx: &Cx<'_>) -> String {
        let mut known = Vec::new();
        self.names(cx.refs, &mut known, 0);
        known.retain(|k| *k != key);
        let near = suggest::nearest(
            key,
            known.iter().copied().filter(|k| !map.contains_key(*k)),
            1,
        );
        let what = if path.is_root() {
            "unknown argument".to_owned()
        } else {
            format!("{path} has unknown field")
        };
        match near.first() {
            Some(near) => format!("{what} `{key}`; did you mean `{near}`?"),
            _ if known.is_empty() && !self.pattern_properties.is_empty() => {
                let patterns: Vec<&str> = self
                    .pattern_properties
                    .iter()
                    .map(|(p, _)| p.source())
                    .collect();
                format!("{what} `{key}`; names must match {}", patterns.join(" or "))
            }
            _ if known.is_empty() && path.is_root() => {
                format!("{what} `{key}`; this takes no arguments")
            }
            _ if known.is_empty() => format!("{what} `{key}`; it takes no fields"),
            _ => format!("{what} `{key}`; expected {}", list(&known)),
        }
    }

    /// The property names this schema and its in-place branches know.
    fn names<'a>(&'a self, refs: &'a [Node], out: &mut Vec<&'a str>, depth: usize) {
        if depth > 8 {
            return;
        }
        for (name, _) in &self.properties {
            if !out.contains(&name.as_str()) {
                out.push(name);
            }
        }
        if let Some(target) = self.reference.and_then(|r| refs.get(r)) {
            target.names(refs, out, depth + 1);
        }
        let conditional = [&self.then, &self.otherwise]
            .into_iter()
            .flatten()
            .map(|b| &**b)
            .chain(self.dependent_schemas.iter().map(|(_, b)| b));
        for branch in self
            .all_of
            .iter()
            .chain(&self.any_of)
            .chain(&self.one_of)
            .chain(conditional)
        {
            branch.names(refs, out, depth + 1);
        }
    }

    /// Whether a branch that applies in place (`$ref`, `allOf`, and the `anyOf`/`oneOf`
    /// branches `whole` meets) evaluates `key`, as `unevaluatedProperties` asks.
    fn applicators_evaluate(&self, key: &str, whole: &Value, cx: &Cx<'_>) -> bool {
        if let Some(target) = self.reference.and_then(|r| cx.refs.get(r))
            && target.evaluates(key, whole, cx)
        {
            return true;
        }
        if self.all_of.iter().any(|b| b.evaluates(key, whole, cx)) {
            return true;
        }
        // `if` keeps what it evaluated only when it holds; then `then` applies, else `else`.
        if let Some(condition) = &self.condition {
            let holds = condition.schema.accepts(whole, cx);
            if holds && condition.schema.evaluates(key, whole, cx) {
                return true;
            }
            let branch = if holds { &self.then } else { &self.otherwise };
            if branch.as_ref().is_some_and(|b| b.evaluates(key, whole, cx)) {
                return true;
            }
        }
        if let Value::Object(map) = whole
            && self
                .dependent_schemas
                .iter()
                .any(|(k, b)| map.contains_key(k) && b.evaluates(key, whole, cx))
        {
            return true;
        }
        self.any_of
            .iter()
            .chain(&self.one_of)
            .any(|b| b.evaluates(key, whole, cx) && b.accepts(whole, cx))
    }

    fn evaluates(&self, key: &str, whole: &Value, cx: &Cx<'_>) -> bool {
        if cx.depth > MAX_DEPTH {
            return false;
        }
        self.property(key).is_some()
            || self.pattern_properties.iter().any(|(p, _)| p.matches(key))
            || !matches!(self.additional, Additional::Absent)
            || self.unevaluated_closed
            || self.applicators_evaluate(key, whole, &cx.trial())
    }

    fn check_alternatives(
        &self,
        branches: &[Node],
        exactly_one: bool,
        value: &mut Value,
        path: &Path<'_>,
        cx: &mut Cx<'_>,
    ) {
        let mut passing: Option<(usize, Value)> = None;
        let mut passed = 0;
        let mut failures: Vec<Vec<String>> = Vec::new();
        for branch in branches {
            let mut trial = value.clone();
            let mut sub = cx.trial();
            branch.check(&mut trial, path, &mut sub);
            if sub.errors.is_empty() {
                passed += 1;
                if passing.is_none() {
                    passing = Some((failures.len(), trial));
                }
            }
            failures.push(sub.errors);
        }
        match (passed, passing) {
            (0, _) => cx
                .errors
                .extend(self.no_branch(branches, failures, value, path, cx)),
            (1, Some((_, trial))) => *value = trial,
            _ if exactly_one => {
                cx.errors.push(format!(
                    "{} is ambiguous: it matches more than one of the accepted shapes",
                    subject(path)
                ));
            }
            (_, Some((_, trial))) => *value = trial,
            (_, None) => {}
        }
    }

    /// What to say when no branch accepts `value`: the errors of the branch its tag or key
    /// picks, else of the one branch of its JSON type, else the accepted shapes.
    fn no_branch(
        &self,
        branches: &[Node],
        mut failures: Vec<Vec<String>>,
        value: &Value,
        path: &Path<'_>,
        cx: &Cx<'_>,
    ) -> Vec<String> {
        if let Some(allowed) = branches
            .iter()
            .map(Node::single_value)
            .collect::<Option<Vec<Value>>>()
        {
            return vec![one_of_message(path, &allowed, value)];
        }
        if let Value::Object(map) = value {
            match &self.discriminator {
                Discriminator::Tag { tag, values } => {
                    let Some(given) = map.get(tag) else {
                        let options: Vec<Value> = values.iter().map(|(v, _)| v.clone()).collect();
                        let options = options.iter().map(show).collect::<Vec<_>>().join(", ");
                        return vec![if path.is_root() {
                            format!("missing required argument `{tag}` (one of {options})")
                        } else {
                            format!("{path} is missing required field `{tag}` (one of {options})")
                        }];
                    };
                    return match values.iter().find(|(v, _)| json_eq(v, given)) {
                        Some((_, i)) => std::mem::take(&mut failures[*i]),
                        None => {
                            let allowed: Vec<Value> =
                                values.iter().map(|(v, _)| v.clone()).collect();
                            vec![one_of_message(&path.child(tag), &allowed, given)]
                        }
                    };
                }
                Discriminator::Key(keys) => {
                    if map.len() == 1
                        && let Some((_, i)) = keys.iter().find(|(k, _)| map.contains_key(k))
                    {
                        return std::mem::take(&mut failures[*i]);
                    }
                }
                Discriminator::None => {}
            }
        }
        let actual = type_of(value);
        let fitting: Vec<usize> = branches
            .iter()
            .enumerate()
            .filter(|(_, b)| b.fits(actual, cx.refs))
            .map(|(i, _)| i)
            .collect();
        if let [only] = fitting[..] {
            return std::mem::take(&mut failures[only]);
        }
        let shapes: Vec<String> = branches.iter().map(|b| b.shape(cx.refs)).collect();
        let closest = fitting
            .iter()
            .min_by_key(|i| failures[**i].len())
            .filter(|best| {
                fitting
                    .iter()
                    .filter(|i| failures[**i].len() == failures[**best].len())
                    .count()
                    == 1
            })
            .and_then(|i| failures[*i].first())
            .map(|e| format!(" (closest: {e})"))
            .unwrap_or_default();
        vec![format!(
            "{} must be {}; got {}{closest}",
            subject(path),
            or_list(&shapes),
            show(value)
        )]
    }

    /// Whether values of JSON type `actual` can meet this schema, as far as `type` says.
    fn fits(&self, actual: u8, refs: &[Node]) -> bool {
        if let Some(target) = self.reference.and_then(|r| refs.get(r))
            && target.types != 0
        {
            return target.types & actual != 0;
        }
        if let Some(value) = self.single_value() {
            return type_of(&value) & actual != 0;
        }
        self.types == 0 || self.types & actual != 0
    }

    /// A short description of the values this schema accepts.
    fn shape(&self, refs: &[Node]) -> String {
        if let Some(value) = &self.constant {
            return show(value);
        }
        if let Some(values) = &self.enumeration {
            return values.iter().map(show).collect::<Vec<_>>().join(" or ");
        }
        if self.types == OBJECT || (self.types == 0 && !self.properties.is_empty()) {
            let keys: Vec<&str> = if self.required.is_empty() {
                self.properties.iter().map(|(k, _)| k.as_str()).collect()
            } else {
                self.required.iter().map(String::as_str).collect()
            };
            return if keys.is_empty() {
                "an object".to_owned()
            } else {
                format!("an object with {}", list(&keys))
            };
        }
        if self.types != 0 {
            return expected(self.types);
        }
        if let Some(target) = self.reference.and_then(|r| refs.get(r)) {
            return target.shape(refs);
        }
        OTHER_SHAPE.to_owned()
    }

    /// The one value this node allows, if it is a `const` or a one-item `enum`.
    pub(super) fn single_value(&self) -> Option<Value> {
        match (&self.constant, &self.enumeration) {
            (Some(c), _) => Some(c.clone()),
            (None, Some(e)) if e.len() == 1 => Some(e[0].clone()),
            _ => None,
        }
    }
}

/// What [`Node::shape`] says of a schema it cannot sum up.
const OTHER_SHAPE: &str = "a value of another shape";

/// ``missing required argument `name` ``, or the same of a nested object's field.
fn missing(path: &Path<'_>, name: &str) -> String {
    if path.is_root() {
        format!("missing required argument `{name}`")
    } else {
        format!("{path} is missing required field `{name}`")
    }
}

fn type_of(value: &Value) -> u8 {
    match value {
        Value::Null => NULL,
        Value::Bool(_) => BOOLEAN,
        Value::Number(n) if n.is_i64() || n.is_u64() => INTEGER | NUMBER,
        Value::Number(n) if n.as_f64().and_then(integral).is_some() => INTEGER | NUMBER,
        Value::Number(_) => NUMBER,
        Value::String(_) => STRING,
        Value::Array(_) => ARRAY,
        Value::Object(_) => OBJECT,
    }
}

pub(super) fn types_of(value: &Value) -> Option<u8> {
    let one = |t: &str| {
        Some(match t {
            "null" => NULL,
            "boolean" => BOOLEAN,
            "integer" => INTEGER,
            "number" => NUMBER | INTEGER,
            "string" => STRING,
            "array" => ARRAY,
            "object" => OBJECT,
            _ => return None,
        })
    };
    match value {
        Value::String(t) => one(t),
        Value::Array(ts) => ts
            .iter()
            .map(|t| t.as_str().and_then(one))
            .try_fold(0, |a, b| Some(a | b?)),
        _ => None,
    }
}

pub(super) fn expected(types: u8) -> String {
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

fn or_list(shapes: &[String]) -> String {
    match shapes {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{}, or {last}", init.join(", ")),
    }
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

/// `multipleOf`: exact for integers, within rounding for fractions.
pub(super) fn is_multiple(n: &Number, v: f64, step: f64) -> bool {
    #[allow(clippy::float_cmp)]
    if step.fract() == 0.0 && step <= 9.0e15 {
        let step = step as u64;
        if let Some(i) = n.as_u64() {
            return i % step == 0;
        }
        if let Some(i) = n.as_i64() {
            return i.unsigned_abs() % step == 0;
        }
    }
    let ratio = v / step;
    ratio.is_finite() && (ratio - ratio.round()).abs() < 1e-9
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
pub(super) fn json_eq(a: &Value, b: &Value) -> bool {
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
    crate::error::clip(&value.to_string(), SHOW_MAX)
}

fn show_str(s: &str) -> String {
    show(&Value::String(s.to_owned()))
}

fn plural(n: u64) -> &'static str {
    if n == 1 { "" } else { "s" }
}

fn list(names: &[&str]) -> String {
    let mut out = String::with_capacity(names.iter().map(|n| n.len() + 4).sum());
    for (i, name) in names.iter().enumerate() {
        if i > 0 {
            out.push_str(", ");
        }
        out.push('`');
        out.push_str(name);
        out.push('`');
    }
    out
}

/// Whether every `required` name is a key of `map`, found by comparing names rather than
/// hashing each one: keys are unique, so as many matches as names means all are there.
/// Large objects take the hashed path.
fn all_present(required: &[String], map: &Map<String, Value>) -> bool {
    if required.is_empty() {
        return true;
    }
    if map.len() < required.len() {
        return false;
    }
    if map.len() * required.len() > 64 {
        return required.iter().all(|name| map.contains_key(name));
    }
    map.keys().filter(|key| required.contains(key)).count() == required.len()
}
