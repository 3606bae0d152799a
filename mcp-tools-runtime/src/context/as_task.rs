//! What a tool holds of the task its call runs as: [`ToolContext::continue_as_task`] and
//! [`ToolContext::is_task`].

use std::sync::Arc;

use tokio::sync::oneshot;

use super::{
    task::{Continue, Status},
    tool_context::ToolContext,
};
use crate::error::ToolError;

impl ToolContext {
    /// Makes the rest of this call a task, for a `#[tool(task = …, task_deferred)]` tool:
    /// the client gets a task at once, and the handler goes on in the background, its
    /// progress shown as the task's status and its result kept for the client to fetch.
    /// What the handler asked before (a confirmation, a choice) was answered the way a
    /// plain call's asks are; asks after it wait on the task (`input_required`).
    ///
    /// Does nothing when the call already runs as a task, or when the client does not
    /// support tasks (for a `task = "optional"` tool, which then finishes as a plain call).
    ///
    /// # Errors
    ///
    /// When the server's store cannot keep the task: propagate it with `?`, nothing has
    /// started.
    pub async fn continue_as_task(&self) -> Result<(), ToolError> {
        let link = &self.inner.link;
        let Some(task) = &link.task else {
            return Ok(());
        };
        if task.status.get().is_some() {
            return Ok(());
        }
        let Some(deferral) = &task.deferral else {
            return Ok(());
        };
        // What the call was told so far, by input rounds or by requests to the client.
        let mut answers = link
            .inputs
            .as_deref()
            .map(|inputs| inputs.answers().clone())
            .unwrap_or_default();
        answers.extend(
            link.answered
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner)
                .clone(),
        );
        let (reply, replied) = oneshot::channel();
        if deferral.send(Continue { answers, reply }).await.is_err() {
            return Err(ToolError::internal("the call can no longer become a task"));
        }
        let status = replied
            .await
            .map_err(|_| ToolError::internal("the call can no longer become a task"))??;
        let _ = task.status.set(status);
        Ok(())
    }

    /// Whether this call runs as a task (its client polls for the result).
    #[must_use]
    pub fn is_task(&self) -> bool {
        self.inner
            .link
            .task
            .as_ref()
            .is_some_and(|t| t.status.get().is_some())
    }

    /// The task's status, when the call runs as one.
    pub(crate) fn task_status(&self) -> Option<&Arc<Status>> {
        self.inner.link.task.as_ref()?.status.get()
    }
}
