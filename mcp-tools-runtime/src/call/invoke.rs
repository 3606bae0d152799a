//! Invoke: run the handler, bounded by its timeout and the client's cancellation, with a
//! panic caught; and what can go wrong on the way there.

use std::{fmt::Write as _, future::Future, panic::AssertUnwindSafe, time::Duration};

use futures::FutureExt;
use tokio_util::sync::CancellationToken;

use crate::{arg::Call, definition::ToolDefinition, error::ToolError, output::ToolOutput};

/// The most argument problems an error lists.
const MAX_PROBLEMS: usize = 20;

/// The longest one problem's line may be.
const MAX_PROBLEM_CHARS: usize = 300;

/// Why a call produced no output.
#[derive(Debug)]
pub(crate) enum Failure {
    /// Refused before the handler ran (scopes, arguments), with the outcome to count.
    Refused(ToolError, &'static str),
    /// The handler returned an error, or timed out.
    Failed(ToolError),
    /// The handler panicked; the payload's text, for the log only.
    Panicked(String),
    /// The client cancelled the request.
    Cancelled,
}

impl Failure {
    /// Arguments that broke the published schema: a problem a line, each cut to
    /// [`MAX_PROBLEM_CHARS`], as many as fit in `max_chars` (at most [`MAX_PROBLEMS`]: a
    /// client can send thousands of bad arguments, each of any length), then how many more
    /// there are.
    pub(super) fn invalid_arguments(
        entry: &ToolDefinition,
        problems: &[String],
        max_chars: usize,
    ) -> Self {
        tracing::debug!(
            tool = entry.name(),
            problems = problems.len(),
            "arguments rejected"
        );
        // Room for the kind's label and the closing count.
        let mut room = max_chars.saturating_sub(80);
        let mut text = String::new();
        let mut shown = 0;
        for problem in problems.iter().take(MAX_PROBLEMS) {
            let line = crate::error::clip(problem, MAX_PROBLEM_CHARS);
            // Bytes bound characters: count them only when the bound does not settle it.
            let len = if line.len() < room {
                line.len()
            } else {
                line.chars().count()
            } + 1;
            if len > room && shown > 0 {
                break;
            }
            room = room.saturating_sub(len);
            if shown > 0 {
                text.push('\n');
            }
            text.push_str(&line);
            shown += 1;
        }
        if problems.len() > shown {
            let _ = write!(
                text,
                "\nand {} more problems; fix these first",
                problems.len() - shown
            );
        }
        Failure::Refused(ToolError::invalid_input(text), "invalid_arguments")
    }
}

impl From<ToolError> for Failure {
    fn from(err: ToolError) -> Self {
        Failure::Failed(err)
    }
}

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
