//! One issuer's keys, cached: fetched when first needed, again when their lifetime is over,
//! and again when a token names a key the cache does not hold (the issuer rotated its keys),
//! but never more than once per refetch interval, however many tokens ask. Concurrent
//! requests that miss wait for one fetch rather than each making their own.

use std::{
    sync::{Arc, PoisonError, RwLock},
    time::Duration,
};

use jsonwebtoken::Algorithm;
use tokio::{sync::Mutex, time::Instant};

use super::{fetch::Fetch, keys::KeySet};

/// Why no key was found for a token.
#[derive(Debug, PartialEq, Eq)]
pub(super) enum Missing {
    /// The issuer's keys are known, and none fits the token.
    Unknown,
    /// The issuer's keys could not be fetched yet (the detail is logged).
    Unavailable,
}

/// The keys of one issuer.
pub(super) struct Jwks {
    url: String,
    fetch: Arc<dyn Fetch>,
    lifetime: Duration,
    interval: Duration,
    current: RwLock<Snapshot>,
    /// When the last fetch started; held through a fetch, so that one runs at a time.
    last_fetch: Mutex<Option<Instant>>,
}

#[derive(Clone, Default)]
struct Snapshot {
    keys: Arc<KeySet>,
    /// When `keys` were fetched; `None` until a fetch succeeds.
    fetched: Option<Instant>,
}

impl Jwks {
    pub(super) fn new(
        url: String,
        fetch: Arc<dyn Fetch>,
        lifetime: Duration,
        interval: Duration,
    ) -> Self {
        Jwks {
            url,
            fetch,
            lifetime,
            interval,
            current: RwLock::default(),
            last_fetch: Mutex::new(None),
        }
    }

    /// Keys among which one fits a token with `kid` and `alg` (see
    /// [`KeySet::matching`]), fetching them first if the cache allows.
    pub(super) async fn keys_for(
        &self,
        kid: Option<&str>,
        alg: Algorithm,
    ) -> Result<Arc<KeySet>, Missing> {
        let seen = self.snapshot();
        let fresh = seen.fetched.is_some_and(|at| at.elapsed() < self.lifetime);
        if fresh && !seen.keys.matching(kid, alg).is_empty() {
            return Ok(seen.keys);
        }
        let now = self.refresh(seen.fetched).await;
        if now.fetched.is_none() {
            return Err(Missing::Unavailable);
        }
        if now.keys.matching(kid, alg).is_empty() {
            return Err(Missing::Unknown);
        }
        Ok(now.keys)
    }

    fn snapshot(&self) -> Snapshot {
        self.current
            .read()
            .unwrap_or_else(PoisonError::into_inner)
            .clone()
    }

    /// Fetches the keys unless another request did since `seen`, or the last fetch was
    /// less than the interval ago; a failed fetch keeps the keys held (the issuer may be
    /// down for a moment, and they were good a moment ago).
    async fn refresh(&self, seen: Option<Instant>) -> Snapshot {
        let mut last_fetch = self.last_fetch.lock().await;
        let current = self.snapshot();
        if current.fetched != seen {
            return current;
        }
        if last_fetch.is_some_and(|at| at.elapsed() < self.interval) {
            return current;
        }
        let started = Instant::now();
        *last_fetch = Some(started);
        let fetched = self
            .fetch
            .get(&self.url)
            .await
            .and_then(|body| KeySet::parse(&body));
        match fetched {
            Ok(keys) => {
                if keys.len() == 0 {
                    tracing::warn!(
                        url = self.url,
                        "the issuer's key set holds no signing key this server can use"
                    );
                }
                let snapshot = Snapshot {
                    keys: Arc::new(keys),
                    fetched: Some(started),
                };
                *self.current.write().unwrap_or_else(PoisonError::into_inner) = snapshot.clone();
                snapshot
            }
            Err(error) => {
                tracing::warn!(
                    url = self.url,
                    error,
                    "could not fetch the issuer's signing keys; tokens are checked against the keys held, if any"
                );
                current
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use std::sync::{
        Arc, Mutex,
        atomic::{AtomicUsize, Ordering},
    };

    use axum::body::Bytes;
    use futures::future::BoxFuture;
    use jsonwebtoken::Algorithm;
    use tokio::time::{Duration, advance};

    use super::{Jwks, Missing};
    use crate::transport::http::oauth::{
        fetch::Fetch,
        keys::tests::{document, ec_key},
    };

    /// Serves a key set that the test changes, counting fetches; `None` fails them.
    #[derive(Default)]
    struct Issuer {
        body: Mutex<Option<Vec<u8>>>,
        fetches: AtomicUsize,
    }

    impl Issuer {
        fn publish(&self, kids: &[&str]) {
            let keys: Vec<_> = kids.iter().map(|k| ec_key(k)).collect();
            *self.body.lock().unwrap() = Some(document(&keys));
        }
        fn fetches(&self) -> usize {
            self.fetches.load(Ordering::SeqCst)
        }
    }

    impl Fetch for Issuer {
        fn get<'a>(&'a self, _url: &'a str) -> BoxFuture<'a, Result<Bytes, String>> {
            Box::pin(async move {
                self.fetches.fetch_add(1, Ordering::SeqCst);
                // A fetch takes a while, so that concurrent misses overlap it.
                tokio::time::sleep(Duration::from_millis(50)).await;
                self.body
                    .lock()
                    .unwrap()
                    .clone()
                    .map(Bytes::from)
                    .ok_or_else(|| "connection refused".to_owned())
            })
        }
    }

    const LIFETIME: Duration = Duration::from_secs(600);
    const INTERVAL: Duration = Duration::from_secs(30);

    fn cache(issuer: &Arc<Issuer>) -> Jwks {
        Jwks::new(
            "https://auth.example.com/jwks".into(),
            Arc::clone(issuer) as Arc<dyn Fetch>,
            LIFETIME,
            INTERVAL,
        )
    }

    async fn lookup(jwks: &Jwks, kid: &str) -> Result<(), Missing> {
        jwks.keys_for(Some(kid), Algorithm::ES256).await.map(|_| ())
    }

    #[tokio::test(start_paused = true)]
    async fn keys_are_fetched_once_and_reused() {
        let issuer = Arc::new(Issuer::default());
        issuer.publish(&["k1"]);
        let jwks = cache(&issuer);
        for _ in 0..5 {
            assert_eq!(lookup(&jwks, "k1").await, Ok(()));
        }
        assert_eq!(issuer.fetches(), 1);
    }

    #[tokio::test(start_paused = true)]
    async fn unknown_key_ids_refetch_at_most_once_per_interval() {
        let issuer = Arc::new(Issuer::default());
        issuer.publish(&["k1"]);
        let jwks = cache(&issuer);
        assert_eq!(lookup(&jwks, "k1").await, Ok(()));
        advance(INTERVAL).await;
        // A flood of made-up ids: one fetch, then refusals from the cache alone.
        for i in 0..100 {
            assert_eq!(
                lookup(&jwks, &format!("forged-{i}")).await,
                Err(Missing::Unknown)
            );
        }
        assert_eq!(issuer.fetches(), 2);
        // Known keys still pass, without a fetch.
        assert_eq!(lookup(&jwks, "k1").await, Ok(()));
        assert_eq!(issuer.fetches(), 2);
        // After the interval, an unknown id may fetch again: a key rotated in is found.
        issuer.publish(&["k1", "k2"]);
        assert_eq!(lookup(&jwks, "k2").await, Err(Missing::Unknown));
        advance(INTERVAL).await;
        assert_eq!(lookup(&jwks, "k2").await, Ok(()));
        assert_eq!(issuer.fetches(), 3);
    }

    #[tokio::test(start_paused = true)]
    async fn concurrent_misses_share_one_fetch() {
        let issuer = Arc::new(Issuer::default());
        issuer.publish(&["k1"]);
        let jwks = Arc::new(cache(&issuer));
        let lookups: Vec<_> = (0..20)
            .map(|i| {
                let jwks = Arc::clone(&jwks);
                tokio::spawn(async move {
                    let kid = if i % 2 == 0 { "k1" } else { "unknown" };
                    lookup(&jwks, kid).await
                })
            })
            .collect();
        for (i, lookup) in lookups.into_iter().enumerate() {
            let expected = if i % 2 == 0 {
                Ok(())
            } else {
                Err(Missing::Unknown)
            };
            assert_eq!(lookup.await.unwrap(), expected);
        }
        assert_eq!(issuer.fetches(), 1);
    }

    #[tokio::test(start_paused = true)]
    async fn keys_are_refetched_after_their_lifetime_and_kept_if_that_fails() {
        let issuer = Arc::new(Issuer::default());
        issuer.publish(&["k1"]);
        let jwks = cache(&issuer);
        assert_eq!(lookup(&jwks, "k1").await, Ok(()));
        advance(LIFETIME).await;
        *issuer.body.lock().unwrap() = None;
        // Expired and the issuer is down: the keys held still serve.
        assert_eq!(lookup(&jwks, "k1").await, Ok(()));
        assert_eq!(issuer.fetches(), 2);
        // Not retried on every request while it is down.
        assert_eq!(lookup(&jwks, "k1").await, Ok(()));
        assert_eq!(issuer.fetches(), 2);
        issuer.publish(&["k9"]);
        advance(INTERVAL).await;
        // Back up, with the old key retired.
        assert_eq!(lookup(&jwks, "k1").await, Err(Missing::Unknown));
        assert_eq!(issuer.fetches(), 3);
    }

    #[tokio::test(start_paused = true)]
    async fn keys_never_fetched_are_unavailable_not_unknown() {
        let issuer = Arc::new(Issuer::default());
        let jwks = cache(&issuer);
        assert_eq!(lookup(&jwks, "k1").await, Err(Missing::Unavailable));
        assert_eq!(lookup(&jwks, "k1").await, Err(Missing::Unavailable));
        assert_eq!(issuer.fetches(), 1);
        issuer.publish(&["k1"]);
        advance(INTERVAL).await;
        assert_eq!(lookup(&jwks, "k1").await, Ok(()));
    }
}
