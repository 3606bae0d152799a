//! [`ToolContext`], what a tool fn holds of its call, and what it is made from.

use std::sync::{Arc, OnceLock, atomic::AtomicUsize};

use rmcp::{
    Peer, RoleServer,
    model::{ClientCapabilities, ProgressNotificationParam, ProgressToken, RequestId},
    service::RequestContext,
};
use tokio_util::sync::CancellationToken;

use super::{caller::Caller, input::Inputs, log::LogGate, task::TaskLink};

use crate::{
    limits::{CHARS_PER_TOKEN, DEFAULT_MAX_RESPONSE_TOKENS},
    meta::ResponseFormat,
};

/// What a call knows of the client behind it.
#[derive(Debug, Default)]
pub(crate) struct ClientLink {
    /// The request, when a client sent it: its peer, and what it says of the client.
    request: Option<RequestContext<RoleServer>>,
    /// A 2026-07-28 request: no server-to-client requests; input comes by retry.
    pub(crate) stateless: bool,
    pub(crate) log: LogGate,
    /// The answers of an input round; only a request that can have one gets it.
    pub(crate) inputs: Option<Arc<Inputs>>,
    /// How many asks this run of the tool made, for their keys.
    pub(crate) asked: AtomicUsize,
    /// The client's capabilities, read on first use: most tools never ask.
    capabilities: OnceLock<Option<ClientCapabilities>>,
    /// The task the call runs as, or may become.
    pub(crate) task: Option<TaskLink>,
    /// What the client answered to requests sent to it (2025-11-25), kept for a deferred
    /// call: when it becomes a task, a later run of it has the answers already.
    pub(crate) answered: std::sync::Mutex<rmcp::model::InputResponses>,
}

impl ClientLink {
    /// The link of a request, when a client sent one.
    pub(crate) fn of(
        request: Option<RequestContext<RoleServer>>,
        stateless: bool,
        log: LogGate,
    ) -> Self {
        ClientLink {
            request,
            stateless,
            log,
            ..ClientLink::default()
        }
    }

    /// The link of a call that runs as a task, apart from any request: the capabilities
    /// are those the client declared when it started the task.
    pub(crate) fn of_task(capabilities: Option<ClientCapabilities>, task: TaskLink) -> Self {
        ClientLink {
            stateless: true,
            capabilities: OnceLock::from(capabilities),
            task: Some(task),
            ..ClientLink::default()
        }
    }

    pub(crate) fn peer(&self) -> Option<&Peer<RoleServer>> {
        self.request.as_ref().map(|r| &r.peer)
    }

    pub(crate) fn capabilities(&self) -> Option<&ClientCapabilities> {
        self.capabilities
            .get_or_init(|| self.request.as_ref()?.client_capabilities())
            .as_ref()
    }
}

/// The context of one tool call: take it as a `ctx: ToolContext` parameter.
///
/// ```
/// use mcp_tools::ToolContext;
///
/// # tokio_test_shim::block_on(async {
/// let ctx = ToolContext::detached("shipment_search");
/// ctx.progress(1.0, Some(4.0), "1 of 4 depots searched").await; // no-op without a client
/// assert!(!ctx.is_cancelled());
/// # });
/// # mod tokio_test_shim { pub fn block_on<F: std::future::Future>(f: F) -> F::Output {
/// #     tokio::runtime::Builder::new_current_thread().build().unwrap().block_on(f) } }
/// ```
#[derive(Clone, Debug)]
pub struct ToolContext {
    pub(super) inner: Arc<Inner>,
}

#[derive(Debug)]
pub(super) struct Inner {
    pub(super) tool: &'static str,
    pub(super) cancel: CancellationToken,
    pub(super) link: ClientLink,
    pub(super) progress_token: Option<ProgressToken>,
    pub(super) request_id: Option<RequestId>,
    pub(super) caller: Caller,
    pub(super) budget: ResultBudget,
}

/// What a call's result may hold, so a tool can size its answer and never be cut: take
/// [`ToolContext::budget`] and page or summarise within it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ResultBudget {
    /// Tokens of the whole result: every content block, the structured value and its
    /// text mirror; a notice needs about 160 of them if the result is cut.
    pub tokens: usize,
    /// Characters of the whole result (the bound published as `maxResultSizeChars`).
    pub chars: usize,
    /// The format the call asked for; `tokens` is this format's budget.
    pub format: ResponseFormat,
}

impl ResultBudget {
    /// The registry's defaults, for a context with no registry behind it.
    pub(crate) const DETACHED: ResultBudget = ResultBudget {
        tokens: DEFAULT_MAX_RESPONSE_TOKENS,
        chars: DEFAULT_MAX_RESPONSE_TOKENS * CHARS_PER_TOKEN,
        format: ResponseFormat::Detailed,
    };
}

impl ToolContext {
    pub(crate) fn new(
        tool: &'static str,
        cancel: CancellationToken,
        link: ClientLink,
        progress_token: Option<ProgressToken>,
        request_id: Option<RequestId>,
        caller: Caller,
        budget: ResultBudget,
    ) -> Self {
        ToolContext {
            inner: Arc::new(Inner {
                tool,
                cancel,
                link,
                progress_token,
                request_id,
                caller,
                budget,
            }),
        }
    }

    /// A context with no client behind it, for calling tool fns directly in tests.
    #[must_use]
    pub fn detached(tool: &'static str) -> Self {
        Self::new(
            tool,
            CancellationToken::new(),
            ClientLink::default(),
            None,
            None,
            Caller::local(),
            ResultBudget::DETACHED,
        )
    }

    /// The budget of this call's result (the call's format's, within the tool's and the
    /// registry's caps). A result within it is sent whole.
    #[must_use]
    pub fn budget(&self) -> ResultBudget {
        self.inner.budget
    }

    /// The wire name of the tool being called.
    #[must_use]
    pub fn tool_name(&self) -> &'static str {
        self.inner.tool
    }

    /// Who is calling.
    #[must_use]
    pub fn caller(&self) -> &Caller {
        &self.inner.caller
    }

    /// The JSON-RPC id of the request, when served.
    #[must_use]
    pub fn request_id(&self) -> Option<&RequestId> {
        self.inner.request_id.as_ref()
    }

    /// Cancelled when the client cancels the request or goes away.
    #[must_use]
    pub fn cancellation_token(&self) -> &CancellationToken {
        &self.inner.cancel
    }

    /// Whether the call was cancelled; long loops should check it and stop.
    #[must_use]
    pub fn is_cancelled(&self) -> bool {
        self.inner.cancel.is_cancelled()
    }

    /// Completes when the call is cancelled.
    pub async fn cancelled(&self) {
        self.inner.cancel.cancelled().await;
    }

    /// Reports progress to the client, if it asked for progress; otherwise does nothing.
    /// A call that runs as a task shows it as the task's status message instead.
    pub async fn progress(&self, progress: f64, total: Option<f64>, message: impl Into<String>) {
        let message = message.into();
        if let Some(status) = self.task_status() {
            status.set(status_message(progress, total, message));
            return;
        }
        let (Some(peer), Some(token)) = (self.inner.link.peer(), &self.inner.progress_token) else {
            return;
        };
        let mut param =
            ProgressNotificationParam::new(token.clone(), progress).with_message(message);
        if let Some(total) = total {
            param = param.with_total(total);
        }
        if let Err(err) = peer.notify_progress(param).await {
            tracing::debug!(tool = self.inner.tool, error = %err, "progress notification not delivered");
        }
    }
}

/// A task's status message for a progress report: the tool's message, or the figures when
/// it gave none.
fn status_message(progress: f64, total: Option<f64>, message: String) -> String {
    if !message.is_empty() {
        return message;
    }
    match total {
        Some(total) => format!("{progress} of {total}"),
        None => format!("{progress} done"),
    }
}
