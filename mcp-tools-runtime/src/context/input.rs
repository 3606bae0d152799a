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

use std::time::{Duration, SystemTime, UNIX_EPOCH};

use base64::{Engine as _, engine::general_purpose::URL_SAFE_NO_PAD};
use rmcp::{
    ErrorData,
    model::{
        ClientCapabilities, CreateMessageResult, ElicitRequestParams, ElicitResult, InputRequest,
        InputResponses, JsonObject, ListRootsResult,
    },
};
use serde::{Deserialize, Serialize, de::DeserializeOwned};
use serde_json::{Value, json};
use sha2::{Digest, Sha256};

use crate::seal::Sealer;

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
pub(super) fn missing_capability(
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
pub(super) fn answers_ask(request: &InputRequest, answer: &Value) -> bool {
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

/// One ask sent to a 2025 client, its answer as JSON.
pub(super) async fn send(
    peer: &rmcp::Peer<rmcp::RoleServer>,
    request: InputRequest,
) -> Result<Value, rmcp::service::ServiceError> {
    let to_json = |v: Result<Value, serde_json::Error>| v.unwrap_or_default();
    Ok(match request {
        InputRequest::CreateMessage(r) => {
            to_json(serde_json::to_value(peer.create_message(r.params).await?))
        }
        // Sent as rmcp's `create_elicitation` would send it; that method is behind rmcp's
        // `elicitation` feature, which only adds URL parsing (`url`, `idna`, ICU: a fifth
        // of a clean build) that nothing here uses.
        InputRequest::Elicitation(r) => {
            match peer
                .send_request(rmcp::model::ServerRequest::ElicitRequest(r))
                .await?
            {
                rmcp::model::ClientResult::ElicitResult(result) => {
                    to_json(serde_json::to_value(result))
                }
                _ => return Err(rmcp::service::ServiceError::UnexpectedResponse),
            }
        }
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
