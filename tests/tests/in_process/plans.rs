//! Preview, then commit, exactly once; and idempotency keys. The runtime's guarantees, each
//! as a client sees it: a second commit of a handle returns the first result and runs
//! nothing; a handle that was edited, expired, made for another caller or for another kind
//! of plan is refused with what to do; a failed commit leaves the handle committable; racing
//! commits run the handler once; keys work as an argument and in `_meta`; a store that is
//! down refuses the call before anything runs.

use std::{
    sync::{
        Arc,
        atomic::{AtomicUsize, Ordering},
    },
    time::Duration,
};

use mcp_tools::{
    Registry,
    prelude::*,
    rmcp::model::{CallToolRequestParams, CallToolResult, JsonObject, RequestMetaObject},
    store::{MemoryStore, Store, StoreError, StoreFuture},
    wire::{ERROR_META_KEY, IDEMPOTENCY_KEY_META_KEY, REPLAY_META_KEY},
};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

/// What the tools change: how often each handler really ran.
#[derive(Default)]
struct Ledger {
    refunds: AtomicUsize,
    payments: AtomicUsize,
    /// Refunds fail while this is set, as a conflict.
    refuse: std::sync::atomic::AtomicBool,
}

#[derive(Serialize, Deserialize, JsonSchema)]
struct Refund {
    /// The order refunded.
    order_number: String,
    /// What the customer gets back, in cents.
    amount_cents: u64,
}

#[derive(Serialize, Deserialize, JsonSchema)]
struct Transfer {
    /// Cents to move.
    amount_cents: u64,
}

/// Preview the refund of an order.
///
/// Use before `order_commit_refund`; changes nothing.
#[tool(namespace = "order", read_only)]
async fn preview_refund(
    /// Order number, like `OR-1001`.
    order_number: String,
    /// Seconds the plan may be committed.
    #[param(min = 1, max = 3600)]
    ttl_s: Option<u64>,
) -> Plan<Refund> {
    let plan = Plan::new(Refund {
        order_number,
        amount_cents: 1999,
    });
    match ttl_s {
        Some(s) => plan.ttl(Duration::from_secs(s)),
        None => plan,
    }
}

/// Apply a refund previewed with `order_preview_refund`.
///
/// Pays back once, however often it is retried.
#[tool(namespace = "order", destructive)]
async fn commit_refund(
    ledger: State<Ledger>,
    /// The `handle` the preview returned.
    handle: PlanHandle<Refund>,
) -> Result<String, ToolError> {
    if ledger.refuse.load(Ordering::SeqCst) {
        return Err(handle.stale("the order changed"));
    }
    // Long enough for racing commits to overlap.
    tokio::time::sleep(Duration::from_millis(20)).await;
    let n = ledger.refunds.fetch_add(1, Ordering::SeqCst) + 1;
    let refund = handle.plan();
    Ok(format!(
        "refund #{n}: {} cents on {}",
        refund.amount_cents, refund.order_number
    ))
}

/// Preview a transfer between accounts.
///
/// Use before `order_commit_transfer`; changes nothing.
#[tool(namespace = "order", read_only)]
async fn preview_transfer(
    /// Cents to move.
    #[param(min = 1)]
    amount_cents: u64,
) -> Plan<Transfer> {
    Plan::new(Transfer { amount_cents })
}

/// Apply a transfer previewed with `order_preview_transfer`.
///
/// Moves the money once.
#[tool(namespace = "order", destructive = false)]
async fn commit_transfer(
    /// The `handle` the preview returned.
    handle: PlanHandle<Transfer>,
) -> String {
    format!("moved {} cents", handle.plan().amount_cents)
}

/// A payout whose bank account only the detailed view shows.
#[derive(Serialize, Deserialize, JsonSchema)]
struct Payout {
    /// Cents to pay out.
    amount_cents: u64,
    /// The account paid into; internal, so out of the concise view.
    #[serde(skip_serializing_if = "detailed_only", default)]
    account_id: String,
}

/// Preview a payout to the seller's bank account.
///
/// Use before `order_commit_payout`; changes nothing.
#[tool(namespace = "order", read_only)]
async fn preview_payout(
    /// Cents to pay out.
    #[param(min = 1)]
    amount_cents: u64,
    response_format: ResponseFormat,
) -> Plan<Payout> {
    let _ = response_format;
    Plan::new(Payout {
        amount_cents,
        account_id: "ACCT-0042".into(),
    })
}

/// Apply a payout previewed with `order_preview_payout`.
///
/// Pays out once.
#[tool(namespace = "order", destructive = false)]
async fn commit_payout(
    /// The `handle` the preview returned.
    handle: PlanHandle<Payout>,
) -> String {
    let payout = handle.plan();
    format!(
        "paid {} cents into {}",
        payout.amount_cents, payout.account_id
    )
}

/// Pay an invoice.
///
/// Use for approved invoices; pass an `idempotency_key` so a retry never pays twice.
#[tool(namespace = "order", destructive = false)]
async fn pay(
    ledger: State<Ledger>,
    /// Invoice number, like `INV-42`.
    invoice_number: String,
    idempotency_key: Option<IdempotencyKey>,
) -> String {
    let n = ledger.payments.fetch_add(1, Ordering::SeqCst) + 1;
    let key = idempotency_key.map_or_else(|| "none".to_owned(), |k| k.to_string());
    format!("payment #{n} of {invoice_number} (key {key})")
}

/// Add a note to an order.
///
/// Use to record what the customer said; takes no key parameter, but a client may send one
/// in `_meta`.
#[tool(namespace = "order", destructive = false)]
async fn add_note(
    ledger: State<Ledger>,
    /// The note, in a sentence.
    text: String,
) -> String {
    let n = ledger.payments.fetch_add(1, Ordering::SeqCst) + 1;
    format!("note #{n}: {text}")
}

fn build(store: Arc<dyn Store>, ledger: Arc<Ledger>, caller: Caller) -> Registry {
    Registry::builder()
        .token_secret("a secret both replicas share, 32 bytes or more")
        .store(store)
        .shared_state(ledger)
        .default_caller(caller)
        .tools(tools![
            preview_refund,
            commit_refund,
            preview_transfer,
            commit_transfer,
            preview_payout,
            commit_payout,
            pay,
            add_note
        ])
        .build()
        .unwrap()
}

fn registry() -> (Registry, Arc<Ledger>) {
    let ([registry], ledger) = replicas([Caller::new("alice")]);
    (registry, ledger)
}

/// Replicas of one server sharing its store, secret and ledger, each serving its caller.
fn replicas<const N: usize>(callers: [Caller; N]) -> ([Registry; N], Arc<Ledger>) {
    let store: Arc<dyn Store> = Arc::new(MemoryStore::new());
    let ledger = Arc::new(Ledger::default());
    let registries = callers.map(|caller| build(Arc::clone(&store), Arc::clone(&ledger), caller));
    (registries, ledger)
}

fn text(result: &CallToolResult) -> &str {
    &result.content[0].as_text().expect("text").text
}

fn kind(result: &CallToolResult) -> Option<&str> {
    result.meta.as_ref()?.0.get(ERROR_META_KEY)?["kind"].as_str()
}

fn replayed(result: &CallToolResult) -> bool {
    result
        .meta
        .as_ref()
        .is_some_and(|m| m.0.contains_key(REPLAY_META_KEY))
}

async fn preview(registry: &Registry, args: Value) -> Value {
    let result = registry.call("order_preview_refund", args).await.unwrap();
    assert_ne!(result.is_error, Some(true), "{}", text(&result));
    result.structured_content.expect("structured")
}

async fn commit(registry: &Registry, handle: &Value) -> CallToolResult {
    registry
        .call("order_commit_refund", json!({ "handle": handle }))
        .await
        .unwrap()
}

#[tokio::test]
async fn a_preview_lists_the_plan_with_a_handle_and_its_expiry() {
    let (registry, ledger) = registry();
    let shape = preview(&registry, json!({ "order_number": "OR-1001" })).await;
    assert_eq!(
        shape["plan"],
        json!({ "order_number": "OR-1001", "amount_cents": 1999 })
    );
    let handle = shape["handle"].as_str().expect("a handle");
    assert!(handle.len() < 100, "short: {handle}");
    let expires = chrono::DateTime::parse_from_rfc3339(shape["expires_at"].as_str().unwrap())
        .expect("RFC 3339");
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_secs();
    let left = expires.timestamp() - i64::try_from(now).unwrap();
    assert!(
        (890..=901).contains(&left),
        "15 minutes by default: {left} s"
    );
    assert_eq!(
        ledger.refunds.load(Ordering::SeqCst),
        0,
        "a preview applies nothing"
    );

    // The output schema describes the three fields, and the handle param is a string.
    let tool = registry
        .definition("order_preview_refund")
        .unwrap()
        .tool()
        .clone();
    let output = tool.output_schema.expect("an output schema");
    assert_eq!(output["required"], json!(["plan", "handle", "expires_at"]));
    let commit = registry
        .definition("order_commit_refund")
        .unwrap()
        .tool()
        .clone();
    assert_eq!(
        commit.input_schema["properties"]["handle"]["type"],
        "string"
    );
    assert_eq!(commit.input_schema["required"], json!(["handle"]));
}

#[tokio::test]
async fn the_store_keeps_the_whole_plan_whatever_view_the_preview_sent() {
    let (registry, _) = registry();
    let result = registry
        .call(
            "order_preview_payout",
            json!({"amount_cents": 500, "response_format": "concise"}),
        )
        .await
        .unwrap();
    let shown = result.structured_content.expect("structured");
    assert!(shown["plan"].get("account_id").is_none(), "{shown}");
    let result = registry
        .call("order_commit_payout", json!({ "handle": shown["handle"] }))
        .await
        .unwrap();
    assert_ne!(result.is_error, Some(true), "{}", text(&result));
    assert_eq!(text(&result), "paid 500 cents into ACCT-0042");
}

#[tokio::test]
async fn committing_twice_applies_once_and_returns_the_first_result() {
    let (registry, ledger) = registry();
    let handle = preview(&registry, json!({ "order_number": "OR-1001" })).await["handle"].clone();
    let first = commit(&registry, &handle).await;
    assert_eq!(text(&first), "refund #1: 1999 cents on OR-1001");
    assert!(!replayed(&first));
    for _ in 0..3 {
        let again = commit(&registry, &handle).await;
        assert_eq!(text(&again), text(&first));
        assert!(replayed(&again), "marked as a replay: {:?}", again.meta);
    }
    assert_eq!(ledger.refunds.load(Ordering::SeqCst), 1);
    // Another preview of the same order is another plan: it applies once more.
    let other = preview(&registry, json!({ "order_number": "OR-1001" })).await["handle"].clone();
    assert_ne!(other, handle);
    assert_eq!(
        text(&commit(&registry, &other).await),
        "refund #2: 1999 cents on OR-1001"
    );
}

#[tokio::test]
async fn racing_commits_of_one_handle_run_the_handler_once() {
    let (registry, ledger) = registry();
    let registry = Arc::new(registry);
    let handle = preview(&registry, json!({ "order_number": "OR-7" })).await["handle"].clone();
    let tasks: Vec<_> = (0..20)
        .map(|_| {
            let (registry, handle) = (Arc::clone(&registry), handle.clone());
            tokio::spawn(async move { commit(&registry, &handle).await })
        })
        .collect();
    let mut done = Vec::new();
    for task in tasks {
        let result = task.await.unwrap();
        if result.is_error == Some(true) {
            // A commit still running makes the others wait their turn.
            assert_eq!(kind(&result), Some("retry_later"), "{}", text(&result));
            assert!(
                text(&result).contains("retry in a moment"),
                "{}",
                text(&result)
            );
        } else {
            done.push(text(&result).to_owned());
        }
    }
    assert_eq!(ledger.refunds.load(Ordering::SeqCst), 1);
    assert!(
        done.iter().all(|t| t == "refund #1: 1999 cents on OR-7"),
        "{done:?}"
    );
    // Once it finished, every retry gets the result.
    assert_eq!(
        text(&commit(&registry, &handle).await),
        "refund #1: 1999 cents on OR-7"
    );
}

#[tokio::test]
async fn an_edited_or_foreign_handle_is_refused_with_what_to_do() {
    let (registry, ledger) = registry();
    let handle = preview(&registry, json!({ "order_number": "OR-1" })).await["handle"]
        .as_str()
        .unwrap()
        .to_owned();

    let mut edited = handle.clone();
    let last = edited.pop().unwrap();
    edited.push(if last == 'A' { 'B' } else { 'A' });
    let result = commit(&registry, &json!(edited)).await;
    assert_eq!(kind(&result), Some("invalid_input"));
    assert_eq!(
        text(&result),
        "invalid input: `handle` is not a handle this server issued (edited, cut short, or from another server); pass it exactly as the preview returned it, or preview again"
    );

    // A server with another secret issued it.
    let other = Registry::builder()
        .token_secret("another server's secret, 32 bytes long at least")
        .shared_state(Arc::new(Ledger::default()))
        .tools(tools![preview_refund, commit_refund])
        .build()
        .unwrap();
    let result = commit(&other, &json!(handle)).await;
    assert!(
        text(&result).contains("is not a handle this server issued"),
        "{}",
        text(&result)
    );

    // A handle of another kind of plan.
    let transfer = registry
        .call("order_preview_transfer", json!({ "amount_cents": 5 }))
        .await
        .unwrap()
        .structured_content
        .unwrap()["handle"]
        .clone();
    let result = commit(&registry, &transfer).await;
    assert_eq!(
        text(&result),
        "invalid input: `handle` is the handle of another kind of plan; pass the handle that the preview of this change returned"
    );
    // A page cursor or any other token of this server is not a handle either.
    let result = commit(&registry, &json!("not-a-handle")).await;
    assert_eq!(kind(&result), Some("invalid_input"));
    assert_eq!(ledger.refunds.load(Ordering::SeqCst), 0);
}

#[tokio::test]
async fn a_handle_works_only_for_the_caller_it_was_issued_to() {
    // Alice's second registry is another replica sharing the store and secret.
    let ([alice, bob, alice_again], ledger) = replicas([
        Caller::new("alice"),
        Caller::new("bob"),
        Caller::new("alice"),
    ]);
    let handle = preview(&alice, json!({ "order_number": "OR-2" })).await["handle"].clone();
    let result = commit(&bob, &handle).await;
    assert_eq!(kind(&result), Some("permission_denied"));
    assert_eq!(
        text(&result),
        "permission denied: `handle` was issued to another caller; preview the change yourself for a handle of your own"
    );
    assert_eq!(ledger.refunds.load(Ordering::SeqCst), 0);
    // Alice, on another replica, commits it.
    assert_eq!(
        text(&commit(&alice_again, &handle).await),
        "refund #1: 1999 cents on OR-2"
    );
}

#[tokio::test]
async fn the_same_subject_of_another_issuer_is_another_caller() {
    let ([a, b], _) = replicas([
        Caller::new("alice").with_issuer("https://auth.a.example"),
        Caller::new("alice").with_issuer("https://auth.b.example"),
    ]);
    let handle = preview(&a, json!({ "order_number": "OR-9" })).await["handle"].clone();
    assert_eq!(kind(&commit(&b, &handle).await), Some("permission_denied"));
    // Idempotency keys too: the same key is another request for the other issuer's alice.
    let args = json!({ "invoice_number": "INV-3", "idempotency_key": "k" });
    let first = a.call("order_pay", args.clone()).await.unwrap();
    let other = b.call("order_pay", args).await.unwrap();
    assert_eq!(text(&first), "payment #1 of INV-3 (key k)");
    assert_eq!(text(&other), "payment #2 of INV-3 (key k)");
    assert_eq!(
        text(&commit(&a, &handle).await),
        "refund #1: 1999 cents on OR-9"
    );
}

#[tokio::test]
async fn an_expired_handle_is_refused_unless_it_was_committed() {
    let (registry, ledger) = registry();
    let never =
        preview(&registry, json!({ "order_number": "OR-3", "ttl_s": 1 })).await["handle"].clone();
    let committed =
        preview(&registry, json!({ "order_number": "OR-4", "ttl_s": 1 })).await["handle"].clone();
    assert_eq!(
        text(&commit(&registry, &committed).await),
        "refund #1: 1999 cents on OR-4"
    );
    tokio::time::sleep(Duration::from_millis(2_100)).await;

    let result = commit(&registry, &never).await;
    assert_eq!(kind(&result), Some("invalid_input"));
    assert!(
        text(&result).starts_with("invalid input: the handle expired at ")
            && text(&result).ends_with(
                "and its plan was never committed; preview the change again for a new handle"
            ),
        "{}",
        text(&result)
    );
    // A retry of a commit that went through still gets its result after the expiry.
    let late = commit(&registry, &committed).await;
    assert_eq!(text(&late), "refund #1: 1999 cents on OR-4");
    assert!(replayed(&late));
    assert_eq!(ledger.refunds.load(Ordering::SeqCst), 1);
}

#[tokio::test]
async fn a_failed_commit_says_to_preview_again_and_leaves_the_handle_free() {
    let (registry, ledger) = registry();
    let handle = preview(&registry, json!({ "order_number": "OR-5" })).await["handle"].clone();
    ledger.refuse.store(true, Ordering::SeqCst);
    let result = commit(&registry, &handle).await;
    assert_eq!(kind(&result), Some("conflict"));
    assert_eq!(
        text(&result),
        "conflict: the plan no longer holds: the order changed. Nothing was changed; call `order_preview_refund` again for a fresh plan and handle"
    );
    // Not recorded: once the data allows it, the same handle commits.
    ledger.refuse.store(false, Ordering::SeqCst);
    assert_eq!(
        text(&commit(&registry, &handle).await),
        "refund #1: 1999 cents on OR-5"
    );
}

#[tokio::test]
async fn a_plan_the_store_lost_is_refused_with_what_to_do() {
    let store = Arc::new(MemoryStore::new());
    let registry = build(
        Arc::clone(&store) as Arc<dyn Store>,
        Arc::new(Ledger::default()),
        Caller::local(),
    );
    let shape = preview(&registry, json!({ "order_number": "OR-6" })).await;
    // The store was flushed between the preview and the commit.
    let fresh = build(
        Arc::new(MemoryStore::new()),
        Arc::new(Ledger::default()),
        Caller::local(),
    );
    let result = commit(&fresh, &shape["handle"]).await;
    assert_eq!(kind(&result), Some("not_found"));
    assert_eq!(
        text(&result),
        "not found: the server no longer holds this plan (its store was cleared); preview the change again for a new handle"
    );
}

#[tokio::test]
async fn an_idempotency_key_argument_runs_a_call_once_per_key() {
    let (registry, ledger) = registry();
    let call = |invoice: &str, key: &str| {
        registry.call(
            "order_pay",
            json!({ "invoice_number": invoice, "idempotency_key": key }),
        )
    };
    let first = call("INV-1", "k-1").await.unwrap();
    assert_eq!(text(&first), "payment #1 of INV-1 (key k-1)");
    let again = call("INV-1", "k-1").await.unwrap();
    assert_eq!(text(&again), text(&first));
    assert!(replayed(&again));
    assert_eq!(
        text(&call("INV-1", "k-2").await.unwrap()),
        "payment #2 of INV-1 (key k-2)"
    );

    let reused = call("INV-2", "k-1").await.unwrap();
    assert_eq!(kind(&reused), Some("invalid_input"));
    assert_eq!(
        text(&reused),
        "invalid input: this idempotency key was already used for a call with other arguments; use a new key for a new request, or repeat the first request exactly"
    );
    // Without a key every call runs.
    let plain = registry
        .call("order_pay", json!({ "invoice_number": "INV-1" }))
        .await
        .unwrap();
    assert_eq!(text(&plain), "payment #3 of INV-1 (key none)");
    assert_eq!(ledger.payments.load(Ordering::SeqCst), 3);

    // The schema offers the key, optional, with its meaning.
    let tool = registry.definition("order_pay").unwrap().tool().clone();
    let property = &tool.input_schema["properties"]["idempotency_key"];
    assert_eq!(property["type"], "string");
    assert!(
        property["description"]
            .as_str()
            .unwrap()
            .contains("retry with the same key")
    );
    assert_eq!(tool.input_schema["required"], json!(["invoice_number"]));
}

#[tokio::test]
async fn keys_are_per_caller() {
    let ([alice, bob], _) = replicas([Caller::new("alice"), Caller::new("bob")]);
    let args = json!({ "invoice_number": "INV-9", "idempotency_key": "same" });
    let a = alice.call("order_pay", args.clone()).await.unwrap();
    let b = bob.call("order_pay", args).await.unwrap();
    assert_eq!(text(&a), "payment #1 of INV-9 (key same)");
    assert_eq!(text(&b), "payment #2 of INV-9 (key same)");
}

fn with_meta_key(name: &str, args: Value, key: Value) -> CallToolRequestParams {
    let mut meta = JsonObject::new();
    meta.insert(IDEMPOTENCY_KEY_META_KEY.to_owned(), key);
    let mut request = CallToolRequestParams::new(name.to_owned())
        .with_arguments(args.as_object().unwrap().clone());
    request.meta = Some(RequestMetaObject::from(meta));
    request
}

#[tokio::test]
async fn a_key_in_meta_works_for_any_tool_that_changes_state() {
    let (registry, ledger) = registry();
    let request = || {
        with_meta_key(
            "order_add_note",
            json!({ "text": "call back" }),
            json!("m-1"),
        )
    };
    let first = registry.call_request(request()).await.unwrap();
    let again = registry.call_request(request()).await.unwrap();
    assert_eq!(text(&first), "note #1: call back");
    assert_eq!(text(&again), text(&first));
    assert!(replayed(&again));
    assert_eq!(ledger.payments.load(Ordering::SeqCst), 1);

    // Through `tools_call` of progressive discovery too.
    let discovering = Registry::builder()
        .shared_state(Arc::new(Ledger::default()))
        .tools(tools![add_note])
        .progressive_discovery(Vec::<String>::new())
        .build()
        .unwrap();
    let through = || {
        with_meta_key(
            "tools_call",
            json!({ "name": "order_add_note", "arguments": { "text": "x" } }),
            json!("m-2"),
        )
    };
    let first = discovering.call_request(through()).await.unwrap();
    let again = discovering.call_request(through()).await.unwrap();
    assert_eq!(text(&again), text(&first));
    assert!(replayed(&again));

    // A key that is not a short string is refused, naming where it was.
    let bad = registry
        .call_request(with_meta_key(
            "order_add_note",
            json!({ "text": "x" }),
            json!(7),
        ))
        .await
        .unwrap();
    assert_eq!(
        text(&bad),
        "invalid input: `_meta[\"mcp-tools/idempotency-key\"]` must be a string of 1 to 255 characters"
    );
    // A read-only tool ignores it: reading twice is harmless.
    let read = registry
        .call_request(with_meta_key(
            "order_preview_transfer",
            json!({ "amount_cents": 3 }),
            json!("m-3"),
        ))
        .await
        .unwrap();
    let read_again = registry
        .call_request(with_meta_key(
            "order_preview_transfer",
            json!({ "amount_cents": 3 }),
            json!("m-3"),
        ))
        .await
        .unwrap();
    assert!(!replayed(&read_again));
    assert_ne!(
        read.structured_content.unwrap()["handle"],
        read_again.structured_content.unwrap()["handle"]
    );
}

/// A read-only tool that takes a key.
///
/// Used to check that the registry refuses it.
#[tool(namespace = "order", read_only)]
async fn get_total(
    /// Order number, like `OR-1`.
    order_number: String,
    idempotency_key: Option<IdempotencyKey>,
) -> String {
    let _ = idempotency_key;
    order_number
}

#[test]
fn a_read_only_tool_cannot_take_a_key() {
    let err = Registry::builder()
        .tools(tools![get_total])
        .build()
        .expect_err("refused");
    let text = err.to_string();
    assert!(
        text.contains("it is `read_only` but takes an `IdempotencyKey`"),
        "{text}"
    );
}

/// A store that is down.
struct DownStore;

impl Store for DownStore {
    fn get<'a>(&'a self, _: &'a str) -> StoreFuture<'a, Option<Vec<u8>>> {
        Box::pin(async { Err(StoreError::new("connection refused")) })
    }
    fn put<'a>(&'a self, _: &'a str, _: &'a [u8], _: Duration) -> StoreFuture<'a, ()> {
        Box::pin(async { Err(StoreError::new("connection refused")) })
    }
    fn put_new<'a>(&'a self, _: &'a str, _: &'a [u8], _: Duration) -> StoreFuture<'a, bool> {
        Box::pin(async { Err(StoreError::new("connection refused")) })
    }
    fn replace<'a>(
        &'a self,
        _: &'a str,
        _: &'a [u8],
        _: &'a [u8],
        _: Duration,
    ) -> StoreFuture<'a, bool> {
        Box::pin(async { Err(StoreError::new("connection refused")) })
    }
    fn remove<'a>(&'a self, _: &'a str) -> StoreFuture<'a, ()> {
        Box::pin(async { Err(StoreError::new("connection refused")) })
    }
}

#[tokio::test]
async fn a_store_that_is_down_refuses_before_anything_runs() {
    let ledger = Arc::new(Ledger::default());
    let registry = build(Arc::new(DownStore), Arc::clone(&ledger), Caller::local());
    let result = registry
        .call("order_preview_refund", json!({ "order_number": "OR-8" }))
        .await
        .unwrap();
    assert_eq!(kind(&result), Some("retry_later"));
    assert_eq!(
        text(&result),
        "temporarily unavailable: the server's store is unavailable, so it could not keep the plan; nothing was changed (retry after 2 s)"
    );
    let result = registry
        .call(
            "order_pay",
            json!({ "invoice_number": "INV-1", "idempotency_key": "k" }),
        )
        .await
        .unwrap();
    assert_eq!(kind(&result), Some("retry_later"));
    assert!(
        text(&result).contains("could not claim this call"),
        "{}",
        text(&result)
    );
    assert_eq!(ledger.payments.load(Ordering::SeqCst), 0);
    // A call without a key does not need the store.
    let result = registry
        .call("order_pay", json!({ "invoice_number": "INV-1" }))
        .await
        .unwrap();
    assert_ne!(result.is_error, Some(true));
}
