//! Two replicas of the example server behind a round-robin balancer, sharing a real Redis:
//! what one replica starts, the other finishes, and nothing is applied twice or lost.
//!
//! Each test starts its own `redis-server` (see `common_redis`), two `shipments` processes
//! serving stateless Streamable HTTP with `--redis` (built from the example's source as this
//! package's `shipments-replica`), and a balancer (`common_balancer`) that sends each request
//! to the next replica and names, in the `X-Replica` reply header, the replica that answered.
//! Clients speak raw HTTP to the balancer, without sessions. The tests prove that:
//!
//! - a re-route previewed on one replica commits on the other, and committing its handle
//!   again on the first returns the first result, marked as a replay (with the token secret
//!   the replicas agree on through Redis, as no `SHIPMENTS_TOKEN_SECRET` is set);
//! - a search cursor one replica minted pages on the other, and a walk through every page
//!   sees each match once;
//! - a commit whose reply is lost, retried after the replica that ran it was killed, returns
//!   the first result from the survivor, and the routing table shows the plan applied once;
//! - a loading manifest (a state handle) opened on one replica is changed and closed on the
//!   other, and refused as closed on both after;
//! - a task (a depot audit) started on one replica is polled on the other, and once
//!   finished is still answered by a replica started after both died; a task whose replica
//!   was killed mid-run is reported failed, its outcome unknown, by the survivor;
//! - a thousand mixed calls from eight concurrent clients (previews, commits, retried
//!   commits, paged searches, status reads, cancels with idempotency keys and their retries)
//!   apply each plan at most once, keep every applied plan's moves, and answer every retry
//!   with the first result.
//!
//! Every replica's log is printed when a test fails; every process dies with its test. Run
//! them alone with:
//!
//! ```sh
//! cargo test -p mcp-tools-tests --all-features --test end_to_end replicas::
//! ```

use crate::common_balancer;
use crate::common_http;
use crate::common_redis;

use std::{
    collections::{BTreeMap, HashMap, HashSet},
    io::{BufRead as _, BufReader},
    net::SocketAddr,
    process::{Child, Command, Stdio},
    sync::{Arc, Mutex, mpsc},
    time::Duration,
};

use base64::{Engine as _, engine::general_purpose::URL_SAFE_NO_PAD};
use common_balancer::{Balancer, REPLICA_HEADER};
use common_http::{Conn, call_body, post_bytes};
use common_redis::RedisServer;
use mcp_tools::{
    store::{RedisStore, Store},
    wire::{ERROR_META_KEY, REPLAY_META_KEY},
};
use mcp_tools_examples::{Depot, Routing, Status, routing::Table};
use serde_json::{Value, json};

/// The example server, built from its source as a binary of this package.
const BINARY: &str = env!("CARGO_BIN_EXE_shipments-replica");

/// Stateless Streamable HTTP: every request names its protocol version, no `initialize`.
const VERSION: &str = "MCP-Protocol-Version: 2025-11-25\r\n";
/// The operator's key (`SHIPMENTS_API_KEY`), who may cancel shipments.
const API_KEY: &str = "k-operator-replicas-7f3a";
const AUTHORIZATION: &str = "Authorization: Bearer k-operator-replicas-7f3a\r\n";

/// The token secret both replicas get, where a test gives one.
const SECRET: &str = "the replica test's secret, 32 bytes or more";

/// The key prefix `shipments` keeps its records under in Redis.
const PREFIX: &str = "shipments:";

/// How long a replica may take to start serving.
const START_TIMEOUT: Duration = Duration::from_secs(30);

/// The example's depot codes, in the order of its seed's cities. The mixed-load test moves
/// shipments only forward in this order, so each shipment's re-routes form one path.
const DEPOTS: [&str; 26] = [
    "BER1", "HAM1", "MUC1", "CGN1", "FRA1", "STR1", "LEJ1", "DUS1", "RTM1", "AMS1", "ANR1", "BRU1",
    "PAR1", "LYS1", "MIL1", "TRN1", "VIE1", "PRG1", "WAW1", "KRK1", "CPH1", "STO1", "ZRH1", "MAD1",
    "BCN1", "LIS1",
];

// --- the deployment -------------------------------------------------------------------------

/// One `shipments` process; killed on drop.
struct Replica {
    child: Option<Child>,
    addr: SocketAddr,
    /// Everything it wrote to stderr so far.
    log: Arc<Mutex<String>>,
}

/// A replica that has been spawned but may not serve yet; killed if dropped so.
struct Starting {
    child: Option<Child>,
    log: Arc<Mutex<String>>,
    serving: mpsc::Receiver<SocketAddr>,
}

impl Starting {
    /// Spawns `shipments --http 127.0.0.1:0 --stateless --redis URL`; its stderr is kept,
    /// and the address it logs when it starts serving is sent on.
    fn spawn(redis_url: &str, secret: Option<&str>) -> Starting {
        let mut command = Command::new(BINARY);
        command
            .args(["--http", "127.0.0.1:0", "--stateless", "--redis", redis_url])
            // The line that tells the bound port is logged at `info`.
            .env("RUST_LOG", "info,rmcp=warn")
            .env("SHIPMENTS_API_KEY", API_KEY)
            // A short lease, so a task whose replica died is reported within a second; a
            // quick scale, so an audit (a task) takes seconds.
            .env("SHIPMENTS_TASK_LEASE_MS", "900")
            .env("SHIPMENTS_SCALE_MS", "40")
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::piped());
        match secret {
            Some(secret) => command.env("SHIPMENTS_TOKEN_SECRET", secret),
            None => command.env_remove("SHIPMENTS_TOKEN_SECRET"),
        };
        let mut child = command
            .spawn()
            .unwrap_or_else(|err| panic!("cannot run {BINARY}: {err}"));
        let stderr = child.stderr.take().expect("stderr is piped");
        let log = Arc::new(Mutex::new(String::new()));
        let (tell, serving) = mpsc::channel();
        std::thread::spawn({
            let log = Arc::clone(&log);
            move || {
                for line in BufReader::new(stderr).lines() {
                    let Ok(line) = line else { break };
                    if line.contains("serving MCP over Streamable HTTP")
                        && let Some(addr) = logged_addr(&line)
                    {
                        let _ = tell.send(addr);
                    }
                    let mut log = log
                        .lock()
                        .unwrap_or_else(std::sync::PoisonError::into_inner);
                    log.push_str(&line);
                    log.push('\n');
                }
            }
        });
        Starting {
            child: Some(child),
            log,
            serving,
        }
    }

    /// Waits until the replica serves.
    fn serving(mut self) -> Replica {
        match self.serving.recv_timeout(START_TIMEOUT) {
            Ok(addr) => Replica {
                child: self.child.take(),
                addr,
                log: Arc::clone(&self.log),
            },
            Err(_) => {
                let mut child = self.child.take().expect("not yet taken");
                let _ = child.kill();
                let status = child.wait();
                // The reader thread has the last lines once the pipe closed.
                std::thread::sleep(Duration::from_millis(100));
                panic!(
                    "the replica did not start serving within {START_TIMEOUT:?} ({status:?}); its log:\n{}",
                    self.log
                        .lock()
                        .unwrap_or_else(std::sync::PoisonError::into_inner)
                );
            }
        }
    }
}

impl Drop for Starting {
    fn drop(&mut self) {
        if let Some(mut child) = self.child.take() {
            let _ = child.kill();
            let _ = child.wait();
        }
    }
}

/// The `addr=` field of the runtime's "serving" log line.
fn logged_addr(line: &str) -> Option<SocketAddr> {
    line.split_whitespace()
        .find_map(|field| field.strip_prefix("addr="))?
        .parse()
        .ok()
}

impl Replica {
    /// Kills the process at once (`SIGKILL`), as a crash would.
    fn kill(&mut self) {
        if let Some(mut child) = self.child.take() {
            let _ = child.kill();
            let _ = child.wait();
        }
    }

    fn log(&self) -> String {
        self.log
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .clone()
    }
}

impl Drop for Replica {
    fn drop(&mut self) {
        self.kill();
    }
}

/// Redis, two replicas on it, and the balancer in front. Prints the replicas' logs if the
/// test fails; every process dies with it.
struct Deployment {
    balancer: Balancer,
    replicas: Vec<Replica>,
    redis: RedisServer,
}

impl Deployment {
    /// Starts Redis and two replicas, each with `secret` as `SHIPMENTS_TOKEN_SECRET` (none:
    /// they agree on one through Redis), and the balancer.
    async fn start(secret: Option<&str>) -> Deployment {
        let redis = RedisServer::start();
        let starting: Vec<Starting> = (0..2)
            .map(|_| Starting::spawn(&redis.url(), secret))
            .collect();
        let replicas: Vec<Replica> = starting.into_iter().map(Starting::serving).collect();
        let balancer = Balancer::start(replicas.iter().map(|r| r.addr).collect()).await;
        Deployment {
            balancer,
            replicas,
            redis,
        }
    }

    /// A client whose requests go through the balancer.
    async fn client(&self) -> Client {
        Client::connect(self.balancer.addr()).await
    }

    /// The Redis the replicas share, under their prefix.
    async fn store(&self) -> RedisStore {
        self.redis.connect().await.with_prefix(PREFIX)
    }

    /// The routing table as it is in Redis now.
    async fn table(&self) -> Table {
        Routing::new(Arc::new(self.store().await))
            .table()
            .await
            .expect("the routing table reads")
    }
}

impl Drop for Deployment {
    fn drop(&mut self) {
        if std::thread::panicking() {
            for (index, replica) in self.replicas.iter().enumerate() {
                eprintln!(
                    "--- replica {index} ({}) ---\n{}",
                    replica.addr,
                    replica.log()
                );
            }
            eprintln!(
                "--- replicas that answered, in order ---\n{:?}",
                self.balancer.answered()
            );
        }
    }
}

// --- a client ---------------------------------------------------------------------------------

/// A client on one keep-alive connection to the balancer.
struct Client {
    conn: Conn,
    next_id: u64,
}

/// A `tools/call` result, and the replica that answered it.
struct Answer {
    replica: usize,
    result: Value,
}

impl Client {
    async fn connect(addr: SocketAddr) -> Client {
        Client {
            conn: Conn::open(addr).await,
            next_id: 1,
        }
    }

    /// Calls `tool` without a session.
    async fn call(&mut self, tool: &str, arguments: Value) -> Answer {
        let id = self.next_id;
        self.next_id += 1;
        let body = call_body(id, tool, arguments.clone());
        let request = post_bytes(self.conn.addr, None, &body, &[VERSION, AUTHORIZATION]);
        self.conn.send_raw(&request).await;
        let reply = self.conn.reply().await;
        assert_eq!(reply.status(), 200, "{tool} {arguments}: {}", reply.text());
        let replica = reply
            .head
            .header(REPLICA_HEADER)
            .and_then(|r| r.parse().ok())
            .expect("the balancer names the replica");
        let message = reply.message();
        assert_eq!(message["id"], id, "{message}");
        let Some(result) = message.get("result") else {
            panic!("{tool} {arguments}: not a result: {message}");
        };
        Answer {
            replica,
            result: result.clone(),
        }
    }
}

/// The `_meta` of a request from a client that supports the Tasks extension.
fn with_tasks(mut params: Value) -> Value {
    params["_meta"] = json!({
        "io.modelcontextprotocol/clientCapabilities": {
            "extensions": { "io.modelcontextprotocol/tasks": {} }
        }
    });
    params
}

impl Client {
    /// Sends one JSON-RPC request without a session; the replica that answered (none when
    /// no balancer is in front) and the message.
    async fn rpc(&mut self, method: &str, params: Value) -> (Option<usize>, Value) {
        let id = self.next_id;
        self.next_id += 1;
        let body = common_http::request_body(id, method, params.clone());
        let request = post_bytes(self.conn.addr, None, &body, &[VERSION, AUTHORIZATION]);
        self.conn.send_raw(&request).await;
        let reply = self.conn.reply().await;
        assert_eq!(reply.status(), 200, "{method} {params}: {}", reply.text());
        let replica = reply
            .head
            .header(REPLICA_HEADER)
            .and_then(|r| r.parse().ok());
        let message = reply.message();
        assert_eq!(message["id"], id, "{message}");
        (replica, message)
    }

    /// Starts a task of `tool`; the replica that started it and the task's id.
    async fn start_task(&mut self, tool: &str, arguments: Value) -> (usize, String) {
        let params = with_tasks(json!({ "name": tool, "arguments": arguments }));
        let (replica, message) = self.rpc("tools/call", params).await;
        let result = &message["result"];
        assert_eq!(result["resultType"], "task", "{message}");
        let id = result["taskId"].as_str().expect("a task id").to_owned();
        (replica.expect("the balancer names the replica"), id)
    }

    /// `tasks/get`: the replica that answered and the task.
    async fn get_task(&mut self, id: &str) -> (Option<usize>, Value) {
        let (replica, message) = self
            .rpc("tasks/get", with_tasks(json!({ "taskId": id })))
            .await;
        let Some(task) = message.get("result") else {
            panic!("tasks/get {id}: {message}");
        };
        (replica, task.clone())
    }

    /// Polls until the task has ended; the task.
    async fn settled_task(&mut self, id: &str) -> Value {
        for _ in 0..300 {
            let (_, task) = self.get_task(id).await;
            if ["completed", "failed", "cancelled"].contains(&task["status"].as_str().unwrap_or(""))
            {
                return task;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        panic!("task {id} did not end within 15 s");
    }
}

/// How often [`Client::call_settled`] asks before it takes "retry later" for an answer.
const SETTLE_ATTEMPTS: usize = 20;

/// How long a client waits after "retry later" before asking again.
const SETTLE_PAUSE: Duration = Duration::from_millis(250);

impl Client {
    /// Calls `tool` until it is answered with something other than "retry later", which a
    /// replica says when Redis does not answer within its timeout (1 s: a loaded machine can
    /// stall that long). Each retry follows a status read, so that round-robin sends it to
    /// the same replica as the refused attempt, as it would have sent the first.
    async fn call_settled(&mut self, tool: &str, arguments: Value) -> Answer {
        for _ in 1..SETTLE_ATTEMPTS {
            let answer = self.call(tool, arguments.clone()).await;
            if !answer.is_retry_later() {
                return answer;
            }
            tokio::time::sleep(SETTLE_PAUSE).await;
            self.call(
                "shipment_get_status",
                json!({ "shipment_number": "SH-2026-000001" }),
            )
            .await;
        }
        self.call(tool, arguments).await
    }
}

impl Answer {
    fn is_error(&self) -> bool {
        self.result["isError"] == true
    }

    /// The structured result of a call that succeeded.
    fn structured(&self) -> &Value {
        assert!(!self.is_error(), "the call failed: {}", self.result);
        &self.result["structuredContent"]
    }

    /// The text block, which carries the result as the server serialized it.
    fn text(&self) -> &str {
        self.result["content"][0]["text"]
            .as_str()
            .unwrap_or_else(|| panic!("no text block: {}", self.result))
    }

    fn error_kind(&self) -> Option<&str> {
        self.result["_meta"][ERROR_META_KEY]["kind"].as_str()
    }

    fn is_retry_later(&self) -> bool {
        self.is_error() && self.error_kind() == Some("retry_later")
    }

    fn is_replay(&self) -> bool {
        self.result["_meta"].get(REPLAY_META_KEY).is_some()
    }

    /// Whether `self` returns the same as `first`, byte for byte: its text, and its
    /// structured content as received (fields in the order sent).
    fn same_result_as(&self, first: &Answer) -> bool {
        let structured = |answer: &Answer| answer.result["structuredContent"].to_string();
        self.text() == first.text() && structured(self) == structured(first)
    }
}

/// A re-route preview as a client got it.
#[derive(Clone, Debug)]
struct Preview {
    handle: String,
    plan_id: String,
    from: String,
    to: String,
    /// The shipments the preview listed.
    shipments: Vec<String>,
}

impl Preview {
    fn of(answer: &Answer) -> Preview {
        let value = answer.structured();
        let handle = value["handle"].as_str().expect("a handle").to_owned();
        Preview {
            plan_id: plan_id(&handle),
            handle,
            from: value["plan"]["from_depot"]
                .as_str()
                .expect("from")
                .to_owned(),
            to: value["plan"]["to_depot"].as_str().expect("to").to_owned(),
            shipments: value["plan"]["shipments"]
                .as_array()
                .expect("a list of shipments")
                .iter()
                .map(|s| s["shipment_number"].as_str().expect("a number").to_owned())
                .collect(),
        }
    }
}

/// The plan id a handle carries, as the routing table's `applied` keys it.
///
/// A handle is sealed, not encrypted: base64url of its fields (two `u64`s of plan id, then
/// expiry, caller and plan kind, little-endian) and a 16-byte tag. The tests check each id
/// read this way against the plan Redis keeps under it ([`stored_plan`]), so a change of the
/// format fails there, loudly.
fn plan_id(handle: &str) -> String {
    let bytes = URL_SAFE_NO_PAD
        .decode(handle)
        .expect("a handle is base64url");
    assert_eq!(bytes.len(), 5 * 8 + 16, "a handle of five fields and a tag");
    let word = |at: usize| u64::from_le_bytes(bytes[at..at + 8].try_into().expect("8 bytes"));
    format!("{:016x}{:016x}", word(0), word(8))
}

/// The plan Redis keeps for `preview`: the shipments its commit moves. Checks that the
/// preview showed the same re-route.
async fn stored_plan(store: &RedisStore, preview: &Preview) -> Vec<String> {
    let key = format!("plan:{}", preview.plan_id);
    let bytes = store
        .get(&key)
        .await
        .expect("Redis answers")
        .unwrap_or_else(|| {
            panic!(
                "no plan under `{PREFIX}{key}`: is {} its handle's id?",
                preview.plan_id
            )
        });
    let record: Value = serde_json::from_slice(&bytes).expect("a plan record is JSON");
    assert_eq!(record["tool"], "shipment_plan_reroute", "{record}");
    let plan = &record["plan"];
    assert_eq!(
        (plan["from_depot"].as_str(), plan["to_depot"].as_str()),
        (Some(preview.from.as_str()), Some(preview.to.as_str())),
        "{record}"
    );
    let shipments: Vec<String> = plan["shipments"]
        .as_array()
        .expect("a list")
        .iter()
        .map(|s| s["shipment_number"].as_str().expect("a number").to_owned())
        .collect();
    // A preview over its budget lists fewer; the store keeps the whole plan.
    assert!(
        shipments.starts_with(&preview.shipments),
        "the preview listed {:?}, the store keeps {shipments:?}",
        preview.shipments
    );
    shipments
}

/// Walks every page of a search for `query` through the balancer. Returns the shipment
/// numbers in order, and the replica that answered each page.
async fn walk_search(client: &mut Client, query: &str, limit: usize) -> (Vec<String>, Vec<usize>) {
    let mut numbers = Vec::new();
    let mut replicas = Vec::new();
    let mut cursor: Option<String> = None;
    loop {
        let mut arguments = json!({ "query": query, "limit": limit });
        if let Some(cursor) = &cursor {
            arguments["cursor"] = json!(cursor);
        }
        let page = client.call("shipment_search", arguments).await;
        replicas.push(page.replica);
        let value = page.structured();
        numbers.extend(
            value["items"]
                .as_array()
                .expect("items")
                .iter()
                .map(|s| s["shipment_number"].as_str().expect("a number").to_owned()),
        );
        match value.get("next_cursor").and_then(Value::as_str) {
            Some(next) => cursor = Some(next.to_owned()),
            None => {
                let total = value["total"].as_u64().expect("a total");
                assert_eq!(numbers.len() as u64, total, "every page of {query:?}");
                return (numbers, replicas);
            }
        }
    }
}

/// The numbers of the seeded shipments that match `query`, in the order search returns them.
fn expected_matches(query: &str) -> Vec<String> {
    Depot::seeded()
        .search(query, None)
        .into_iter()
        .map(|s| s.shipment_number)
        .collect()
}

/// The depot each seeded shipment is bound for before any re-route.
fn seeded_destinations() -> BTreeMap<String, String> {
    Depot::seeded()
        .search("", None)
        .into_iter()
        .map(|s| (s.shipment_number, s.destination_depot))
        .collect()
}

/// Checks a walk of `query`'s pages: each match once, in order, and at least one cursor
/// minted by one replica accepted by the other.
fn assert_complete_walk(query: &str, numbers: &[String], replicas: &[usize]) {
    assert_eq!(numbers, expected_matches(query), "the pages of {query:?}");
    let distinct: HashSet<&String> = numbers.iter().collect();
    assert_eq!(
        distinct.len(),
        numbers.len(),
        "a match seen twice: {numbers:?}"
    );
    assert!(
        replicas.windows(2).any(|pair| pair[0] != pair[1]),
        "no page was answered by another replica than the one before it: {replicas:?}"
    );
}

// --- the tests --------------------------------------------------------------------------------

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_preview_on_one_replica_commits_on_the_other() {
    // No SHIPMENTS_TOKEN_SECRET: the replicas agree on one through Redis.
    let deployment = Deployment::start(None).await;
    let mut client = deployment.client().await;

    let previewed = client
        .call_settled(
            "shipment_plan_reroute",
            json!({ "from_depot": "HAM1", "to_depot": "BER1" }),
        )
        .await;
    let preview = Preview::of(&previewed);
    assert!(!preview.shipments.is_empty());
    let arguments = json!({ "handle": preview.handle });
    let committed = client
        .call_settled("shipment_commit_reroute", arguments.clone())
        .await;
    assert_ne!(
        committed.replica, previewed.replica,
        "the balancer sent the commit to the replica that previewed"
    );
    assert!(!committed.is_replay(), "{}", committed.result);
    assert_eq!(
        committed.structured(),
        &json!({ "to_depot": "BER1", "moved": preview.shipments.len() })
    );

    // The same handle again, on the replica that previewed: the first result, marked.
    let again = client
        .call_settled("shipment_commit_reroute", arguments)
        .await;
    assert_eq!(again.replica, previewed.replica);
    assert!(again.is_replay(), "{}", again.result);
    assert!(again.same_result_as(&committed), "{}", again.result);

    // Redis holds the plan once, and its moves; both replicas read them.
    let store = deployment.store().await;
    let plan = stored_plan(&store, &preview).await;
    let table = deployment.table().await;
    assert_eq!(
        table.applied,
        BTreeMap::from([(preview.plan_id.clone(), plan.len())])
    );
    let moved: BTreeMap<String, String> = plan.iter().map(|n| (n.clone(), "BER1".into())).collect();
    assert_eq!(table.moves, moved);
    let mut answered_by = HashSet::new();
    for _ in 0..2 {
        let status = client
            .call_settled("shipment_get_status", json!({ "shipment_number": plan[0] }))
            .await;
        assert_eq!(status.structured()["destination_depot"], "BER1");
        answered_by.insert(status.replica);
    }
    assert_eq!(answered_by.len(), 2, "both replicas read the moved route");

    // Cursors are sealed with the shared secret too.
    let (numbers, replicas) = walk_search(&mut client, "Hamburg", 4).await;
    assert_complete_walk("Hamburg", &numbers, &replicas);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_manifest_opened_on_one_replica_is_changed_and_closed_on_the_other() {
    let deployment = Deployment::start(Some(SECRET)).await;
    let mut client = deployment.client().await;
    let found = client
        .call_settled(
            "shipment_search",
            json!({ "query": "Hamburg", "status": "weighed", "limit": 20, "response_format": "detailed" }),
        )
        .await;
    let items = found.structured()["items"]
        .as_array()
        .expect("items")
        .clone();
    let depot = items[0]["origin_depot"]
        .as_str()
        .expect("a depot")
        .to_owned();
    let numbers: Vec<&str> = items
        .iter()
        .filter(|s| s["origin_depot"] == depot.as_str())
        .filter_map(|s| s["shipment_number"].as_str())
        .take(2)
        .collect();
    assert_eq!(numbers.len(), 2, "two weighed shipments leave {depot}");

    let opened = client
        .call_settled("manifest_open", json!({ "depot_code": depot }))
        .await;
    let handle = opened.structured()["handle"].clone();
    let mut replicas = vec![opened.replica];
    for number in &numbers {
        let added = client
            .call_settled(
                "manifest_add_shipment",
                json!({ "manifest": handle, "shipment_number": number }),
            )
            .await;
        replicas.push(added.replica);
        assert!(
            added.structured()["shipments"]
                .as_array()
                .is_some_and(|s| s.contains(&json!(number))),
            "{}",
            added.result
        );
    }
    assert!(
        replicas.windows(2).all(|pair| pair[0] != pair[1]),
        "every call went to the other replica: {replicas:?}"
    );
    let submitted = client
        .call_settled("manifest_submit", json!({ "manifest": handle }))
        .await;
    assert!(
        submitted
            .text()
            .starts_with("submitted a manifest of 2 shipments"),
        "{}",
        submitted.result
    );
    // Closed for both replicas, each naming the tool that closed it.
    for _ in 0..2 {
        let again = client
            .call_settled("manifest_submit", json!({ "manifest": handle }))
            .await;
        assert_eq!(again.error_kind(), Some("not_found"), "{}", again.result);
        assert!(
            again.text().contains("was closed by `manifest_submit`")
                && again.text().ends_with("call `manifest_open` for a new one"),
            "{}",
            again.text()
        );
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_cursor_from_one_replica_pages_on_the_other() {
    let deployment = Deployment::start(Some(SECRET)).await;
    let mut client = deployment.client().await;
    let (numbers, replicas) = walk_search(&mut client, "Berlin", 4).await;
    assert!(
        numbers.len() > 12,
        "enough Berlin shipments for several pages"
    );
    assert_complete_walk("Berlin", &numbers, &replicas);
    // One client, one request at a time: the pages alternate.
    assert!(
        replicas.windows(2).all(|pair| pair[0] != pair[1]),
        "{replicas:?}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_commit_retried_after_its_replica_died_returns_the_first_result() {
    let mut deployment = Deployment::start(Some(SECRET)).await;
    let mut client = deployment.client().await;
    let previewed = client
        .call_settled(
            "shipment_plan_reroute",
            json!({ "from_depot": "MUC1", "to_depot": "FRA1" }),
        )
        .await;
    let preview = Preview::of(&previewed);
    let arguments = json!({ "handle": preview.handle });
    let first = client
        .call_settled("shipment_commit_reroute", arguments.clone())
        .await;
    assert!(!first.is_replay(), "{}", first.result);
    let (died, survivor) = (first.replica, previewed.replica);
    assert_ne!(died, survivor);

    // The reply is lost on its way to the client, and the replica that ran it dies.
    deployment.replicas[died].kill();

    let retried = client
        .call_settled("shipment_commit_reroute", arguments.clone())
        .await;
    assert_eq!(retried.replica, survivor);
    assert!(retried.is_replay(), "{}", retried.result);
    assert!(retried.same_result_as(&first), "{}", retried.result);
    // Once more: round-robin now tries the dead replica, finds it refusing, and goes on.
    let again = client
        .call_settled("shipment_commit_reroute", arguments)
        .await;
    assert!(
        deployment.balancer.is_down(died),
        "the dead replica is marked down"
    );
    assert_eq!(again.replica, survivor);
    assert!(
        again.is_replay() && again.same_result_as(&first),
        "{}",
        again.result
    );

    let plan = stored_plan(&deployment.store().await, &preview).await;
    assert_eq!(first.structured()["moved"], plan.len());
    let table = deployment.table().await;
    assert_eq!(
        table.applied,
        BTreeMap::from([(preview.plan_id.clone(), plan.len())]),
        "the plan is applied once"
    );
    let moved: BTreeMap<String, String> = plan.iter().map(|n| (n.clone(), "FRA1".into())).collect();
    assert_eq!(table.moves, moved);
}

// --- a thousand mixed calls -------------------------------------------------------------------

/// Concurrent clients of the mixed load.
const CLIENTS: usize = 8;

/// Calls each client makes (a search walk counts each page).
const CALLS_PER_CLIENT: usize = 125;

/// A small, seeded generator: each client's choices are the same from run to run (the
/// interleaving, and so the outcomes, are not).
struct Rng(u64);

impl Rng {
    /// The next number below `n`, by the `SplitMix64` step.
    fn below(&mut self, n: usize) -> usize {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^= z >> 31;
        (z % n as u64) as usize
    }
}

/// How one commit of a handle was answered.
enum Commit {
    /// The handler ran: the first result.
    First(Answer),
    /// A recorded result, marked as a replay.
    Replay(Answer),
    /// Refused as stale (`conflict`): nothing moved.
    Stale,
    /// Refused with "retry later": another commit of the handle was running, or Redis did
    /// not answer in time. Either way the client cannot tell whether the plan was applied
    /// (a compare-and-set that timed out may have been done).
    RetryLater,
}

/// What the clients saw, for the checks after the load.
#[derive(Default)]
struct Ledger {
    previews: Vec<Preview>,
    /// Plan id → each commit's answer, in the order they arrived.
    commits: HashMap<String, Vec<Commit>>,
    calls: usize,
    cancels: usize,
    cancel_replays: usize,
    walks: usize,
    status_reads: usize,
    previews_with_nothing_to_move: usize,
    /// Calls other than commits answered "retry later" (Redis did not answer in time).
    retry_later: usize,
}

/// One client's share of the load.
async fn mixed_client(
    index: usize,
    addr: SocketAddr,
    ledger: Arc<Mutex<Ledger>>,
    numbers: Arc<Vec<String>>,
    mut cancellable: Vec<String>,
) {
    let lock = || ledger.lock().expect("a client panicked holding the ledger");
    let mut rng = Rng(0x5eed_0000 + index as u64);
    let mut client = Client::connect(addr).await;
    let mut calls = 0;
    let mut last_commit: Option<Preview> = None;
    // (arguments, first answer) of each cancel, for its retries.
    let mut cancels: Vec<(Value, Answer)> = Vec::new();
    // The furthest depot (in `DEPOTS` order) each shipment was seen bound for: routes only
    // move forward, and one client's reads follow each other.
    let mut seen: HashMap<String, usize> = HashMap::new();
    while calls < CALLS_PER_CLIENT {
        let roll = rng.below(100);
        match roll {
            // Preview a re-route to a depot further on.
            0..20 => {
                let from = rng.below(20);
                let to = from + 1 + rng.below(4);
                let answer = client
                    .call(
                        "shipment_plan_reroute",
                        json!({ "from_depot": DEPOTS[from], "to_depot": DEPOTS[to] }),
                    )
                    .await;
                calls += 1;
                if answer.is_retry_later() {
                    lock().retry_later += 1;
                } else if answer.is_error() {
                    assert_eq!(answer.error_kind(), Some("not_found"), "{}", answer.result);
                    lock().previews_with_nothing_to_move += 1;
                } else {
                    lock().previews.push(Preview::of(&answer));
                }
            }
            // Commit a handle: the newest, or any (often committed or stale already); or
            // retry this client's last commit.
            20..50 => {
                let preview = if roll < 40 {
                    let ledger = lock();
                    if ledger.previews.is_empty() {
                        None
                    } else if roll < 30 {
                        ledger.previews.last().cloned()
                    } else {
                        Some(ledger.previews[rng.below(ledger.previews.len())].clone())
                    }
                } else {
                    last_commit.clone()
                };
                let Some(preview) = preview else { continue };
                let answer = client
                    .call(
                        "shipment_commit_reroute",
                        json!({ "handle": preview.handle }),
                    )
                    .await;
                calls += 1;
                let commit = match answer.error_kind() {
                    _ if !answer.is_error() && answer.is_replay() => Commit::Replay(answer),
                    _ if !answer.is_error() => Commit::First(answer),
                    Some("conflict") => Commit::Stale,
                    Some("retry_later") => Commit::RetryLater,
                    _ => panic!("a commit failed: {}", answer.result),
                };
                lock()
                    .commits
                    .entry(preview.plan_id.clone())
                    .or_default()
                    .push(commit);
                last_commit = Some(preview);
            }
            // Walk every page of a search.
            50..56 => {
                let query = ["Berlin", "Hamburg", "Munich", "Paris", "Vienna"][rng.below(5)];
                let limit = 5 + rng.below(10);
                let (found, replicas) = walk_search(&mut client, query, limit).await;
                calls += replicas.len();
                assert_eq!(found, expected_matches(query), "the pages of {query:?}");
                lock().walks += 1;
            }
            // Cancel a shipment with a new key; asked again while the answer is "retry later"
            // (nothing ran), and given up if it stays so (a claim whose reply timed out holds
            // the key for its lease).
            78..90 if !cancellable.is_empty() => {
                let number = cancellable.pop().expect("a shipment to cancel");
                let arguments = json!({
                    "shipment_number": number,
                    "reason": "Sender withdrew the order.",
                    "idempotency_key": format!("client-{index}-cancel-{number}"),
                });
                for attempt in 1..=5 {
                    let answer = client.call("shipment_cancel", arguments.clone()).await;
                    calls += 1;
                    if answer.is_retry_later() {
                        lock().retry_later += 1;
                        if attempt < 5 {
                            tokio::time::sleep(SETTLE_PAUSE).await;
                        }
                        continue;
                    }
                    assert!(!answer.is_replay(), "a new key replayed: {}", answer.result);
                    assert_eq!(answer.structured()["status"], "cancelled");
                    cancels.push((arguments, answer));
                    lock().cancels += 1;
                    break;
                }
            }
            // Retry a cancel with its key: the first result, whichever replica answers (or
            // "retry later", should Redis not answer in time).
            90.. if !cancels.is_empty() => {
                let (arguments, first) = &cancels[rng.below(cancels.len())];
                let answer = client.call("shipment_cancel", arguments.clone()).await;
                calls += 1;
                if answer.is_retry_later() {
                    lock().retry_later += 1;
                    continue;
                }
                assert!(
                    answer.is_replay() && answer.same_result_as(first),
                    "a cancel retried with its key ({arguments}) answered {} after {}",
                    answer.result,
                    first.result
                );
                lock().cancel_replays += 1;
            }
            // Read a shipment's status.
            _ => {
                let number = &numbers[rng.below(numbers.len())];
                let answer = client
                    .call("shipment_get_status", json!({ "shipment_number": number }))
                    .await;
                calls += 1;
                if answer.is_retry_later() {
                    lock().retry_later += 1;
                    continue;
                }
                let depot = answer.structured()["destination_depot"]
                    .as_str()
                    .expect("a depot")
                    .to_owned();
                let at = DEPOTS
                    .iter()
                    .position(|d| *d == depot)
                    .unwrap_or_else(|| panic!("an unknown depot {depot}"));
                let before = seen.entry(number.clone()).or_insert(at);
                assert!(
                    at >= *before,
                    "{number} was seen bound for {} and then for {depot}, an earlier depot",
                    DEPOTS[*before]
                );
                *before = at;
                lock().status_reads += 1;
            }
        }
    }
    lock().calls += calls;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_thousand_mixed_calls_apply_nothing_twice_and_lose_nothing() {
    let deployment = Deployment::start(Some(SECRET)).await;
    let seeded = Depot::seeded();
    let numbers: Arc<Vec<String>> = Arc::new(
        seeded
            .search("", None)
            .into_iter()
            .map(|s| s.shipment_number)
            .collect(),
    );
    // Each client cancels shipments of its own, open in the seed, so a first cancel succeeds.
    let open: Vec<String> = seeded
        .search("", None)
        .into_iter()
        .filter(|s| !matches!(s.status, Status::Delivered | Status::Cancelled))
        .map(|s| s.shipment_number)
        .collect();
    let ledger = Arc::new(Mutex::new(Ledger::default()));
    let clients: Vec<_> = (0..CLIENTS)
        .map(|index| {
            let cancellable = open.iter().skip(index).step_by(CLIENTS).cloned().collect();
            tokio::spawn(mixed_client(
                index,
                deployment.balancer.addr(),
                Arc::clone(&ledger),
                Arc::clone(&numbers),
                cancellable,
            ))
        })
        .collect();
    for client in clients {
        if let Err(err) = client.await {
            std::panic::resume_unwind(err.into_panic());
        }
    }
    let ledger = std::mem::take(&mut *ledger.lock().expect("no client holds the ledger"));

    let mut firsts = 0;
    let mut replays = 0;
    let mut stale = 0;
    let mut retry_later = 0;
    for commit in ledger.commits.values().flatten() {
        match commit {
            Commit::First(_) => firsts += 1,
            Commit::Replay(_) => replays += 1,
            Commit::Stale => stale += 1,
            Commit::RetryLater => retry_later += 1,
        }
    }
    println!(
        "{} calls: {} previews ({} with nothing to move), {firsts} first commits, {replays} \
         replayed, {stale} stale, {retry_later} \"retry later\"; {} cancels, {} replayed; {} search \
         walks; {} status reads; {} other calls answered \"retry later\"",
        ledger.calls,
        ledger.previews.len(),
        ledger.previews_with_nothing_to_move,
        ledger.cancels,
        ledger.cancel_replays,
        ledger.walks,
        ledger.status_reads,
        ledger.retry_later
    );

    // Each handle: its commit ran at most once, every other success replays it, a stale
    // plan moved nothing, and the table holds exactly the plans whose commit ran.
    let store = deployment.store().await;
    let table = deployment.table().await;
    let mut plans: HashMap<&str, (&Preview, Vec<String>)> = HashMap::new();
    let mut unheard = 0;
    for preview in &ledger.previews {
        let shipments = stored_plan(&store, preview).await;
        let outcomes = ledger
            .commits
            .get(&preview.plan_id)
            .map_or(&[][..], Vec::as_slice);
        let ran: Vec<&Answer> = outcomes
            .iter()
            .filter_map(|c| match c {
                Commit::First(answer) => Some(answer),
                _ => None,
            })
            .collect();
        assert!(
            ran.len() <= 1,
            "the commit of plan {} ran {} times",
            preview.plan_id,
            ran.len()
        );
        let applied = table.applied.get(&preview.plan_id);
        match ran.first() {
            Some(first) => {
                assert_eq!(
                    first.structured(),
                    &json!({ "to_depot": preview.to, "moved": shipments.len() })
                );
                assert_eq!(
                    applied,
                    Some(&shipments.len()),
                    "plan {} committed but not in the table as applied",
                    preview.plan_id
                );
                for outcome in outcomes {
                    match outcome {
                        Commit::Replay(answer) => assert!(
                            answer.same_result_as(first),
                            "plan {}: a replay {} differs from the first result {}",
                            preview.plan_id,
                            answer.result,
                            first.result
                        ),
                        Commit::Stale => panic!(
                            "plan {} was refused as stale, yet committed",
                            preview.plan_id
                        ),
                        Commit::First(_) | Commit::RetryLater => {}
                    }
                }
            }
            None => {
                assert!(
                    !outcomes.iter().any(|c| matches!(c, Commit::Replay(_))),
                    "plan {} replayed a result no commit returned",
                    preview.plan_id
                );
                if outcomes.iter().any(|c| matches!(c, Commit::Stale)) {
                    assert_eq!(
                        applied, None,
                        "plan {} was refused as stale, yet applied",
                        preview.plan_id
                    );
                } else if applied.is_some() {
                    // Only a commit whose compare-and-set was done as Redis's answer timed
                    // out can apply a plan without a client hearing of it.
                    assert!(
                        outcomes.iter().any(|c| matches!(c, Commit::RetryLater)),
                        "plan {} is in the table, yet no commit of it succeeded",
                        preview.plan_id
                    );
                    assert_eq!(applied, Some(&shipments.len()));
                    unheard += 1;
                }
            }
        }
        plans.insert(&preview.plan_id, (preview, shipments));
    }
    for id in table.applied.keys() {
        assert!(
            plans.contains_key(id.as_str()),
            "plan {id} applied, never previewed"
        );
    }
    if unheard > 0 {
        println!("{unheard} plans applied by a commit that timed out waiting for Redis");
    }

    // Each shipment's applied re-routes form one path forward from its seeded depot, and
    // the table's route for it is where that path ends: no plan applied over another's
    // move, none lost.
    let seeded_at = seeded_destinations();
    let position = |depot: &str| {
        DEPOTS
            .iter()
            .position(|d| *d == depot)
            .unwrap_or_else(|| panic!("an unknown depot {depot}"))
    };
    let mut edges: HashMap<&str, Vec<(&str, &str, &str)>> = HashMap::new();
    for id in table.applied.keys() {
        let (preview, shipments) = &plans[id.as_str()];
        for number in shipments {
            edges.entry(number.as_str()).or_default().push((
                preview.from.as_str(),
                preview.to.as_str(),
                id.as_str(),
            ));
        }
    }
    let mut expected_moves = BTreeMap::new();
    for (number, mut moves) in edges {
        moves.sort_by_key(|(from, _, _)| position(from));
        let mut at = seeded_at[number].as_str();
        for (from, to, id) in &moves {
            assert_eq!(
                *from, at,
                "{number}: plan {id} moved it from {from}, but it was bound for {at} then \
                 (its applied plans: {moves:?})"
            );
            at = to;
        }
        expected_moves.insert(number.to_owned(), at.to_owned());
    }
    assert_eq!(table.moves, expected_moves, "the routes the table holds");

    // Both replicas report the final routes.
    let mut client = deployment.client().await;
    for number in numbers.iter() {
        let expected = table.moves.get(number).unwrap_or(&seeded_at[number]);
        let status = client
            .call_settled("shipment_get_status", json!({ "shipment_number": number }))
            .await;
        assert_eq!(
            status.structured()["destination_depot"].as_str(),
            Some(expected.as_str()),
            "{number} on replica {}",
            status.replica
        );
    }

    // The load was what it says: every kind of call ran, on both replicas.
    assert!(ledger.calls >= CLIENTS * CALLS_PER_CLIENT);
    assert!(
        firsts >= 5 && replays >= 5 && stale >= 1,
        "too few commits of each kind"
    );
    assert!(ledger.cancels >= 10 && ledger.cancel_replays >= 10 && ledger.walks >= 10);
    assert!(ledger.status_reads >= 100);
    let replicas: HashSet<usize> = deployment.balancer.answered().into_iter().collect();
    assert_eq!(replicas.len(), 2, "both replicas answered");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_task_started_on_one_replica_is_polled_on_the_other_and_finished_ones_outlive_both() {
    let mut deployment = Deployment::start(None).await;
    let mut client = deployment.client().await;
    let (started_on, id) = client
        .start_task("depot_audit", json!({ "depot_code": "BER1" }))
        .await;
    // Round-robin: the next request goes to the other replica, which reads the record.
    let (polled_on, task) = client.get_task(&id).await;
    assert_ne!(polled_on, Some(started_on), "polled on the other replica");
    assert_eq!(task["status"], "working", "{task}");
    let done = client.settled_task(&id).await;
    assert_eq!(done["status"], "completed", "{done}");
    let report = &done["result"]["structuredContent"];
    assert!(report["weighed"].as_u64().unwrap_or(0) > 0, "{done}");
    assert_eq!(report["depot"], "BER1");

    // Both replicas go away; one started afresh on the same Redis still answers for it.
    for replica in &mut deployment.replicas {
        replica.kill();
    }
    let fresh = Starting::spawn(&deployment.redis.url(), None).serving();
    let mut direct = Client::connect(fresh.addr).await;
    let (_, again) = direct.get_task(&id).await;
    assert_eq!(again["status"], "completed", "{again}");
    assert_eq!(
        again["result"], done["result"],
        "the same result, from the store"
    );
    deployment.replicas.push(fresh);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_task_whose_replica_died_is_reported_failed_with_its_outcome_unknown() {
    let mut deployment = Deployment::start(Some(SECRET)).await;
    let mut client = deployment.client().await;
    let (started_on, id) = client
        .start_task("depot_audit", json!({ "depot_code": "HAM1" }))
        .await;
    let (_, task) = client.get_task(&id).await;
    assert_eq!(task["status"], "working", "{task}");
    // The replica running the audit dies mid-task.
    deployment.replicas[started_on].kill();
    let ended = client.settled_task(&id).await;
    assert_eq!(ended["status"], "failed", "never working forever: {ended}");
    assert!(ended.get("result").is_none(), "{ended}");
    let error = &ended["error"];
    assert_eq!(error["data"]["outcome"], "unknown", "{ended}");
    let message = error["message"].as_str().expect("a message");
    assert!(
        message.contains("check the current state before starting it again"),
        "{message}"
    );
    // Read again: the failure is written, not recomputed into something else.
    let (_, again) = client.get_task(&id).await;
    assert_eq!(again["status"], "failed", "{again}");
}
