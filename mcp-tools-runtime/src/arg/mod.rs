//! Tool parameters: values from the call's arguments, and values the server injects.

mod loaded;

pub(crate) use loaded::{LoadedHandle, LoadedPlan, Opened};

use std::{
    any::{Any, TypeId},
    fmt,
    ops::Deref,
    sync::Arc,
};

use rmcp::model::JsonObject;
use schemars::JsonSchema;
use serde::de::DeserializeOwned;
use serde_json::{Value, json};

use crate::{
    context::ToolContext,
    error::ToolError,
    meta::{ParamMeta, ResponseFormat, StateNeed},
    schema::{self, InputSchema},
    seal::Sealer,
};

/// What a parameter is, as its type says: the schema, the required list and the injection
/// follow [`ToolArg::ROLE`], never the name the type is written with.
///
/// `#[tool]` reads every parameter's role through the trait (`<T as ToolArg>::ROLE`), so a
/// type alias of `State<Db>` is injected and a user's own `enum State` is an ordinary
/// argument. The macro still guesses from the syntax (`State<…>`, `ToolContext`) which
/// parameters the model never sees, but only to spare them the design rules' demands for
/// docs and names; those rules already accept a user's own type without a doc, so a wrong
/// guess changes no report and no schema.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ParamRole {
    /// A value the model writes: a property of the input schema, required unless it is an
    /// `Option` or has a `#[param(default = …)]`; `#[param]` keys shape its schema.
    Argument,
    /// [`PageCursor`](crate::page::PageCursor): a string property holding the cursor the runtime
    /// minted; required only when the parameter is not an `Option`.
    Cursor,
    /// [`ResponseFormat`]: the `concise`/`detailed` enum, never required (`concise` by default).
    Format,
    /// A string the runtime acts on before the handler runs:
    /// [`PlanHandle`](crate::plan::PlanHandle) and [`Handle`](crate::handle::Handle) (handles
    /// it minted) or [`IdempotencyKey`](crate::plan::IdempotencyKey); required only when not
    /// an `Option`.
    Token,
    /// Supplied by the server ([`State<T>`], [`ToolContext`]): not in the schema.
    Injected,
    /// [`Args<T>`](crate::fields::Args): the struct's fields are properties of the input schema,
    /// each required as the struct says; the parameter itself is none.
    Fields,
}

impl ParamRole {
    /// Whether the input schema lists the parameter as required, given whether it is an
    /// `Option` or has a default.
    #[must_use]
    pub const fn required(self, optional_or_default: bool) -> bool {
        matches!(
            self,
            ParamRole::Argument | ParamRole::Cursor | ParamRole::Token
        ) && !optional_or_default
    }
}

/// A type a `#[tool]` fn may take as a parameter.
///
/// Every `T: Deserialize + JsonSchema` is one, with the role [`ParamRole::Argument`]: it
/// becomes a property of the input schema. [`State<T>`] and [`ToolContext`] are injected by
/// the server and stay out of the schema; [`ResponseFormat`] becomes the
/// `concise`/`detailed` enum; [`PageCursor`](crate::page::PageCursor) takes back a page's
/// `next_cursor`; [`PlanHandle`](crate::plan::PlanHandle) takes a preview's handle and makes the
/// tool a commit that runs once; [`Handle`](crate::handle::Handle) takes back the state an
/// earlier call made; [`IdempotencyKey`](crate::plan::IdempotencyKey) makes a retry with the
/// same key return the first result.
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be a #[tool] parameter",
    label = "this parameter type has no JSON Schema",
    note = "derive `serde::Deserialize` and `schemars::JsonSchema` for it, or take an injected value: `State<T>`, `ToolContext`"
)]
pub trait ToolArg: Sized + Send + 'static {
    /// What the parameter is; decides whether and how it appears in the schema.
    const ROLE: ParamRole;

    /// Adds the parameter to the tool's input schema (injected values add nothing).
    fn describe(param: &'static ParamMeta, schema: &mut InputSchema);

    /// Produces the value for one call, or says why it cannot. The generated handler
    /// extracts every parameter before it reports, so a call learns all its problems at once.
    ///
    /// # Errors
    ///
    /// An [`ArgError`] naming the parameter: the argument is missing, malformed, or (for
    /// injected values) the server lacks it.
    fn extract(param: &'static ParamMeta, call: &Call<'_>) -> Result<Self, ArgError>;
}

impl<T: DeserializeOwned + JsonSchema + Send + 'static> ToolArg for T {
    const ROLE: ParamRole = ParamRole::Argument;

    fn describe(param: &'static ParamMeta, schema: &mut InputSchema) {
        schema.add_property(param, schema::input_schema_for::<T>());
    }

    fn extract(param: &'static ParamMeta, call: &Call<'_>) -> Result<Self, ArgError> {
        let value = call
            .arg(param.name)
            .ok_or_else(|| ArgError::missing(param))?;
        deserialize(param, value)
    }
}

/// `T` from a borrowed argument: the arguments stay whole for the notice of a cut result,
/// so nothing is copied or removed per call.
fn deserialize<T: DeserializeOwned>(param: &ParamMeta, value: &Value) -> Result<T, ArgError> {
    T::deserialize(value).map_err(|err| ArgError::invalid(param, format!("{}: {err}", param.name)))
}

/// The type of the one parameter that receives the whole arguments object of a
/// `#[tool(input_schema = "…")]` fn, whose schema is the file rather than the parameters.
///
/// Every `T: DeserializeOwned` is one: `serde_json::Value`, `rmcp::model::JsonObject`, or a
/// type of your own that derives `Deserialize` (no `JsonSchema`: the file is the schema). It
/// receives the arguments after the runtime has checked them against the file's schema, with
/// the same normalisation as other arguments (`2.0` → `2` where an integer is expected).
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot take the arguments of a tool with `input_schema`",
    label = "this type does not deserialize from the arguments object",
    note = "take `serde_json::Value`, `rmcp::model::JsonObject` or a type that derives `serde::Deserialize`; the other parameters can only be injected values: `State<T>`, `ToolContext`"
)]
pub trait ToolArguments: Sized + Send + 'static {
    /// The value for one call, from its (validated) arguments object.
    ///
    /// # Errors
    ///
    /// An [`ArgError`] naming the parameter: the arguments met the file's schema, but not
    /// the type.
    fn from_arguments(param: &'static ParamMeta, call: &Call<'_>) -> Result<Self, ArgError>;
}

impl<T: DeserializeOwned + Send + 'static> ToolArguments for T {
    fn from_arguments(param: &'static ParamMeta, call: &Call<'_>) -> Result<Self, ArgError> {
        T::deserialize(&call.args)
            .map_err(|err| ArgError::invalid(param, format!("arguments: {err}")))
    }
}

/// Extracts an `Option<T>` parameter: absent means `None`.
///
/// # Errors
///
/// The argument is present and `T` cannot take it.
#[doc(hidden)]
pub fn extract_optional<T: ToolArg>(
    param: &'static ParamMeta,
    call: &Call<'_>,
) -> Result<Option<T>, ArgError> {
    if call.arg(param.name).is_some() {
        T::extract(param, call).map(Some)
    } else {
        Ok(None)
    }
}

/// Why one parameter has no value for a call. It names the parameter; the handler gathers
/// the errors of all parameters into one [`ToolError`] ([`ArgError::gather`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ArgError {
    param: &'static str,
    message: String,
    /// The server's fault (a missing state), not the model's: reported masked.
    server: bool,
}

impl ArgError {
    /// The model sent something the parameter cannot take; `message` names the parameter.
    #[must_use]
    pub fn invalid(param: &ParamMeta, message: impl Into<String>) -> Self {
        ArgError {
            param: param.name,
            message: message.into(),
            server: false,
        }
    }

    /// A required argument is absent.
    #[must_use]
    pub fn missing(param: &ParamMeta) -> Self {
        ArgError::invalid(param, format!("missing required argument `{}`", param.name))
    }

    /// The server cannot supply an injected value; reported to the model as an internal
    /// error, masked, with `message` in the log.
    #[must_use]
    pub fn server(param: &ParamMeta, message: impl Into<String>) -> Self {
        ArgError {
            param: param.name,
            message: message.into(),
            server: true,
        }
    }

    /// The parameter's name on the wire.
    #[must_use]
    pub fn param(&self) -> &'static str {
        self.param
    }

    /// One error for the whole call, one line per failed parameter, in parameter order:
    /// `invalid_input`, or `internal` if the server is at fault for any of them.
    #[doc(hidden)]
    #[must_use]
    pub fn gather<const N: usize>(errors: [Option<ArgError>; N]) -> ToolError {
        let errors = errors.into_iter().flatten();
        let mut server = false;
        let mut lines = String::new();
        for error in errors {
            server |= error.server;
            if !lines.is_empty() {
                lines.push('\n');
            }
            lines.push_str(&error.message);
        }
        if server {
            ToolError::internal(lines)
        } else {
            ToolError::invalid_input(lines)
        }
    }
}

impl fmt::Display for ArgError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for ArgError {}

/// One call's arguments and context, lent to the generated handler: it borrows the
/// registry's state rather than cloning it, and the arguments outlive the handler, for the
/// notice of a cut result.
#[doc(hidden)]
pub struct Call<'r> {
    pub(crate) tool: &'static str,
    /// As sent, normalised by the validator (`2.0` → `2`); defaults are not filled in.
    pub(crate) args: JsonObject,
    /// The tool's `#[param(default = …)]` values, for arguments left out.
    pub(crate) defaults: &'r [(&'static str, Value)],
    /// Built only for a tool that takes one.
    pub(crate) context: Option<ToolContext>,
    pub(crate) state: &'r StateMap,
    pub(crate) format: ResponseFormat,
    /// Of the arguments that define the query, for checking page cursors.
    pub(crate) fingerprint: u32,
    /// The registry's key for the cursors it mints and checks.
    pub(crate) sealer: &'r Sealer,
    /// The plan a [`PlanHandle`](crate::plan::PlanHandle) parameter takes, loaded before the
    /// handler runs.
    pub(crate) plan: Option<Box<LoadedPlan>>,
    /// The state of each [`Handle`](crate::handle::Handle) parameter sent, loaded before the
    /// handler runs; boxed, as most calls take none.
    pub(crate) handles: Option<Box<[LoadedHandle]>>,
}

/// Shared state a tool takes as `State<T>`; registered with
/// [`RegistryBuilder::state`](crate::registry::RegistryBuilder::state).
///
/// ```
/// use mcp_tools::State;
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

/// The registry's state values, by type: a few at most, so a scan beats hashing.
#[derive(Default)]
pub(crate) struct StateMap(Vec<(TypeId, Arc<dyn Any + Send + Sync>)>);

impl StateMap {
    pub(crate) fn insert<T: Send + Sync + 'static>(&mut self, value: Arc<T>) {
        let type_id = TypeId::of::<T>();
        self.0.retain(|(id, _)| *id != type_id);
        self.0.push((type_id, value));
    }

    pub(crate) fn contains(&self, type_id: TypeId) -> bool {
        self.0.iter().any(|(id, _)| *id == type_id)
    }

    pub(crate) fn get<T: Send + Sync + 'static>(&self) -> Option<Arc<T>> {
        let type_id = TypeId::of::<T>();
        self.0
            .iter()
            .find(|(id, _)| *id == type_id)
            .and_then(|(_, v)| Arc::clone(v).downcast::<T>().ok())
    }
}

impl<T: Send + Sync + 'static> ToolArg for State<T> {
    const ROLE: ParamRole = ParamRole::Injected;

    fn describe(_param: &'static ParamMeta, schema: &mut InputSchema) {
        schema.needs.push(StateNeed {
            type_id: TypeId::of::<T>(),
            type_name: std::any::type_name::<T>(),
        });
    }

    fn extract(param: &'static ParamMeta, call: &Call<'_>) -> Result<Self, ArgError> {
        // The registry refuses to build without every needed state, so this holds.
        call.state.get::<T>().map(State).ok_or_else(|| {
            ArgError::server(
                param,
                format!(
                    "server misconfigured: no state of type {} for `{}`",
                    std::any::type_name::<T>(),
                    param.rust_name
                ),
            )
        })
    }
}

impl ToolArg for ToolContext {
    const ROLE: ParamRole = ParamRole::Injected;

    fn describe(_param: &'static ParamMeta, schema: &mut InputSchema) {
        schema.takes_context = true;
    }

    fn extract(param: &'static ParamMeta, call: &Call<'_>) -> Result<Self, ArgError> {
        // `describe` marked the tool as taking one, so the call has it.
        call.context.clone().ok_or_else(|| {
            ArgError::server(param, format!("no context built for `{}`", param.rust_name))
        })
    }
}

const FORMAT_DOC: &str = "`concise` returns the fields the next step usually needs; `detailed` adds ids, timestamps and long text, at more tokens.";

impl ToolArg for ResponseFormat {
    const ROLE: ParamRole = ParamRole::Format;

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

    fn extract(_param: &'static ParamMeta, call: &Call<'_>) -> Result<Self, ArgError> {
        // Read once, before the handler runs (the optimizer needs it); the validator has
        // refused anything but the two names.
        Ok(call.format)
    }
}

impl Call<'_> {
    /// The argument `name`, or its default when it was left out.
    #[must_use]
    pub fn arg(&self, name: &str) -> Option<&Value> {
        // A few arguments are found sooner by comparing names than by hashing one.
        let sent = if self.args.len() <= 8 {
            self.args.iter().find(|(k, _)| *k == name).map(|(_, v)| v)
        } else {
            self.args.get(name)
        };
        sent.or_else(|| {
            self.defaults
                .iter()
                .find(|(n, _)| *n == name)
                .map(|(_, v)| v)
        })
    }

    /// The format the call asked for (read before the handler runs, for the optimizer).
    #[must_use]
    pub fn response_format(&self) -> ResponseFormat {
        self.format
    }
}
