//! `tasks/get`, `tasks/update` and `tasks/cancel`, answered from the task's record for
//! the caller who started it, on whichever replica the request reaches.

use serde_json::json;

use rmcp::{
    ErrorData,
    model::{CallToolRequestParams, GetTaskResult, InputResponses},
};

use super::run::Run;
use crate::{
    call::base::caller_digest,
    context::Caller,
    registry::Registry,
    store::StoreError,
    task::{
        self, Changed, TaskId,
        record::{self, Record, Status},
    },
};

impl Registry {
    /// `tasks/get`: the task as its record says, with a working task whose runner is gone
    /// reported failed, its outcome unknown.
    pub(crate) async fn get_task_for(
        &self,
        task_id: &str,
        caller: &Caller,
    ) -> Result<GetTaskResult, ErrorData> {
        let inner = &self.inner;
        let store = &*inner.store;
        let id = self.task_of(task_id, caller)?;
        let key_text = id.key_text();
        let key = record::key(&key_text);
        let bytes = store
            .get(&key)
            .await
            .map_err(|e| store_down(&e))?
            .ok_or_else(|| unknown(task_id))?;
        let mut found = Record::parse(&bytes).ok_or_else(|| unknown(task_id))?;
        if found.status == Status::Working && self.runner_gone(&found, &key_text).await? {
            let seen = found.updated;
            found = match task::change(store, &key, |r| {
                if r.status != Status::Working || r.updated != seen {
                    return false;
                }
                r.error = Some(outcome_unknown());
                r.message = Some("the server running it stopped".to_owned());
                r.set(Status::Failed);
                true
            })
            .await
            .map_err(|e| store_down(&e))?
            {
                Changed::Written(r) | Changed::Kept(r) => r,
                Changed::Missing => return Err(unknown(task_id)),
            };
        }
        Ok(GetTaskResult::new(found.detailed(task_id)))
    }

    /// `tasks/update`: keeps the answers to what the task asks; once every ask is
    /// answered, runs the call again with them here, authorized as `caller` now (scopes
    /// revoked since the task started are not held by its next run).
    pub(crate) async fn update_task_for(
        &self,
        task_id: &str,
        responses: InputResponses,
        caller: &Caller,
    ) -> Result<(), ErrorData> {
        let inner = &self.inner;
        let store = &*inner.store;
        let id = self.task_of(task_id, caller)?;
        let key_text = id.key_text();
        let key = record::key(&key_text);
        let mut resumed = false;
        // The lease before the record says working, so no `tasks/get` in between finds a
        // working task without a runner; it lapses on its own if this update applies none.
        store
            .put(&record::lease_key(&key_text), b"1", inner.tasks.lease)
            .await
            .map_err(|e| store_down(&e))?;
        let changed = task::change(store, &key, |r| {
            resumed = false;
            if r.status != Status::InputRequired {
                return false;
            }
            let mut answered = false;
            for (key, answer) in &responses {
                // An answer to nothing asked is ignored, as the extension says.
                if r.pending.remove(key).is_some() {
                    r.answers.insert(key.clone(), answer.clone());
                    answered = true;
                }
            }
            if !answered {
                return false;
            }
            if r.pending.is_empty() {
                r.message = None;
                r.set(Status::Working);
                resumed = true;
            } else {
                r.touch();
            }
            true
        })
        .await
        .map_err(|e| store_down(&e))?;
        match changed {
            Changed::Written(r) if resumed => {
                let request: CallToolRequestParams = r.request;
                let run = Run::new(self.clone(), id);
                let caller = caller.clone();
                let (capabilities, answers) = (r.capabilities, r.answers);
                tokio::spawn(async move {
                    run.detached(request, caller, capabilities, answers).await;
                });
                Ok(())
            }
            Changed::Written(_) | Changed::Kept(_) => Ok(()),
            Changed::Missing => Err(unknown(task_id)),
        }
    }

    /// `tasks/cancel`: ends the task as cancelled (a task already ended stays as it
    /// ended) and stops its handler, here at once or on its replica at its next heartbeat.
    pub(crate) async fn cancel_task_for(
        &self,
        task_id: &str,
        caller: &Caller,
    ) -> Result<(), ErrorData> {
        let store = &*self.inner.store;
        let id = self.task_of(task_id, caller)?;
        let key_text = id.key_text();
        let changed = task::change(store, &record::key(&key_text), |r| {
            if r.status.is_terminal() {
                return false;
            }
            r.pending.clear();
            r.message = Some("cancelled by the client".to_owned());
            r.set(Status::Cancelled);
            true
        })
        .await
        .map_err(|e| store_down(&e))?;
        if matches!(changed, Changed::Missing) {
            return Err(unknown(task_id));
        }
        self.inner.runners.cancel(&key_text);
        Ok(())
    }

    /// The task `task_id` names, if this server made it for `caller`.
    fn task_of(&self, task_id: &str, caller: &Caller) -> Result<TaskId, ErrorData> {
        let digest = caller_digest(caller.identity().as_deref());
        TaskId::open(&self.inner.sealer, task_id, digest).ok_or_else(|| unknown(task_id))
    }

    /// Whether the runner of a working task stopped renewing its lease. A task that
    /// changed within a lease is given the benefit of the doubt: its runner may be
    /// starting.
    async fn runner_gone(&self, found: &Record, key_text: &str) -> Result<bool, ErrorData> {
        let lease = u64::try_from(self.inner.tasks.lease.as_millis()).unwrap_or(u64::MAX);
        if record::now_ms().saturating_sub(found.updated) < lease {
            return Ok(false);
        }
        let held = self
            .inner
            .store
            .get(&record::lease_key(key_text))
            .await
            .map_err(|e| store_down(&e))?;
        Ok(held.is_none())
    }
}

/// An id this server did not make for this caller, or whose task is no longer kept: the
/// same answer either way, so an id reveals nothing of another caller's tasks.
fn unknown(task_id: &str) -> ErrorData {
    ErrorData::invalid_params(
        format!(
            "unknown task `{}`: not one this server started for this caller, or its result is no longer kept; call the tool again to start a new task",
            crate::error::clip(task_id, 80)
        ),
        None,
    )
}

fn store_down(err: &StoreError) -> ErrorData {
    tracing::error!(error = %err, "store unavailable while answering for a task");
    ErrorData::internal_error(
        "the server's store is unavailable, so the task cannot be read now; retry shortly",
        None,
    )
}

/// The error of a task whose runner died: nobody knows whether its work was done.
fn outcome_unknown() -> rmcp::model::JsonObject {
    let error = json!({
        "code": rmcp::model::ErrorCode::INTERNAL_ERROR.0,
        "message": "the server running this task stopped before it finished, so whether its work was done is unknown; check the current state before starting it again",
        "data": { "outcome": "unknown" },
    });
    match error {
        serde_json::Value::Object(error) => error,
        _ => rmcp::model::JsonObject::new(),
    }
}
