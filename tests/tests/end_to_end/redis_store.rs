//! `RedisStore` against a real `redis-server` (started per test, see `common_redis`): the
//! store contract, key prefixes, races on one key from many tasks and connections, the
//! shared secret, and a Redis that dies, hangs or is not there.

use crate::common_redis;

use std::{
    sync::Arc,
    time::{Duration, Instant},
};

use common_redis::RedisServer;
use mcp_tools::store::{RedisStore, Store, check_contract};
use tokio::sync::Barrier;

const TTL: Duration = Duration::from_secs(60);

/// Racing tasks, as many replicas' calls arriving at once.
const TASKS: usize = 50;

/// Separate connections the racing tasks are spread over, as separate replicas would be.
const CONNECTIONS: usize = 5;

async fn connections(server: &RedisServer) -> Vec<RedisStore> {
    let mut stores = Vec::with_capacity(CONNECTIONS);
    for _ in 0..CONNECTIONS {
        stores.push(server.connect().await);
    }
    stores
}

#[tokio::test]
async fn keeps_the_store_contract() {
    let server = RedisServer::start();
    let store = server.connect().await;
    check_contract(&store, "plain:").await;
    check_contract(&store.with_prefix("shipments:"), "prefixed:").await;
}

#[tokio::test]
async fn prefixes_keep_stores_apart() {
    let server = RedisServer::start();
    let bare = server.connect().await;
    let a = bare.clone().with_prefix("a:");
    let b = bare.clone().with_prefix("b:");

    a.put("plan:1", b"from a", TTL).await.expect("put");
    assert_eq!(b.get("plan:1").await.expect("get"), None, "b sees a's key");
    assert!(
        b.put_new("plan:1", b"from b", TTL).await.expect("put_new"),
        "b's key is free"
    );
    assert!(
        !a.replace("plan:1", b"from b", b"x", TTL)
            .await
            .expect("replace"),
        "a replaced b's value"
    );
    a.remove("plan:1").await.expect("remove");
    assert_eq!(
        b.get("plan:1").await.expect("get").as_deref(),
        Some(&b"from b"[..])
    );

    // The prefix is in the key Redis holds, not in a private namespace of the store.
    assert_eq!(
        bare.get("b:plan:1").await.expect("get").as_deref(),
        Some(&b"from b"[..])
    );
    assert_eq!(bare.get("a:plan:1").await.expect("get"), None);
}

/// Runs `TASKS` copies of `task` at once, released together, spread over the connections
/// as many replicas' calls would be; their results in task order.
async fn race<T, F, Fut>(stores: &[RedisStore], task: F) -> Vec<T>
where
    F: Fn(usize, RedisStore) -> Fut,
    Fut: Future<Output = T> + Send + 'static,
    T: Send + 'static,
{
    let start = Arc::new(Barrier::new(TASKS));
    let tasks: Vec<_> = (0..TASKS)
        .map(|i| {
            let run = task(i, stores[i % CONNECTIONS].clone());
            let start = Arc::clone(&start);
            tokio::spawn(async move {
                start.wait().await;
                run.await
            })
        })
        .collect();
    let mut results = Vec::with_capacity(TASKS);
    for task in tasks {
        results.push(task.await.expect("a racing task"));
    }
    results
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_of_fifty_racing_put_new_wins() {
    let server = RedisServer::start();
    let stores = connections(&server).await;
    let outcomes = race(&stores, |task, store| async move {
        let value = format!("task {task}");
        let won = store
            .put_new("once:claim", value.as_bytes(), TTL)
            .await
            .expect("put_new");
        won.then_some(value)
    })
    .await;
    let winners: Vec<String> = outcomes.into_iter().flatten().collect();
    assert_eq!(winners.len(), 1, "winners: {winners:?}");
    let held = stores[0].get("once:claim").await.expect("get");
    assert_eq!(
        held.as_deref(),
        Some(winners[0].as_bytes()),
        "the value is the winner's"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn fifty_racing_replaces_lose_no_increment() {
    let server = RedisServer::start();
    let stores = connections(&server).await;
    stores[0].put("counter", b"0", TTL).await.expect("put");
    let attempts = race(&stores, |_, store| async move {
        // Read, add one, write back only if nobody wrote meanwhile; else read again.
        let mut attempts = 0_u32;
        loop {
            attempts += 1;
            let current = store.get("counter").await.expect("get").expect("a counter");
            let count: u64 = std::str::from_utf8(&current)
                .expect("a decimal counter")
                .parse()
                .expect("a decimal counter");
            let next = (count + 1).to_string();
            if store
                .replace("counter", &current, next.as_bytes(), TTL)
                .await
                .expect("replace")
            {
                return attempts;
            }
        }
    })
    .await
    .into_iter()
    .sum::<u32>();
    let count = stores[0]
        .get("counter")
        .await
        .expect("get")
        .expect("a counter");
    assert_eq!(
        String::from_utf8_lossy(&count),
        TASKS.to_string(),
        "after {attempts} attempts"
    );
}

#[tokio::test]
async fn replicas_share_one_secret() {
    let server = RedisServer::start();
    let first = server.connect().await.with_prefix("shipments:");
    let second = server.connect().await.with_prefix("shipments:");
    let secret = first.shared_secret().await.expect("shared_secret");
    assert_eq!(secret.len(), 32);
    assert_eq!(second.shared_secret().await.expect("shared_secret"), secret);
    assert_eq!(
        first.shared_secret().await.expect("shared_secret"),
        secret,
        "asked again"
    );

    let other = server.connect().await.with_prefix("billing:");
    assert_ne!(
        other.shared_secret().await.expect("shared_secret"),
        secret,
        "another prefix"
    );
}

/// What a call costs at most when Redis is gone or hung, beyond the timeout itself.
const SLACK: Duration = Duration::from_millis(500);

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_dead_redis_fails_calls_quickly_and_a_new_one_is_used() {
    let timeout = Duration::from_millis(300);
    let mut server = RedisServer::start();
    let store = server.connect().await.with_timeout(timeout);
    store.put("plan:1", b"before", TTL).await.expect("put");

    server.kill();
    for step in ["get", "put", "put_new", "replace", "remove"] {
        let started = Instant::now();
        let result = match step {
            "get" => store.get("plan:1").await.map(|_| ()),
            "put" => store.put("plan:1", b"x", TTL).await,
            "put_new" => store.put_new("plan:2", b"x", TTL).await.map(|_| ()),
            "replace" => store
                .replace("plan:1", b"before", b"x", TTL)
                .await
                .map(|_| ()),
            _ => store.remove("plan:1").await,
        };
        let took = started.elapsed();
        let err = result.expect_err("a store without its Redis");
        assert!(took < timeout + SLACK, "{step} took {took:?} to fail");
        assert!(err.to_string().starts_with("Redis: "), "{step}: {err}");
    }

    // A new Redis at the same address: the store reconnects by itself.
    server.restart();
    let deadline = Instant::now() + Duration::from_secs(10);
    while let Err(err) = store.put("plan:1", b"after", TTL).await {
        assert!(
            Instant::now() < deadline,
            "the store did not reconnect: {err}"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert_eq!(
        store.get("plan:1").await.expect("get").as_deref(),
        Some(&b"after"[..])
    );
    // The replace script is loaded again into the new server's empty script cache.
    assert!(
        store
            .replace("plan:1", b"after", b"again", TTL)
            .await
            .expect("replace")
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_hung_redis_fails_calls_within_the_timeout() {
    // Longer than the default, so no bound of 1 s inside the connection may cut it short.
    let timeout = Duration::from_millis(1_300);
    let server = RedisServer::start();
    let store = server.connect().await.with_timeout(timeout);
    store.put("plan:1", b"held", TTL).await.expect("put");

    server.pause();
    let started = Instant::now();
    let err = store.get("plan:1").await.expect_err("a hung Redis");
    let took = started.elapsed();
    server.resume();
    assert!(took >= timeout && took < timeout + SLACK, "took {took:?}");
    assert_eq!(
        err.to_string(),
        format!("Redis: GET `plan:1` got no answer within {timeout:?}")
    );

    assert_eq!(
        store.get("plan:1").await.expect("get").as_deref(),
        Some(&b"held"[..])
    );
}

#[tokio::test]
async fn connecting_to_nothing_fails_naming_the_address() {
    // A port held bound but not listening: connections to it are refused, and no other
    // test's server can take it meanwhile.
    let held = tokio::net::TcpSocket::new_v4().expect("a socket");
    held.bind(([127, 0, 0, 1], 0).into()).expect("a free port");
    let port = held.local_addr().expect("its address").port();
    let url = format!("redis://127.0.0.1:{port}/0");
    let started = Instant::now();
    let err = RedisStore::connect(&url)
        .await
        .expect_err("nothing listens");
    assert!(
        started.elapsed() < Duration::from_secs(1) + SLACK,
        "took {:?}",
        started.elapsed()
    );
    let message = err.to_string();
    assert!(
        message.starts_with(&format!("Redis: connecting to {url} failed: ")),
        "{message}"
    );
}

#[tokio::test]
async fn a_bad_url_is_refused_without_its_password() {
    let err = RedisStore::connect("http://:hunter2@cache:6379")
        .await
        .expect_err("not redis://");
    let message = err.to_string();
    assert!(message.contains("is not a Redis URL"), "{message}");
    assert!(!message.contains("hunter2"), "{message}");
}
