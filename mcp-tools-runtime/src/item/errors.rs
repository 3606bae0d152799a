//! A prompt's or resource's failure as the JSON-RPC error `prompts/get` and
//! `resources/read` answer with: they have no `isError` result, so the kind travels in the
//! error's code and `data`, and an internal failure (a bug, a panic) is masked as a tool's is.

use std::{future::Future, panic::AssertUnwindSafe};

use futures::FutureExt as _;
use rmcp::{ErrorData, model::ErrorCode};
use serde_json::json;

use crate::error::{ErrorKind, ToolError, new_reference};

/// Runs a handler's future; a panic becomes an internal error, so it never takes the
/// server (or the session) down.
pub(crate) async fn guarded<T>(
    future: impl Future<Output = Result<T, ToolError>>,
) -> Result<T, ToolError> {
    match AssertUnwindSafe(future).catch_unwind().await {
        Ok(result) => result,
        Err(panic) => {
            let detail = panic
                .downcast_ref::<&str>()
                .map(|s| (*s).to_owned())
                .or_else(|| panic.downcast_ref::<String>().cloned())
                .unwrap_or_else(|| "a panic without a message".to_owned());
            Err(ToolError::internal(format!(
                "the handler panicked: {detail}"
            )))
        }
    }
}

/// `err` of the prompt or resource `what` (``prompt `library_remind` ``), defined by the fn at
/// `fn_path`: the model or client reads the message of every kind but `Internal`, which is
/// logged with a reference the message names.
pub(crate) fn to_rpc_error(
    err: &ToolError,
    what: &str,
    fn_path: &str,
    max_chars: usize,
) -> ErrorData {
    let kind = err.kind();
    let reference = (kind == ErrorKind::Internal).then(new_reference);
    if let Some(reference) = &reference {
        tracing::error!(
            item = what,
            function = fn_path,
            reference,
            detail = err.log_detail(),
            "failed"
        );
    } else {
        tracing::debug!(
            item = what,
            kind = kind.as_str(),
            message = err.message(),
            "returned an error"
        );
    }
    let message = crate::error::clip_owned(err.model_text(reference.as_deref()), max_chars);
    let code = match kind {
        ErrorKind::InvalidInput | ErrorKind::NotFound => ErrorCode::INVALID_PARAMS,
        ErrorKind::PermissionDenied => ErrorCode::INVALID_REQUEST,
        _ => ErrorCode::INTERNAL_ERROR,
    };
    let mut data = json!({ "kind": kind.as_str(), "retryable": kind.is_retryable() });
    if let Some(reference) = reference {
        data["reference"] = reference.into();
    }
    ErrorData::new(code, message, Some(data))
}
