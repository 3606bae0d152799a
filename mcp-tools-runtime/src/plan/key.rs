//! `IdempotencyKey`: the argument that makes a retried change run once.

use std::fmt;

use serde_json::json;

use crate::{
    arg::{ArgError, Call, ParamRole, ToolArg},
    meta::ParamMeta,
    schema::InputSchema,
};

/// An idempotency key the model (or its client) chooses: a tool that changes state takes it
/// as `idempotency_key: Option<IdempotencyKey>`, and a retry with the same key and the same
/// arguments returns the first call's result instead of acting again.
///
/// The runtime records the first successful result under the key, the tool and the caller
/// in the registry's [`Store`](crate::store::Store), for
/// [`idempotency_retention`](crate::registry::RegistryBuilder::idempotency_retention) (24 hours by
/// default). The same key with other arguments is refused; a call still running under the
/// key makes a second one wait its turn ("retry later"); a call that failed leaves the key
/// free. A client can also send the key in the request's `_meta` under
/// `"mcp-tools/idempotency-key"`, for any tool that is not read-only, without this
/// parameter. A read-only tool cannot take one (the registry refuses to build): reading
/// twice is harmless.
///
/// The handler gets the key too, to pass to a service of its own that takes one.
///
/// ```
/// use mcp_tools::prelude::*;
///
/// /// Send a payment to a supplier.
/// ///
/// /// Use for invoices already approved; pass an `idempotency_key` so a retry never pays twice.
/// #[tool(namespace = "payment", destructive = false)]
/// async fn send(
///     /// Invoice number, like `INV-2026-0042`.
///     invoice_number: String,
///     idempotency_key: Option<IdempotencyKey>,
/// ) -> String {
///     format!("paid {invoice_number}")
/// }
/// ```
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct IdempotencyKey(String);

impl IdempotencyKey {
    /// A key, for calling a tool fn directly in tests.
    pub fn new(key: impl Into<String>) -> Self {
        IdempotencyKey(key.into())
    }

    /// The key as sent.
    #[must_use]
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl fmt::Debug for IdempotencyKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("IdempotencyKey").field(&self.0).finish()
    }
}

impl fmt::Display for IdempotencyKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

const KEY_DOC: &str = "Any unique text for this request, such as a UUID: a retry with the same key and arguments returns the first result instead of acting twice.";

impl ToolArg for IdempotencyKey {
    const ROLE: ParamRole = ParamRole::Token;

    fn describe(param: &'static ParamMeta, schema: &mut InputSchema) {
        let description = param.description.unwrap_or(KEY_DOC);
        schema.properties.insert(
            param.name.to_owned(),
            json!({
                "type": "string",
                "minLength": 1,
                "maxLength": crate::limits::MAX_IDEMPOTENCY_KEY_CHARS,
                "description": description,
            }),
        );
        if param.required {
            schema.required.push(param.name.to_owned());
        }
        schema.idempotency_param = Some(param.name);
    }

    fn extract(param: &'static ParamMeta, call: &Call<'_>) -> Result<Self, ArgError> {
        match call.arg(param.name) {
            Some(serde_json::Value::String(key)) => Ok(IdempotencyKey(key.clone())),
            // The validator has checked the type; absence is the only way here.
            _ => Err(ArgError::missing(param)),
        }
    }
}
