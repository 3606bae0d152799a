//! Invoke: run the handler, bounded by its timeout and the client's cancellation, with a
//! panic caught; and what can go wrong on the way there.

use std::{future::Future, panic::AssertUnwindSafe, time::Duration};

use futures::FutureExt;
use tokio_util::sync::CancellationToken;

use super::base::Failure;
use crate::{arg::Call, definition::ToolDefinition, error::ToolError, output::ToolOutput};

/// Runs the handler until it finishes or the client cancels, whichever comes first.
pub(super) async fn invoke(
    entry: &ToolDefinition,
    call: &Call<'_>,
    cancel: Option<&CancellationToken>,
) -> Result<ToolOutput, Failure> {
    let handler = AssertUnwindSafe((entry.handler)(call)).catch_unwind();
    let result = match (entry.meta.timeout_ms, cancel) {
        // No client, no cancellation.
        (None, None) => handler.await.map_err(panic_detail),
        // `biased`: a handler that finishes on its first poll never arms the token's waiter.
        (None, Some(cancel)) => tokio::select! {
            biased;
            result = handler => result.map_err(panic_detail),
            () = cancel.cancelled() => return Err(Failure::Cancelled),
        },
        // Boxed, so calls without a timeout do not carry (and move) its state.
        (Some(ms), cancel) => Box::pin(timed(entry, handler, ms, cancel)).await?,
    };
    match result {
        Ok(done) => done.map_err(Failure::Failed),
        Err(detail) => Err(Failure::Panicked(detail)),
    }
}

async fn timed<F>(
    entry: &ToolDefinition,
    handler: F,
    ms: u64,
    cancel: Option<&CancellationToken>,
) -> Result<Result<Result<ToolOutput, ToolError>, String>, Failure>
where
    F: Future<Output = std::thread::Result<Result<ToolOutput, ToolError>>>,
{
    let timed = async {
        match tokio::time::timeout(Duration::from_millis(ms), handler).await {
            Ok(result) => result.map_err(panic_detail),
            Err(_) => Ok(Err(timeout_error(entry, ms))),
        }
    };
    match cancel {
        None => Ok(timed.await),
        Some(cancel) => tokio::select! {
            biased;
            result = timed => Ok(result),
            () = cancel.cancelled() => Err(Failure::Cancelled),
        },
    }
}

fn timeout_error(entry: &ToolDefinition, ms: u64) -> ToolError {
    if entry.meta.read_only == Some(true) {
        ToolError::retry_later(format!(
            "timed out after {ms} ms; retry, or narrow the request so it does less work"
        ))
    } else {
        ToolError::outcome_unknown(format!(
            "timed out after {ms} ms; the change may or may not have been applied, so check the current state before calling again"
        ))
    }
}

fn panic_detail(payload: Box<dyn std::any::Any + Send>) -> String {
    payload
        .downcast_ref::<&str>()
        .map(|s| (*s).to_owned())
        .or_else(|| payload.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "non-string panic payload".to_owned())
}
