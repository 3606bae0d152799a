//! What the runtime reads from the store for a call before its handler runs: the plan a
//! commit applies, and the state of the handles it takes.

use std::{sync::Arc, time::Duration};

use serde_json::Value;

use crate::store::Store;

/// A plan read back from the store for its commit.
#[derive(Debug)]
pub(crate) struct LoadedPlan {
    pub(crate) id: String,
    pub(crate) plan: Value,
    pub(crate) preview_tool: String,
}

/// A state handle's record, read back for the parameter that takes it.
pub(crate) struct LoadedHandle {
    /// The state, as the record holds it.
    pub(crate) value: Value,
    pub(crate) opened: Opened,
}

/// What a handle that came back knows of its record, to write it back.
#[derive(Clone)]
pub(crate) struct Opened {
    pub(crate) store: Arc<dyn Store>,
    /// The record's key.
    pub(crate) key: String,
    /// The record as read, for compare-and-set.
    pub(crate) held: Vec<u8>,
    /// How long a write keeps the record: the whole lifetime for a handle that use renews,
    /// what is left of it otherwise.
    pub(crate) ttl: Duration,
    /// The parameter and the tool it came to, for messages and the record of a close.
    pub(crate) param: &'static str,
    pub(crate) tool: &'static str,
    /// The handle as sent, returned as is when the tool returns the handle again.
    pub(crate) token: String,
    /// RFC 3339: when it expires unless used (or closed) before.
    pub(crate) expires_at: String,
}
