//! `Handle<T>`: a piece of state one tool makes and later tools take back by its handle.

use std::{fmt, ops::Deref, time::Duration};

use schemars::JsonSchema;
use serde::{Serialize, de::DeserializeOwned};
use serde_json::{Map, Value, json};

use super::record;
use crate::{
    arg::{ArgError, Call, Opened, ParamRole, ToolArg},
    error::ToolError,
    meta::{ParamMeta, ResponseFormat},
    output::{HandleDraft, Keep, ToolOutput},
    schema::InputSchema,
    store::{Store, StoreError},
    view,
};

/// State that outlives a request, named by an opaque handle: a cart, a draft, a browser
/// session, the position of a long walk. A tool that returns `Handle::new(value)` makes
/// one; a tool that takes a `Handle<T>` parameter gets it back, checked and loaded.
///
/// The runtime keeps `value` in the registry's [`Store`] (so any replica serves it), hands
/// the model a sealed handle (opaque, tamper-proof, bound to the caller and to `T`), and
/// before a tool that takes one runs, checks it and loads the value. A handle that was
/// edited, made for someone else or another type, has expired, was closed, or that the
/// store no longer holds is refused with an `isError` result that names the tool to call
/// for a new one.
///
/// How long a handle lives is the making tool's: `#[tool(handle_ttl_secs = 1800)]` (30
/// minutes by default), renewed by every use unless `handle_renew = false`; the runtime
/// states it in that tool's description. Changes are written with [`update`](Handle::update)
/// or [`set`](Handle::set), which fail rather than overwrite a change another call made
/// meanwhile; [`close`](Handle::close) ends it.
///
/// The making tool's result is `{"handle": "…", "expires_at": "…"}`; one that returns
/// `(Handle<T>, Json<V>)` sends a view of the state beside them (the files a review
/// opened, say), with the view's fields in its outputSchema too.
///
/// ```
/// use mcp_tools::prelude::*;
/// use schemars::JsonSchema;
/// use serde::{Deserialize, Serialize};
///
/// #[derive(Default, Serialize, Deserialize, JsonSchema)]
/// struct Cart {
///     skus: Vec<String>,
/// }
///
/// /// Open an empty cart to collect items before checking out.
/// #[tool(namespace = "cart", destructive = false, handle_ttl_secs = 3600)]
/// async fn open() -> Handle<Cart> {
///     Handle::new(Cart::default())
/// }
///
/// /// Add an item to a cart opened with `cart_open`.
/// #[tool(namespace = "cart", destructive = false)]
/// async fn add_item(
///     /// The `handle` that `cart_open` returned.
///     cart: Handle<Cart>,
///     /// Stock-keeping unit, like `SKU-1042`.
///     sku: String,
/// ) -> Result<String, ToolError> {
///     let mut cart = cart;
///     let count = cart.update(|c| { c.skus.push(sku); c.skus.len() }).await?;
///     Ok(format!("{count} items in the cart"))
/// }
/// # let _ = tools![open, add_item];
/// ```
pub struct Handle<T> {
    value: T,
    /// Set when the handle came back in a call; `None` for one being made.
    open: Option<Box<Opened>>,
}

impl<T> Handle<T> {
    /// A new piece of state: returned from a tool, the runtime keeps it and hands the
    /// model its handle. In tests, a handle the tool fns take, with no store behind it.
    pub fn new(value: T) -> Self {
        Handle { value, open: None }
    }

    /// The state.
    pub fn get(&self) -> &T {
        &self.value
    }

    /// The state, owned; the record is left as it is.
    pub fn into_inner(self) -> T {
        self.value
    }

    /// The id of the record, the same on every use of one handle: a key for resources of
    /// your own that belong to it. `None` for a handle not made yet.
    pub fn id(&self) -> Option<&str> {
        self.open
            .as_ref()
            .map(|o| o.key.strip_prefix(record::PREFIX).unwrap_or(&o.key))
    }
}

impl<T: Serialize> Handle<T> {
    /// Changes the state and writes it back; `change`'s return value is passed on.
    ///
    /// # Errors
    ///
    /// A conflict when another call changed or closed the state since this call read it
    /// (nothing of this change is kept; the model calls again), or retry-later when the
    /// store is down.
    pub async fn update<R>(&mut self, change: impl FnOnce(&mut T) -> R) -> Result<R, ToolError> {
        let out = change(&mut self.value);
        self.write().await?;
        Ok(out)
    }

    /// Replaces the state and writes it back.
    ///
    /// # Errors
    ///
    /// As [`update`](Handle::update).
    pub async fn set(&mut self, value: T) -> Result<(), ToolError> {
        self.value = value;
        self.write().await
    }

    /// Ends the handle: later uses are refused as closed, naming this tool. Returns the
    /// last state.
    ///
    /// # Errors
    ///
    /// As [`update`](Handle::update): a handle another call changed meanwhile stays open.
    pub async fn close(self) -> Result<T, ToolError> {
        if let Some(open) = &self.open {
            let closed = record::closed(open.tool);
            swap(open, &closed).await?;
        }
        Ok(self.value)
    }

    /// The result of a tool that returns this handle: `fields` (a view's, or none) with
    /// `handle` and `expires_at` beside them. A new handle's state goes to the runtime,
    /// which keeps it and adds the fields; a handle that came back is the same handle.
    pub(super) fn into_output_beside(
        self,
        mut fields: Map<String, Value>,
    ) -> Result<ToolOutput, ToolError> {
        let Some(open) = self.open else {
            let mut output = ToolOutput::structured(Value::Object(fields));
            output.keep = Some(Box::new(Keep::Handle(HandleDraft {
                state: detailed(&self.value)?,
            })));
            return Ok(output);
        };
        let Opened {
            token, expires_at, ..
        } = *open;
        fields.insert("handle".to_owned(), Value::String(token));
        fields.insert("expires_at".to_owned(), Value::String(expires_at));
        Ok(ToolOutput::structured(Value::Object(fields)))
    }

    async fn write(&mut self) -> Result<(), ToolError> {
        let Some(open) = &mut self.open else {
            // Made in this call: kept as it is when the tool returns it.
            return Ok(());
        };
        let bytes = record::open(&detailed(&self.value)?);
        swap(open, &bytes).await?;
        open.held = bytes;
        Ok(())
    }
}

/// The state's JSON in the detailed view: the store keeps all of it, whatever the call's
/// format (a `detailed_only` field is part of the state).
fn detailed<T: Serialize>(value: &T) -> Result<Vec<u8>, ToolError> {
    view::with_format(ResponseFormat::Detailed, || serde_json::to_vec(value))
        .map_err(|e| ToolError::internal(format!("a handle's state did not serialize: {e}")))
}

/// Replaces the record the call read with `bytes`, unless another call changed it.
async fn swap(open: &Opened, bytes: &[u8]) -> Result<(), ToolError> {
    match open
        .store
        .replace(&open.key, &open.held, bytes, open.ttl)
        .await
    {
        Ok(true) => Ok(()),
        Ok(false) => Err(ToolError::conflict(format!(
            "`{}` was changed or closed by another call while this one ran, so this change was not kept; call `{}` again",
            open.param, open.tool
        ))),
        Err(err) => Err(store_down(&err)),
    }
}

fn store_down(err: &StoreError) -> ToolError {
    tracing::error!(error = %err, "store unavailable while writing a handle's state");
    ToolError::retry_later(
        "the server's store is unavailable, so the state was not written; nothing was changed",
    )
    .with_retry_after(Duration::from_secs(2))
}

impl<T> Deref for Handle<T> {
    type Target = T;
    fn deref(&self) -> &T {
        &self.value
    }
}

impl<T: fmt::Debug> fmt::Debug for Handle<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Handle")
            .field("id", &self.id())
            .field("value", &self.value)
            .finish_non_exhaustive()
    }
}

/// What binds a handle to the tools that take it: the type's JSON Schema id, as for plans
/// (the same in every build of the same code).
pub(crate) fn handle_kind<T: JsonSchema>() -> String {
    T::schema_id().into_owned()
}

const HANDLE_DOC: &str = "A `handle` an earlier call returned; pass it exactly as returned.";

impl<T: DeserializeOwned + JsonSchema + Send + 'static> ToolArg for Handle<T> {
    const ROLE: ParamRole = ParamRole::Token;

    fn describe(param: &'static ParamMeta, schema: &mut InputSchema) {
        let description = param.description.unwrap_or(HANDLE_DOC);
        schema.properties.insert(
            param.name.to_owned(),
            json!({ "type": "string", "description": description }),
        );
        if param.required {
            schema.required.push(param.name.to_owned());
        }
        schema.handle_params.push((param.name, handle_kind::<T>()));
    }

    fn extract(param: &'static ParamMeta, call: &Call<'_>) -> Result<Self, ArgError> {
        // The runtime opened the handle and read its record before the handler ran.
        let Some(loaded) = call
            .handles
            .as_deref()
            .and_then(|all| all.iter().find(|h| h.opened.param == param.name))
        else {
            return Err(ArgError::server(
                param,
                format!("no handle loaded for `{}`", param.rust_name),
            ));
        };
        let value = T::deserialize(&loaded.value).map_err(|e| {
            ArgError::server(
                param,
                format!(
                    "the stored state does not fit `{}` (was the server updated since the handle was made?): {e}",
                    T::schema_id()
                ),
            )
        })?;
        Ok(Handle {
            value,
            open: Some(Box::new(loaded.opened.clone())),
        })
    }
}
