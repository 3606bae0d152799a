//! Argument validation against the tool's published input schema.
//!
//! The schema is compiled once, when the tool is defined, into a tree of [`Node`]s; a call
//! walks it and reports every problem, one line each, naming the argument, the constraint
//! and the value: ``weight_kg must be at most 30000 (kg); got 45000``. Because the validator
//! reads the very schema `tools/list` publishes, the two cannot drift apart; a property test
//! checks it against an independent JSON Schema validator.

mod format;
mod node;

use std::collections::HashMap;

use rmcp::model::JsonObject;
use serde_json::Value;

use crate::definition::ParamMeta;
use node::{Cx, Node, Path};

/// A compiled input schema.
#[derive(Debug)]
pub(crate) struct Validator {
    root: Node,
    defs: HashMap<String, Node>,
}

impl Validator {
    /// Compiles `schema`; `params` adds units and examples to the messages.
    pub(crate) fn compile(schema: &JsonObject, params: &[ParamMeta]) -> Self {
        let defs = schema
            .get("$defs")
            .and_then(Value::as_object)
            .map(|defs| {
                defs.iter()
                    .map(|(k, v)| (format!("#/$defs/{k}"), Node::compile(v)))
                    .collect()
            })
            .unwrap_or_default();
        let mut root = Node::compile(&Value::Object(schema.clone()));
        for param in params {
            root.annotate_property(param.name, param.unit, param.example_value());
        }
        Validator { root, defs }
    }

    /// Checks a call's arguments; on success they may have been normalised (`2.0` → `2`
    /// for integers), so handlers deserialize what JSON Schema accepted.
    pub(crate) fn validate(&self, args: &mut JsonObject) -> Result<(), Vec<String>> {
        let mut value = Value::Object(std::mem::take(args));
        let mut cx = Cx {
            defs: &self.defs,
            errors: Vec::new(),
            depth: 0,
        };
        self.root.check(&mut value, &Path::Root, &mut cx);
        if let Value::Object(map) = value {
            *args = map;
        }
        if cx.errors.is_empty() {
            Ok(())
        } else {
            Err(cx.errors)
        }
    }

    /// Checks one property's value alone (defaults and examples at build time).
    pub(crate) fn check_property(&self, name: &str, value: &Value) -> Option<String> {
        let node = self.root.property(name)?;
        let mut value = value.clone();
        let mut cx = Cx {
            defs: &self.defs,
            errors: Vec::new(),
            depth: 0,
        };
        node.check(&mut value, &Path::Root.child(name), &mut cx);
        if cx.errors.is_empty() {
            None
        } else {
            Some(cx.errors.join("; "))
        }
    }
}

#[cfg(test)]
mod tests;
