//! Tool definitions: what the registry builds from the tables `#[tool]` generates.

use std::{borrow::Cow, future::Future, pin::Pin, sync::Arc};

use rmcp::model::{JsonObject, Tool, ToolAnnotations};
use serde_json::Value;

mod handles;
mod narrowing;
mod once;

pub(crate) use handles::{HandleSpec, Makes, Takes};
pub(crate) use once::OnceParam;

use crate::{
    arg::Call,
    counter::CallKeys,
    error::ToolError,
    meta::{AliasMeta, BinaryPolicy, StateNeed, ToolMeta},
    optimizer::{Budgets, ToolBudget},
    output::{LineStart, ToolOutput},
    schema::{InputSchema, OutputSchema},
    validate::Validator,
};

/// The future a generated handler returns; it borrows the [`Call`].
#[doc(hidden)]
pub type CallFuture<'a> = Pin<Box<dyn Future<Output = Result<ToolOutput, ToolError>> + Send + 'a>>;

/// A generated handler: extracts the parameters from the call it borrows and runs the fn.
pub(crate) type Handler = for<'a, 'r> fn(&'a Call<'r>) -> CallFuture<'a>;

/// Implemented by `#[tool]` for the marker type that shares the fn's name; `tools![...]`
/// uses it to find the definition.
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a #[tool] fn",
    label = "`tools![...]` lists fns that carry #[tool]",
    note = "add #[tool(...)] to the fn, or remove it from the list"
)]
#[doc(hidden)]
pub trait ToolSpec {
    /// The wire name.
    const NAME: &'static str;
    /// Deprecated names that still route to this tool.
    const ALIASES: &'static [&'static str];
    /// Builds the definition (schema, validator, handler).
    fn definition() -> ToolDefinition;
}

/// A tool ready for the registry: its listing, validator and handler.
pub struct ToolDefinition {
    pub(crate) meta: &'static ToolMeta,
    pub(crate) tool: Tool,
    pub(crate) validator: Validator,
    pub(crate) handler: Handler,
    /// Whether a parameter takes the `ToolContext`, so a call builds one.
    pub(crate) takes_context: bool,
    pub(crate) call_keys: CallKeys,
    pub(crate) wrap_structured: bool,
    pub(crate) format_param: Option<&'static str>,
    pub(crate) cursor_param: Option<&'static str>,
    /// What makes a call run once: a plan handle or an idempotency key parameter.
    pub(crate) once: OnceParam,
    /// The state handle it makes, and the ones it takes.
    pub(crate) handles: HandleSpec,
    pub(crate) needs: Vec<StateNeed>,
    /// Its budgets, resolved against the registry's when the registry is built.
    pub(crate) budget: ToolBudget,
    /// What its results' binary blocks get: its own policy, else the registry's.
    pub(crate) binary: BinaryPolicy,
    /// The arguments that narrow the result (a limit, a window, a filter), which the advice
    /// on a cut result names.
    pub(crate) narrowing: Vec<Cow<'static, str>>,
    /// The arguments that take a position inside a line ([`LineStart`]), so a cut page
    /// resumed by one may end inside a line.
    pub(crate) line_positions: Vec<Cow<'static, str>>,
    pub(crate) problems: Vec<String>,
}

impl ToolDefinition {
    /// Assembles a definition from the tables `#[tool]` generated.
    ///
    /// With `input_schema = "…"` the file's schema is published as written (key order
    /// included) and checked by the same validator; `describe` then only records the state
    /// the injected parameters need.
    #[doc(hidden)]
    pub fn from_spec(
        meta: &'static ToolMeta,
        describe: fn(&mut InputSchema),
        output_schema: fn() -> Option<OutputSchema>,
        handle_kind: fn() -> Option<String>,
        handler: Handler,
    ) -> Self {
        let mut input = InputSchema::default();
        describe(&mut input);
        let mut problems = std::mem::take(&mut input.problems);
        let (input_schema, params, arguments) = match &meta.input_schema {
            Some(raw) => {
                let schema = serde_json::from_str::<JsonObject>(raw.text).unwrap_or_else(|err| {
                    problems.push(format!(
                        "its input schema `{}` is not a JSON object: {err}",
                        raw.path
                    ));
                    JsonObject::new()
                });
                // Units, defaults and examples come from `#[param]`, which such a tool has none of.
                (
                    schema,
                    &[][..],
                    raw.properties.iter().map(|p| Cow::Borrowed(*p)).collect(),
                )
            }
            None => {
                let arguments: Vec<_> = meta
                    .params
                    .iter()
                    .map(|p| p.name)
                    .filter(|name| {
                        input.properties.contains_key(*name)
                            && Some(*name) != input.cursor_param
                            && Some(*name) != input.format_param
                            && input.plan_param.as_ref().is_none_or(|(p, _)| p != name)
                            && Some(*name) != input.idempotency_param
                            && !input.handle_params.iter().any(|(p, _)| p == name)
                    })
                    .map(Cow::Borrowed)
                    .chain(input.fields.iter().cloned().map(Cow::Owned))
                    .collect();
                (input.to_schema(), meta.params, arguments)
            }
        };
        let validator = Validator::compile(&input_schema, params).unwrap_or_else(|errors| {
            let schema = match &meta.input_schema {
                Some(raw) => format!("its input schema `{}`:", raw.path),
                None => "its input schema's".to_owned(),
            };
            problems.extend(errors.into_iter().map(|e| format!("{schema} {e}")));
            Validator::refusing()
        });
        for param in params {
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
        let line_positions = LineStart::taken_by(&input_schema, &validator, &arguments);
        let narrowing = narrowing::narrowing(meta.description, params, &input_schema, &arguments);
        let output_schema = output_schema();
        let wrap_structured = output_schema.as_ref().is_some_and(|s| s.wrapped);
        // A hand-written schema is listed as written; ours without the integer widths the
        // validator read from it.
        let listed_schema = match &meta.input_schema {
            Some(_) => input_schema,
            None => crate::schema::published(input_schema),
        };
        let mut tool = Tool::new(
            Cow::Borrowed(meta.name),
            Cow::Borrowed(meta.description),
            Arc::new(listed_schema),
        )
        .with_title(meta.title)
        .with_annotations(annotations(meta));
        tool.icons = crate::item::icons(meta.icons);
        tool.meta = crate::item::meta_object(meta.meta, &mut problems);
        if let Some(output) = output_schema {
            tool = tool.with_raw_output_schema(Arc::new(output.schema));
        }
        ToolDefinition {
            meta,
            tool,
            validator,
            handler,
            takes_context: input.takes_context,
            call_keys: CallKeys::new(meta.name),
            wrap_structured,
            format_param: input.format_param,
            cursor_param: input.cursor_param,
            once: OnceParam::of(meta, &input, &mut problems),
            handles: HandleSpec::of(meta, &mut input, handle_kind(), &mut problems),
            needs: input.needs,
            budget: budget_for(meta, input.format_param.is_some(), Budgets::default()),
            binary: meta.binary.unwrap_or_default(),
            narrowing,
            line_positions,
            problems,
        }
    }

    /// The tool's `max_response_tokens` resolved against a registry's budgets.
    pub(crate) fn resolve_budget(&self, registry: Budgets) -> ToolBudget {
        budget_for(self.meta, self.format_param.is_some(), registry)
    }

    /// The wire name.
    #[must_use]
    pub fn name(&self) -> &'static str {
        self.meta.name
    }

    /// The words a user may search for the tool by, from `#[tool(keywords(…))]`.
    #[must_use]
    pub fn keywords(&self) -> &'static [&'static str] {
        self.meta.keywords
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

/// Ties each state handle parameter of a registry's tools to the tools that make it, and
/// tells each making tool's description who takes its handle and how long it lives.
pub(crate) fn link_handles(tools: &mut [ToolDefinition], problems: &mut Vec<String>) {
    let mut linked: Vec<handles::Linked<'_>> = tools
        .iter_mut()
        .map(|t| handles::Linked {
            name: t.meta.name,
            handles: &mut t.handles,
            tool: &mut t.tool,
        })
        .collect();
    handles::link(&mut linked, problems);
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

fn budget_for(meta: &ToolMeta, has_format: bool, registry: Budgets) -> ToolBudget {
    ToolBudget::resolve(
        registry,
        meta.max_response_tokens,
        meta.concise_tokens,
        meta.detailed_tokens,
        has_format,
    )
}
