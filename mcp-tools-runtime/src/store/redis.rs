//! `RedisStore`: a [`Store`] in Redis, shared by every replica that connects to it.

use std::{fmt, future::Future, time::Duration};

use redis::{
    AsyncConnectionConfig, Client, Cmd, RedisError, Script,
    aio::{ConnectionManager, ConnectionManagerConfig},
};

use super::contract::{Store, StoreError, StoreFuture};

/// How long one command may take unless [`RedisStore::with_timeout`] says otherwise.
const DEFAULT_TIMEOUT: Duration = Duration::from_secs(1);

/// The longest wait between two reconnection attempts, so replicas find a Redis that comes
/// back within about a second.
const MAX_RECONNECT_DELAY: Duration = Duration::from_secs(1);

/// The longest time to live sent to Redis (100 years, in milliseconds): Redis refuses an
/// expiry that overflows its clock, and a longer one means "forever" all the same.
const MAX_TTL_MS: u64 = 100 * 365 * 86_400 * 1_000;

/// The key, under the prefix, of [`RedisStore::shared_secret`].
const SECRET_KEY: &str = "token-secret";

/// The length of the secret [`RedisStore::shared_secret`] draws.
const SECRET_LEN: usize = 32;

/// `replace`: compares the whole value, then sets it with its new time to live, in one step
/// (Lua strings are byte strings, so any value compares exactly; an absent key reads `false`).
const REPLACE: &str = r"
if redis.call('GET', KEYS[1]) == ARGV[1] then
  redis.call('SET', KEYS[1], ARGV[2], 'PX', ARGV[3])
  return 1
end
return 0
";

/// `get_renewed`: the value, and a new time to live for it, in one step.
const GET_RENEWED: &str = r"
local held = redis.call('GET', KEYS[1])
if held then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
end
return held
";

/// `claim`: sets the key if it holds nothing, else returns what it holds, in one step.
const CLAIM: &str = r"
local held = redis.call('GET', KEYS[1])
if held then
  return held
end
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
return false
";

/// `shared_secret`: keeps the first secret offered, returns whichever is kept.
const SHARE_SECRET: &str = r"
redis.call('SET', KEYS[1], ARGV[1], 'NX')
return redis.call('GET', KEYS[1])
";

/// A [`Store`] in Redis: every replica of a server that connects to the same Redis (and
/// prefix) shares its plans, commits and idempotency records.
///
/// Each value is a Redis string set with `PX`, so Redis forgets it when its time to live
/// ends; [`put_new`](Store::put_new) is `SET … NX`, [`replace`](Store::replace) a short Lua
/// script (compare, then set), [`remove`](Store::remove) `DEL`: nothing a maintained Redis
/// or Valkey lacks.
///
/// The connection reconnects by itself when it drops, and every command is bounded by a
/// [timeout](Self::with_timeout) (1 s by default): a Redis that is down or hung makes a call
/// fail with [`StoreError`] ("retry later") within it, never hang.
///
/// Cloning is cheap: clones share one connection, on which commands are pipelined.
///
/// **TLS** (`rediss://` URLs) is not compiled in, to keep builds lean. To add it, depend on
/// `redis` yourself with one of its TLS features; Cargo unifies features, so this store then
/// accepts `rediss://`:
///
/// ```toml
/// redis = { version = "1", features = ["tokio-rustls-comp"] } # or "tokio-native-tls-comp"
/// ```
///
/// ```no_run
/// use mcp_tools::{Registry, store::RedisStore};
///
/// # async fn run() -> Result<(), Box<dyn std::error::Error>> {
/// let store = RedisStore::connect("redis://127.0.0.1:6379/0")
///     .await?
///     .with_prefix("shipments:");
/// let secret = store.shared_secret().await?;
/// let registry = Registry::builder()
///     .token_secret(secret)
///     .store(store)
///     .build()?;
/// # let _ = registry;
/// # Ok(())
/// # }
/// ```
#[derive(Clone)]
pub struct RedisStore {
    connection: ConnectionManager,
    prefix: String,
    timeout: Duration,
    replace: Script,
    get_renewed: Script,
    claim: Script,
    share_secret: Script,
}

impl RedisStore {
    /// Connects to the Redis at `url` (`redis://[:password@]host:port/db`, or
    /// `redis+unix:///path/to/socket`), checking that it answers within the
    /// [default timeout](Self::with_timeout) of 1 s.
    ///
    /// ```no_run
    /// # async fn run() -> Result<(), mcp_tools::store::StoreError> {
    /// let store = mcp_tools::store::RedisStore::connect("redis://127.0.0.1:6379/0").await?;
    /// # let _ = store;
    /// # Ok(())
    /// # }
    /// ```
    pub async fn connect(url: &str) -> Result<Self, StoreError> {
        let timeout = DEFAULT_TIMEOUT;
        let client = Client::open(url).map_err(|err| {
            StoreError::new(format!("`{}` is not a Redis URL: {err}", redact(url))).with_source(err)
        })?;
        // One plain connection first: the manager retries every failure with backoff, which
        // would turn a refused connection or a wrong password into a bare timeout.
        let probe = AsyncConnectionConfig::new()
            .set_connection_timeout(Some(timeout))
            .set_response_timeout(Some(timeout));
        let what = format!("connecting to {}", redact(url));
        bounded(&what, timeout, async {
            let mut probe = client
                .get_multiplexed_async_connection_with_config(&probe)
                .await?;
            redis::cmd("PING").query_async::<()>(&mut probe).await
        })
        .await?;
        // Answers are bounded around each command, by a timeout `with_timeout` may change
        // after this; a fixed one inside the connection would cut a longer one short.
        let config = ConnectionManagerConfig::new()
            .set_connection_timeout(Some(timeout))
            .set_response_timeout(None)
            .set_max_delay(MAX_RECONNECT_DELAY);
        let connection = bounded(
            &what,
            timeout,
            ConnectionManager::new_with_config(client, config),
        )
        .await?;
        Ok(RedisStore {
            connection,
            prefix: String::new(),
            timeout,
            replace: Script::new(REPLACE),
            get_renewed: Script::new(GET_RENEWED),
            claim: Script::new(CLAIM),
            share_secret: Script::new(SHARE_SECRET),
        })
    }

    /// Puts `prefix` before every key this store reads or writes, so that several servers
    /// (or tests) can share one Redis without seeing each other's keys.
    ///
    /// ```no_run
    /// # async fn run() -> Result<(), mcp_tools::store::StoreError> {
    /// # use mcp_tools::store::RedisStore;
    /// let store = RedisStore::connect("redis://127.0.0.1:6379/0").await?.with_prefix("shipments:");
    /// # let _ = store;
    /// # Ok(())
    /// # }
    /// ```
    #[must_use]
    pub fn with_prefix(mut self, prefix: impl Into<String>) -> Self {
        self.prefix = prefix.into();
        self
    }

    /// How long one command may take, from sending it (or waiting for a reconnection) to its
    /// answer, before it fails with a [`StoreError`] (default 1 s).
    ///
    /// ```no_run
    /// # async fn run() -> Result<(), mcp_tools::store::StoreError> {
    /// # use mcp_tools::store::RedisStore;
    /// # use std::time::Duration;
    /// let store = RedisStore::connect("redis://127.0.0.1:6379/0")
    ///     .await?
    ///     .with_timeout(Duration::from_millis(250));
    /// # let _ = store;
    /// # Ok(())
    /// # }
    /// ```
    #[must_use]
    pub fn with_timeout(mut self, timeout: Duration) -> Self {
        self.timeout = timeout;
        self
    }

    /// A secret shared by every replica connected to this Redis and prefix: the first
    /// replica to ask draws 32 random bytes and stores them (without expiry), and every
    /// replica then reads the same ones.
    ///
    /// It is the way replicas agree on
    /// [`RegistryBuilder::token_secret`](crate::registry::RegistryBuilder::token_secret) without
    /// configuring one (see [`RedisStore`]'s example). A secret of your own, from your
    /// secret manager, is still better where tokens must outlive Redis: a flushed Redis draws
    /// a new secret, and every outstanding cursor and plan handle of replicas started after
    /// the flush is then refused by those started before it, until all have restarted.
    pub async fn shared_secret(&self) -> Result<Vec<u8>, StoreError> {
        let key = self.key(SECRET_KEY);
        let mut drawn = [0u8; SECRET_LEN];
        getrandom::fill(&mut drawn).map_err(|err| {
            StoreError::new(format!("the operating system gave no random bytes: {err}"))
        })?;
        let mut connection = self.connection.clone();
        let kept: Option<Vec<u8>> = bounded(
            &format!("sharing the secret at `{key}`"),
            self.timeout,
            self.share_secret
                .key(&key)
                .arg(&drawn[..])
                .invoke_async(&mut connection),
        )
        .await?;
        match kept {
            Some(secret) if secret.len() >= SECRET_LEN => Ok(secret),
            Some(secret) => Err(StoreError::new(format!(
                "the Redis key `{key}` holds {} bytes, too short for a shared secret (at least \
                 {SECRET_LEN}); remove it and a new one is drawn",
                secret.len()
            ))),
            None => Err(StoreError::new(format!(
                "the Redis key `{key}` vanished as it was set; is something removing keys?"
            ))),
        }
    }

    fn key(&self, key: &str) -> String {
        format!("{}{key}", self.prefix)
    }

    /// Runs `command` (named `what` in an error) on `key`, bounded by the timeout.
    async fn run<T: redis::FromRedisValue>(
        &self,
        what: &str,
        key: &str,
        command: Cmd,
    ) -> Result<T, StoreError> {
        let mut connection = self.connection.clone();
        bounded(
            &format!("{what} `{key}`"),
            self.timeout,
            command.query_async(&mut connection),
        )
        .await
    }
}

/// Awaits `step` for at most `timeout`; `what` says what it was doing in an error.
async fn bounded<T>(
    what: &str,
    timeout: Duration,
    step: impl Future<Output = Result<T, RedisError>>,
) -> Result<T, StoreError> {
    match tokio::time::timeout(timeout, step).await {
        Ok(Ok(value)) => Ok(value),
        Ok(Err(err)) => {
            Err(StoreError::new(format!("Redis: {what} failed: {err}")).with_source(err))
        }
        Err(_) => Err(StoreError::new(format!(
            "Redis: {what} got no answer within {timeout:?}"
        ))),
    }
}

/// `url` without its password (before `@`, or in the query of a socket's URL), for error
/// messages.
fn redact(url: &str) -> String {
    let (url, query) = match url.split_once('?') {
        Some((url, _)) => (url, "?…"),
        None => (url, ""),
    };
    match (url.find("://"), url.rfind('@')) {
        (Some(scheme), Some(at)) if at > scheme => {
            format!("{}://…{}{query}", &url[..scheme], &url[at..])
        }
        _ => format!("{url}{query}"),
    }
}

/// `ttl` in whole milliseconds for `PX`: rounded up (never shorter than asked), at least 1
/// (Redis refuses 0) and at most [`MAX_TTL_MS`].
fn px(ttl: Duration) -> u64 {
    let ms = ttl.as_nanos().div_ceil(1_000_000);
    u64::try_from(ms).unwrap_or(MAX_TTL_MS).clamp(1, MAX_TTL_MS)
}

impl Store for RedisStore {
    fn get<'a>(&'a self, key: &'a str) -> StoreFuture<'a, Option<Vec<u8>>> {
        Box::pin(async move {
            let key = self.key(key);
            let mut command = redis::cmd("GET");
            command.arg(&key);
            self.run("GET", &key, command).await
        })
    }

    fn put<'a>(&'a self, key: &'a str, value: &'a [u8], ttl: Duration) -> StoreFuture<'a, ()> {
        Box::pin(async move {
            let key = self.key(key);
            let mut command = redis::cmd("SET");
            command.arg(&key).arg(value).arg("PX").arg(px(ttl));
            self.run("SET", &key, command).await
        })
    }

    fn put_new<'a>(
        &'a self,
        key: &'a str,
        value: &'a [u8],
        ttl: Duration,
    ) -> StoreFuture<'a, bool> {
        Box::pin(async move {
            let key = self.key(key);
            let mut command = redis::cmd("SET");
            command
                .arg(&key)
                .arg(value)
                .arg("PX")
                .arg(px(ttl))
                .arg("NX");
            // `OK` when set, nil when the key already held a value.
            let set: Option<String> = self.run("SET NX", &key, command).await?;
            Ok(set.is_some())
        })
    }

    fn replace<'a>(
        &'a self,
        key: &'a str,
        current: &'a [u8],
        value: &'a [u8],
        ttl: Duration,
    ) -> StoreFuture<'a, bool> {
        Box::pin(async move {
            let key = self.key(key);
            let mut connection = self.connection.clone();
            let replaced: i64 = bounded(
                &format!("replace of `{key}`"),
                self.timeout,
                self.replace
                    .key(&key)
                    .arg(current)
                    .arg(value)
                    .arg(px(ttl))
                    .invoke_async(&mut connection),
            )
            .await?;
            Ok(replaced == 1)
        })
    }

    fn get_renewed<'a>(&'a self, key: &'a str, ttl: Duration) -> StoreFuture<'a, Option<Vec<u8>>> {
        Box::pin(async move {
            let key = self.key(key);
            let mut connection = self.connection.clone();
            // Lua's `false` arrives as nil: nothing held.
            bounded(
                &format!("renewed read of `{key}`"),
                self.timeout,
                self.get_renewed
                    .key(&key)
                    .arg(px(ttl))
                    .invoke_async::<Option<Vec<u8>>>(&mut connection),
            )
            .await
        })
    }

    fn claim<'a>(
        &'a self,
        key: &'a str,
        value: &'a [u8],
        ttl: Duration,
    ) -> StoreFuture<'a, Option<Vec<u8>>> {
        Box::pin(async move {
            let key = self.key(key);
            let mut connection = self.connection.clone();
            // Lua's `false` arrives as nil: the key was free and is now ours.
            bounded(
                &format!("claim of `{key}`"),
                self.timeout,
                self.claim
                    .key(&key)
                    .arg(value)
                    .arg(px(ttl))
                    .invoke_async::<Option<Vec<u8>>>(&mut connection),
            )
            .await
        })
    }

    fn remove<'a>(&'a self, key: &'a str) -> StoreFuture<'a, ()> {
        Box::pin(async move {
            let key = self.key(key);
            let mut command = redis::cmd("DEL");
            command.arg(&key);
            self.run("DEL", &key, command).await
        })
    }
}

impl fmt::Debug for RedisStore {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("RedisStore")
            .field("prefix", &self.prefix)
            .field("timeout", &self.timeout)
            .finish_non_exhaustive()
    }
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::{MAX_TTL_MS, px, redact};

    #[test]
    fn ttls_round_up_to_whole_milliseconds() {
        assert_eq!(px(Duration::ZERO), 1);
        assert_eq!(px(Duration::from_micros(1)), 1);
        assert_eq!(px(Duration::from_micros(1_001)), 2);
        assert_eq!(px(Duration::from_secs(60)), 60_000);
        assert_eq!(px(Duration::MAX), MAX_TTL_MS);
    }

    #[test]
    fn urls_lose_their_password_in_messages() {
        assert_eq!(
            redact("redis://:hunter2@cache:6379/0"),
            "redis://…@cache:6379/0"
        );
        assert_eq!(redact("redis://user:p@ss@cache/1"), "redis://…@cache/1");
        assert_eq!(
            redact("redis://127.0.0.1:6379/0"),
            "redis://127.0.0.1:6379/0"
        );
        assert_eq!(
            redact("redis+unix:///run/redis.sock?pass=hunter2"),
            "redis+unix:///run/redis.sock?…"
        );
    }
}
