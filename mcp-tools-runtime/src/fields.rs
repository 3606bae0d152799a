//! [`Args<T>`]: one struct whose fields are the tool's arguments, the way an rmcp server
//! takes `Parameters<T>`.

use std::{
    fmt,
    ops::{Deref, DerefMut},
};

use schemars::JsonSchema;
use serde::de::DeserializeOwned;

use crate::{
    arg::{ArgError, Call, ParamRole, ToolArg},
    meta::ParamMeta,
    schema::{self, InputSchema},
};

/// A parameter whose struct's fields are the tool's arguments: `args: Args<SearchArgs>`
/// publishes `{"text": …, "limit": …}`, not `{"args": {…}}`.
///
/// `T` derives [`ToolArgs`](macro@crate::ToolArgs), so each field meets the design rules and
/// takes the `#[param(...)]` keys a fn parameter takes; its docs are the arguments'
/// descriptions. Flat parameters may stand beside it (`ResponseFormat`, a `PageCursor`,
/// injected values); the registry refuses to build if a field and a parameter share a
/// name. The parameter itself takes no doc and no `#[param]`: the fields carry both.
///
/// ```
/// use mcp_tools::prelude::*;
/// use serde::Deserialize;
///
/// #[derive(Deserialize, ToolArgs)]
/// struct SearchArgs {
///     /// Words to look for in issue titles.
///     text: String,
///     /// Most issues to return.
///     #[param(min = 1, max = 100)]
///     limit: Option<u32>,
/// }
///
/// /// Search issues by title and return the matches, newest first.
/// #[tool(namespace = "issue", read_only)]
/// async fn search(args: Args<SearchArgs>) -> String {
///     format!("{}: up to {:?}", args.text, args.limit)
/// }
///
/// # tokio::runtime::Builder::new_current_thread().build().unwrap().block_on(async {
/// let registry = Registry::builder().tools(tools![search]).build().unwrap();
/// let schema = &registry.tool_definitions()[0].input_schema;
/// assert!(schema["properties"]["text"].is_object());
/// assert_eq!(schema["required"], serde_json::json!(["text"]));
/// let result = registry
///     .call("issue_search", serde_json::json!({"text": "crash", "limit": 500}))
///     .await
///     .unwrap();
/// assert_eq!(result.is_error, Some(true)); // limit must be at most 100
/// # });
/// ```
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct Args<T>(pub T);

impl<T> Args<T> {
    /// The struct.
    pub fn into_inner(self) -> T {
        self.0
    }
}

impl<T> Deref for Args<T> {
    type Target = T;
    fn deref(&self) -> &T {
        &self.0
    }
}

impl<T> DerefMut for Args<T> {
    fn deref_mut(&mut self) -> &mut T {
        &mut self.0
    }
}

impl<T: fmt::Debug> fmt::Debug for Args<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("Args").field(&self.0).finish()
    }
}

impl<T: DeserializeOwned + JsonSchema + Send + 'static> ToolArg for Args<T> {
    const ROLE: ParamRole = ParamRole::Fields;

    fn describe(param: &'static ParamMeta, schema: &mut InputSchema) {
        schema.add_fields(param, schema::input_schema_for::<T>());
    }

    fn extract(param: &'static ParamMeta, call: &Call<'_>) -> Result<Self, ArgError> {
        // The validator has checked every field against the schema; what serde still
        // refuses (a custom `Deserialize`) is the model's to fix, with serde's reason.
        T::deserialize(&call.args)
            .map(Args)
            .map_err(|err| ArgError::invalid(param, format!("arguments: {err}")))
    }
}
