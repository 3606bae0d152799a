//! The runtime's argument check agrees with an independent JSON Schema validator.
//!
//! A model builds its arguments from the input schema `tools/list` publishes. If the runtime
//! rejected what that schema allows, or let through what it forbids, the model would be told
//! one thing and judged by another. So for each fixture tool this test generates argument
//! objects from the published schema (valid values, values at and just past each bound,
//! wrong types, missing and unknown keys, near misses of patterns, enums and formats,
//! integral floats such as `3.0` for integers, valid and broken RFC 3339 timestamps) and
//! checks that `Registry::call` answers with an invalid-input error exactly when the
//! `jsonschema` crate, with format validation on, rejects the arguments, or when a value is
//! past the width of its Rust integer type (which the published schema leaves out).
//!
//! Two table tests pin values a generator meets only now and then: edge values of every
//! string `format` the runtime checks, and integral floats near the ends of `u64` and `i64`.
//!
//! Tools with a hand-written `input_schema` file (`tests/schemas/agree_*.json`) cover what
//! only such a schema uses: `if`/`then`/`else` (alone and in `allOf`), `dependentRequired`,
//! `dependentSchemas`, `contains` with `minContains`/`maxContains`, `$ref`s to `$defs`
//! through a pointer and through the root's `$id`, and `unevaluatedProperties` that sees
//! what conditional branches evaluate.

use crate::common;

use std::cell::Cell;

use mcp_tools::{Registry, tool, tools};
use proptest::{
    prelude::*,
    strategy::{BoxedStrategy, Just},
    test_runner::{Config, TestCaseError, TestRunner},
};
use serde_json::{Map, Value, json};

/// Cases per tool.
const CASES: u32 = 320;

/// One tool, judged twice: by the runtime through `Registry::call`, and by `jsonschema` on
/// the input schema the tool publishes.
struct Judge {
    name: &'static str,
    registry: Registry,
    runtime: tokio::runtime::Runtime,
    schema: Value,
    reference: jsonschema::Validator,
}

impl Judge {
    fn new(registry: Registry, name: &'static str) -> Self {
        let tool = registry
            .tool_definitions()
            .iter()
            .find(|t| t.name == name)
            .unwrap_or_else(|| panic!("`{name}` is listed"));
        let schema = Value::Object((*tool.input_schema).clone());
        let reference = jsonschema::options()
            .with_draft(jsonschema::Draft::Draft202012)
            .should_validate_formats(true)
            .build(&schema)
            .unwrap_or_else(|err| {
                panic!("`{name}` publishes an invalid JSON Schema: {err}\n{schema}")
            });
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_time()
            .build()
            .expect("a runtime");
        Judge {
            name,
            registry,
            runtime,
            schema,
            reference,
        }
    }

    /// Whether the runtime accepted `args`, or why its verdict differs from the schema's.
    fn verdict(&self, args: &Value) -> Result<bool, String> {
        let name = self.name;
        let result = self
            .runtime
            .block_on(self.registry.call(name, args.clone()))
            .unwrap_or_else(|err| panic!("`{name}` is a known tool: {err:?}"));
        let text = result
            .content
            .first()
            .and_then(|block| block.as_text())
            .map(|t| t.text.clone())
            .unwrap_or_default();
        let runtime_accepts = result.is_error != Some(true);
        // The handlers are trivial: the only error a call can meet is its arguments'.
        assert!(
            runtime_accepts || text.starts_with("invalid input: "),
            "`{name}` failed other than on its input: {text}\narguments: {args}"
        );
        match (runtime_accepts, self.reference.is_valid(args)) {
            (true, false) => {
                let why: Vec<String> = self
                    .reference
                    .iter_errors(args)
                    .map(|e| e.to_string())
                    .collect();
                Err(format!(
                    "`{name}` accepted arguments its published schema forbids\n\
                     arguments: {args}\nschema says: {why:?}"
                ))
            }
            // Beyond the schema, only the widths of the Rust integer types: `u8` publishes
            // `minimum: 0` and no `255`, which costs tokens and tells a model nothing.
            (false, true) if beyond_integer_width(&text) => Ok(false),
            (false, true) => Err(format!(
                "`{name}` rejected arguments its published schema allows\n\
                 arguments: {args}\nruntime says: {text}"
            )),
            (accepts, _) => Ok(accepts),
        }
    }
}

/// Whether each of the runtime's refusals is of a value past the width of a Rust integer
/// type (its message names the edge): the one check it makes that the published schema
/// leaves out.
#[allow(clippy::cast_precision_loss)] // the edges as the runtime compares them, in f64
fn beyond_integer_width(text: &str) -> bool {
    let edges = [
        f64::from(i8::MAX),
        f64::from(u8::MAX),
        f64::from(i16::MAX),
        f64::from(u16::MAX),
        f64::from(i32::MAX),
        f64::from(u32::MAX),
        i64::MAX as f64,
        u64::MAX as f64,
        f64::from(i8::MIN),
        f64::from(i16::MIN),
        f64::from(i32::MIN),
        i64::MIN as f64,
    ];
    let edge = |line: &str| -> Option<f64> {
        let (_, rest) = line
            .split_once("must be at most ")
            .or_else(|| line.split_once("must be at least "))?;
        rest.split([' ', ';']).next()?.parse().ok()
    };
    // Inside a `oneOf`, a whole number past a branch's width fails that branch, and the
    // refusal lists the shapes instead of naming the edge: it is still a width when the
    // value refused is a whole number past the narrowest width (`u8`, `i8`).
    let past_a_width = |line: &str| -> bool {
        line.rsplit_once("; got ")
            .and_then(|(_, got)| got.trim_end_matches('.').parse::<f64>().ok())
            .is_some_and(|n| {
                n.fract() == 0.0 && !(f64::from(i8::MIN)..=f64::from(u8::MAX)).contains(&n)
            })
    };
    let refusals = text.strip_prefix("invalid input: ").unwrap_or(text);
    refusals.lines().all(|line| {
        edge(line).is_some_and(|n| edges.contains(&n))
            || (line.contains(" must be an integer") && past_a_width(line))
    })
}

/// Runs the property for one tool, and checks that both verdicts were reached often
/// enough for the comparison to mean something.
fn check_tool(name: &'static str) {
    check_tool_in(common::registry(), name);
}

/// [`check_tool`] for a tool of `registry`.
fn check_tool_in(registry: Registry, name: &'static str) {
    let judge = Judge::new(registry, name);
    let accepted = Cell::new(0u32);
    let rejected = Cell::new(0u32);
    let mut runner = TestRunner::new(Config {
        cases: CASES,
        failure_persistence: None,
        ..Config::default()
    });
    let outcome = runner.run(&arguments(&judge.schema), |args| {
        let counter = if judge.verdict(&args).map_err(TestCaseError::fail)? {
            &accepted
        } else {
            &rejected
        };
        counter.set(counter.get() + 1);
        Ok(())
    });
    if let Err(err) = outcome {
        panic!("{err}\nschema: {}", judge.schema);
    }
    // A generator that only produced one kind of case would compare nothing.
    let (accepted, rejected) = (accepted.get(), rejected.get());
    let floor = CASES / 10;
    assert!(
        accepted >= floor && rejected >= floor,
        "`{name}`: too one-sided to compare: {accepted} accepted, {rejected} rejected"
    );
}

// ---------------------------------------------------------------------------------------
// Generators, driven by the published schema. Each one has two modes: `Plausible` makes
// what a careful model would send (in range, matching, well-formed), `Any` adds the
// boundaries just past each limit, wrong types and near misses. Arguments mix whole
// plausible objects, whole arbitrary ones, and plausible ones with one fault, so both
// verdicts come up often and many rejections have a single cause.

#[derive(Clone, Copy, PartialEq, Eq)]
enum Mode {
    Plausible,
    Any,
}

/// Argument objects for a tool's input schema.
fn arguments(schema: &Value) -> BoxedStrategy<Value> {
    // The generators read subschemas in place; the judges read the published schema.
    let schema = &inline_refs(schema, schema, 0);
    let plausible = object(schema, 0, Mode::Plausible);
    let any = object(schema, 0, Mode::Any);
    let empty = Map::new();
    let properties = schema["properties"].as_object().unwrap_or(&empty);
    let mut faults: Vec<BoxedStrategy<Value>> = properties
        .iter()
        .map(|(key, property)| {
            let key = key.clone();
            (plausible.clone(), value(property, 1, Mode::Any))
                .prop_map(move |(mut args, bad)| {
                    args[&key] = bad;
                    args
                })
                .boxed()
        })
        .collect();
    for key in schema["required"].as_array().into_iter().flatten() {
        let key = key.as_str().unwrap_or_default().to_owned();
        faults.push(
            plausible
                .clone()
                .prop_map(move |mut args| {
                    if let Some(map) = args.as_object_mut() {
                        map.remove(&key);
                    }
                    args
                })
                .boxed(),
        );
    }
    faults.push(
        (plausible.clone(), unknown_key(properties))
            .prop_map(|(mut args, (key, bad))| {
                if let Some(map) = args.as_object_mut() {
                    map.entry(key).or_insert(bad);
                }
                args
            })
            .boxed(),
    );
    prop_oneof![
        3 => plausible,
        3 => any,
        4 => proptest::strategy::Union::new(faults),
    ]
    .boxed()
}

/// `schema` with each `$ref` into `root` (a pointer, or one after the root's `$id`) replaced
/// by its target, the `$ref`'s siblings kept; for generating values, which read a schema in
/// place. Cycles stop at a small depth.
fn inline_refs(schema: &Value, root: &Value, depth: usize) -> Value {
    match schema {
        Value::Object(map) => {
            let id = root["$id"].as_str().unwrap_or("#");
            let target = map
                .get("$ref")
                .and_then(Value::as_str)
                .map(|r| r.strip_prefix(id).unwrap_or(r))
                .and_then(|r| r.strip_prefix('#'))
                .and_then(|pointer| root.pointer(pointer))
                .filter(|_| depth < 6);
            let mut out = match target {
                Some(Value::Object(target)) => target.clone(),
                _ => Map::new(),
            };
            for (key, value) in map {
                if key != "$ref" || target.is_none() {
                    out.insert(key.clone(), value.clone());
                }
            }
            let next = depth + usize::from(target.is_some());
            Value::Object(
                out.into_iter()
                    .map(|(k, v)| {
                        let v = inline_refs(&v, root, next);
                        (k, v)
                    })
                    .collect(),
            )
        }
        Value::Array(items) => Value::Array(
            items
                .iter()
                .map(|item| inline_refs(item, root, depth))
                .collect(),
        ),
        other => other.clone(),
    }
}

/// A key the schema does not have: a known one misspelt, or one a model might make up.
fn unknown_key(properties: &Map<String, Value>) -> BoxedStrategy<(String, Value)> {
    let mut names: Vec<String> = properties.keys().cloned().collect();
    names.push("format".to_owned());
    (proptest::sample::select(names), 0..3usize)
        .prop_map(|(name, how)| {
            let key = match how {
                0 => format!("{name}s"),
                1 => name.to_uppercase(),
                // `weight_kg` → `weight`; a name without `_` gets a suffix instead.
                _ => match name.rsplit_once('_') {
                    Some((head, _)) => head.to_owned(),
                    None => format!("{name}_id"),
                },
            };
            (key, json!("x"))
        })
        .boxed()
}

/// Values of the wrong JSON type for almost any property.
fn wrong_type() -> BoxedStrategy<Value> {
    prop_oneof![
        Just(Value::Null),
        Just(json!(true)),
        Just(json!(0)),
        Just(json!(-1)),
        Just(json!(1.5)),
        Just(json!("")),
        Just(json!("12")),
        Just(json!([])),
        Just(json!(["a"])),
        Just(json!({})),
    ]
    .boxed()
}

/// A value for `schema`.
fn value(schema: &Value, depth: usize, mode: Mode) -> BoxedStrategy<Value> {
    let types: Vec<&str> = match &schema["type"] {
        Value::String(t) => vec![t.as_str()],
        Value::Array(ts) => ts.iter().filter_map(Value::as_str).collect(),
        _ => Vec::new(),
    };
    let mut choices: Vec<(u32, BoxedStrategy<Value>)> = Vec::new();
    if mode == Mode::Any {
        choices.push((2, wrong_type()));
    }
    if let Some(constant) = schema.get("const") {
        choices.push((6, choice(std::slice::from_ref(constant), mode)));
    } else if let Some(allowed) = schema["enum"].as_array() {
        choices.push((6, choice(allowed, mode)));
    } else if schema.get("properties").is_some() {
        // Branches that add to the object's own properties (a flattened enum) are merged
        // by `object`.
    } else if let Some(branches) = schema["oneOf"].as_array().or(schema["anyOf"].as_array()) {
        let constants: Vec<Value> = branches
            .iter()
            .filter_map(|b| b.get("const").cloned())
            .collect();
        if constants.len() == branches.len() {
            choices.push((6, choice(&constants, mode)));
        } else {
            for branch in branches {
                choices.push((3, value(branch, depth + 1, mode)));
            }
        }
    }
    for t in types {
        let strategy = match t {
            "integer" => integer(schema, mode),
            "number" => number(schema, mode),
            "string" if schema.get("enum").is_none() && schema.get("const").is_none() => {
                string(schema, mode)
            }
            "array" => array(schema, depth, mode),
            "object" if depth < 4 => object(schema, depth + 1, mode),
            "boolean" => any::<bool>().prop_map(Value::Bool).boxed(),
            "null" => Just(Value::Null).boxed(),
            _ => continue,
        };
        choices.push((if t == "null" { 1 } else { 6 }, strategy));
    }
    if choices.is_empty() {
        return wrong_type();
    }
    proptest::strategy::Union::new_weighted(choices).boxed()
}

/// One of `allowed`, or (in `Any` mode) a near miss of one: upper case, padded, cut,
/// dashed, letters swapped, or pluralised.
fn choice(allowed: &[Value], mode: Mode) -> BoxedStrategy<Value> {
    let exact = proptest::sample::select(allowed.to_vec());
    let strings: Vec<String> = allowed
        .iter()
        .filter_map(Value::as_str)
        .map(ToOwned::to_owned)
        .collect();
    if strings.is_empty() || mode == Mode::Plausible {
        return exact.boxed();
    }
    let near = (proptest::sample::select(strings), 0..6usize).prop_map(|(s, how)| {
        let mut chars: Vec<char> = s.chars().collect();
        let mutated = match how {
            0 => s.to_uppercase(),
            1 => format!("{s} "),
            2 => {
                chars.pop();
                chars.into_iter().collect()
            }
            3 => s.replace('_', "-"),
            4 => {
                let last = chars.len() - 1;
                chars.swap(0, last);
                chars.into_iter().collect()
            }
            _ => format!("{s}s"),
        };
        Value::String(mutated)
    });
    prop_oneof![1 => exact, 2 => near].boxed()
}

fn bounds(schema: &Value, low: f64, high: f64) -> (f64, f64) {
    (
        schema["minimum"].as_f64().unwrap_or(low),
        schema["maximum"].as_f64().unwrap_or(high),
    )
}

/// Integers at and inside the bounds and integral floats (`3.0`, which JSON Schema counts
/// as an integer); in `Any` mode also one past each bound, fractions, and magnitudes no
/// Rust integer holds.
#[allow(clippy::cast_possible_truncation, clippy::cast_precision_loss)]
fn integer(schema: &Value, mode: Mode) -> BoxedStrategy<Value> {
    // Without bounds, values every integer type holds (the schema leaves a type's width
    // out, so a `u8` says only `minimum: 0`): past them is sampled through the list below.
    let lo = schema["minimum"].as_f64().unwrap_or(-100.0);
    let (lo, hi) = bounds(schema, lo, lo + 200.0);
    // Ranges as wide as `i64` are sampled near their ends through the list below.
    let (lo, hi) = (lo.max(-9.0e15) as i64, hi.min(9.0e15) as i64);
    let inside = vec![lo, lo + 1, hi - 1, hi];
    let plausible = prop_oneof![
        2 => proptest::sample::select(inside.clone()).prop_map(|v| json!(v)),
        3 => (lo..=hi).prop_map(|v| json!(v)),
        1 => proptest::sample::select(inside).prop_map(|v| json!(v as f64)),
    ];
    if mode == Mode::Plausible {
        return plausible.boxed();
    }
    let outside = vec![lo - 1, hi + 1, -1, 0];
    prop_oneof![
        3 => plausible,
        3 => proptest::sample::select(outside.clone()).prop_map(|v| json!(v)),
        1 => proptest::sample::select(outside).prop_map(|v| json!(v as f64)),
        2 => (lo..=hi).prop_map(|v| json!(v as f64 + 0.5)),
        // Integral floats at the edges of what `u64` and `i64` hold.
        2 => proptest::sample::select(vec![
            json!(u64::MAX),
            json!(i64::MIN),
            json!(i64::MAX),
            json!(1.0e20),
            json!(1.0e19),
            json!(1.82e19),
            json!(1.9e19),
            json!(9.3e18),
            json!(-9.0e18),
            json!(-9.21e18),
            json!(-9.3e18),
            json!(-0.0),
            json!(4_294_967_296_u64),
        ]),
    ]
    .boxed()
}

/// Numbers at and inside the bounds, integers among them; in `Any` mode also just past
/// each bound and far outside.
#[allow(clippy::cast_possible_truncation)]
fn number(schema: &Value, mode: Mode) -> BoxedStrategy<Value> {
    let (lo, hi) = bounds(schema, -1.0e6, 1.0e6);
    let step = ((hi - lo) / 1000.0).max(1.0e-6);
    let whole = (lo.ceil() as i64)..=(hi.floor() as i64);
    let plausible = prop_oneof![
        2 => proptest::sample::select(vec![lo, hi, lo + step, hi - step]).prop_map(|v| json!(v)),
        3 => (lo..hi).prop_map(|v| json!(v)),
        2 => whole.prop_map(|v| json!(v)),
    ];
    if mode == Mode::Plausible {
        return plausible.boxed();
    }
    prop_oneof![
        3 => plausible,
        3 => proptest::sample::select(vec![lo - step, hi + step, lo - 1.0, hi + 1.0, -0.0])
            .prop_map(|v| json!(v)),
        1 => proptest::sample::select(vec![json!(1.0e308), json!(-1.0e308), json!(u64::MAX)]),
    ]
    .boxed()
}

/// Strings: matches of `pattern`, values of `format`, or text of lengths at the
/// `minLength`/`maxLength` bounds (counted in characters, some outside the BMP); in `Any`
/// mode also near misses of each and lengths one past the bounds.
fn string(schema: &Value, mode: Mode) -> BoxedStrategy<Value> {
    let min = schema["minLength"].as_u64().unwrap_or(0);
    let max = schema["maxLength"].as_u64().unwrap_or(min + 20);
    let mut lengths = vec![min, min + 1, max.saturating_sub(1), max];
    if mode == Mode::Any {
        lengths.extend([min.saturating_sub(1), max + 1]);
    }
    let filler = proptest::sample::select(vec!['a', 'Z', '7', ' ', 'é', '한', '📦']);
    let text = proptest::sample::select(lengths)
        .prop_flat_map(move |n| {
            proptest::collection::vec(filler.clone(), usize::try_from(n).unwrap_or(0))
        })
        .prop_map(|chars| chars.into_iter().collect::<String>())
        .boxed();
    let special = if let Some(pattern) = schema["pattern"].as_str() {
        Some(pattern_strings(pattern, schema["examples"].get(0), mode))
    } else {
        match schema["format"].as_str() {
            Some("date-time") => Some(timestamp(mode)),
            Some("email") => Some(email(mode)),
            _ => None,
        }
    };
    let strings = match (special, mode) {
        (Some(special), Mode::Plausible) => special,
        (Some(special), Mode::Any) => prop_oneof![4 => special, 1 => text].boxed(),
        (None, _) => text,
    };
    strings.prop_map(Value::String).boxed()
}

/// Strings generated from `pattern`; in `Any` mode also with Unicode digits where it says
/// `\d`, and one-character mutations of the example.
fn pattern_strings(pattern: &str, example: Option<&Value>, mode: Mode) -> BoxedStrategy<String> {
    let body = pattern.strip_prefix('^').unwrap_or(pattern);
    let body = body.strip_suffix('$').unwrap_or(body);
    let Ok(ascii) = proptest::string::string_regex(&format!("(?-u:{body})")) else {
        // Lookahead and backreferences, which proptest cannot generate from: short words
        // that fit the fixture's pattern often, and near misses of it.
        return proptest::string::string_regex(
            "[a-z]{3}[0-9]|[0-9][a-z0-9]{3}|[a-z0-9]{2,6}|[a-zA-Z]{4}",
        )
        .expect("a plain pattern")
        .boxed();
    };
    if mode == Mode::Plausible {
        return ascii.boxed();
    }
    let unicode =
        proptest::string::string_regex(body).expect("the fixture patterns are generator-friendly");
    let seed = example
        .and_then(Value::as_str)
        .map_or_else(|| "SH-2026-004211".to_owned(), ToOwned::to_owned);
    let mutated =
        (0..seed.chars().count(), 0..5usize, any::<char>()).prop_map(move |(at, how, c)| {
            let mut chars: Vec<char> = seed.chars().collect();
            match how {
                0 => chars[at] = c,
                1 => {
                    chars.remove(at);
                }
                2 => chars.insert(at, c),
                3 => chars.insert(at, '٣'),
                _ => return format!(" {seed}\n"),
            }
            chars.into_iter().collect()
        });
    prop_oneof![2 => ascii, 1 => unicode, 3 => mutated].boxed()
}

/// RFC 3339 timestamps with random valid parts (leap days and leap seconds included); in
/// `Any` mode also broken in one or more places: no offset, a space for `T`, month 13,
/// day 32, hour 24, a second of 61, a leap second at the wrong minute, a malformed offset.
fn timestamp(mode: Mode) -> BoxedStrategy<String> {
    let plausible = (
        1970u32..=2100,
        1u32..=12,
        1u32..=28,
        0u32..=23,
        0u32..=59,
        0u32..=59,
        proptest::sample::select(vec!["", ".5", ".123456789"]),
        proptest::sample::select(vec![
            "Z", "z", "+09:00", "-05:30", "+00:00", "-00:00", "+23:59",
        ]),
        proptest::sample::select(vec!["T", "t"]),
    )
        .prop_map(|(y, mo, d, h, mi, s, frac, off, sep)| {
            format!("{y:04}-{mo:02}-{d:02}{sep}{h:02}:{mi:02}:{s:02}{frac}{off}")
        });
    let valid_edges = proptest::sample::select(vec![
        "2026-12-31T23:59:60Z",
        "2026-06-30T23:59:60+00:00",
        "2026-07-01T08:59:60+09:00",
        "2026-06-30T18:29:60-05:30",
        "2024-02-29T00:00:00Z",
        "2000-02-29T12:00:00Z",
        "0000-01-01T00:00:00Z",
        "2026-01-31T23:59:59.999Z",
    ])
    .prop_map(ToOwned::to_owned);
    if mode == Mode::Plausible {
        return prop_oneof![6 => plausible, 1 => valid_edges].boxed();
    }
    let year = prop_oneof![8 => 1970u32..=2100, 1 => Just(0u32), 1 => Just(2100u32)];
    let month = prop_oneof![9 => 1u32..=12, 1 => Just(0u32), 1 => Just(13u32)];
    let day = prop_oneof![6 => 1u32..=28, 4 => 29u32..=31, 1 => Just(0u32), 1 => Just(32u32)];
    let separator = prop_oneof![8 => Just("T"), 1 => Just(" "), 1 => Just("_")];
    let hour = prop_oneof![9 => 0u32..=23, 1 => Just(24u32)];
    let minute = prop_oneof![9 => 0u32..=59, 1 => Just(60u32)];
    let second = prop_oneof![9 => 0u32..=59, 2 => Just(60u32), 1 => Just(61u32)];
    let fraction = prop_oneof![6 => Just(""), 2 => Just(".5"), 1 => Just(".")];
    let offset = prop_oneof![
        4 => Just("Z"),
        3 => Just("+09:00"),
        2 => Just("-05:30"),
        2 => Just(""),
        1 => Just("+0900"),
        1 => Just("+24:00"),
        1 => Just("+09:60"),
        1 => Just("+9:00"),
    ];
    let broken = (
        year, month, day, separator, hour, minute, second, fraction, offset,
    )
        .prop_map(|(y, mo, d, sep, h, mi, s, frac, off)| {
            format!("{y:04}-{mo:02}-{d:02}{sep}{h:02}:{mi:02}:{s:02}{frac}{off}")
        });
    let invalid_edges = proptest::sample::select(vec![
        "2026-06-30T12:00:60Z",
        "2023-02-29T00:00:00Z",
        "2100-02-29T12:00:00Z",
        "2026-04-31T12:00:00Z",
        "2026-05-01T14:30:00",
        "2026-05-01",
        "2026-05-01T14:30Z",
        "2026-5-01T14:30:00Z",
        "20260501T143000Z",
        "2026-05-01T14:30:00.Z",
        "2026-05-01T14:30:00,5Z",
        "2026-05-01T14:30:00+09",
        "2026-05-01T14:30:00Z ",
        " 2026-05-01T14:30:00Z",
        "2026-05-01T14:30:00ZZ",
        "２０２６-05-01T14:30:00Z",
        "+02026-05-01T14:30:00Z",
        "yesterday",
        "",
    ])
    .prop_map(ToOwned::to_owned);
    prop_oneof![2 => plausible, 1 => valid_edges, 4 => broken, 2 => invalid_edges].boxed()
}

/// Email addresses: plain ones; in `Any` mode also unusual and broken ones.
fn email(mode: Mode) -> BoxedStrategy<String> {
    let plain = (
        proptest::sample::select(vec!["ops", "first.last", "a+tag", "x_y-z", "ops2026"]),
        proptest::sample::select(vec![
            "example.com",
            "mail.example.co.kr",
            "depot-7.example.org",
        ]),
    )
        .prop_map(|(l, d)| format!("{l}@{d}"));
    if mode == Mode::Plausible {
        return plain.boxed();
    }
    let local = proptest::sample::select(vec![
        "ops",
        "first.last",
        "o'neil",
        "a..b",
        ".ops",
        "ops.",
        "\"quoted\"",
        "\"a b\"",
        "a b",
        "",
        "üser",
        "a(comment)",
    ]);
    let domain = proptest::sample::select(vec![
        "example.com",
        "localhost",
        "[192.0.2.1]",
        "[IPv6:2001:db8::1]",
        "[300.0.0.1]",
        "-bad.example.com",
        "example..com",
        "exa_mple.com",
        "",
        "ex ample.com",
        "example.com.",
        "例え.jp",
    ]);
    let at = prop_oneof![8 => Just("@"), 1 => Just(""), 1 => Just("@@")];
    let unusual = (local, at, domain).prop_map(|(l, a, d)| format!("{l}{a}{d}"));
    prop_oneof![1 => plain, 3 => unusual].boxed()
}

/// `Some` of `strategy` with probability `share` (0 and 1 included, which proptest's own
/// `option::weighted` refuses).
fn sometimes<T: std::fmt::Debug + 'static>(
    share: f64,
    strategy: BoxedStrategy<T>,
) -> BoxedStrategy<Option<T>> {
    if share <= 0.0 {
        Just(()).prop_map(|()| None).boxed()
    } else if share >= 1.0 {
        strategy.prop_map(Some).boxed()
    } else {
        proptest::option::weighted(share, strategy).boxed()
    }
}

/// Lists of lengths within `minItems`/`maxItems` (in `Any` mode, one past them too).
fn array(schema: &Value, depth: usize, mode: Mode) -> BoxedStrategy<Value> {
    if let Some(prefix) = schema["prefixItems"].as_array() {
        return tuple(prefix, depth, mode);
    }
    let mut item = value(&schema["items"], depth + 1, mode);
    // Items that meet `contains` too, so its count varies around its bounds.
    if schema.get("contains").is_some() {
        item = prop_oneof![item, value(&schema["contains"], depth + 1, mode)].boxed();
    }
    let min = usize::try_from(schema["minItems"].as_u64().unwrap_or(0)).unwrap_or(0);
    let max = usize::try_from(schema["maxItems"].as_u64().unwrap_or(4)).unwrap_or(4);
    let range = match mode {
        Mode::Plausible => min..=max,
        Mode::Any => min.saturating_sub(1)..=max + 1,
    };
    proptest::collection::vec(item, range)
        .prop_map(Value::Array)
        .boxed()
}

/// Tuples: one value per `prefixItems` schema; in `Any` mode sometimes one item short or
/// one too many.
fn tuple(prefix: &[Value], depth: usize, mode: Mode) -> BoxedStrategy<Value> {
    let items: Vec<BoxedStrategy<Value>> =
        prefix.iter().map(|p| value(p, depth + 1, mode)).collect();
    let shape = match mode {
        Mode::Plausible => Just(0usize).boxed(),
        Mode::Any => prop_oneof![6 => Just(0usize), 1 => Just(1), 1 => Just(2)].boxed(),
    };
    (items, shape)
        .prop_map(|(mut items, shape)| {
            match shape {
                1 => {
                    items.pop();
                }
                2 => items.push(json!(1)),
                _ => {}
            }
            Value::Array(items)
        })
        .boxed()
}

/// Entries of a map: keys from a small set, values from `additionalProperties`.
fn entries(schema: &Value, depth: usize, mode: Mode) -> BoxedStrategy<Map<String, Value>> {
    if !schema["additionalProperties"].is_object() {
        return Just(Map::new()).boxed();
    }
    let keys = proptest::sample::select(vec!["a", "b", "north", "depot-7", "1"]);
    proptest::collection::vec(
        (
            keys,
            value(&schema["additionalProperties"], depth + 1, mode),
        ),
        0..3,
    )
    .prop_map(|pairs| pairs.into_iter().map(|(k, v)| (k.to_owned(), v)).collect())
    .boxed()
}

/// One object from the branches that add properties to an object with its own: `oneOf`
/// and `anyOf` (a flattened enum), `allOf`, `then`, `else` and `dependentSchemas`, to merge
/// into it.
fn branch_fields(schema: &Value, depth: usize, mode: Mode) -> BoxedStrategy<Map<String, Value>> {
    let mut branches: Vec<&Value> = schema["oneOf"]
        .as_array()
        .or(schema["anyOf"].as_array())
        .into_iter()
        .flatten()
        .collect();
    // The others add properties only where they name some.
    let conditional = schema["allOf"]
        .as_array()
        .into_iter()
        .flatten()
        .chain(["then", "else"].iter().filter_map(|k| schema.get(*k)))
        .chain(
            schema["dependentSchemas"]
                .as_object()
                .into_iter()
                .flat_map(|m| m.values()),
        );
    branches.extend(conditional.filter(|b| b.get("properties").is_some()));
    if branches.is_empty() {
        return Just(Map::new()).boxed();
    }
    let strategies: Vec<BoxedStrategy<Map<String, Value>>> = branches
        .into_iter()
        .map(|b| {
            object(b, depth, mode)
                .prop_map(|v| v.as_object().cloned().unwrap_or_default())
                .boxed()
        })
        .collect();
    proptest::strategy::Union::new(strategies).boxed()
}

/// Objects with each optional property present or not; in `Any` mode required ones are
/// sometimes missing and an unknown key sometimes appears.
fn object(schema: &Value, depth: usize, mode: Mode) -> BoxedStrategy<Value> {
    let empty = Map::new();
    let properties = schema["properties"].as_object().unwrap_or(&empty);
    let required: Vec<&str> = schema["required"]
        .as_array()
        .map(|r| r.iter().filter_map(Value::as_str).collect())
        .unwrap_or_default();
    let fields: Vec<BoxedStrategy<Option<(String, Value)>>> = properties
        .iter()
        .map(|(key, property)| {
            let presence = match (required.contains(&key.as_str()), mode) {
                (true, Mode::Plausible) => 1.0,
                (true, Mode::Any) => 0.9,
                (false, _) => 0.5,
            };
            let key = key.clone();
            sometimes(presence, value(property, depth, mode))
                .prop_map(move |v| v.map(|v| (key.clone(), v)))
                .boxed()
        })
        .collect();
    // A tool without parameters varies only in its unknown keys.
    let extra_share = match mode {
        Mode::Plausible => 0.0,
        Mode::Any if properties.is_empty() => 0.5,
        Mode::Any => 0.15,
    };
    let extra = sometimes(extra_share, unknown_key(properties));
    let map_entries = entries(schema, depth, mode);
    let merged = if schema.get("properties").is_some() {
        branch_fields(schema, depth, mode)
    } else {
        Just(Map::new()).boxed()
    };
    (fields, extra, map_entries, merged)
        .prop_map(|(fields, extra, map_entries, merged)| {
            let mut map: Map<String, Value> = fields.into_iter().flatten().collect();
            for (key, value) in map_entries.into_iter().chain(merged) {
                map.entry(key).or_insert(value);
            }
            if let Some((key, value)) = extra {
                map.entry(key).or_insert(value);
            }
            Value::Object(map)
        })
        .boxed()
}

// ---------------------------------------------------------------------------------------

/// The tools checked below, one test each so they run in parallel.
const CHECKED: [&str; 8] = [
    "shipment_set_weight",
    "shipment_set_storage",
    "shipment_search",
    "shipment_get_status",
    "shipment_get_events",
    "shipment_set_destination",
    "pickup_book",
    "depot_check_open",
];

/// Check values against each string format the runtime validates.
///
/// A probe for comparing the runtime's format checks with a JSON Schema validator's; every
/// parameter is optional and has one format.
#[tool(namespace = "formats", read_only)]
// One parameter per format; a tool's parameters are its schema, not a call site to tidy.
#[allow(clippy::too_many_arguments)]
async fn check_values(
    /// A timestamp.
    #[param(format = "date-time")]
    ready_at: Option<String>,
    /// A calendar date.
    #[param(format = "date")]
    delivery_date: Option<String>,
    /// A time of day.
    #[param(format = "time")]
    opens: Option<String>,
    /// An email address.
    #[param(format = "email")]
    contact_email: Option<String>,
    /// An absolute URI.
    #[param(format = "uri")]
    callback_uri: Option<String>,
    /// A UUID.
    #[param(format = "uuid")]
    request_uuid: Option<String>,
    /// An IPv4 address.
    #[param(format = "ipv4")]
    client_ipv4: Option<String>,
    /// An IPv6 address.
    #[param(format = "ipv6")]
    client_ipv6: Option<String>,
    /// A host name.
    #[param(format = "hostname")]
    mail_host: Option<String>,
) -> String {
    let _ = (
        ready_at,
        delivery_date,
        opens,
        contact_email,
        callback_uri,
        request_uuid,
        client_ipv4,
        client_ipv6,
        mail_host,
    );
    "checked".to_owned()
}

/// Every format agrees on values chosen to sit on the edges of its grammar.
#[test]
fn formats_agree_on_edge_values() {
    let registry = Registry::builder()
        .tools(tools![check_values])
        .build()
        .expect("the probe builds");
    let judge = Judge::new(registry, "formats_check_values");
    let values: &[(&str, &[&str])] = &[
        (
            "ready_at",
            &[
                "2026-05-01T14:30:00Z",
                "2026-05-01t14:30:00z",
                "2026-05-01T14:30:00.123+09:00",
                "2026-12-31T23:59:60Z",
                "2026-12-31T23:59:60+01:00",
                "2026-05-01T14:30:00",
                "2026-05-01 14:30:00Z",
                "2026-02-29T00:00:00Z",
                "2026-05-01T24:00:00Z",
                "2026-05-01T14:30:00+24:00",
                "0000-01-01T00:00:00Z",
            ],
        ),
        (
            "delivery_date",
            &[
                "2026-05-01",
                "2024-02-29",
                "2026-02-29",
                "2026-13-01",
                "2026-5-01",
                "20260501",
                "2026-05-01T00:00:00Z",
                "０２０２６-05-01",
            ],
        ),
        (
            "opens",
            &[
                "14:30:00Z",
                "14:30:00.5+09:00",
                "14:30:00",
                "14:30Z",
                "24:00:00Z",
                "23:59:60Z",
                "08:59:60+09:00",
                "12:00:60Z",
                "14:30:00+0900",
                "14:30:00z",
            ],
        ),
        (
            "contact_email",
            &[
                "ops@example.com",
                "first.last+tag@mail.example.co.kr",
                "ops@localhost",
                "ops@[192.0.2.1]",
                "ops@[IPv6:2001:db8::1]",
                "\"a b\"@example.com",
                "ops@example.com.",
                "a..b@example.com",
                ".ops@example.com",
                "ops.@example.com",
                "ops@@example.com",
                "üser@example.com",
                "a(comment)@example.com",
                "ops@[300.0.0.1]",
                "ops@-bad.example.com",
                "ops",
            ],
        ),
        (
            "callback_uri",
            &[
                "https://example.com/a?b=c#d",
                "mailto:ops@example.com",
                "urn:isbn:0451450523",
                "file:///tmp/x",
                "https://[::1]:8080/",
                "example.com",
                "//example.com/path",
                "http://exa mple.com",
                "https://example.com/ü",
                "http://example.com/%zz",
                "http://example.com/{id}",
                "1http://example.com",
                "http://",
            ],
        ),
        (
            "request_uuid",
            &[
                "123e4567-e89b-12d3-a456-426614174000",
                "123E4567-E89B-12D3-A456-426614174000",
                "00000000-0000-0000-0000-000000000000",
                "123e4567e89b12d3a456426614174000",
                "{123e4567-e89b-12d3-a456-426614174000}",
                "123e4567-e89b-12d3-a456-42661417400g",
                "123e4567-e89b-12d3-a456-4266141740000",
            ],
        ),
        (
            "client_ipv4",
            &[
                "192.0.2.1",
                "0.0.0.0",
                "255.255.255.255",
                "256.0.0.1",
                "192.0.2.01",
                "192.0.2",
                "192.0.2.1.",
                "::1",
                "١٩٢.0.2.1",
            ],
        ),
        (
            "client_ipv6",
            &[
                "2001:db8::1",
                "::",
                "::1",
                "2001:DB8::1",
                "::ffff:192.0.2.1",
                "fe80::1%eth0",
                "1:2:3:4:5:6:7:8:9",
                "2001:db8:::1",
                "192.0.2.1",
            ],
        ),
        (
            "mail_host",
            &[
                "api.example.com",
                "localhost",
                "xn--bcher-kva.example",
                "123.example",
                "example.com.",
                "-bad.example.com",
                "bad-.example.com",
                "exa_mple.com",
                "ex..ample.com",
                "例え.jp",
                "a.b.c.d.e.f.g.h",
                "",
            ],
        ),
    ];
    let mut disagreements = Vec::new();
    let mut checked = 0;
    for (param, candidates) in values {
        for candidate in *candidates {
            checked += 1;
            if let Err(why) = judge.verdict(&json!({ *param: candidate })) {
                disagreements.push(why);
            }
        }
    }
    assert!(
        disagreements.is_empty(),
        "{} of {checked} values disagree:\n\n{}",
        disagreements.len(),
        disagreements.join("\n\n")
    );
}

/// Integral floats are integers in JSON Schema, up to the ends of `u64` and `i64`. The
/// property test meets these only now and then, so they are checked on every run.
#[test]
fn integral_floats_at_the_ends_of_64_bit_ranges_agree() {
    let judge = Judge::new(common::registry(), "shipment_get_events");
    let cases = [
        ("after_sequence", json!(1.0e19)),
        ("after_sequence", json!(1.82e19)),
        ("after_sequence", json!(1.9e19)),
        ("after_sequence", json!(u64::MAX)),
        ("time_shift_s", json!(-9.0e18)),
        ("time_shift_s", json!(-9.21e18)),
        ("time_shift_s", json!(-9.3e18)),
        ("time_shift_s", json!(i64::MIN)),
    ];
    let disagreements: Vec<String> = cases
        .iter()
        .filter_map(|(key, value)| {
            let args = json!({"shipment_number": "SH-2026-004211", *key: value});
            judge.verdict(&args).err()
        })
        .collect();
    assert!(
        disagreements.is_empty(),
        "{} of {} cases disagree:\n\n{}",
        disagreements.len(),
        cases.len(),
        disagreements.join("\n\n")
    );
}

#[test]
fn every_fixture_tool_is_checked() {
    assert_eq!(CHECKED, common::TOOL_NAMES);
}

#[test]
fn set_weight_agrees() {
    check_tool("shipment_set_weight");
}

#[test]
fn set_storage_agrees() {
    check_tool("shipment_set_storage");
}

#[test]
fn search_agrees() {
    check_tool("shipment_search");
}

#[test]
fn get_status_agrees() {
    check_tool("shipment_get_status");
}

#[test]
fn get_events_agrees() {
    check_tool("shipment_get_events");
}

#[test]
fn set_destination_agrees() {
    check_tool("shipment_set_destination");
}

#[test]
fn book_pickup_agrees() {
    check_tool("pickup_book");
}

#[test]
fn check_open_agrees() {
    check_tool("depot_check_open");
}

// ---------------------------------------------------------------------------------------
// Shapes schemars emits for ordinary Rust types: tuples, maps, nested and flattened
// structs, the four enum representations, `Option`, bounded lists and an ECMA-262 pattern
// with lookahead. Each tool's handler deserializes what the validator let through, so a
// schema broader than serde would show up as a rejection the schema does not make.

// The handlers only deserialize the fields; nothing reads them.
#[allow(dead_code)]
mod shapes {
    use std::collections::BTreeMap;

    use mcp_tools::prelude::*;
    use schemars::JsonSchema;
    use serde::Deserialize;

    /// A short code and a check digit.
    #[derive(Debug, Deserialize, JsonSchema)]
    pub(super) struct Code(
        #[schemars(length(max = 3))] pub(super) String,
        pub(super) u8,
    );

    /// A place on the route.
    #[derive(Debug, Deserialize, JsonSchema)]
    pub(super) struct Place {
        /// City or town.
        pub(super) city: String,
        /// Postal code, digits only.
        #[schemars(regex(pattern = r"^\d{5}$"))]
        pub(super) postal_code: Option<String>,
    }

    /// Who receives the parcel.
    #[derive(Debug, Deserialize, JsonSchema)]
    pub(super) struct Contact {
        /// Full name.
        #[schemars(length(min = 1, max = 20))]
        pub(super) name: String,
        /// Floor, if any.
        #[schemars(range(min = -2, max = 60))]
        pub(super) floor: Option<i8>,
    }

    /// A stop: a nested struct, a flattened one, an optional nested one and a bounded list.
    #[derive(Debug, Deserialize, JsonSchema)]
    pub(super) struct Stop {
        /// Label shown to the driver.
        #[schemars(length(min = 1, max = 10))]
        pub(super) label: String,
        /// Where the stop is.
        #[serde(flatten)]
        pub(super) place: Place,
        /// Who to ask for.
        pub(super) contact: Option<Contact>,
        /// Dock numbers to try, in order.
        #[schemars(length(min = 1, max = 3))]
        pub(super) docks: Vec<u8>,
    }

    /// Externally tagged, serde's default.
    #[derive(Debug, Deserialize, JsonSchema)]
    pub(super) enum Handling {
        /// No care needed.
        Plain,
        /// Keep upright.
        Upright {
            /// Greatest tilt allowed.
            #[schemars(range(max = 45))]
            tilt_deg: u8,
        },
        /// Stack at most this many.
        Stack(u8),
    }

    /// Internally tagged.
    #[derive(Debug, Deserialize, JsonSchema)]
    #[serde(tag = "kind", rename_all = "snake_case")]
    pub(super) enum Payment {
        /// Paid on booking.
        Prepaid,
        /// Collected on delivery.
        Cash {
            /// Amount to collect.
            #[schemars(range(min = 1, max = 5000))]
            amount: u32,
        },
    }

    /// Adjacently tagged.
    #[derive(Debug, Deserialize, JsonSchema)]
    #[serde(tag = "type", content = "value", rename_all = "snake_case")]
    pub(super) enum Window {
        /// Any time.
        Anytime,
        /// Before this hour.
        Before(#[schemars(range(max = 23))] u8),
        /// Between two hours.
        Between { from: u8, to: u8 },
    }

    /// Untagged.
    #[derive(Debug, Deserialize, JsonSchema)]
    #[serde(untagged)]
    pub(super) enum Reference {
        /// A number.
        Number(u16),
        /// A name.
        Name(#[schemars(length(min = 2, max = 8))] String),
        /// A pair.
        Pair { a: u8, b: bool },
    }

    /// A trip: its own fields and a flattened internally tagged enum.
    #[derive(Debug, Deserialize, JsonSchema)]
    pub(super) struct Trip {
        /// Trip name.
        pub(super) name: String,
        /// How it is paid.
        #[serde(flatten)]
        pub(super) payment: Payment,
    }

    /// Record a parcel's code, check pair and counts per depot.
    ///
    /// Use when a parcel is registered.
    #[tool(namespace = "shapes", destructive = false, idempotent)]
    pub(crate) async fn set_code(
        /// The parcel's code and check digit.
        code: Code,
        /// A count and a note.
        pair: Option<(u8, String)>,
        /// Parcels per depot.
        counts: Option<BTreeMap<String, u8>>,
    ) -> String {
        let _ = (code, pair, counts);
        "recorded".to_owned()
    }

    /// Add a stop to a route.
    ///
    /// Use when planning deliveries.
    #[tool(namespace = "shapes", destructive = false, idempotent)]
    pub(crate) async fn add_stop(
        /// The stop.
        stop: Stop,
        /// The trip it belongs to.
        trip: Option<Trip>,
    ) -> String {
        let _ = (stop, trip);
        "added".to_owned()
    }

    /// Set how a parcel is handled, paid, delivered and referenced.
    ///
    /// Use when the sender states their wishes.
    #[tool(namespace = "shapes", destructive = false, idempotent)]
    pub(crate) async fn set_terms(
        /// Handling.
        handling: Handling,
        /// Payment.
        payment: Option<Payment>,
        /// Delivery window.
        window: Option<Window>,
        /// The sender's reference.
        reference: Option<Reference>,
    ) -> String {
        let _ = (handling, payment, window, reference);
        "set".to_owned()
    }

    /// Set the parcel's pickup word and tags.
    ///
    /// Use when the recipient picks the parcel up in person.
    #[tool(namespace = "shapes", destructive = false, idempotent)]
    pub(crate) async fn set_word(
        /// Four lower-case letters or digits, at least one a digit.
        #[param(pattern = r"^(?=.*\d)[a-z\d]{4}$")]
        word: String,
        /// Tags, one to three.
        #[param(min_length = 1, max_length = 3)]
        tags: Option<Vec<String>>,
    ) -> String {
        let _ = (word, tags);
        "set".to_owned()
    }
}

fn shapes_registry() -> Registry {
    Registry::builder()
        .tools(tools![
            shapes::set_code,
            shapes::add_stop,
            shapes::set_terms,
            shapes::set_word
        ])
        .build()
        .expect("the shapes build")
}

#[test]
fn tuples_and_maps_agree() {
    check_tool_in(shapes_registry(), "shapes_set_code");
}

#[test]
fn nested_flattened_and_optional_structs_agree() {
    check_tool_in(shapes_registry(), "shapes_add_stop");
}

#[test]
fn enums_in_every_representation_agree() {
    check_tool_in(shapes_registry(), "shapes_set_terms");
}

#[test]
fn lookahead_patterns_agree() {
    check_tool_in(shapes_registry(), "shapes_set_word");
}

// ---------------------------------------------------------------------------------------
// Hand-written schemas (`input_schema = "…"`): the keywords only such a schema uses. The
// handlers take the arguments as they are, so only the validator judges them.

mod raw {
    use mcp_tools::prelude::*;
    use serde_json::Value;

    /// Check a delivery's method against its deadline and pallet count.
    ///
    /// A probe of `if`/`then`/`else` in `allOf`.
    #[tool(
        namespace = "agree",
        input_schema = "schemas/agree_conditional.json",
        read_only
    )]
    pub(crate) async fn check_conditional(args: Value) -> String {
        args.to_string()
    }

    /// Check a delivery's insurance, dangerous goods and addresses.
    ///
    /// A probe of `dependentRequired`, `dependentSchemas` and `$ref`s through `$id`.
    #[tool(
        namespace = "agree",
        input_schema = "schemas/agree_dependent.json",
        read_only
    )]
    pub(crate) async fn check_dependent(args: Value) -> String {
        args.to_string()
    }

    /// Check a parcel's labels, tags and scores.
    ///
    /// A probe of `contains` with `minContains` and `maxContains`.
    #[tool(
        namespace = "agree",
        input_schema = "schemas/agree_contains.json",
        read_only
    )]
    pub(crate) async fn check_contains(args: Value) -> String {
        args.to_string()
    }

    /// Check a pickup at home or at a depot.
    ///
    /// A probe of `unevaluatedProperties` beside `if`/`then`/`else` and `dependentSchemas`.
    #[tool(
        namespace = "agree",
        input_schema = "schemas/agree_unevaluated.json",
        read_only
    )]
    pub(crate) async fn check_unevaluated(args: Value) -> String {
        args.to_string()
    }
}

fn raw_registry() -> Registry {
    Registry::builder()
        .tools(tools![
            raw::check_conditional,
            raw::check_dependent,
            raw::check_contains,
            raw::check_unevaluated
        ])
        .build()
        .expect("the hand-written schemas build")
}

#[test]
fn if_then_else_in_all_of_agrees() {
    check_tool_in(raw_registry(), "agree_check_conditional");
}

#[test]
fn dependent_keywords_and_refs_through_the_id_agree() {
    check_tool_in(raw_registry(), "agree_check_dependent");
}

#[test]
fn contains_with_min_and_max_agrees() {
    check_tool_in(raw_registry(), "agree_check_contains");
}

#[test]
fn unevaluated_properties_beside_conditionals_agrees() {
    check_tool_in(raw_registry(), "agree_check_unevaluated");
}
