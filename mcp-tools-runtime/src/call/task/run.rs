//! A task's run: the call through the pipeline, apart from any request, beside a heartbeat
//! that renews the runner's lease, writes the latest progress and notices a cancel another
//! replica wrote; then the outcome, written to the record unless it already ended.

use std::{sync::Arc, time::Duration};

use rmcp::{
    ErrorData,
    model::{
        CallToolRequestParams, CallToolResponse, ClientCapabilities, InputRequests, InputResponses,
    },
};
use serde_json::Value;
use tokio::sync::oneshot;
use tokio_util::sync::CancellationToken;

use crate::{
    call::{CallEnv, Detached, TaskEnv},
    context::{
        Caller,
        log::LogGate,
        task::{Status as Progress, TaskLink},
    },
    registry::Registry,
    task::{
        self, Changed, TaskId,
        record::{self, Status},
    },
};

/// The shortest time between two writes of a task's progress: a tool reporting in a
/// tight loop costs the store a write this often at most.
const PROGRESS_EVERY: Duration = Duration::from_millis(100);

/// One run of a task on this replica.
pub(super) struct Run {
    registry: Registry,
    /// The id of the task's records.
    id: String,
    progress: Arc<Progress>,
}

impl Run {
    pub(super) fn new(registry: Registry, id: TaskId) -> Self {
        Run {
            registry,
            id: id.key_text(),
            progress: Arc::default(),
        }
    }

    /// Where the call's progress goes.
    pub(super) fn status(&self) -> Arc<Progress> {
        Arc::clone(&self.progress)
    }

    /// Runs the call from the start, as a task: its asks answered from `answers`.
    pub(super) async fn detached(
        self,
        request: CallToolRequestParams,
        caller: Caller,
        capabilities: Option<ClientCapabilities>,
        answers: InputResponses,
    ) {
        let cancel = CancellationToken::new();
        let env = CallEnv {
            caller: Some(caller),
            request: None,
            stateless: true,
            log: LogGate::Off,
            task: Some(TaskEnv {
                link: TaskLink::running(self.status()),
                cancel: cancel.clone(),
                detached: Some(Detached {
                    capabilities,
                    answers,
                }),
            }),
        };
        let registry = self.registry.clone();
        let work = registry.dispatch(request, env);
        let outcome = self.beside_heartbeat(work, &cancel).await;
        self.settle(outcome).await;
    }

    /// Waits for a call that became a task part way through (`continue_as_task`).
    pub(super) async fn continued(
        self,
        finished: oneshot::Receiver<Result<CallToolResponse, ErrorData>>,
        cancel: CancellationToken,
    ) {
        let work = async { finished.await.unwrap_or_else(|_| Err(no_answer())) };
        let outcome = self.beside_heartbeat(work, &cancel).await;
        self.settle(outcome).await;
    }

    /// `work`, with the heartbeat beside it until it ends.
    async fn beside_heartbeat(
        &self,
        work: impl Future<Output = Result<CallToolResponse, ErrorData>>,
        cancel: &CancellationToken,
    ) -> Result<CallToolResponse, ErrorData> {
        let inner = &self.registry.inner;
        inner.runners.insert(&self.id, cancel.clone());
        let outcome = tokio::select! {
            biased;
            outcome = work => outcome,
            () = self.heartbeat(cancel) => unreachable!("the heartbeat never ends"),
        };
        inner.runners.remove(&self.id);
        outcome
    }

    async fn heartbeat(&self, cancel: &CancellationToken) {
        let inner = &self.registry.inner;
        let store = &*inner.store;
        let (key, lease_key) = (record::key(&self.id), record::lease_key(&self.id));
        let every = inner.tasks.heartbeat();
        let now = tokio::time::Instant::now();
        let mut written = now.checked_sub(PROGRESS_EVERY).unwrap_or(now);
        loop {
            tokio::select! {
                () = tokio::time::sleep(every) => {}
                // The first change goes out at once; the next no sooner than PROGRESS_EVERY
                // after it, with whatever the tool reported last.
                () = self.progress.changed() => {
                    tokio::time::sleep_until(written + PROGRESS_EVERY).await;
                }
            }
            written = tokio::time::Instant::now();
            let message = self.progress.take();
            let changed = task::change(store, &key, |r| {
                if r.status.is_terminal() {
                    return false;
                }
                match &message {
                    Some(m) if r.message.as_ref() != Some(m) => {
                        r.message = Some(m.clone());
                        r.touch();
                        true
                    }
                    _ => false,
                }
            })
            .await;
            match changed {
                // Cancelled (here or on another replica), or gone: stop the handler.
                Ok(Changed::Kept(r) | Changed::Written(r)) if r.status.is_terminal() => {
                    cancel.cancel();
                }
                Ok(Changed::Missing) => cancel.cancel(),
                Ok(_) => {}
                Err(err) => {
                    tracing::warn!(error = %err, "a task's heartbeat did not reach the store");
                }
            }
            if let Err(err) = store.put(&lease_key, b"1", inner.tasks.lease).await {
                tracing::warn!(error = %err, "a task's lease was not renewed");
            }
        }
    }

    /// Writes the call's outcome, unless the task already ended (cancelled).
    async fn settle(self, outcome: Result<CallToolResponse, ErrorData>) {
        let store = &*self.registry.inner.store;
        let (key, lease_key) = (record::key(&self.id), record::lease_key(&self.id));
        let mut message = self.progress.take();
        let (status, result, error, pending) = match outcome {
            Ok(CallToolResponse::Complete(result)) => (
                Status::Completed,
                as_object(serde_json::to_value(result)),
                None,
                InputRequests::new(),
            ),
            Ok(CallToolResponse::InputRequired(asked)) => {
                message = Some("waiting for the client's answers".to_owned());
                let pending = asked.input_requests.unwrap_or_default();
                (Status::InputRequired, None, None, pending)
            }
            // A task inside a task: not something the pipeline makes.
            Ok(_) => {
                let error = as_object(serde_json::to_value(lost()));
                (Status::Failed, None, error, InputRequests::new())
            }
            Err(error) => {
                let error = as_object(serde_json::to_value(error));
                (Status::Failed, None, error, InputRequests::new())
            }
        };
        let written = task::change(store, &key, |r| {
            if r.status.is_terminal() {
                return false;
            }
            if message.is_some() {
                r.message.clone_from(&message);
            }
            r.result.clone_from(&result);
            r.error.clone_from(&error);
            r.pending.clone_from(&pending);
            r.set(status);
            true
        })
        .await;
        if let Err(err) = written {
            tracing::error!(error = %err, "a task's outcome was not written; it will read as failed, its outcome unknown");
        }
        if let Err(err) = store.remove(&lease_key).await {
            tracing::warn!(error = %err, "a finished task's lease was not removed");
        }
    }
}

/// The error of a run whose handler went away without an outcome (its task was dropped).
pub(super) fn no_answer() -> ErrorData {
    ErrorData::internal_error(
        "the tool's run ended without an answer; the server's log has the details",
        None,
    )
}

fn lost() -> ErrorData {
    ErrorData::internal_error("the task's outcome was lost", None)
}

fn as_object(value: Result<Value, serde_json::Error>) -> Option<rmcp::model::JsonObject> {
    match value {
        Ok(Value::Object(object)) => Some(object),
        _ => None,
    }
}
