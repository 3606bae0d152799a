//! `tests/corpus/annotations/<server>.txt`: the flaws a person judged blind from each
//! server's published definitions (`tests/corpus/ANNOTATING.md`), read and checked against
//! the definitions, and the half of the corpus each server belongs to.

use std::{collections::BTreeSet, fmt, fs, path::Path};

use serde_json::Value;

use super::generate::Server;

/// Kinds of flaw of a tool itself, written with `-` as their target.
pub(crate) const TOOL_KINDS: &[&str] = &[
    "annotation_conflict",
    "description_filler",
    "description_length",
    "description_placeholder",
    "description_required",
    "destructive_verb",
    "effect_declared",
    "name_charset",
    "name_length",
    "name_style",
    "redundant_namespace",
    "search_not_list",
    "verb_first",
];

/// Kinds of flaw of one parameter, written with the property (or a dotted path to a field
/// of an object parameter) as their target.
pub(crate) const PARAM_KINDS: &[&str] = &[
    "absolute_value",
    "bounded_limit",
    "generic_param_name",
    "param_description_required",
    "timestamp_format",
    "unit_in_name",
];

/// A flaw outside the kinds: kept for the record, not scored.
const OTHER: &str = "other";
/// A tool judged and found without a flaw.
const OK: &str = "ok";

/// Which half of the corpus a server is in. The split is by server, so no tool of a
/// held-out server informs a rule, and by a fixed hash of its name, so nobody chooses it.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug)]
pub(crate) enum Half {
    /// Rules are tuned on these servers; their reports may be read one by one.
    Tuning,
    /// Only scored: the measure of a rule on tools it was not tuned on.
    HeldOut,
}

impl fmt::Display for Half {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Half::Tuning => "tuning",
            Half::HeldOut => "held-out",
        })
    }
}

/// The half of `server`: FNV-1a (64-bit) of its name, odd is held out.
pub(crate) fn half(server: &str) -> Half {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for byte in server.bytes() {
        hash ^= u64::from(byte);
        hash = hash.wrapping_mul(0x0100_0000_01b3);
    }
    if hash % 2 == 1 {
        Half::HeldOut
    } else {
        Half::Tuning
    }
}

/// One annotated flaw.
#[derive(Clone, PartialEq, Eq, PartialOrd, Ord, Debug)]
pub(crate) struct Flaw {
    pub(crate) tool: String,
    pub(crate) kind: String,
    /// The property or dotted field path, or `-` for the tool itself.
    pub(crate) target: String,
    /// Whether any careful reviewer would ask for the change (`certain`), or it takes a
    /// judgment (`judgment`); `None` where the file has no marks (the tuning half).
    pub(crate) certain: Option<bool>,
    pub(crate) reason: String,
}

/// A server's annotations.
pub(crate) struct Annotations {
    /// The scored flaws (kinds of [`TOOL_KINDS`] and [`PARAM_KINDS`]).
    pub(crate) flaws: Vec<Flaw>,
}

/// Reads and checks `<corpus>/annotations/<server>.txt` (`corpus` relative to the
/// repository): every line well formed, every tool of the server judged, every target a
/// property of its tool, and, where `marked`, every flaw marked `certain` or `judgment`.
pub(crate) fn read(
    corpus: &str,
    server: &Server,
    marked: bool,
) -> Result<Annotations, Vec<String>> {
    let shown = format!("{corpus}/annotations/{}.txt", server.name);
    let file = Path::new(crate::common_crates::REPO).join(&shown);
    let text = fs::read_to_string(&file).map_err(|_| {
        vec![format!(
            "{shown} is missing: annotate {} blind, as tests/corpus/ANNOTATING.md says",
            server.file
        )]
    })?;
    let mut problems = Vec::new();
    let mut flaws = Vec::new();
    let mut judged = BTreeSet::new();
    for (n, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let at = format!("{shown}:{}", n + 1);
        let (fields, reason) = match line.split_once('#') {
            Some((fields, reason)) => (fields, reason.trim()),
            None => (line, ""),
        };
        let fields: Vec<&str> = fields.split_whitespace().collect();
        let (tool, kind, target, mark) = match fields[..] {
            [tool, kind, target] => (tool, kind, target, None),
            [tool, kind, target, mark] => (tool, kind, target, Some(mark)),
            _ => {
                problems.push(format!(
                    "{at}: expected `<tool> <kind> <target> <certain|judgment> # <reason>`"
                ));
                continue;
            }
        };
        let scored = kind != OK && kind != OTHER;
        let certain = match mark {
            Some("certain") if scored => Some(true),
            Some("judgment") if scored => Some(false),
            None if !scored || !marked => None,
            None => {
                problems.push(format!(
                    "{at}: mark the flaw `certain` or `judgment` after its target (tests/corpus/ANNOTATING.md)"
                ));
                None
            }
            Some(other) => {
                problems.push(format!(
                    "{at}: `{other}` is no mark; a flaw is `certain` or `judgment`, an `ok` or `other` line has none"
                ));
                None
            }
        };
        let Some(definition) = server.tools.iter().find(|t| t["name"] == tool) else {
            problems.push(format!("{at}: `{tool}` is not a tool of {}", server.file));
            continue;
        };
        judged.insert(tool.to_owned());
        let tool_kind = TOOL_KINDS.contains(&kind) || kind == OK;
        if tool_kind && target != "-" {
            problems.push(format!(
                "{at}: `{kind}` is a flaw of the tool; its target is `-`"
            ));
        } else if PARAM_KINDS.contains(&kind) {
            if !has_field(&definition["inputSchema"], target) {
                problems.push(format!(
                    "{at}: `{target}` is not a property (or field path) of `{tool}`"
                ));
            }
        } else if !tool_kind && kind != OTHER {
            problems.push(format!(
                "{at}: unknown kind `{kind}`; see tests/corpus/ANNOTATING.md"
            ));
        }
        if kind != OK && reason.is_empty() {
            problems.push(format!("{at}: say why after `#`"));
        }
        if scored {
            flaws.push(Flaw {
                tool: tool.to_owned(),
                kind: kind.to_owned(),
                target: target.to_owned(),
                certain,
                reason: reason.to_owned(),
            });
        }
    }
    for tool in &server.tools {
        let name = tool["name"].as_str().unwrap_or_default();
        if !judged.contains(name) {
            problems.push(format!(
                "{shown}: `{name}` is not judged; write its flaws, or `{name} ok -`"
            ));
        }
    }
    flaws.sort();
    flaws.dedup_by(|a, b| (&a.tool, &a.kind, &a.target) == (&b.tool, &b.kind, &b.target));
    if problems.is_empty() {
        Ok(Annotations { flaws })
    } else {
        Err(problems)
    }
}

/// Whether `path` (`filters.created_at`) names a property of `schema`, through nested
/// objects, array items, `anyOf`/`oneOf`/`allOf` members and local `$ref`s.
fn has_field(schema: &Value, path: &str) -> bool {
    let mut level = vec![schema];
    for part in path.split('.') {
        level = level
            .into_iter()
            .flat_map(|s| shapes(schema, s))
            .filter_map(|s| s["properties"].get(part))
            .collect();
        if level.is_empty() {
            return false;
        }
    }
    true
}

/// A schema and what its values may also be: array items, union members, and the target
/// of a `$ref` into `root`.
fn shapes<'a>(root: &'a Value, schema: &'a Value) -> Vec<&'a Value> {
    let mut out = vec![schema];
    let mut i = 0;
    while i < out.len() && i < 64 {
        let s = out[i];
        if s.get("items").is_some() {
            out.push(&s["items"]);
        }
        if let Some(target) = s["$ref"]
            .as_str()
            .and_then(|r| r.strip_prefix('#'))
            .and_then(|pointer| root.pointer(pointer))
        {
            out.push(target);
        }
        for key in ["anyOf", "oneOf", "allOf"] {
            if let Some(members) = s[key].as_array() {
                out.extend(members);
            }
        }
        i += 1;
    }
    out
}
