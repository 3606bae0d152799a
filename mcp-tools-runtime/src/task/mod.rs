//! Tasks (MCP's Tasks extension): a call that runs apart from its request, its record in
//! the registry's [`Store`](crate::store::Store) so that any replica answers `tasks/get`
//! for it, and a restarted server still answers for those that finished.
//!
//! This module holds the record, the task's id and the settings; running a call as a task
//! and the task methods are the call pipeline's (`call::task`).

pub(crate) mod record;

use std::{collections::HashMap, sync::Mutex, time::Duration};

use tokio_util::sync::CancellationToken;

use crate::{
    handle::token::{self, HandleFields, Purpose},
    seal::Sealer,
    store::{Store, StoreError},
};
use record::Record;

/// How long a task's record is kept after its last change, unless its tool says
/// (`task_ttl_secs`).
pub(crate) const DEFAULT_TTL: Duration = Duration::from_secs(60 * 60);

/// How often a client is told to poll.
pub(crate) const DEFAULT_POLL: Duration = Duration::from_secs(1);

/// How long a runner's lease lasts without renewal: a task whose runner stopped renewing
/// for this long is reported failed, its outcome unknown.
pub(crate) const DEFAULT_LEASE: Duration = Duration::from_secs(15);

/// How the registry runs tasks.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Settings {
    pub(crate) poll: Duration,
    pub(crate) lease: Duration,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            poll: DEFAULT_POLL,
            lease: DEFAULT_LEASE,
        }
    }
}

impl Settings {
    /// How often a runner renews its lease (and reads its record for a cancel): three
    /// renewals a lease, so one slow store round trip does not lose it.
    pub(crate) fn heartbeat(&self) -> Duration {
        self.lease / 3
    }
}

/// A task's id as the client holds it: the record's id, sealed and bound to the caller, so
/// a forged or edited id never reaches the store and another caller's is refused.
pub(crate) struct TaskId {
    pub(crate) fields: HandleFields,
}

impl TaskId {
    /// A fresh id for `caller` (the caller's digest).
    pub(crate) fn new(caller: u64) -> Result<TaskId, getrandom::Error> {
        Ok(TaskId {
            fields: HandleFields {
                id: token::random_id()?,
                expires: 0,
                caller,
                kind: 0,
            },
        })
    }

    /// The id a client sent, if this server sealed it for `caller`.
    pub(crate) fn open(sealer: &Sealer, text: &str, caller: u64) -> Option<TaskId> {
        token::open_handle(sealer, Purpose::Task, text, caller, 0, 0)
            .ok()
            .map(|fields| TaskId { fields })
    }

    /// The id the client is given.
    pub(crate) fn seal(&self, sealer: &Sealer) -> String {
        token::seal_handle(sealer, Purpose::Task, &self.fields)
    }

    /// The id of its records in the store.
    pub(crate) fn key_text(&self) -> String {
        self.fields.id_text()
    }
}

/// The tokens of the tasks this process runs, by id: `tasks/cancel` on this replica fires
/// one at once; a runner also reads its record for a cancel another replica wrote.
#[derive(Debug, Default)]
pub(crate) struct Runners {
    tokens: Mutex<HashMap<String, CancellationToken>>,
}

impl Runners {
    pub(crate) fn insert(&self, id: &str, token: CancellationToken) {
        self.lock().insert(id.to_owned(), token);
    }

    pub(crate) fn remove(&self, id: &str) {
        self.lock().remove(id);
    }

    pub(crate) fn cancel(&self, id: &str) {
        if let Some(token) = self.lock().get(id) {
            token.cancel();
        }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<String, CancellationToken>> {
        self.tokens
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }
}

/// What a change to a record did.
pub(crate) enum Changed {
    /// Written; the record as it now is.
    Written(Record),
    /// Left as it was (the change did not apply); the record as read.
    Kept(Record),
    /// No such record: unknown, or expired.
    Missing,
}

/// How many times a change is tried against a record other writers keep changing.
const ATTEMPTS: usize = 16;

/// Changes the record at `key` by `change` (which returns whether it changed it), as a
/// compare-and-set against whatever else writes it: a runner's progress, a `tasks/cancel`
/// on another replica.
pub(crate) async fn change(
    store: &dyn Store,
    key: &str,
    mut change: impl FnMut(&mut Record) -> bool,
) -> Result<Changed, StoreError> {
    for _ in 0..ATTEMPTS {
        let Some(bytes) = store.get(key).await? else {
            return Ok(Changed::Missing);
        };
        let Some(mut record) = Record::parse(&bytes) else {
            return Ok(Changed::Missing);
        };
        if !change(&mut record) {
            return Ok(Changed::Kept(record));
        }
        let ttl = Duration::from_millis(record.ttl_ms);
        if store.replace(key, &bytes, &record.to_bytes(), ttl).await? {
            return Ok(Changed::Written(record));
        }
    }
    Err(StoreError::new(format!(
        "the task record {key} kept changing over {ATTEMPTS} attempts"
    )))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn task_ids_open_only_for_their_caller_and_server() {
        let sealer = Sealer::random();
        let id = TaskId::new(7).expect("randomness");
        let text = id.seal(&sealer);
        let opened = TaskId::open(&sealer, &text, 7).expect("its caller opens it");
        assert_eq!(opened.key_text(), id.key_text());
        assert!(TaskId::open(&sealer, &text, 8).is_none(), "another caller");
        assert!(
            TaskId::open(&Sealer::random(), &text, 7).is_none(),
            "another server"
        );
        assert!(TaskId::open(&sealer, "tasks-conformance-nonexistent-12345", 7).is_none());
        // A plan's or a state handle's token is not a task id.
        let handle = token::seal_handle(&sealer, Purpose::State, &id.fields);
        assert!(TaskId::open(&sealer, &handle, 7).is_none());
    }
}
