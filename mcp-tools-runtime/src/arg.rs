//! Tool parameters: values from the call's arguments, and values the server injects.

use std::{
    any::{Any, TypeId},
    collections::HashMap,
    fmt,
    ops::Deref,
    sync::Arc,
};

use rmcp::model::JsonObject;
use schemars::JsonSchema;
use serde::de::DeserializeOwned;
use serde_json::{Value, json};

use crate::{
    ToolContext, ToolError,
    definition::ParamMeta,
    schema::{self, InputSchema},
};

/// A type a `#[tool]` fn may take as a parameter.
///
/// Every `T: Deserialize + JsonSchema` is one: it becomes a property of the input schema.
/// [`State<T>`] and [`ToolContext`] are injected by the server and stay out of the schema;
/// [`ResponseFormat`] becomes the `concise`/`detailed` enum.
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be a #[tool] parameter",
    label = "this parameter type has no JSON Schema",
    note = "derive `serde::Deserialize` and `schemars::JsonSchema` for it, or take an injected value: `State<T>`, `ToolContext`"
)]
pub trait ToolArg: Sized + Send + 'static {
    /// Adds the parameter to the tool's input schema (injected values add nothing).
    fn describe(param: &'static ParamMeta, schema: &mut InputSchema);

    /// Produces the value for one call, or records why it cannot.
    fn extract(param: &'static ParamMeta, call: &mut Call) -> Option<Self>;
}

impl<T: DeserializeOwned + JsonSchema + Send + 'static> ToolArg for T {
    fn describe(param: &'static ParamMeta, schema: &mut InputSchema) {
        schema.add_property(param, schema::input_schema_for::<T>());
    }

    fn extract(param: &'static ParamMeta, call: &mut Call) -> Option<Self> {
        let value = match call.args.remove(param.name) {
            Some(value) => value,
            None => match param.default_value() {
                Some(default) => default,
                None => {
                    call.errors
                        .push(format!("missing required argument `{}`", param.name));
                    return None;
                }
            },
        };
        match serde_json::from_value(value) {
            Ok(value) => Some(value),
            Err(err) => {
                call.errors.push(format!("{}: {err}", param.name));
                None
            }
        }
    }
}

/// Extracts an `Option<T>` parameter: absent means `None`.
#[doc(hidden)]
pub fn extract_optional<T: ToolArg>(
    param: &'static ParamMeta,
    call: &mut Call,
) -> Option<Option<T>> {
    if call.args.contains_key(param.name) {
        T::extract(param, call).map(Some)
    } else {
        Some(None)
    }
}

/// One call's arguments and context, consumed by the generated handler.
#[doc(hidden)]
pub struct Call {
    pub(crate) args: JsonObject,
    pub(crate) context: ToolContext,
    pub(crate) state: Arc<StateMap>,
    pub(crate) format: ResponseFormat,
    /// Of the arguments that define the query, for checking page cursors.
    pub(crate) fingerprint: u32,
    pub(crate) errors: Vec<String>,
}

impl Call {
    /// Fails with every extraction problem at once.
    pub fn finish(&mut self) -> Result<(), ToolError> {
        if self.errors.is_empty() {
            Ok(())
        } else {
            Err(ToolError::invalid_input(
                std::mem::take(&mut self.errors).join("\n"),
            ))
        }
    }
}

/// Shared state a tool takes as `State<T>`; registered with
/// [`RegistryBuilder::state`](crate::RegistryBuilder::state).
///
/// ```
/// use mcp_tools_runtime::State;
///
/// struct Depot { name: String }
/// fn depot_name(depot: State<Depot>) -> String { depot.name.clone() }
/// assert_eq!(depot_name(State::new(Depot { name: "north".into() })), "north");
/// ```
pub struct State<T: ?Sized>(pub Arc<T>);

impl<T> State<T> {
    /// Wraps a value, for calling a tool fn directly (in tests).
    pub fn new(value: T) -> Self {
        State(Arc::new(value))
    }
}

impl<T: ?Sized> Clone for State<T> {
    fn clone(&self) -> Self {
        State(Arc::clone(&self.0))
    }
}

impl<T: ?Sized> Deref for State<T> {
    type Target = T;
    fn deref(&self) -> &T {
        &self.0
    }
}

impl<T: ?Sized + fmt::Debug> fmt::Debug for State<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("State").field(&&*self.0).finish()
    }
}

/// A state type a tool needs, checked when the registry is built.
#[derive(Clone, Debug)]
pub(crate) struct StateNeed {
    pub(crate) type_id: TypeId,
    pub(crate) type_name: &'static str,
}

/// The registry's state values, by type.
#[derive(Default)]
pub(crate) struct StateMap(HashMap<TypeId, Arc<dyn Any + Send + Sync>>);

impl StateMap {
    pub(crate) fn insert<T: Send + Sync + 'static>(&mut self, value: Arc<T>) {
        self.0.insert(TypeId::of::<T>(), value);
    }

    pub(crate) fn contains(&self, type_id: TypeId) -> bool {
        self.0.contains_key(&type_id)
    }

    fn get<T: Send + Sync + 'static>(&self) -> Option<Arc<T>> {
        self.0
            .get(&TypeId::of::<T>())
            .cloned()
            .and_then(|v| v.downcast::<T>().ok())
    }
}

impl<T: Send + Sync + 'static> ToolArg for State<T> {
    fn describe(_param: &'static ParamMeta, schema: &mut InputSchema) {
        schema.needs.push(StateNeed {
            type_id: TypeId::of::<T>(),
            type_name: std::any::type_name::<T>(),
        });
    }

    fn extract(_param: &'static ParamMeta, call: &mut Call) -> Option<Self> {
        // The registry refuses to build without every needed state, so this holds.
        let state = call.state.get::<T>();
        if state.is_none() {
            call.errors.push(format!(
                "server misconfigured: no state of type {}",
                std::any::type_name::<T>()
            ));
        }
        state.map(State)
    }
}

impl ToolArg for ToolContext {
    fn describe(_param: &'static ParamMeta, _schema: &mut InputSchema) {}

    fn extract(_param: &'static ParamMeta, call: &mut Call) -> Option<Self> {
        Some(call.context.clone())
    }
}

/// How much a result says: `concise` (the default) for the fields an agent usually needs,
/// `detailed` for everything. Take it as `response_format: ResponseFormat`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum ResponseFormat {
    /// The few fields the next step usually needs.
    #[default]
    Concise,
    /// Every field, ids and timestamps included.
    Detailed,
}

impl ResponseFormat {
    /// `"concise"` or `"detailed"`.
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            ResponseFormat::Concise => "concise",
            ResponseFormat::Detailed => "detailed",
        }
    }

    pub(crate) fn parse(value: &Value) -> Option<Self> {
        match value.as_str()? {
            "concise" => Some(ResponseFormat::Concise),
            "detailed" => Some(ResponseFormat::Detailed),
            _ => None,
        }
    }
}

const FORMAT_DOC: &str = "`concise` returns the fields the next step usually needs; `detailed` adds ids, timestamps and long text, at more tokens.";

impl ToolArg for ResponseFormat {
    fn describe(param: &'static ParamMeta, schema: &mut InputSchema) {
        let description = param.description.unwrap_or(FORMAT_DOC);
        let property = json!({
            "type": "string",
            "enum": ["concise", "detailed"],
            "default": "concise",
            "description": description,
        });
        schema.format_param = Some(param.name);
        schema.properties.insert(param.name.to_owned(), property);
    }

    fn extract(param: &'static ParamMeta, call: &mut Call) -> Option<Self> {
        match call.args.remove(param.name) {
            None => Some(ResponseFormat::Concise),
            Some(value) => match ResponseFormat::parse(&value) {
                Some(format) => Some(format),
                None => {
                    call.errors.push(format!(
                        "{} must be \"concise\" or \"detailed\"; got {value}",
                        param.name
                    ));
                    None
                }
            },
        }
    }
}

impl Call {
    /// The format the call asked for (read before the handler runs, for the optimizer).
    #[must_use]
    pub fn response_format(&self) -> ResponseFormat {
        self.format
    }
}
