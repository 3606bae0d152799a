//! What a tool asks of its client through its [`ToolContext`]: sampling, elicitation,
//! roots (how the answers come back is `input.rs`), and the log messages it sends.

// rmcp marks these types deprecated: sampling, roots and logging are deprecated by the
// 2026-07-28 revision (SEP-2577) and still part of it.
#![allow(deprecated)]

use std::{collections::BTreeMap, sync::atomic::Ordering};

use rmcp::model::{
    ClientCapabilities, CreateMessageRequest, CreateMessageRequestParams, CreateMessageResult,
    ElicitRequest, ElicitRequestParams, ElicitResult, InputRequest, InputRequests, InputResponses,
    JsonObject, ListRootsRequest, ListRootsResult, LoggingMessageNotificationParam,
};
use serde::de::DeserializeOwned;
use serde_json::Value;

use super::{
    input::{Inputs, answers_ask, missing_capability, send},
    log::LogLevel,
    tool_context::ToolContext,
};
use crate::error::ToolError;

impl ToolContext {
    /// What the client declared it can do, when a client is behind the call.
    #[must_use]
    pub fn client_capabilities(&self) -> Option<&ClientCapabilities> {
        self.inner.link.capabilities()
    }

    /// Asks the client's model for a completion (`sampling/createMessage`).
    ///
    /// Propagate the error with `?`: under 2026-07-28 it is how the call asks the client and
    /// is retried with the answer. A client that did not declare `sampling` gets an
    /// `isError` result saying so.
    pub async fn sample(
        &self,
        request: CreateMessageRequestParams,
    ) -> Result<CreateMessageResult, ToolError> {
        let ask = InputRequest::CreateMessage(CreateMessageRequest::new(request));
        self.ask_one("sampling", ask).await
    }

    /// Asks the user through the client (`elicitation/create`): a form
    /// (`ElicitRequestParams::FormElicitationParams`, built with rmcp's `ElicitationSchema`,
    /// defaults and enums included) or a URL to visit. The answer says whether the user
    /// accepted, declined or cancelled. Propagate the error with `?` (see
    /// [`ToolContext::sample`]).
    pub async fn elicit(&self, request: ElicitRequestParams) -> Result<ElicitResult, ToolError> {
        let ask = InputRequest::Elicitation(ElicitRequest::new(request));
        self.ask_one("elicitation", ask).await
    }

    /// The client's roots (`roots/list`): the directories or URIs it lets the server use.
    pub async fn roots(&self) -> Result<ListRootsResult, ToolError> {
        self.ask_one(
            "roots",
            InputRequest::ListRoots(ListRootsRequest::default()),
        )
        .await
    }

    /// Several asks answered together, keyed by names of the tool's choosing: one round
    /// trip under 2026-07-28 rather than one per ask. The answers are the clients' results
    /// (`ElicitResult`, `CreateMessageResult`, `ListRootsResult`) as JSON, by key.
    pub async fn ask(&self, requests: InputRequests) -> Result<InputResponses, ToolError> {
        let link = &self.inner.link;
        let caps = link.capabilities();
        let mut required = JsonObject::new();
        let mut problems = Vec::new();
        for (capability, what) in requests
            .values()
            .filter_map(|r| missing_capability(r, caps))
        {
            if let Value::Object(capability) = capability {
                required.extend(capability);
            }
            if !problems.contains(&what) {
                problems.push(what);
            }
        }
        if !problems.is_empty() {
            let message = format!(
                "this tool needs the client to {}, which this client did not declare it can do; \
                 it cannot run from this client",
                problems.join(" and ")
            );
            let required = serde_json::from_value(Value::Object(required)).unwrap_or_default();
            return Err(ToolError::missing_capability(message, required));
        }
        // A call that became a task asks through it, whatever its request was.
        if link.stateless || self.is_task() {
            let mut answers = InputResponses::new();
            let mut pending = InputRequests::new();
            let answered = link.inputs.as_deref().map(Inputs::answers);
            for (key, request) in requests {
                match answered.and_then(|a| a.get(&key)) {
                    Some(answer) if answers_ask(&request, answer) => {
                        answers.insert(key, answer.clone());
                    }
                    _ => {
                        pending.insert(key, request);
                    }
                }
            }
            return if pending.is_empty() {
                Ok(answers)
            } else {
                Err(ToolError::input_required(pending))
            };
        }
        let Some(peer) = link.peer() else {
            return Err(ToolError::unsupported(
                "this tool asks the client for input, and no client is connected",
            ));
        };
        let mut answers = InputResponses::new();
        for (key, request) in requests {
            let answer = send(peer, request).await.map_err(|err| {
                ToolError::retry_later(format!(
                    "the client did not answer the `{key}` request: {}",
                    crate::error::clip(&err.to_string(), 200)
                ))
            })?;
            if link.task.is_some() {
                link.answered
                    .lock()
                    .unwrap_or_else(std::sync::PoisonError::into_inner)
                    .insert(key.clone(), answer.clone());
            }
            answers.insert(key, answer);
        }
        Ok(answers)
    }

    async fn ask_one<T: DeserializeOwned>(
        &self,
        kind: &str,
        request: InputRequest,
    ) -> Result<T, ToolError> {
        let n = self.inner.link.asked.fetch_add(1, Ordering::Relaxed) + 1;
        let key = format!("{kind}-{n}");
        let mut answers = self.ask(BTreeMap::from([(key.clone(), request)])).await?;
        let answer = answers.remove(&key).unwrap_or_default();
        T::deserialize(answer).map_err(|err| {
            ToolError::retry_later(format!(
                "the client's answer to `{key}` does not parse: {err}"
            ))
        })
    }
}

impl ToolContext {
    /// Sends a log message to the client (`notifications/message`, the tool's name as the
    /// logger) if the client wants messages of this level: in a 2025 session, those at or
    /// above the level it set with `logging/setLevel` (every level until it sets one);
    /// under 2026-07-28, those at or above the request's `logLevel`, and none when the
    /// request names no level. Without a client, does nothing.
    ///
    /// `data` is any JSON: a string, or an object of fields.
    pub async fn log(&self, level: LogLevel, data: impl Into<Value>) {
        let link = &self.inner.link;
        let Some(peer) = link.peer() else { return };
        if !link.log.allows(level) {
            return;
        }
        let param = LoggingMessageNotificationParam::new(level.to_rmcp(), data.into())
            .with_logger(self.inner.tool);
        if let Err(err) = peer.notify_logging_message(param).await {
            tracing::debug!(tool = self.inner.tool, error = %err, "log message not delivered");
        }
    }
}
