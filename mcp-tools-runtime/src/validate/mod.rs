//! Argument validation against the tool's published input schema.
//!
//! The schema is compiled once, when the tool is defined, into a tree of [`Node`]s; a call
//! walks it and reports every problem, one line each, naming the argument, the constraint
//! and the value: ``weight_kg must be at most 30000 (kg); got 45000``. Because the validator
//! reads the very schema `tools/list` publishes, and refuses to compile a schema with a
//! keyword it does not enforce (see [`compile`] for the list), the two cannot drift apart; a
//! property test checks it against an independent JSON Schema validator.

mod compile;
pub(crate) mod format;
mod node;
mod pattern;
mod quick;

use rmcp::model::JsonObject;
use serde_json::Value;

use crate::meta::ParamMeta;
use compile::Compiler;
use node::{Cx, Node, Path};
use quick::Quick;

/// A compiled input schema.
#[derive(Debug)]
pub(crate) struct Validator {
    root: Node,
    /// The targets of the schema's `$ref`s.
    refs: Vec<Node>,
    /// `#[param(default = …)]` values, parsed once, read for absent arguments.
    defaults: Vec<(&'static str, Value)>,
    /// The straight check, when the schema is one it covers.
    quick: Option<Quick>,
}

impl Validator {
    /// Compiles `schema`; `params` adds units and examples to the messages. Fails with one
    /// line per keyword the check would not enforce, naming it and where it is.
    pub(crate) fn compile(schema: &JsonObject, params: &[ParamMeta]) -> Result<Self, Vec<String>> {
        let doc = Value::Object(schema.clone());
        let mut compiler = Compiler::new(&doc);
        let mut root = compiler.compile(&doc, "#");
        if !compiler.errors.is_empty() {
            return Err(compiler.errors);
        }
        for param in params {
            root.annotate_property(param.name, param.unit, param.example_value());
        }
        let defaults = params
            .iter()
            .filter_map(|p| Some((p.name, p.default_value()?)))
            .collect();
        Ok(Validator {
            quick: Quick::of(&root),
            root,
            refs: compiler.refs,
            defaults,
        })
    }

    /// A validator that accepts nothing, for a definition whose schema did not compile (the
    /// registry refuses to build with it, so it never judges a call).
    pub(crate) fn refusing() -> Self {
        Validator {
            root: Node {
                always_fails: true,
                ..Node::default()
            },
            refs: Vec::new(),
            defaults: Vec::new(),
            quick: None,
        }
    }

    /// Checks a call's arguments; on success they may have been normalised (`2.0` → `2`
    /// for integers), so handlers deserialize what JSON Schema accepted. Absent arguments
    /// stay absent: extraction reads their parsed [`defaults`](Self::defaults), so the
    /// arguments remain as sent for the notice of a cut result.
    pub(crate) fn validate(&self, args: &mut JsonObject) -> Result<(), Vec<String>> {
        // Most calls of most tools meet their schema as sent: the straight check says so
        // without the walk, and leaves every other call to it.
        if let Some(quick) = &self.quick
            && quick.passes(&self.root, args)
        {
            #[cfg(debug_assertions)]
            self.walk_agrees(args);
            return Ok(());
        }
        self.walk(args)
    }

    /// The walk of the compiled schema, which writes a line per problem.
    fn walk(&self, args: &mut JsonObject) -> Result<(), Vec<String>> {
        let mut value = Value::Object(std::mem::take(args));
        let mut cx = Cx::new(&self.refs);
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

    /// What the straight check passed, the walk passes unchanged (debug builds, so every
    /// test that calls a tool checks it).
    #[cfg(debug_assertions)]
    fn walk_agrees(&self, args: &JsonObject) {
        let mut walked = args.clone();
        assert_eq!(
            self.walk(&mut walked),
            Ok(()),
            "the straight check passed arguments the walk refuses: {args:?}"
        );
        assert_eq!(
            &walked, args,
            "the straight check passed arguments the walk changes"
        );
    }

    /// Whether calls go the straight way when they meet the schema (for tests).
    #[cfg(test)]
    pub(crate) fn is_quick(&self) -> bool {
        self.quick.is_some()
    }

    /// The `#[param(default = …)]` values, checked against the schema when the tool was
    /// defined.
    pub(crate) fn defaults(&self) -> &[(&'static str, Value)] {
        &self.defaults
    }

    /// Checks one property's value alone (defaults and examples at build time).
    pub(crate) fn check_property(&self, name: &str, value: &Value) -> Option<String> {
        let node = self.root.property(name)?;
        let mut value = value.clone();
        let mut cx = Cx::new(&self.refs);
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
