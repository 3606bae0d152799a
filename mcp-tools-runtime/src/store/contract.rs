//! [`Store`], the contract every store keeps, its error, and [`check_contract`], the test
//! of it.

use std::{fmt, future::Future, pin::Pin, sync::Arc, time::Duration};

/// The future a [`Store`] method returns.
pub type StoreFuture<'a, T> = Pin<Box<dyn Future<Output = Result<T, StoreError>> + Send + 'a>>;

/// A key-value store with expiry, shared by every replica of a server.
///
/// Keys are short ASCII strings the runtime builds (`plan:…`, `once:…`); values are opaque
/// bytes. Each method is one atomic step of the store: [`put_new`](Store::put_new) is what
/// makes a commit run once when two replicas race for it, and
/// [`replace`](Store::replace) is a compare-and-set an application can build on.
///
/// An implementation must honour the time to live itself (Redis: `PX`), so that no replica
/// has to clean up after another.
pub trait Store: Send + Sync + 'static {
    /// The value at `key`, unless absent or expired.
    fn get<'a>(&'a self, key: &'a str) -> StoreFuture<'a, Option<Vec<u8>>>;

    /// Sets `key` to `value` for `ttl`, whatever it held.
    fn put<'a>(&'a self, key: &'a str, value: &'a [u8], ttl: Duration) -> StoreFuture<'a, ()>;

    /// Sets `key` to `value` for `ttl` only if it holds nothing: `true` if it was set.
    fn put_new<'a>(&'a self, key: &'a str, value: &'a [u8], ttl: Duration)
    -> StoreFuture<'a, bool>;

    /// Sets `key` to `value` for `ttl` if it holds nothing (`None`), or returns what it
    /// holds, unchanged: a claim, and the claim that was there first, in one step. A commit
    /// retried claims its record this way, so a replay costs one round trip.
    ///
    /// The default is [`put_new`](Store::put_new), then [`get`](Store::get); a store that
    /// can do both at once overrides it.
    fn claim<'a>(
        &'a self,
        key: &'a str,
        value: &'a [u8],
        ttl: Duration,
    ) -> StoreFuture<'a, Option<Vec<u8>>> {
        Box::pin(async move {
            // Twice: a value that lapsed between the two steps frees the key.
            for _ in 0..2 {
                if self.put_new(key, value, ttl).await? {
                    return Ok(None);
                }
                if let Some(held) = self.get(key).await? {
                    return Ok(Some(held));
                }
            }
            Err(StoreError::new(format!(
                "`{key}` was taken and freed again while being claimed"
            )))
        })
    }

    /// The value at `key` (unless absent or expired), its time to live set to `ttl` in the
    /// same step: a read that keeps what it reads alive, as a state handle is renewed by
    /// each use.
    ///
    /// The default is [`get`](Store::get), then [`replace`](Store::replace) of the value
    /// with itself (two steps; a change between them is kept, and renews it); a store that
    /// can do both at once overrides it.
    fn get_renewed<'a>(&'a self, key: &'a str, ttl: Duration) -> StoreFuture<'a, Option<Vec<u8>>> {
        Box::pin(async move {
            let held = self.get(key).await?;
            if let Some(bytes) = &held {
                self.replace(key, bytes, bytes, ttl).await?;
            }
            Ok(held)
        })
    }

    /// Sets `key` to `value` for `ttl` only if it holds exactly `current`: `true` if it was
    /// replaced.
    fn replace<'a>(
        &'a self,
        key: &'a str,
        current: &'a [u8],
        value: &'a [u8],
        ttl: Duration,
    ) -> StoreFuture<'a, bool>;

    /// Forgets `key` (nothing happens if it holds nothing).
    fn remove<'a>(&'a self, key: &'a str) -> StoreFuture<'a, ()>;
}

impl<S: Store + ?Sized> Store for Arc<S> {
    fn get<'a>(&'a self, key: &'a str) -> StoreFuture<'a, Option<Vec<u8>>> {
        (**self).get(key)
    }

    fn put<'a>(&'a self, key: &'a str, value: &'a [u8], ttl: Duration) -> StoreFuture<'a, ()> {
        (**self).put(key, value, ttl)
    }

    fn put_new<'a>(
        &'a self,
        key: &'a str,
        value: &'a [u8],
        ttl: Duration,
    ) -> StoreFuture<'a, bool> {
        (**self).put_new(key, value, ttl)
    }

    fn claim<'a>(
        &'a self,
        key: &'a str,
        value: &'a [u8],
        ttl: Duration,
    ) -> StoreFuture<'a, Option<Vec<u8>>> {
        (**self).claim(key, value, ttl)
    }

    fn get_renewed<'a>(&'a self, key: &'a str, ttl: Duration) -> StoreFuture<'a, Option<Vec<u8>>> {
        (**self).get_renewed(key, ttl)
    }

    fn replace<'a>(
        &'a self,
        key: &'a str,
        current: &'a [u8],
        value: &'a [u8],
        ttl: Duration,
    ) -> StoreFuture<'a, bool> {
        (**self).replace(key, current, value, ttl)
    }

    fn remove<'a>(&'a self, key: &'a str) -> StoreFuture<'a, ()> {
        (**self).remove(key)
    }
}

/// A store could not be reached or refused a step.
///
/// A call that needs the store then fails with "retry later": nothing was applied.
pub struct StoreError {
    message: String,
    source: Option<Box<dyn std::error::Error + Send + Sync>>,
}

impl StoreError {
    /// An error with a message for the log (the model sees only that the store is down).
    pub fn new(message: impl Into<String>) -> Self {
        StoreError {
            message: message.into(),
            source: None,
        }
    }

    /// Keeps the error that caused this one.
    #[must_use]
    pub fn with_source(mut self, source: impl std::error::Error + Send + Sync + 'static) -> Self {
        self.source = Some(Box::new(source));
        self
    }
}

impl fmt::Display for StoreError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl fmt::Debug for StoreError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("StoreError")
            .field("message", &self.message)
            .field("source", &self.source)
            .finish()
    }
}

impl std::error::Error for StoreError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        self.source
            .as_deref()
            .map(|s| s as &(dyn std::error::Error + 'static))
    }
}

/// Checks that a store keeps the contract of [`Store`]: values round-trip, `put_new` and
/// `replace` are conditional, values expire, `get_renewed` renews. A store of an application's own (or the Redis
/// one) runs it in its tests; it uses keys under `prefix` and removes them.
///
/// # Panics
///
/// On the first broken promise, saying which.
#[cfg(any(test, feature = "testing"))]
pub async fn check_contract(store: &dyn Store, prefix: &str) {
    let ttl = Duration::from_secs(60);
    let key = format!("{prefix}contract:a");
    let other = format!("{prefix}contract:b");
    store.remove(&key).await.expect("remove");
    store.remove(&other).await.expect("remove");

    assert_eq!(store.get(&key).await.expect("get"), None, "absent key");
    store.put(&key, b"one", ttl).await.expect("put");
    assert_eq!(
        store.get(&key).await.expect("get").as_deref(),
        Some(&b"one"[..])
    );
    store.put(&key, b"two", ttl).await.expect("put over");
    assert_eq!(
        store.get(&key).await.expect("get").as_deref(),
        Some(&b"two"[..])
    );

    assert!(
        !store.put_new(&key, b"three", ttl).await.expect("put_new"),
        "put_new on a held key"
    );
    assert_eq!(
        store.get(&key).await.expect("get").as_deref(),
        Some(&b"two"[..])
    );
    assert!(
        store.put_new(&other, b"first", ttl).await.expect("put_new"),
        "put_new on a free key"
    );

    let claimed = format!("{prefix}contract:claim");
    store.remove(&claimed).await.expect("remove");
    assert_eq!(
        store.claim(&claimed, b"mine", ttl).await.expect("claim"),
        None,
        "a free key is claimed"
    );
    assert_eq!(
        store
            .claim(&claimed, b"theirs", ttl)
            .await
            .expect("claim")
            .as_deref(),
        Some(&b"mine"[..]),
        "a held key answers what it holds"
    );
    assert_eq!(
        store.get(&claimed).await.expect("get").as_deref(),
        Some(&b"mine"[..])
    );
    store.remove(&claimed).await.expect("remove");

    assert!(
        !store
            .replace(&key, b"one", b"x", ttl)
            .await
            .expect("replace"),
        "stale replace"
    );
    assert!(
        store
            .replace(&key, b"two", b"x", ttl)
            .await
            .expect("replace"),
        "replace"
    );
    assert_eq!(
        store.get(&key).await.expect("get").as_deref(),
        Some(&b"x"[..])
    );
    let absent = format!("{prefix}contract:absent");
    store.remove(&absent).await.expect("remove");
    assert!(
        !store
            .replace(&absent, b"", b"y", ttl)
            .await
            .expect("replace"),
        "replace of nothing"
    );
    assert_eq!(store.get(&absent).await.expect("get"), None);

    store.remove(&key).await.expect("remove");
    assert_eq!(store.get(&key).await.expect("get"), None, "removed key");
    store.remove(&key).await.expect("remove twice");

    // Expiry: the store forgets on its own, and a lapsed key is free for `put_new`.
    let short = Duration::from_millis(150);
    store.put(&key, b"brief", short).await.expect("put");
    store.remove(&other).await.expect("remove");
    assert!(
        store
            .put_new(&other, b"brief", short)
            .await
            .expect("put_new")
    );
    tokio::time::sleep(Duration::from_millis(400)).await;
    assert_eq!(store.get(&key).await.expect("get"), None, "expired put");
    assert_eq!(
        store.get(&other).await.expect("get"),
        None,
        "expired put_new"
    );
    assert!(
        store.put_new(&other, b"again", ttl).await.expect("put_new"),
        "expired key is free"
    );
    store.put(&key, b"v", short).await.expect("put");
    assert!(store.replace(&key, b"v", b"w", ttl).await.expect("replace"));
    tokio::time::sleep(Duration::from_millis(400)).await;
    assert_eq!(
        store.get(&key).await.expect("get").as_deref(),
        Some(&b"w"[..]),
        "replace sets the new time to live"
    );
    // A renewed read answers what it read and sets the new time to live.
    store.put(&key, b"kept", short).await.expect("put");
    assert_eq!(
        store
            .get_renewed(&key, ttl)
            .await
            .expect("get_renewed")
            .as_deref(),
        Some(&b"kept"[..])
    );
    tokio::time::sleep(Duration::from_millis(400)).await;
    assert_eq!(
        store.get(&key).await.expect("get").as_deref(),
        Some(&b"kept"[..]),
        "get_renewed sets the new time to live"
    );
    store.remove(&absent).await.expect("remove");
    assert_eq!(
        store.get_renewed(&absent, ttl).await.expect("get_renewed"),
        None,
        "a renewed read of nothing"
    );
    assert_eq!(store.get(&absent).await.expect("get"), None);
    store.remove(&key).await.expect("remove");
    store.remove(&other).await.expect("remove");
}
