//! What a making tool returns: the handle alone, or beside a view of the state
//! (`(Handle<T>, Json<V>)`), and the outputSchema of each.

use rmcp::model::JsonObject;
use schemars::JsonSchema;
use serde::Serialize;
use serde_json::{Map, Value, json};

use super::value::{Handle, handle_kind};
use crate::{
    error::ToolError,
    output::{IntoToolOutput, Json, ToolOutput},
    schema::{self, OutputSchema},
};

/// The wire shape of a made handle, for its output schema.
#[derive(Serialize, JsonSchema)]
struct HandleShape {
    /// Pass it to the tools that take it; it is bound to you, and lives as this tool says.
    handle: String,
    /// When the handle expires unless it is used (or closed) before.
    #[schemars(extend("format" = "date-time"))]
    expires_at: String,
}

/// The properties the runtime adds to a making tool's result, `handle` and `expires_at`,
/// as its outputSchema lists them.
pub(crate) fn handle_fields() -> JsonObject {
    match schema::output_schema_for::<HandleShape>()
        .schema
        .remove("properties")
    {
        Some(Value::Object(fields)) => fields,
        _ => JsonObject::new(),
    }
}

impl<T: Serialize + JsonSchema> IntoToolOutput for Handle<T> {
    fn output_schema() -> Option<OutputSchema> {
        Some(schema::output_schema_for::<HandleShape>())
    }

    fn handle_kind() -> Option<String> {
        Some(handle_kind::<T>())
    }

    fn into_tool_output(self) -> Result<ToolOutput, ToolError> {
        self.into_output_beside(Map::new())
    }
}

/// A handle beside a view of its state: the view's fields, and `handle` and `expires_at`
/// beside them (a view that is not an object, such as a list, as `{"result": …}`, as
/// [`Json`] sends it). The outputSchema lists both, generated from `V`.
///
/// The view follows the call's format, as any [`Json`] result does, and a view over the
/// tool's budget is cut as one is; the handle is never cut. The state the runtime keeps
/// is the handle's, whole, whatever the view shows of it.
///
/// ```
/// use mcp_tools::prelude::*;
/// use schemars::JsonSchema;
/// use serde::{Deserialize, Serialize};
///
/// #[derive(Serialize, Deserialize, JsonSchema)]
/// struct Review {
///     files: Vec<String>,
///     next: usize,
/// }
///
/// #[derive(Serialize, JsonSchema)]
/// struct Opened {
///     /// The changed files, in the order the review goes through them.
///     files: Vec<String>,
/// }
///
/// /// Start a review of the changed files of a repository, one file a call.
/// #[tool(namespace = "review", destructive = false)]
/// async fn start(
///     /// Path of the repository, like `/srv/app`.
///     repo_path: String,
/// ) -> (Handle<Review>, Json<Opened>) {
///     let files = vec![format!("{repo_path}/src/main.rs")];
///     let view = Opened { files: files.clone() };
///     (Handle::new(Review { files, next: 0 }), Json(view))
/// }
///
/// /// Show the next file of a review started with `review_start`.
/// #[tool(namespace = "review", destructive = false)]
/// async fn next_file(
///     /// The `handle` that `review_start` returned.
///     mut review: Handle<Review>,
/// ) -> Result<String, ToolError> {
///     let file = review
///         .update(|r| {
///             r.next += 1;
///             r.files.get(r.next - 1).cloned()
///         })
///         .await?;
///     Ok(file.unwrap_or_else(|| "no files left".into()))
/// }
/// # let _ = tools![start, next_file];
/// ```
impl<T, V> IntoToolOutput for (Handle<T>, Json<V>)
where
    T: Serialize + JsonSchema,
    V: Serialize + JsonSchema,
{
    fn output_schema() -> Option<OutputSchema> {
        Some(beside_view::<V>())
    }

    fn handle_kind() -> Option<String> {
        Some(handle_kind::<T>())
    }

    fn into_tool_output(self) -> Result<ToolOutput, ToolError> {
        let (handle, Json(view)) = self;
        let view = serde_json::to_value(&view)
            .map_err(|e| ToolError::internal(format!("result did not serialize: {e}")))?;
        let fields = match view {
            Value::Object(fields) => fields,
            other => Map::from_iter([("result".to_owned(), other)]),
        };
        handle.into_output_beside(fields)
    }
}

/// The outputSchema of a handle beside a view of type `V`: `V`'s (a non-object wrapped as
/// `{"result": …}`, as for [`Json`]) with the handle's fields added. A `V` that is an
/// object for some values and not for others has no one place for them: its schema comes
/// back without them, and the registry refuses the tool, saying so.
fn beside_view<V: JsonSchema>() -> OutputSchema {
    let mut view = schema::output_schema_for::<V>();
    if view.wrapped && may_be_object(&view.schema["properties"]["result"]) {
        return view;
    }
    // The value is built as an object whatever `V` is: the definition must not wrap it.
    view.wrapped = false;
    let fields = handle_fields();
    let properties = view.schema.entry("properties").or_insert_with(|| json!({}));
    if let Some(properties) = properties.as_object_mut() {
        for (key, field) in &fields {
            // A field of the view's own by that name stays: the registry refuses the clash.
            properties
                .entry(key.clone())
                .or_insert_with(|| field.clone());
        }
    }
    let required = view.schema.entry("required").or_insert_with(|| json!([]));
    if let Some(required) = required.as_array_mut() {
        for key in fields.keys() {
            if !required.iter().any(|r| r == key.as_str()) {
                required.push(json!(key));
            }
        }
    }
    view
}

/// Whether a value of `schema` may be a JSON object: its `type` says object, or it has
/// none (an enum of several shapes, any value).
fn may_be_object(schema: &Value) -> bool {
    match schema.get("type") {
        Some(Value::String(ty)) => ty == "object",
        Some(Value::Array(types)) => types.iter().any(|t| t == "object"),
        _ => true,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Serialize, JsonSchema)]
    struct Files {
        /// The changed files.
        files: Vec<String>,
        /// A note, if any.
        note: Option<String>,
    }

    #[test]
    fn a_view_lists_its_fields_beside_the_handles() {
        let schema = Value::Object(beside_view::<Files>().schema);
        assert_eq!(schema["type"], "object");
        let keys: Vec<&str> = schema["properties"]
            .as_object()
            .map(|p| p.keys().map(String::as_str).collect())
            .unwrap_or_default();
        assert_eq!(keys, ["files", "note", "handle", "expires_at"]);
        // A serialized `None` is a `null` that is always there: `note` is required too.
        assert_eq!(
            schema["required"],
            json!(["files", "note", "handle", "expires_at"])
        );
        assert_eq!(schema["properties"]["expires_at"]["format"], "date-time");
    }

    #[test]
    fn a_list_view_is_wrapped_as_result_beside_the_handle() {
        let view = beside_view::<Vec<String>>();
        assert!(!view.wrapped, "the definition must not wrap it again");
        let schema = Value::Object(view.schema);
        assert_eq!(schema["properties"]["result"]["type"], "array");
        assert_eq!(
            schema["required"],
            json!(["result", "handle", "expires_at"])
        );
    }

    #[test]
    fn a_view_that_may_or_may_not_be_an_object_gets_no_handle_fields() {
        let schema = Value::Object(beside_view::<Value>().schema);
        assert!(schema["properties"].get("handle").is_none(), "{schema}");
        assert!(may_be_object(&json!({ "type": ["object", "null"] })));
        assert!(!may_be_object(&json!({ "type": ["array", "null"] })));
        assert!(!may_be_object(&json!({ "type": "string" })));
    }
}
