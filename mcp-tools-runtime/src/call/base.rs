//! What the stages of a call share: how the transport hands a request in ([`CallEnv`]),
//! why a call produced no output ([`Failure`]), and the text and `_meta` every stage's
//! errors use. The stages import from here, not from each other.

use std::{fmt::Write as _, time::Duration};

use rmcp::{
    RoleServer,
    model::{
        CallToolResult, ClientCapabilities, ContentBlock, InputResponses, JsonObject, MetaObject,
    },
    service::RequestContext,
};
use serde_json::json;
use tokio_util::sync::CancellationToken;

use crate::{
    context::{Caller, log::LogGate, task::TaskLink},
    definition::ToolDefinition,
    error::ToolError,
    seal,
    store::StoreError,
    wire::ERROR_META_KEY,
};

/// What the transport knows about a request. Only a tool that takes a `ToolContext` gets
/// it all, as a [`ClientLink`](crate::context::ClientLink); the others keep just the
/// cancellation token.
#[derive(Default)]
pub(crate) struct CallEnv {
    /// The request, when a client sent one; its cancellation token is the call's.
    pub(crate) request: Option<RequestContext<RoleServer>>,
    /// A 2026-07-28 request: no server-to-client requests; input comes by retry.
    pub(crate) stateless: bool,
    pub(crate) log: LogGate,
    pub(crate) caller: Option<Caller>,
    /// Set when the call runs as a task, or may become one.
    pub(crate) task: Option<TaskEnv>,
}

/// What a call that runs as a task (or may become one) gets beside its request.
pub(crate) struct TaskEnv {
    pub(crate) link: TaskLink,
    /// The call's token: the task's own, which `tasks/cancel` fires, rather than the
    /// request's, which ends with the request.
    pub(crate) cancel: CancellationToken,
    /// A task's run apart from any request: the capabilities the client declared when it
    /// started the task, and the answers its `tasks/update`s brought.
    pub(crate) detached: Option<Detached>,
}

/// What a task's run has in place of a request.
pub(crate) struct Detached {
    pub(crate) capabilities: Option<ClientCapabilities>,
    pub(crate) answers: InputResponses,
}

/// The caller's digest, which binds handles and keys to whoever made them.
pub(crate) fn caller_digest(subject: Option<&str>) -> u64 {
    match subject {
        Some(subject) => seal::digest64(&[subject.as_bytes()]),
        None => seal::digest64(&[]),
    }
}

/// The store could not be reached while the call was `doing` something: a retry later may
/// succeed, and nothing was changed.
pub(crate) fn store_down(err: &StoreError, doing: &str) -> Failure {
    tracing::error!(error = %err, "store unavailable while {doing}");
    Failure::Failed(
        ToolError::retry_later(format!(
            "the server's store is unavailable, so it could not {doing}; nothing was changed"
        ))
        .with_retry_after(Duration::from_secs(2)),
    )
}

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
    pub(crate) fn invalid_arguments(
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

/// A successful result of `content`. `isError` is left out: the specification reads a
/// missing `isError` as false, and every client parses the key on every call otherwise
/// (rmcp's client tries each result type in turn, about 2,300 instructions a call).
pub(crate) fn success(content: Vec<ContentBlock>) -> CallToolResult {
    let mut result = CallToolResult::success(content);
    result.is_error = None;
    result
}

/// The `_meta` record of an `isError` result.
pub(crate) fn error_meta(kind: &str, retryable: bool, reference: Option<&str>) -> MetaObject {
    let mut detail = json!({ "kind": kind, "retryable": retryable });
    if let Some(reference) = reference {
        detail["reference"] = json!(reference);
    }
    let mut map = JsonObject::new();
    map.insert(ERROR_META_KEY.to_owned(), detail);
    MetaObject(map)
}

pub(crate) fn count_call(entry: &ToolDefinition, outcome: &'static str) {
    crate::counter::count_call(&entry.call_keys, entry.name(), outcome);
}

/// `a`, `b` → "`a`, `b`".
pub(crate) fn quoted(names: &[&str]) -> String {
    names
        .iter()
        .map(|n| format!("`{n}`"))
        .collect::<Vec<_>>()
        .join(", ")
}
