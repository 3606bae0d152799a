//! `MemoryStore`: the default [`Store`], in this process's memory.

use std::{
    collections::HashMap,
    sync::Mutex,
    time::{Duration, Instant},
};

use super::contract::{Store, StoreError, StoreFuture};

/// A [`Store`] in this process's memory: right for one process, lost when it exits, and not
/// shared with other replicas.
///
/// Expired entries are dropped when read, and swept whenever the map has doubled since the
/// last sweep, so memory follows the live entries.
#[derive(Debug, Default)]
pub struct MemoryStore {
    map: Mutex<Entries>,
}

#[derive(Debug, Default)]
struct Entries {
    live: HashMap<String, (Vec<u8>, Instant)>,
    sweep_at: usize,
}

impl Entries {
    fn live(&mut self, key: &str, now: Instant) -> Option<&Vec<u8>> {
        let expired = matches!(self.live.get(key), Some((_, until)) if *until <= now);
        if expired {
            self.live.remove(key);
        }
        self.live.get(key).map(|(value, _)| value)
    }

    fn insert(&mut self, key: &str, value: &[u8], ttl: Duration, now: Instant) {
        let until = now
            .checked_add(ttl)
            .unwrap_or(now + Duration::from_secs(86_400 * 365));
        self.live.insert(key.to_owned(), (value.to_vec(), until));
        if self.live.len() >= self.sweep_at {
            self.live.retain(|_, (_, until)| *until > now);
            self.sweep_at = (self.live.len() * 2).max(64);
        }
    }
}

impl MemoryStore {
    /// An empty store.
    #[must_use]
    pub fn new() -> Self {
        MemoryStore::default()
    }

    fn with<T>(&self, f: impl FnOnce(&mut Entries, Instant) -> T) -> Result<T, StoreError> {
        let mut map = self
            .map
            .lock()
            .map_err(|_| StoreError::new("the memory store's lock was poisoned by a panic"))?;
        Ok(f(&mut map, Instant::now()))
    }
}

impl Store for MemoryStore {
    fn get_renewed<'a>(&'a self, key: &'a str, ttl: Duration) -> StoreFuture<'a, Option<Vec<u8>>> {
        let result = self.with(|map, now| {
            let held = map.live(key, now).cloned()?;
            map.insert(key, &held, ttl, now);
            Some(held)
        });
        Box::pin(async move { result })
    }

    fn get<'a>(&'a self, key: &'a str) -> StoreFuture<'a, Option<Vec<u8>>> {
        let result = self.with(|map, now| map.live(key, now).cloned());
        Box::pin(async move { result })
    }

    fn put<'a>(&'a self, key: &'a str, value: &'a [u8], ttl: Duration) -> StoreFuture<'a, ()> {
        let result = self.with(|map, now| map.insert(key, value, ttl, now));
        Box::pin(async move { result })
    }

    fn put_new<'a>(
        &'a self,
        key: &'a str,
        value: &'a [u8],
        ttl: Duration,
    ) -> StoreFuture<'a, bool> {
        let result = self.with(|map, now| {
            if map.live(key, now).is_some() {
                return false;
            }
            map.insert(key, value, ttl, now);
            true
        });
        Box::pin(async move { result })
    }

    fn claim<'a>(
        &'a self,
        key: &'a str,
        value: &'a [u8],
        ttl: Duration,
    ) -> StoreFuture<'a, Option<Vec<u8>>> {
        let result = self.with(|map, now| {
            if let Some(held) = map.live(key, now) {
                return Some(held.clone());
            }
            map.insert(key, value, ttl, now);
            None
        });
        Box::pin(async move { result })
    }

    fn replace<'a>(
        &'a self,
        key: &'a str,
        current: &'a [u8],
        value: &'a [u8],
        ttl: Duration,
    ) -> StoreFuture<'a, bool> {
        let result = self.with(|map, now| {
            if map.live(key, now).map(Vec::as_slice) != Some(current) {
                return false;
            }
            map.insert(key, value, ttl, now);
            true
        });
        Box::pin(async move { result })
    }

    fn remove<'a>(&'a self, key: &'a str) -> StoreFuture<'a, ()> {
        let result = self.with(|map, _| {
            map.live.remove(key);
        });
        Box::pin(async move { result })
    }
}

#[cfg(test)]
mod tests {
    use super::MemoryStore;

    #[tokio::test]
    async fn keeps_the_store_contract() {
        super::super::contract::check_contract(&MemoryStore::new(), "test:").await;
    }
}
