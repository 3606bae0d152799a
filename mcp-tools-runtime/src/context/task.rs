//! What a call running as a task holds of its task: where its progress goes (the task's
//! status message, which `tasks/get` shows), and, for a `task_deferred` tool, the way to
//! become a task part way through ([`ToolContext::continue_as_task`]).

use std::sync::{Arc, Mutex, OnceLock};

use rmcp::model::InputResponses;
use tokio::sync::{Notify, mpsc, oneshot};

use crate::error::ToolError;

/// The status message of a running task: the latest progress, for its runner to write.
#[derive(Debug, Default)]
pub(crate) struct Status {
    message: Mutex<Option<String>>,
    changed: Notify,
}

impl Status {
    pub(crate) fn set(&self, message: String) {
        *self
            .message
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner) = Some(message);
        self.changed.notify_one();
    }

    /// The message set since the last take, if any.
    pub(crate) fn take(&self) -> Option<String> {
        self.message
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .take()
    }

    /// Completes when a message was set after the last wait.
    pub(crate) async fn changed(&self) {
        self.changed.notified().await;
    }
}

/// A call's ask to become a task: the answers its input rounds gathered so far (the task
/// runs it again with them after a `tasks/update`), and where to say it is one.
#[derive(Debug)]
pub(crate) struct Continue {
    pub(crate) answers: InputResponses,
    pub(crate) reply: oneshot::Sender<Result<Arc<Status>, ToolError>>,
}

/// What a call's context knows of its task.
#[derive(Debug, Default)]
pub(crate) struct TaskLink {
    /// Set once the call runs as a task: its progress goes there, not to the client.
    pub(crate) status: OnceLock<Arc<Status>>,
    /// For a deferred call not yet a task: how it asks to become one.
    pub(crate) deferral: Option<mpsc::Sender<Continue>>,
}

impl TaskLink {
    /// The link of a call that runs as a task from the start.
    pub(crate) fn running(status: Arc<Status>) -> Self {
        let link = TaskLink::default();
        let _ = link.status.set(status);
        link
    }

    /// The link of a deferred call, which becomes a task when it asks on `deferral`.
    pub(crate) fn deferred(deferral: mpsc::Sender<Continue>) -> Self {
        TaskLink {
            status: OnceLock::new(),
            deferral: Some(deferral),
        }
    }
}
