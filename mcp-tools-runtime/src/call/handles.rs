//! State handles: the handles a call passes are checked before anything runs (sealed by
//! this server, for this caller and this type, not past a fixed lifetime), their records
//! read and renewed just before the handler runs, and the handle a tool makes kept and
//! sealed after. Every refusal names the tool that makes a new handle.

use std::{sync::Arc, time::Duration};

use rmcp::model::JsonObject;
use serde_json::Value;

use super::base::{Failure, caller_digest, store_down};
use crate::{
    arg::{LoadedHandle, Opened},
    definition::{Makes, Takes, ToolDefinition},
    error::ToolError,
    handle::{
        record::{self, Record},
        token::{self, HandleFields, HandleProblem, Purpose},
    },
    output::HandleDraft,
    seal::Sealer,
    store::Store,
};

/// A handle argument whose seal held, to be read from the store.
pub(super) struct Opening<'r> {
    takes: &'r Takes,
    fields: HandleFields,
    token: String,
}

/// The handle arguments of a call, opened; `None` when it sends none. A handle that does
/// not open refuses the call.
pub(super) fn open<'r>(
    entry: &'r ToolDefinition,
    args: &JsonObject,
    sealer: &Sealer,
    subject: Option<&str>,
) -> Result<Option<Box<[Opening<'r>]>>, Failure> {
    let mut opened = Vec::new();
    for takes in &entry.handles.takes {
        // Absent: an `Option` parameter, or the validator has refused the call already.
        let Some(sent) = args.get(takes.param).and_then(Value::as_str) else {
            continue;
        };
        let caller = caller_digest(subject);
        let fields = token::open_handle(
            sealer,
            Purpose::State,
            sent,
            caller,
            takes.kind,
            token::now_unix(),
        )
        .map_err(|problem| refused(takes, &problem))?;
        opened.push(Opening {
            takes,
            fields,
            token: sent.to_owned(),
        });
    }
    Ok((!opened.is_empty()).then(|| opened.into_boxed_slice()))
}

fn refused(takes: &Takes, problem: &HandleProblem) -> Failure {
    let (param, makers) = (takes.param, &takes.makers);
    let err = match problem {
        HandleProblem::Unreadable => ToolError::invalid_input(format!(
            "`{param}` is not a handle this server issued (edited, cut short, or from another server); pass it exactly as {makers} returned it, or call {makers} for a new one"
        )),
        HandleProblem::OtherKind => ToolError::invalid_input(format!(
            "`{param}` is a handle of another kind of state; pass the handle that {makers} returned"
        )),
        HandleProblem::OtherCaller => ToolError::permission_denied(format!(
            "`{param}` was issued to another caller; call {makers} for a handle of your own"
        )),
        HandleProblem::Expired(fields) => ToolError::not_found(format!(
            "`{param}` expired at {}; call {makers} for a new one",
            token::rfc3339(fields.expires)
        )),
    };
    Failure::Refused(err, "invalid_handle")
}

/// Reads each opened handle's record, renews the ones use renews, and lends the state to
/// the call; a record that is gone or closed refuses it.
pub(super) async fn load(
    openings: Box<[Opening<'_>]>,
    store: &Arc<dyn Store>,
    tool: &'static str,
) -> Result<Box<[LoadedHandle]>, Failure> {
    let mut loaded = Vec::with_capacity(openings.len());
    for Opening {
        takes,
        fields,
        token,
    } in openings
    {
        let key = record::key(&fields.id_text());
        // A handle that use renews is read and renewed in one step.
        let renewing = fields.expires == 0;
        let read = if renewing {
            store.get_renewed(&key, takes.lifetime.ttl).await
        } else {
            store.get(&key).await
        };
        let held = read.map_err(|err| store_down(&err, "read the handle's state"))?;
        let (param, makers) = (takes.param, &takes.makers);
        let Some(held) = held else {
            let why = if renewing {
                format!(
                    "it was not used for longer than its lifetime ({}), or the server's store was cleared",
                    takes.lifetime.describe()
                )
            } else {
                "the server's store was cleared".to_owned()
            };
            let err = ToolError::not_found(format!(
                "`{param}` is no longer held: {why}; call {makers} for a new one"
            ));
            return Err(Failure::Refused(err, "invalid_handle"));
        };
        let value = match record::parse(&held) {
            Some(Record::Open(value)) => value,
            Some(Record::Closed { by, at }) => {
                let err = ToolError::not_found(format!(
                    "`{param}` was closed by `{by}` at {}; call {makers} for a new one",
                    token::rfc3339(at)
                ));
                return Err(Failure::Refused(err, "invalid_handle"));
            }
            None => {
                let err = ToolError::internal(format!("the record `{key}` does not parse"));
                return Err(Failure::Failed(err));
            }
        };
        let now = token::now_unix();
        let (ttl, expires) = if renewing {
            let ttl = takes.lifetime.ttl;
            (ttl, now + ttl.as_secs())
        } else {
            let left = fields.expires.saturating_sub(now).max(1);
            (Duration::from_secs(left), fields.expires)
        };
        loaded.push(LoadedHandle {
            value,
            opened: Opened {
                store: Arc::clone(store),
                key,
                held,
                ttl,
                param,
                tool,
                token,
                expires_at: token::rfc3339(expires),
            },
        });
    }
    Ok(loaded.into_boxed_slice())
}

/// Keeps the state a tool made and returns its sealed handle and expiry.
pub(super) async fn keep(
    store: &dyn Store,
    sealer: &Sealer,
    draft: &HandleDraft,
    makes: &Makes,
    subject: Option<&str>,
) -> Result<(String, String), Failure> {
    let id = token::random_id()
        .map_err(|e| Failure::Failed(ToolError::internal(format!("no random bytes: {e}"))))?;
    let ttl = makes.lifetime.ttl.max(Duration::from_secs(1));
    let at = token::now_unix() + ttl.as_secs();
    let fields = HandleFields {
        id,
        expires: if makes.lifetime.renew { 0 } else { at },
        caller: caller_digest(subject),
        kind: makes.kind,
    };
    store
        .put(
            &record::key(&fields.id_text()),
            &record::open(&draft.state),
            ttl,
        )
        .await
        .map_err(|err| store_down(&err, "keep the handle's state"))?;
    Ok((
        token::seal_handle(sealer, Purpose::State, &fields),
        token::rfc3339(at),
    ))
}
