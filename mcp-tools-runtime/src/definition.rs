//! Tool definitions: the static tables `#[tool]` generates, and what the registry builds from them.

use std::{borrow::Cow, future::Future, pin::Pin, sync::Arc};

use rmcp::model::{Tool, ToolAnnotations};
use serde_json::{Value, json};

use crate::{
    ToolError, ToolOutput,
    arg::{Call, StateNeed},
    schema::{InputSchema, OutputSchema},
    validate::Validator,
};

/// The future a generated handler returns.
pub type CallFuture = Pin<Box<dyn Future<Output = Result<ToolOutput, ToolError>> + Send>>;

/// Implemented by `#[tool]` for the marker type that shares the fn's name; `tools![...]`
/// uses it to find the definition.
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a #[tool] fn",
    label = "`tools![...]` lists fns that carry #[tool]",
    note = "add #[tool(...)] to the fn, or remove it from the list"
)]
pub trait ToolSpec {
    /// The wire name.
    const NAME: &'static str;
    /// Deprecated names that still route to this tool.
    const ALIASES: &'static [&'static str];
    /// Builds the definition (schema, validator, handler).
    fn definition() -> ToolDefinition;
}

/// What `#[tool]` knows about a tool, as static data.
#[doc(hidden)]
#[derive(Debug)]
pub struct ToolMeta {
    pub name: &'static str,
    pub title: &'static str,
    pub description: &'static str,
    pub fn_path: &'static str,
    pub read_only: Option<bool>,
    pub destructive: Option<bool>,
    pub idempotent: Option<bool>,
    pub open_world: Option<bool>,
    pub aliases: &'static [AliasMeta],
    pub scopes: &'static [&'static str],
    pub timeout_ms: Option<u64>,
    pub max_response_tokens: Option<u64>,
    pub concise_tokens: Option<u64>,
    pub detailed_tokens: Option<u64>,
    pub params: &'static [ParamMeta],
}

/// A deprecated name of a tool, from `aliases("…")` or `alias(name = "…", …)`.
#[derive(Debug)]
pub struct AliasMeta {
    /// The old name.
    pub name: &'static str,
    /// The version that deprecated it.
    pub since: Option<&'static str>,
    /// The version that will remove it.
    pub remove_in: Option<&'static str>,
    /// Calls through it fail with directions to the new tool, whose arguments differ.
    pub redirect: bool,
    /// How the arguments differ, for `redirect`.
    pub note: Option<&'static str>,
}

impl AliasMeta {
    /// The record of this alias in a result's or a listing's `_meta`.
    pub(crate) fn detail(&self, replacement: &str) -> Value {
        let mut detail = json!({ "alias": self.name, "use": replacement });
        if let Some(since) = self.since {
            detail["since"] = since.into();
        }
        if let Some(remove_in) = self.remove_in {
            detail["remove_in"] = remove_in.into();
        }
        if self.redirect {
            detail["redirect"] = true.into();
        }
        detail
    }
}

/// What `#[tool]` knows about one parameter.
#[derive(Debug)]
pub struct ParamMeta {
    /// The argument's name on the wire.
    pub name: &'static str,
    /// The Rust identifier.
    pub rust_name: &'static str,
    /// The parameter's doc comment.
    pub description: Option<&'static str>,
    /// Whether the schema lists it as required.
    pub required: bool,
    /// The unit, from `unit = "…"` or the name's suffix.
    pub unit: Option<&'static str>,
    /// `min = …`.
    pub minimum: Option<f64>,
    /// `max = …`.
    pub maximum: Option<f64>,
    /// `min_length = …` (characters, or items for lists).
    pub min_length: Option<u64>,
    /// `max_length = …`.
    pub max_length: Option<u64>,
    /// `pattern = …`.
    pub pattern: Option<&'static str>,
    /// `format = …`.
    pub format: Option<&'static str>,
    /// JSON text of `default = …`.
    pub default: Option<&'static str>,
    /// JSON text of `example = …`.
    pub example: Option<&'static str>,
}

impl ParamMeta {
    /// The default as JSON.
    #[must_use]
    pub fn default_value(&self) -> Option<Value> {
        self.default.and_then(|d| serde_json::from_str(d).ok())
    }

    /// The example as JSON.
    #[must_use]
    pub fn example_value(&self) -> Option<Value> {
        self.example.and_then(|e| serde_json::from_str(e).ok())
    }
}

/// A tool ready for the registry: its listing, validator and handler.
pub struct ToolDefinition {
    pub(crate) meta: &'static ToolMeta,
    pub(crate) tool: Tool,
    pub(crate) validator: Validator,
    pub(crate) handler: fn(Call) -> CallFuture,
    pub(crate) wrap_structured: bool,
    pub(crate) format_param: Option<&'static str>,
    pub(crate) cursor_param: Option<&'static str>,
    pub(crate) needs: Vec<StateNeed>,
    pub(crate) problems: Vec<String>,
}

impl ToolDefinition {
    /// Assembles a definition from the tables `#[tool]` generated.
    #[doc(hidden)]
    pub fn from_spec(
        meta: &'static ToolMeta,
        describe: fn(&mut InputSchema),
        output_schema: fn() -> Option<OutputSchema>,
        handler: fn(Call) -> CallFuture,
    ) -> Self {
        let mut input = InputSchema::default();
        describe(&mut input);
        let input_schema = input.to_schema();
        let mut problems = Vec::new();
        let validator = Validator::compile(&input_schema, meta.params).unwrap_or_else(|errors| {
            problems.extend(
                errors
                    .into_iter()
                    .map(|e| format!("its input schema's {e}")),
            );
            Validator::refusing()
        });
        for param in meta.params {
            for (what, value) in [
                ("default", param.default_value()),
                ("example", param.example_value()),
            ] {
                let Some(value) = value else { continue };
                if let Some(err) = validator.check_property(param.name, &value) {
                    problems.push(format!(
                        "the {what} of `{}` breaks its own schema: {err}",
                        param.name
                    ));
                }
            }
        }
        let output_schema = output_schema();
        let wrap_structured = output_schema.as_ref().is_some_and(|s| s.wrapped);
        let mut tool = Tool::new(
            Cow::Borrowed(meta.name),
            Cow::Borrowed(meta.description),
            Arc::new(input_schema),
        )
        .with_title(meta.title)
        .with_annotations(annotations(meta));
        if let Some(output) = output_schema {
            tool = tool.with_raw_output_schema(Arc::new(output.schema));
        }
        ToolDefinition {
            meta,
            tool,
            validator,
            handler,
            wrap_structured,
            format_param: input.format_param,
            cursor_param: input.cursor_param,
            needs: input.needs,
            problems,
        }
    }

    /// The wire name.
    #[must_use]
    pub fn name(&self) -> &'static str {
        self.meta.name
    }

    /// The tool as `tools/list` sends it.
    #[must_use]
    pub fn tool(&self) -> &Tool {
        &self.tool
    }

    /// Deprecated names of this tool.
    #[must_use]
    pub fn aliases(&self) -> &'static [AliasMeta] {
        self.meta.aliases
    }

    /// What the model reads about each parameter: name, JSON type, required, unit.
    pub(crate) fn parameter_summary(&self) -> String {
        let schema = &self.tool.input_schema;
        let required: Vec<&str> = schema
            .get("required")
            .and_then(Value::as_array)
            .map(|r| r.iter().filter_map(Value::as_str).collect())
            .unwrap_or_default();
        let Some(properties) = schema.get("properties").and_then(Value::as_object) else {
            return "no arguments".to_owned();
        };
        properties
            .iter()
            .map(|(name, p)| {
                let ty = p.get("type").and_then(Value::as_str).unwrap_or("value");
                let unit = self
                    .meta
                    .params
                    .iter()
                    .find(|m| m.name == name)
                    .and_then(|m| m.unit);
                let mut s = format!("`{name}` ({ty}");
                if let Some(unit) = unit {
                    s.push_str(", ");
                    s.push_str(unit);
                }
                if !required.contains(&name.as_str()) {
                    s.push_str(", optional");
                }
                s.push(')');
                s
            })
            .collect::<Vec<_>>()
            .join(", ")
    }

    /// The scopes a caller needs.
    #[must_use]
    pub fn scopes(&self) -> &'static [&'static str] {
        self.meta.scopes
    }

    /// The Rust path of the fn (`my_crate::tools::set_weight`), for error messages.
    #[must_use]
    pub fn fn_path(&self) -> &'static str {
        self.meta.fn_path
    }
}

impl std::fmt::Debug for ToolDefinition {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ToolDefinition")
            .field("name", &self.meta.name)
            .field("fn_path", &self.meta.fn_path)
            .finish_non_exhaustive()
    }
}

fn annotations(meta: &ToolMeta) -> ToolAnnotations {
    let mut a = ToolAnnotations::new();
    if let Some(read_only) = meta.read_only {
        a = a.read_only(read_only);
    }
    if let Some(destructive) = meta.destructive {
        a = a.destructive(destructive);
    }
    if let Some(idempotent) = meta.idempotent {
        a = a.idempotent(idempotent);
    }
    if let Some(open_world) = meta.open_world {
        a = a.open_world(open_world);
    }
    a
}
