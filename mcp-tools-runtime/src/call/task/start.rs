//! Starting a task: the record first (so the id answers `tasks/get` on any replica the
//! moment the client has it), then the run, apart from the request.

use std::time::Duration;

use rmcp::{
    ErrorData,
    model::{
        CallToolRequestParams, CallToolResponse, CallToolResult, ClientCapabilities,
        CreateTaskResult, InputResponses,
    },
};
use tokio::sync::{mpsc, oneshot};
use tokio_util::sync::CancellationToken;

use super::run::{self, Run};
use crate::{
    call::{
        CallEnv, Prepared, TaskEnv,
        base::{Failure, caller_digest},
        respond,
    },
    context::{Caller, log::LogGate, task::TaskLink},
    error::ToolError,
    registry::Registry,
    task::{
        self, TaskId,
        record::{self, Record, Status},
    },
};

/// A task's record as it starts: working, with what a later run needs.
#[derive(Clone)]
struct Start {
    request: CallToolRequestParams,
    caller: Caller,
    capabilities: Option<ClientCapabilities>,
    answers: InputResponses,
}

impl Start {
    /// What a task started by `request` keeps: the call as a later run makes it, its
    /// caller, the client's capabilities; no answers yet.
    fn of(registry: &Registry, request: &CallToolRequestParams, env: &CallEnv) -> Start {
        Start {
            request: stored_request(request, env),
            caller: env
                .caller
                .clone()
                .unwrap_or_else(|| registry.inner.default_caller.clone()),
            capabilities: env
                .request
                .as_ref()
                .and_then(rmcp::service::RequestContext::client_capabilities),
            answers: InputResponses::new(),
        }
    }
}

impl Registry {
    /// Validates and authorizes the call as the pipeline would, and answers a refusal at
    /// once; otherwise writes the task's record and runs the call apart from the request.
    pub(super) async fn start_task(
        &self,
        request: CallToolRequestParams,
        env: CallEnv,
    ) -> Result<CallToolResponse, ErrorData> {
        let start = Start::of(self, &request, &env);
        if let Some(answered) = self.refused(request, env.caller) {
            return answered;
        }
        let answers = start.answers.clone();
        let (id, sealed, record) = match self.write_record(&start).await {
            Ok(written) => written,
            Err(err) => return Ok(self.refusal(&start.request, err).into()),
        };
        let run = Run::new(self.clone(), id);
        let (request, caller, capabilities) = (start.request, start.caller, start.capabilities);
        tokio::spawn(async move {
            run.detached(request, caller, capabilities, answers).await;
        });
        Ok(CreateTaskResult::new(record.task(&sealed)).into())
    }

    /// A `task_deferred` call: runs as a plain call until its handler calls
    /// `continue_as_task`, which writes the record and answers the request with the task
    /// while the handler goes on.
    pub(super) async fn start_deferred(
        &self,
        request: CallToolRequestParams,
        mut env: CallEnv,
    ) -> Result<CallToolResponse, ErrorData> {
        let base = Start::of(self, &request, &env);
        let request_cancel = env.request.as_ref().map(|r| r.ct.clone());
        let (deferral, mut continues) = mpsc::channel(1);
        let cancel = CancellationToken::new();
        env.task = Some(TaskEnv {
            link: TaskLink::deferred(deferral),
            cancel: cancel.clone(),
            detached: None,
        });
        let (done, mut finished) = oneshot::channel();
        let registry = self.clone();
        tokio::spawn(async move {
            let outcome = registry.dispatch(request, env).await;
            let _ = done.send(outcome);
        });
        let request_cancelled = async {
            match &request_cancel {
                Some(token) => token.cancelled().await,
                None => std::future::pending().await,
            }
        };
        tokio::pin!(request_cancelled);
        loop {
            let asked = tokio::select! {
                biased;
                outcome = &mut finished => {
                    return outcome.unwrap_or_else(|_| Err(run::no_answer()));
                }
                Some(asked) = continues.recv() => asked,
                () = &mut request_cancelled => {
                    // Until it is a task, the call is the request's: its cancel is the call's.
                    cancel.cancel();
                    continue;
                }
            };
            let start = Start {
                answers: asked.answers,
                ..base.clone()
            };
            let (id, sealed, record) = match self.write_record(&start).await {
                Ok(written) => written,
                Err(err) => {
                    let _ = asked.reply.send(Err(err));
                    continue;
                }
            };
            let run = Run::new(self.clone(), id);
            let status = run.status();
            let token = cancel.clone();
            tokio::spawn(async move { run.continued(finished, token).await });
            let _ = asked.reply.send(Ok(status));
            return Ok(CreateTaskResult::new(record.task(&sealed)).into());
        }
    }

    /// A task that could not start, as the model reads it.
    fn refusal(&self, request: &CallToolRequestParams, err: ToolError) -> CallToolResult {
        match self.inner.routes.get(request.name.as_ref()) {
            Some(route) => respond::failure(
                &self.inner.entries[route.index],
                Failure::Failed(err),
                None,
                self.inner.limits.max_error_chars,
            ),
            None => CallToolResult::error(vec![rmcp::model::ContentBlock::text(err.message())]),
        }
    }

    /// Checks the call the way the pipeline would before its handler runs: an unknown
    /// tool, a caller without its scopes and bad arguments are answered now, not as a task.
    /// `None` when it may start.
    fn refused(
        &self,
        request: CallToolRequestParams,
        caller: Option<Caller>,
    ) -> Option<Result<CallToolResponse, ErrorData>> {
        let probe = CallEnv {
            caller,
            request: None,
            stateless: true,
            log: LogGate::Off,
            task: None,
        };
        match self.prepare(request, probe) {
            Prepared::Done(answered) => Some(answered),
            Prepared::Search(..) | Prepared::Run(_) => None,
        }
    }

    /// Writes the record of a task that starts working now, and its runner's first lease:
    /// the id, the id as the client gets it, and the record.
    async fn write_record(&self, start: &Start) -> Result<(TaskId, String, Record), ToolError> {
        let inner = &self.inner;
        let subject = start.caller.identity();
        let id = TaskId::new(caller_digest(subject.as_deref()))
            .map_err(|err| ToolError::internal(format!("no randomness for a task id: {err}")))?;
        let sealed = id.seal(&inner.sealer);
        let entry = inner
            .routes
            .get(start.request.name.as_ref())
            .map(|r| &inner.entries[r.index]);
        let ttl = entry
            .and_then(|e| e.meta.task_ttl_secs)
            .map_or(task::DEFAULT_TTL, Duration::from_secs);
        let now = record::now_ms();
        let record = Record {
            status: Status::Working,
            message: None,
            created: now,
            updated: now,
            ttl_ms: u64::try_from(ttl.as_millis()).unwrap_or(u64::MAX),
            poll_ms: u64::try_from(inner.tasks.poll.as_millis()).unwrap_or(u64::MAX),
            request: start.request.clone(),
            capabilities: start.capabilities.clone(),
            answers: start.answers.clone(),
            pending: rmcp::model::InputRequests::new(),
            result: None,
            error: None,
        };
        let key_text = id.key_text();
        let store = &*inner.store;
        let written = async {
            // The lease first: a `tasks/get` between the two writes must not find a
            // working task without a runner.
            store
                .put(&record::lease_key(&key_text), b"1", inner.tasks.lease)
                .await?;
            store
                .put_new(&record::key(&key_text), &record.to_bytes(), ttl)
                .await
        };
        match written.await {
            Ok(true) => Ok((id, sealed, record)),
            Ok(false) => Err(ToolError::internal("a fresh task id was already taken")),
            Err(err) => {
                tracing::error!(error = %err, "store unavailable while starting a task");
                Err(ToolError::retry_later(
                    "the server's store is unavailable, so the task was not started; nothing ran",
                )
                .with_retry_after(Duration::from_secs(2)))
            }
        }
    }
}

/// The call as a later run makes it again: name, arguments and `_meta` (an idempotency key
/// rides there), without this request's input round, whose answers the record keeps.
fn stored_request(request: &CallToolRequestParams, env: &CallEnv) -> CallToolRequestParams {
    let mut stored = CallToolRequestParams::new(request.name.clone());
    stored.arguments.clone_from(&request.arguments);
    stored.meta = request
        .meta
        .clone()
        .or_else(|| env.request.as_ref().map(|r| r.meta.clone()));
    stored
}
