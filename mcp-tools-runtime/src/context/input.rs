//! Asking the client for input: sampling, elicitation, roots.
//!
//! In a 2025 session the server sends the request and the tool waits for the answer. The
//! 2026-07-28 revision has no server-to-client requests: the call ends with an
//! input-required result naming what it needs, the client retries the same call with the
//! answers, and the tool runs again from the start, each ask now answered from the retry
//! (SEP-2322, multi round-trip requests). Answers of earlier rounds travel in the sealed
//! `requestState`, so a tool may ask in several rounds and no server keeps anything between
//! them. Asks are keyed by their order in the run, so a tool must ask in the same order
//! each time it runs for the same arguments (as code that reads its arguments does).

// rmcp marks these types deprecated: sampling and roots are deprecated by the 2026-07-28 revision (SEP-2577) and still part of it.
#![allow(deprecated)]

use std::{
    collections::BTreeMap,
    sync::atomic::Ordering,
    time::{Duration, SystemTime, UNIX_EPOCH},
};

use base64::{Engine as _, engine::general_purpose::URL_SAFE_NO_PAD};
use rmcp::{
    ErrorData,
    model::{
        ClientCapabilities, CreateMessageRequest, CreateMessageRequestParams, CreateMessageResult,
        ElicitRequest, ElicitRequestParams, ElicitResult, InputRequest, InputRequests,
        InputResponses, JsonObject, ListRootsRequest, ListRootsResult,
    },
};
use serde::{Deserialize, Serialize, de::DeserializeOwned};
use serde_json::{Value, json};
use sha2::{Digest, Sha256};

use super::ToolContext;
use crate::{error::ToolError, seal::Sealer};

/// How long a sealed `requestState` is honoured: long enough for a person to answer a form.
pub(crate) const STATE_TTL: Duration = Duration::from_secs(60 * 60);

/// What tags a `requestState` token, so no other kind of token opens as one.
const PURPOSE: &str = "tools/call requestState";

/// The answers a call has: from this retry and, sealed in `requestState`, earlier rounds.
#[derive(Debug, Default)]
pub(crate) struct Inputs {
    answers: InputResponses,
}

impl Inputs {
    pub(crate) fn new(answers: InputResponses) -> Self {
        Inputs { answers }
    }

    pub(crate) fn answers(&self) -> &InputResponses {
        &self.answers
    }
}

/// What a sealed `requestState` holds: the answers so far, bound to the call they belong to.
#[derive(Serialize, Deserialize)]
struct State {
    tool: String,
    /// SHA-256 of the arguments as sent, so the state cannot be replayed on other arguments.
    args: String,
    subject: Option<String>,
    /// Seconds since the Unix epoch after which the state is refused.
    expires: u64,
    answers: InputResponses,
}

fn now_secs() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs())
}

fn digest(args: &JsonObject) -> String {
    let bytes = serde_json::to_vec(args).unwrap_or_default();
    URL_SAFE_NO_PAD.encode(Sha256::digest(bytes))
}

/// The `requestState` of an input-required result: `answers`, sealed to this call.
pub(crate) fn seal_state(
    sealer: &Sealer,
    tool: &str,
    args: &JsonObject,
    subject: Option<&str>,
    answers: &InputResponses,
) -> String {
    let state = State {
        tool: tool.to_owned(),
        args: digest(args),
        subject: subject.map(str::to_owned),
        expires: now_secs() + STATE_TTL.as_secs(),
        answers: answers.clone(),
    };
    sealer.seal(PURPOSE, &serde_json::to_vec(&state).unwrap_or_default())
}

/// The answers of a retried call: those sealed in `requestState` by an earlier round, and
/// those the retry brings (which win). A state that was altered, forged, expired, or made for
/// another call is a JSON-RPC error (-32602): the client must start the call over.
pub(crate) fn answers_of(
    sealer: &Sealer,
    tool: &str,
    args: &JsonObject,
    subject: Option<&str>,
    request_state: Option<&str>,
    responses: Option<InputResponses>,
) -> Result<InputResponses, ErrorData> {
    let mut answers = InputResponses::new();
    if let Some(token) = request_state {
        let refused = |why: &str| {
            ErrorData::invalid_params(
                format!(
                    "requestState {why}; call the tool again without requestState to start over"
                ),
                None,
            )
        };
        let state: State = sealer
            .open(PURPOSE, token)
            .and_then(|bytes| serde_json::from_slice(&bytes).ok())
            .ok_or_else(|| refused("failed integrity verification"))?;
        if state.tool != tool || state.args != digest(args) {
            return Err(refused(
                "belongs to another call (a different tool or arguments)",
            ));
        }
        if state.subject.as_deref() != subject {
            return Err(refused("belongs to another caller"));
        }
        if state.expires < now_secs() {
            return Err(refused("has expired"));
        }
        answers = state.answers;
    }
    answers.extend(responses.unwrap_or_default());
    Ok(answers)
}

/// What an ask needs the client to have declared and did not: the capability, as JSON
/// (`{"sampling": {}}`), and what it is for.
fn missing_capability(
    request: &InputRequest,
    caps: Option<&ClientCapabilities>,
) -> Option<(Value, &'static str)> {
    let elicitation = caps.and_then(|c| c.elicitation.as_ref());
    let (declared, capability, what) = match request {
        InputRequest::CreateMessage(_) => (
            caps.is_some_and(|c| c.sampling.is_some()),
            json!({"sampling": {}}),
            "ask the client's model (`sampling`)",
        ),
        InputRequest::Elicitation(e) => match &e.params {
            ElicitRequestParams::UrlElicitationParams { .. } => (
                elicitation.is_some_and(|e| e.url.is_some()),
                json!({"elicitation": {"url": {}}}),
                "send the user to a URL (`elicitation` with `url`)",
            ),
            _ => (
                // An empty `elicitation: {}` declares forms (the 2025-06-18 shape).
                elicitation.is_some_and(|e| e.form.is_some() || e.url.is_none()),
                json!({"elicitation": {}}),
                "ask the user (`elicitation`)",
            ),
        },
        InputRequest::ListRoots(_) => (
            caps.is_some_and(|c| c.roots.is_some()),
            json!({"roots": {}}),
            "read the client's roots (`roots`)",
        ),
        _ => (
            false,
            json!({}),
            "answer a kind of request this runtime does not know",
        ),
    };
    (!declared).then_some((capability, what))
}

/// Whether an answer has the shape its ask expects; one that does not is asked again.
fn answers_ask(request: &InputRequest, answer: &Value) -> bool {
    fn parses<T: DeserializeOwned>(value: &Value) -> bool {
        T::deserialize(value).is_ok()
    }
    match request {
        InputRequest::CreateMessage(_) => parses::<CreateMessageResult>(answer),
        InputRequest::Elicitation(_) => parses::<ElicitResult>(answer),
        InputRequest::ListRoots(_) => parses::<ListRootsResult>(answer),
        _ => answer.is_object(),
    }
}

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
        if link.stateless {
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

/// One ask sent to a 2025 client, its answer as JSON.
async fn send(
    peer: &rmcp::Peer<rmcp::RoleServer>,
    request: InputRequest,
) -> Result<Value, rmcp::service::ServiceError> {
    let to_json = |v: Result<Value, serde_json::Error>| v.unwrap_or_default();
    Ok(match request {
        InputRequest::CreateMessage(r) => {
            to_json(serde_json::to_value(peer.create_message(r.params).await?))
        }
        InputRequest::Elicitation(r) => to_json(serde_json::to_value(
            peer.create_elicitation(r.params).await?,
        )),
        InputRequest::ListRoots(_) => to_json(serde_json::to_value(peer.list_roots().await?)),
        _ => return Err(rmcp::service::ServiceError::UnexpectedResponse),
    })
}

#[cfg(test)]
mod tests {
    use rmcp::model::JsonObject;
    use serde_json::json;

    use super::{answers_of, seal_state};
    use crate::seal::Sealer;

    fn args(v: serde_json::Value) -> JsonObject {
        v.as_object().cloned().unwrap_or_default()
    }

    #[test]
    fn a_sealed_state_opens_only_for_its_own_call() {
        let sealer = Sealer::random();
        let caller = Some("ann");
        let a = args(json!({"n": 1}));
        let answers = [("elicitation-1".to_owned(), json!({"action": "accept"}))].into();
        let token = seal_state(&sealer, "t", &a, caller, &answers);
        let reopened = answers_of(&sealer, "t", &a, caller, Some(&token), None).unwrap();
        assert_eq!(reopened, answers);
        let err = |r: Result<_, rmcp::ErrorData>| r.unwrap_err().message.into_owned();
        assert!(
            err(answers_of(&sealer, "u", &a, caller, Some(&token), None)).contains("another call")
        );
        assert!(
            err(answers_of(
                &sealer,
                "t",
                &args(json!({"n": 2})),
                caller,
                Some(&token),
                None
            ))
            .contains("another call")
        );
        assert!(
            err(answers_of(
                &sealer,
                "t",
                &a,
                Some("bob"),
                Some(&token),
                None
            ))
            .contains("another caller")
        );
        let mut tampered = token.clone();
        tampered.insert(3, 'x');
        assert!(
            err(answers_of(&sealer, "t", &a, caller, Some(&tampered), None)).contains("integrity")
        );
        assert!(
            err(answers_of(
                &Sealer::random(),
                "t",
                &a,
                caller,
                Some(&token),
                None
            ))
            .contains("integrity")
        );
    }

    #[test]
    fn a_retry_adds_its_answers_to_the_sealed_ones() {
        let sealer = Sealer::random();
        let caller = None;
        let a = JsonObject::new();
        let first = [("a".to_owned(), json!(1))].into();
        let token = seal_state(&sealer, "t", &a, caller, &first);
        let all = answers_of(
            &sealer,
            "t",
            &a,
            caller,
            Some(&token),
            Some([("b".to_owned(), json!(2))].into()),
        )
        .unwrap();
        assert_eq!(all.len(), 2);
    }
}
