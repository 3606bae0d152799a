//! The open `subscriptions/listen` streams, shared by the tools that trigger list changes and
//! the handler that serves the streams.

use std::{
    collections::HashMap,
    sync::{
        Arc, Mutex, PoisonError,
        atomic::{AtomicU64, Ordering},
    },
};

use mcp_tools::rmcp::service::SubscriptionSink;

/// Cheap to clone: every clone sees the same streams.
#[derive(Clone, Debug, Default)]
pub(crate) struct Hub {
    sinks: Arc<Mutex<HashMap<u64, SubscriptionSink>>>,
    next: Arc<AtomicU64>,
}

impl Hub {
    /// Keeps `sink` until the returned key is removed.
    pub(crate) fn add(&self, sink: SubscriptionSink) -> u64 {
        let key = self.next.fetch_add(1, Ordering::Relaxed);
        self.lock().insert(key, sink);
        key
    }

    pub(crate) fn remove(&self, key: u64) {
        self.lock().remove(&key);
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<u64, SubscriptionSink>> {
        self.sinks.lock().unwrap_or_else(PoisonError::into_inner)
    }

    fn all(&self) -> Vec<SubscriptionSink> {
        self.lock().values().cloned().collect()
    }

    pub(crate) async fn tool_list_changed(&self) {
        for sink in self.all() {
            // A stream that closed meanwhile is no one's loss.
            let _ = sink.notify_tool_list_changed().await;
        }
    }

    pub(crate) async fn prompt_list_changed(&self) {
        for sink in self.all() {
            let _ = sink.notify_prompt_list_changed().await;
        }
    }
}
