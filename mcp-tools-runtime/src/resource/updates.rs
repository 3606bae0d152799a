//! Who to tell that a resource changed: sessions of 2025 clients that sent
//! `resources/subscribe`, and the `subscriptions/listen` streams of 2026-07-28 clients.

use std::sync::{Arc, Mutex, PoisonError};

use rmcp::{
    model::{ResourceUpdatedNotification, ResourceUpdatedNotificationParam, ServerNotification},
    service::{Peer, RoleServer, SubscriptionSink},
};

/// Tells subscribed clients that a resource changed (`notifications/resources/updated`).
///
/// The registry makes one; get it with
/// [`Registry::resource_updates`](crate::registry::Registry::resource_updates), or take it in
/// a tool as `State<ResourceUpdates>` (the registry adds it to its state), and call
/// [`updated`](Self::updated) after the change. A 2025-11-25 session hears of the URIs it
/// subscribed to with `resources/subscribe`; a 2026-07-28 client of those its
/// `subscriptions/listen` stream asked for. Clones share the subscribers.
///
/// Subscribers are held by the process that served their request: behind several replicas,
/// call `updated` on each (for example from a message the replicas all receive).
#[derive(Clone, Default)]
pub struct ResourceUpdates {
    inner: Arc<Mutex<Subscribers>>,
    /// Streams acknowledged to their client but not yet opened here.
    pending: Arc<Pending>,
}

/// rmcp acknowledges a `subscriptions/listen` before it hands the stream over, so a change
/// right after the acknowledgement would reach no one: [`ResourceUpdates::updated`] waits
/// (briefly) for the streams acknowledged and not yet open.
#[derive(Default)]
struct Pending {
    streams: std::sync::atomic::AtomicUsize,
    opened: tokio::sync::Notify,
}

/// The longest an update waits for acknowledged streams to open; one that never opens
/// (its client went away in between) delays updates by this much until another opens.
const OPENING: std::time::Duration = std::time::Duration::from_millis(250);

#[derive(Default)]
struct Subscribers {
    next: u64,
    /// `(session, uri, peer)` of each `resources/subscribe`.
    sessions: Vec<(u64, String, Peer<RoleServer>)>,
    /// The open `subscriptions/listen` streams.
    streams: Vec<(u64, SubscriptionSink)>,
}

impl ResourceUpdates {
    fn lock(&self) -> std::sync::MutexGuard<'_, Subscribers> {
        self.inner.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Tells every session and stream subscribed to `uri` that it changed; returns how
    /// many were told. A session or stream that has gone away is forgotten.
    pub async fn updated(&self, uri: &str) -> usize {
        self.await_opening().await;
        let (peers, sinks) = {
            let subscribers = self.lock();
            let peers: Vec<(u64, Peer<RoleServer>)> = subscribers
                .sessions
                .iter()
                .filter(|(_, u, _)| u == uri)
                .map(|(s, _, p)| (*s, p.clone()))
                .collect();
            let sinks: Vec<(u64, SubscriptionSink)> = subscribers
                .streams
                .iter()
                .filter(|(_, sink)| {
                    sink.accepted()
                        .resource_subscriptions
                        .as_ref()
                        .is_some_and(|uris| uris.iter().any(|u| u == uri))
                })
                .map(|(k, s)| (*k, s.clone()))
                .collect();
            (peers, sinks)
        };
        let mut told = 0;
        let mut gone_sessions = Vec::new();
        for (session, peer) in peers {
            let param = ResourceUpdatedNotificationParam::new(uri);
            match peer.notify_resource_updated(param).await {
                Ok(()) => told += 1,
                Err(_) => gone_sessions.push(session),
            }
        }
        let mut gone_streams = Vec::new();
        for (key, sink) in sinks {
            let notification = ServerNotification::ResourceUpdatedNotification(
                ResourceUpdatedNotification::new(ResourceUpdatedNotificationParam::new(uri)),
            );
            match sink.send(notification).await {
                Ok(()) => told += 1,
                Err(_) => gone_streams.push(key),
            }
        }
        if !gone_sessions.is_empty() || !gone_streams.is_empty() {
            let mut subscribers = self.lock();
            subscribers
                .sessions
                .retain(|(s, _, _)| !gone_sessions.contains(s));
            subscribers
                .streams
                .retain(|(k, _)| !gone_streams.contains(k));
        }
        told
    }

    /// The URIs someone is subscribed to now, sorted and without repeats: what a server
    /// watches (a file, a table) while anyone listens.
    #[must_use]
    pub fn subscribed(&self) -> Vec<String> {
        let subscribers = self.lock();
        let mut uris: Vec<String> = subscribers
            .sessions
            .iter()
            .map(|(_, uri, _)| uri.clone())
            .chain(subscribers.streams.iter().flat_map(|(_, sink)| {
                sink.accepted()
                    .resource_subscriptions
                    .clone()
                    .unwrap_or_default()
            }))
            .collect();
        uris.sort_unstable();
        uris.dedup();
        uris
    }

    /// How many subscriptions (session and URI pairs, and streams) are held.
    #[must_use]
    pub fn subscriptions(&self) -> usize {
        let subscribers = self.lock();
        subscribers.sessions.len() + subscribers.streams.len()
    }

    pub(crate) fn subscribe(&self, session: u64, uri: String, peer: Peer<RoleServer>) {
        let mut subscribers = self.lock();
        if !subscribers
            .sessions
            .iter()
            .any(|(s, u, _)| *s == session && *u == uri)
        {
            subscribers.sessions.push((session, uri, peer));
        }
    }

    pub(crate) fn unsubscribe(&self, session: u64, uri: &str) {
        self.lock()
            .sessions
            .retain(|(s, u, _)| !(*s == session && u == uri));
    }

    /// Counts a `subscriptions/listen` stream that was accepted and is about to open.
    pub(crate) fn expect_stream(&self) {
        self.pending
            .streams
            .fetch_add(1, std::sync::atomic::Ordering::AcqRel);
    }

    /// Waits until the streams acknowledged have opened, or [`OPENING`] has passed.
    async fn await_opening(&self) {
        use std::sync::atomic::Ordering;
        let deadline = tokio::time::Instant::now() + OPENING;
        while self.pending.streams.load(Ordering::Acquire) > 0 {
            let opened = self.pending.opened.notified();
            if self.pending.streams.load(Ordering::Acquire) == 0 {
                break;
            }
            if tokio::time::timeout_at(deadline, opened).await.is_err() {
                // The stragglers' clients went away: stop waiting for them.
                self.pending.streams.store(0, Ordering::Release);
                break;
            }
        }
    }

    /// Keeps `sink` until [`ResourceUpdates::close`] with the key returned.
    pub(crate) fn open(&self, sink: SubscriptionSink) -> u64 {
        let key = {
            let mut subscribers = self.lock();
            subscribers.next += 1;
            let key = subscribers.next;
            subscribers.streams.push((key, sink));
            key
        };
        let pending = &self.pending.streams;
        let _ = pending.fetch_update(
            std::sync::atomic::Ordering::AcqRel,
            std::sync::atomic::Ordering::Acquire,
            |n| n.checked_sub(1),
        );
        self.pending.opened.notify_waiters();
        key
    }

    pub(crate) fn close(&self, key: u64) {
        self.lock().streams.retain(|(k, _)| *k != key);
    }
}

impl std::fmt::Debug for ResourceUpdates {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ResourceUpdates")
            .field("subscriptions", &self.subscriptions())
            .finish()
    }
}
