//! Once: a commit of a plan, or a call with an idempotency key, runs its handler to success
//! at most once; retries get the first result back.
//!
//! Before the handler runs, the call claims its record in the store (`put_new`, so of two
//! replicas racing, one wins); the claim holds the arguments' fingerprint and lapses after a
//! lease, so a replica that dies mid-call blocks retries only that long. A success replaces
//! the claim with the result, kept for the retention; any failure removes the claim, so a
//! corrected retry can run.

use std::time::Duration;

use rmcp::model::{CallToolResult, JsonObject, RequestMetaObject};
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use super::base::{Failure, caller_digest, store_down};
use crate::{
    arg::LoadedPlan,
    definition::ToolDefinition,
    error::ToolError,
    handle::token::{self, HandleFields, HandleProblem, Purpose},
    limits,
    seal::{self, Sealer},
    store::Store,
    wire::{IDEMPOTENCY_KEY_META_KEY, REPLAY_META_KEY},
};

/// A call that must run once: its record, and what the handler needs loaded.
pub(super) struct Once {
    record: String,
    fingerprint: u64,
    /// The plan to load, for a commit; `expired` when only a replay may still answer.
    plan: Option<(HandleFields, bool)>,
    lease: Duration,
    retention: Duration,
}

/// The store's record of a call that must run once.
#[derive(Serialize, Deserialize)]
#[serde(tag = "state", rename_all = "snake_case")]
enum Record {
    Running {
        fingerprint: u64,
    },
    Done {
        fingerprint: u64,
        at: u64,
        result: Value,
    },
}

/// A plan as the store keeps it.
#[derive(Serialize, Deserialize)]
struct PlanRecord {
    tool: String,
    plan: Value,
}

/// How a claimed call goes on.
pub(super) enum Begin {
    /// Run the handler; settle the claim afterwards.
    Run(Claim),
    /// Answered already: the first result.
    Replay(CallToolResult),
    Refused(Failure),
}

/// A claim held while the handler runs.
pub(super) struct Claim {
    record: String,
    fingerprint: u64,
    retention: Duration,
}

/// Whether the call must run once, and under which record; or why it is refused before.
pub(super) fn once_of(
    entry: &ToolDefinition,
    args: &JsonObject,
    meta: Option<&RequestMetaObject>,
    sealer: &Sealer,
    subject: Option<&str>,
    retention: Duration,
) -> Result<Option<Once>, Failure> {
    let spec = entry.once;
    let lease = entry
        .meta
        .timeout_ms
        .map_or(limits::DEFAULT_CLAIM_LEASE, |ms| {
            Duration::from_millis(ms) + Duration::from_secs(5)
        });
    if let Some((param, kind)) = spec.plan {
        let Some(sent) = args.get(param).and_then(Value::as_str) else {
            return Ok(None);
        };
        let caller = caller_digest(subject);
        let (fields, expired) = match token::open_handle(
            sealer,
            Purpose::Plan,
            sent,
            caller,
            kind,
            token::now_unix(),
        ) {
            Ok(fields) => (fields, false),
            Err(HandleProblem::Expired(fields)) => (fields, true),
            Err(problem) => return Err(handle_refused(param, &problem)),
        };
        return Ok(Some(Once {
            record: format!("once:p:{}", fields.id_text()),
            fingerprint: 0,
            plan: Some((fields, expired)),
            lease,
            retention,
        }));
    }
    let sent = spec
        .key
        .and_then(|param| args.get(param).and_then(Value::as_str));
    let key = match sent {
        Some(key) => key,
        None if spec.changes => match meta.and_then(|m| m.0.get(IDEMPOTENCY_KEY_META_KEY)) {
            None => return Ok(None),
            Some(Value::String(key))
                if !key.is_empty() && key.chars().count() <= limits::MAX_IDEMPOTENCY_KEY_CHARS =>
            {
                key
            }
            Some(_) => {
                let err = ToolError::invalid_input(format!(
                    "`_meta[\"{IDEMPOTENCY_KEY_META_KEY}\"]` must be a string of 1 to {} characters",
                    limits::MAX_IDEMPOTENCY_KEY_CHARS
                ));
                return Err(Failure::Refused(err, "invalid_arguments"));
            }
        },
        None => return Ok(None),
    };
    let digest = seal::digest64(&[
        entry.name().as_bytes(),
        subject.unwrap_or_default().as_bytes(),
        &[u8::from(subject.is_some())],
        key.as_bytes(),
    ]);
    Ok(Some(Once {
        record: format!("once:k:{digest:016x}"),
        fingerprint: fingerprint(args, spec.key),
        plan: None,
        lease,
        retention,
    }))
}

/// The arguments, in a canonical order, without the key itself.
fn fingerprint(args: &JsonObject, skip: Option<&str>) -> u64 {
    let mut entries: Vec<(&String, &Value)> = args
        .iter()
        .filter(|(k, _)| Some(k.as_str()) != skip)
        .collect();
    entries.sort_by_key(|(k, _)| *k);
    let text = entries
        .iter()
        .map(|(k, v)| format!("{k}\u{0}{v}"))
        .collect::<Vec<_>>()
        .join("\u{1}");
    seal::digest64(&[text.as_bytes()])
}

fn handle_refused(param: &str, problem: &HandleProblem) -> Failure {
    let err = match problem {
        HandleProblem::Unreadable => ToolError::invalid_input(format!(
            "`{param}` is not a handle this server issued (edited, cut short, or from another server); pass it exactly as the preview returned it, or preview again"
        )),
        HandleProblem::OtherKind => ToolError::invalid_input(format!(
            "`{param}` is the handle of another kind of plan; pass the handle that the preview of this change returned"
        )),
        HandleProblem::OtherCaller => ToolError::permission_denied(format!(
            "`{param}` was issued to another caller; preview the change yourself for a handle of your own"
        )),
        // `once_of` looks for a first result before refusing an expired handle.
        HandleProblem::Expired(fields) => return expired_refusal(fields.expires),
    };
    Failure::Refused(err, "invalid_handle")
}

/// An expired handle whose plan was never committed.
fn expired_refusal(expires: u64) -> Failure {
    let err = ToolError::invalid_input(format!(
        "the handle expired at {} and its plan was never committed; preview the change again for a new handle",
        token::rfc3339(expires)
    ));
    Failure::Refused(err, "invalid_handle")
}

impl Once {
    /// Claims the record, or answers from it; for a commit, loads the plan.
    pub(super) async fn begin(self, store: &dyn Store) -> (Begin, Option<LoadedPlan>) {
        let Once {
            record,
            fingerprint,
            plan,
            lease,
            retention,
        } = self;
        let expired = plan.as_ref().is_some_and(|(_, expired)| *expired);
        let claim = serde_json::to_vec(&Record::Running { fingerprint }).unwrap_or_default();
        // An expired handle only looks for a first result; any other call claims its
        // record, or learns in the same step what holds it.
        let held = if expired {
            store.get(&record).await
        } else {
            store.claim(&record, &claim, lease).await
        };
        let held = match held {
            Ok(held) => held,
            Err(err) => return (Begin::Refused(store_down(&err, "claim this call")), None),
        };
        match held.map(|bytes| serde_json::from_slice::<Record>(&bytes)) {
            None if !expired => {
                let loaded = match plan {
                    Some((fields, _)) => match load_plan(store, &fields).await {
                        Ok(loaded) => Some(loaded),
                        Err(failure) => {
                            let _ = store.remove(&record).await;
                            return (Begin::Refused(failure), None);
                        }
                    },
                    None => None,
                };
                let claim = Claim {
                    record,
                    fingerprint,
                    retention,
                };
                return (Begin::Run(claim), loaded);
            }
            Some(Ok(Record::Done {
                fingerprint: f,
                at,
                result,
            })) if f == fingerprint => return (replay(result, at), None),
            Some(Ok(Record::Running { fingerprint: f })) if f == fingerprint => {
                let err = ToolError::retry_later(
                    "another request is running this same call right now; retry in a moment to get its result",
                )
                .with_retry_after(Duration::from_secs(1));
                return (Begin::Refused(Failure::Failed(err)), None);
            }
            // The same key, other arguments: refused whether the first is done or not.
            Some(Ok(Record::Done { .. } | Record::Running { .. })) => {
                return (Begin::Refused(reused_key()), None);
            }
            Some(Err(err)) => {
                let err = ToolError::internal(format!("a call's record does not parse: {err}"));
                return (Begin::Refused(Failure::Failed(err)), None);
            }
            None => {}
        }
        // Only an expired handle gets here: nothing was recorded for it.
        let lapsed_at = plan.map_or(0, |(fields, _)| fields.expires);
        (Begin::Refused(expired_refusal(lapsed_at)), None)
    }
}

fn reused_key() -> Failure {
    Failure::Refused(
        ToolError::invalid_input(
            "this idempotency key was already used for a call with other arguments; use a new key for a new request, or repeat the first request exactly",
        ),
        "invalid_arguments",
    )
}

async fn load_plan(store: &dyn Store, fields: &HandleFields) -> Result<LoadedPlan, Failure> {
    let id = fields.id_text();
    let bytes = store
        .get(&format!("plan:{id}"))
        .await
        .map_err(|err| store_down(&err, "read the plan"))?;
    let record = bytes.and_then(|b| serde_json::from_slice::<PlanRecord>(&b).ok());
    let Some(record) = record else {
        let err = ToolError::not_found(
            "the server no longer holds this plan (its store was cleared); preview the change again for a new handle",
        );
        return Err(Failure::Refused(err, "invalid_handle"));
    };
    Ok(LoadedPlan {
        id,
        plan: record.plan,
        preview_tool: record.tool,
    })
}

fn replay(mut result: Value, at: u64) -> Begin {
    if let Value::Object(map) = &mut result {
        let meta = map.entry("_meta").or_insert_with(|| json!({}));
        if let Value::Object(meta) = meta {
            meta.insert(
                REPLAY_META_KEY.to_owned(),
                json!({ "first_call_at": token::rfc3339(at) }),
            );
        }
    }
    match serde_json::from_value::<CallToolResult>(result) {
        Ok(result) => Begin::Replay(result),
        Err(err) => Begin::Refused(Failure::Failed(ToolError::internal(format!(
            "a recorded result did not parse: {err}"
        )))),
    }
}

impl Claim {
    /// Keeps a success for retries; frees the record after anything else.
    pub(super) async fn settle(self, store: &dyn Store, result: Option<&CallToolResult>) {
        let done = result.filter(|r| r.is_error != Some(true)).and_then(|r| {
            let result = serde_json::to_value(r).ok()?;
            serde_json::to_vec(&Record::Done {
                fingerprint: self.fingerprint,
                at: token::now_unix(),
                result,
            })
            .ok()
        });
        let outcome = match done {
            Some(bytes) => store.put(&self.record, &bytes, self.retention).await,
            None => store.remove(&self.record).await,
        };
        if let Err(err) = outcome {
            // The change stands; a retry after the lease would run it again.
            tracing::error!(error = %err, record = self.record, "could not record a call that must run once");
        }
    }
}

/// Keeps a preview's plan and returns its sealed handle and expiry.
pub(super) async fn keep_plan(
    store: &dyn Store,
    sealer: &Sealer,
    draft: &crate::output::PlanDraft,
    tool: &str,
    subject: Option<&str>,
) -> Result<(String, String), Failure> {
    let id = token::random_id()
        .map_err(|e| Failure::Failed(ToolError::internal(format!("no random bytes: {e}"))))?;
    let ttl_secs = draft.ttl.as_secs().max(1);
    let fields = HandleFields {
        id,
        expires: token::now_unix() + ttl_secs,
        caller: caller_digest(subject),
        kind: seal::digest64(&[draft.kind.as_bytes()]),
    };
    let mut record = serde_json::to_vec(&json!({ "tool": tool })).unwrap_or_default();
    // `{"tool":"…"}` → `{"tool":"…","plan":<the plan's bytes>}`, without parsing them again.
    record.pop();
    record.extend_from_slice(b",\"plan\":");
    record.extend_from_slice(&draft.bytes);
    record.push(b'}');
    store
        .put(
            &format!("plan:{}", fields.id_text()),
            &record,
            Duration::from_secs(ttl_secs),
        )
        .await
        .map_err(|err| store_down(&err, "keep the plan"))?;
    Ok((
        token::seal_handle(sealer, Purpose::Plan, &fields),
        token::rfc3339(fields.expires),
    ))
}
