//! The straight check: for the usual input schema, a closed object whose properties are
//! scalars or arrays of scalars (with bounds, lengths, patterns, formats, enums), a call's
//! arguments are judged in one pass over the keys, without paths, messages or recursion.
//!
//! It only ever says "valid as sent". Anything else (a problem, a value the walk would
//! normalise such as `2.0` for an integer, a shape it does not cover) goes to the walk of
//! the compiled schema, which writes the messages. So it cannot accept what the walk
//! refuses: in debug builds every call it passes is walked too and must pass unchanged.

use serde_json::{Map, Number, Value};

use super::{
    format,
    node::{
        ARRAY, Additional, BOOLEAN, INTEGER, NULL, NUMBER, Node, OBJECT, STRING, is_multiple,
        json_eq,
    },
};

/// What the straight check needs of a root it covers.
#[derive(Debug)]
pub(super) struct Quick {
    /// Per property of the root, in its order: whether it is required.
    required: Vec<bool>,
    required_count: usize,
    /// Whether keys the schema does not name are accepted.
    open: bool,
}

impl Quick {
    /// `Some` when every keyword of `root` and of its properties is one this check judges.
    pub(super) fn of(root: &Node) -> Option<Quick> {
        let open = match &root.additional {
            Additional::Never => false,
            Additional::Any => true,
            Additional::Absent if !root.unevaluated_closed => true,
            Additional::Absent | Additional::Schema(_) => return None,
        };
        let covered = (root.types == OBJECT || root.types == 0)
            && root.enumeration.is_none()
            && root.constant.is_none()
            && no_object_constraints(root)
            && plain(root)
            && root
                .required
                .iter()
                .all(|name| root.property(name).is_some())
            && root
                .properties
                .iter()
                .all(|(_, node)| scalar(node) || list_of_scalars(node));
        if !covered {
            return None;
        }
        let required: Vec<bool> = root
            .properties
            .iter()
            .map(|(name, _)| root.required.contains(name))
            .collect();
        let required_count = required.iter().filter(|r| **r).count();
        Some(Quick {
            required,
            required_count,
            open,
        })
    }

    /// Whether `args` meet `root` as they are; `false` means "ask the walk", not "invalid".
    pub(super) fn passes(&self, root: &Node, args: &Map<String, Value>) -> bool {
        let mut required = 0;
        for (key, value) in args {
            let Some(at) = root.properties.iter().position(|(name, _)| name == key) else {
                if self.open {
                    continue;
                }
                return false;
            };
            let node = &root.properties[at].1;
            let fits = match value {
                Value::Array(items) => node.types & ARRAY != 0 && array(node, items),
                value => value_fits(node, value),
            };
            if !fits {
                return false;
            }
            required += usize::from(self.required[at]);
        }
        required == self.required_count
    }
}

/// No applicator or reference: the node judges its value by its own keywords.
fn plain(node: &Node) -> bool {
    node.reference.is_none()
        && !node.always_fails
        && node.any_of.is_empty()
        && node.one_of.is_empty()
        && node.all_of.is_empty()
        && node.not.is_none()
        && node.condition.is_none()
        && node.then.is_none()
        && node.otherwise.is_none()
}

/// A node for a scalar value (null, boolean, number, string), with keywords of scalars only.
fn scalar(node: &Node) -> bool {
    node.types != 0
        && node.types & (ARRAY | OBJECT) == 0
        && plain(node)
        && node.prefix_items.is_empty()
        && node.items.is_none()
        && node.contains.is_none()
        && node.min_items.is_none()
        && node.max_items.is_none()
        && !node.unique_items
        && no_object_keywords(node)
}

/// A node for an array (only) whose items are scalars.
fn list_of_scalars(node: &Node) -> bool {
    node.types == ARRAY
        && plain(node)
        && node.enumeration.is_none()
        && node.constant.is_none()
        && node.prefix_items.is_empty()
        && node.contains.is_none()
        && node.min_contains.is_none()
        && node.max_contains.is_none()
        && node.items.as_deref().is_some_and(scalar)
        && no_object_keywords(node)
}

/// No object keyword at all: a node for a scalar or an array.
fn no_object_keywords(node: &Node) -> bool {
    node.properties.is_empty()
        && node.required.is_empty()
        && matches!(node.additional, Additional::Absent)
        && !node.unevaluated_closed
        && no_object_constraints(node)
}

/// None of the object keywords the straight check does not judge, beside `properties`,
/// `required` and `additionalProperties`.
fn no_object_constraints(node: &Node) -> bool {
    node.pattern_properties.is_empty()
        && node.dependent_required.is_empty()
        && node.dependent_schemas.is_empty()
        && node.property_names.is_none()
        && node.min_properties.is_none()
        && node.max_properties.is_none()
}

fn array(node: &Node, items: &[Value]) -> bool {
    let len = items.len() as u64;
    if node.min_items.is_some_and(|min| len < min) || node.max_items.is_some_and(|max| len > max) {
        return false;
    }
    if node.unique_items {
        for i in 1..items.len() {
            if items[..i].iter().any(|earlier| json_eq(earlier, &items[i])) {
                return false;
            }
        }
    }
    let item = node.items.as_deref().expect("checked by `list_of_scalars`");
    items.iter().all(|value| value_fits(item, value))
}

/// A scalar value against a [`scalar`] node.
fn value_fits(node: &Node, value: &Value) -> bool {
    let typed = match value {
        Value::Null => node.types & NULL != 0,
        Value::Bool(_) => node.types & BOOLEAN != 0,
        Value::Number(n) if n.is_i64() || n.is_u64() => node.types & (INTEGER | NUMBER) != 0,
        // A fraction, or a whole number the walk would normalise to an integer.
        Value::Number(n) => {
            node.types & NUMBER != 0
                && !(node.types & INTEGER != 0 && n.as_f64().is_some_and(|v| v.fract() == 0.0))
        }
        Value::String(_) => node.types & STRING != 0,
        Value::Array(_) | Value::Object(_) => false,
    };
    if !typed {
        return false;
    }
    if let Some(allowed) = &node.enumeration
        && !allowed.iter().any(|a| json_eq(a, value))
    {
        return false;
    }
    if let Some(constant) = &node.constant
        && !json_eq(constant, value)
    {
        return false;
    }
    match value {
        Value::Number(n) => number(node, n),
        Value::String(s) => string(node, s),
        _ => true,
    }
}

fn number(node: &Node, n: &Number) -> bool {
    let Some(v) = n.as_f64() else { return true };
    node.minimum.is_none_or(|m| v >= m)
        && node.maximum.is_none_or(|m| v <= m)
        && node.exclusive_minimum.is_none_or(|m| v > m)
        && node.exclusive_maximum.is_none_or(|m| v < m)
        && node.multiple_of.is_none_or(|step| is_multiple(n, v, step))
}

fn string(node: &Node, s: &str) -> bool {
    if node.min_length.is_some() || node.max_length.is_some() {
        let chars = s.chars().count() as u64;
        if node.min_length.is_some_and(|min| chars < min)
            || node.max_length.is_some_and(|max| chars > max)
        {
            return false;
        }
    }
    node.pattern.as_ref().is_none_or(|p| p.matches(s))
        && node.format.is_none_or(|f| format::accepts(f, s))
}
