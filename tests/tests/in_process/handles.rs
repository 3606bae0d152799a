//! State handles, as a client sees them through rmcp's client: a tool makes a cart and
//! later tools take it back by its handle; each refusal (tampered, another caller, another
//! kind, closed, expired, no longer held) says what happened and names the tool that makes
//! a new handle; use renews a handle and a fixed lifetime does not; two calls that change
//! one state at once never overwrite each other; a handle made on one replica works on
//! another that shares the store and the secret; the registry refuses to build a tool that
//! takes a handle no tool makes.

use std::{sync::Arc, time::Duration};

use mcp_tools::{
    Registry,
    prelude::*,
    rmcp::model::CallToolResult,
    store::{MemoryStore, Store},
    wire::ERROR_META_KEY,
};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use crate::common_client::{InProcess, call, connect};

#[derive(Debug, Default, Serialize, Deserialize, JsonSchema)]
struct Cart {
    /// The items, in the order they were added.
    skus: Vec<String>,
}

/// Open an empty cart to collect items before checking out.
#[tool(namespace = "cart", destructive = false)]
async fn open() -> Handle<Cart> {
    Handle::new(Cart::default())
}

/// Add an item to a cart opened with `cart_open`.
///
/// Waits `wait_ms` between reading the cart and writing it, so that two calls overlap.
#[tool(namespace = "cart", destructive = false)]
async fn add_item(
    /// The `handle` that `cart_open` returned.
    cart: Handle<Cart>,
    /// Stock-keeping unit, like `SKU-1042`.
    sku: String,
    /// How long to wait before writing, in milliseconds.
    #[param(max = 2000)]
    wait_ms: Option<u64>,
) -> Result<String, ToolError> {
    let mut cart = cart;
    if let Some(ms) = wait_ms {
        tokio::time::sleep(Duration::from_millis(ms)).await;
    }
    let count = cart
        .update(|c| {
            c.skus.push(sku);
            c.skus.len()
        })
        .await?;
    Ok(format!("{count} items"))
}

/// Show what a cart opened with `cart_open` holds.
#[tool(namespace = "cart", read_only)]
async fn show(
    /// The `handle` that `cart_open` returned.
    cart: Handle<Cart>,
) -> String {
    cart.skus.join(",")
}

/// Check a cart out: its items are ordered and the cart is closed.
#[tool(namespace = "cart", destructive = false)]
async fn checkout(
    /// The `handle` that `cart_open` returned.
    cart: Handle<Cart>,
) -> Result<String, ToolError> {
    let cart = cart.close().await?;
    Ok(format!("ordered {}", cart.skus.len()))
}

#[derive(Debug, Serialize, Deserialize, JsonSchema)]
struct Hold {
    /// The seat held.
    seat: String,
}

/// Hold a seat for two seconds, however often the hold is looked at.
#[tool(
    namespace = "seat",
    destructive = false,
    handle_ttl_secs = 2,
    handle_renew = false
)]
async fn hold(
    /// The seat, like `12A`.
    seat: String,
) -> Handle<Hold> {
    Handle::new(Hold { seat })
}

/// Show the seat a hold made with `seat_hold` keeps.
#[tool(namespace = "seat", read_only)]
async fn show_hold(
    /// The `handle` that `seat_hold` returned.
    hold: Handle<Hold>,
) -> String {
    hold.seat.clone()
}

#[derive(Debug, Serialize, Deserialize, JsonSchema)]
struct Lease {
    /// What is leased.
    what: String,
}

/// Lease a desk; the lease lapses after three seconds without use.
#[tool(namespace = "desk", destructive = false, handle_ttl_secs = 3)]
async fn lease() -> Handle<Lease> {
    Handle::new(Lease {
        what: "desk 4".into(),
    })
}

/// Use a desk leased with `desk_lease`, which renews the lease.
#[tool(namespace = "desk", read_only)]
async fn use_desk(
    /// The `handle` that `desk_lease` returned.
    lease: Handle<Lease>,
) -> String {
    lease.what.clone()
}

fn build(store: Arc<dyn Store>, caller: Caller) -> Registry {
    Registry::builder()
        .server_info("handles", "1.0.0")
        .token_secret(b"the handle tests' secret, 32 bytes or more")
        .store(store)
        .default_caller(caller)
        .tools(tools![
            open, add_item, show, checkout, hold, show_hold, lease, use_desk
        ])
        .build()
        .expect("the handle tools build")
}

/// Connected clients of registries that share one store and secret: replicas, each with
/// its own caller.
async fn replicas<const N: usize>(callers: [Caller; N]) -> ([InProcess; N], Arc<dyn Store>) {
    let store: Arc<dyn Store> = Arc::new(MemoryStore::new());
    let mut clients = Vec::new();
    for caller in callers {
        clients.push(connect(build(Arc::clone(&store), caller)).await);
    }
    let Ok(clients) = clients.try_into() else {
        unreachable!("one client a caller")
    };
    (clients, store)
}

fn text(result: &CallToolResult) -> &str {
    &result.content[0].as_text().expect("text").text
}

fn kind(result: &CallToolResult) -> Option<&str> {
    result.meta.as_ref()?.0.get(ERROR_META_KEY)?["kind"].as_str()
}

async fn ok(client: &InProcess, name: &str, args: Value) -> CallToolResult {
    let result = call(client.peer(), name, args).await;
    assert_ne!(result.is_error, Some(true), "{name}: {}", text(&result));
    result
}

async fn make(client: &InProcess, name: &str, args: Value) -> String {
    let result = ok(client, name, args).await;
    let made = result.structured_content.expect("a handle is structured");
    assert!(
        made["expires_at"]
            .as_str()
            .is_some_and(|t| t.ends_with('Z'))
    );
    made["handle"].as_str().expect("a handle").to_owned()
}

async fn refused(client: &InProcess, name: &str, args: Value) -> (String, String) {
    let result = call(client.peer(), name, args).await;
    assert_eq!(result.is_error, Some(true), "{name} was not refused");
    let kind = kind(&result).expect("an error kind").to_owned();
    (kind, text(&result).to_owned())
}

#[tokio::test]
async fn a_cart_is_made_changed_read_and_closed_by_its_handle() {
    let ([client], _) = replicas([Caller::new("alice")]).await;
    let tools = client.peer().list_all_tools().await.expect("tools/list");
    let open = tools
        .iter()
        .find(|t| t.name == "cart_open")
        .expect("cart_open");
    assert_eq!(
        open.description.as_deref(),
        Some(
            "Open an empty cart to collect items before checking out.\n\nPass its `handle` as `cart` to `cart_add_item`, `cart_show` or `cart_checkout`; the handle is bound to you and expires after 30 minutes without use, or when closed."
        )
    );
    let hold = tools
        .iter()
        .find(|t| t.name == "seat_hold")
        .expect("seat_hold");
    assert!(
        hold.description
            .as_deref()
            .is_some_and(|d| d.ends_with("Pass its `handle` as `hold` to `seat_show_hold`; the handle is bound to you and expires 2 seconds after it is made, or when closed.")),
        "{:?}",
        hold.description
    );
    let add = tools
        .iter()
        .find(|t| t.name == "cart_add_item")
        .expect("cart_add_item");
    assert_eq!(
        add.input_schema["properties"]["cart"],
        json!({ "type": "string", "description": "The `handle` that `cart_open` returned." })
    );
    assert_eq!(add.input_schema["required"], json!(["cart", "sku"]));

    let cart = make(&client, "cart_open", json!({})).await;
    for (sku, count) in [("SKU-1", "1 items"), ("SKU-2", "2 items")] {
        let added = ok(
            &client,
            "cart_add_item",
            json!({ "cart": cart, "sku": sku }),
        )
        .await;
        assert_eq!(text(&added), count);
    }
    let shown = ok(&client, "cart_show", json!({ "cart": cart })).await;
    assert_eq!(text(&shown), "SKU-1,SKU-2");
    let done = ok(&client, "cart_checkout", json!({ "cart": cart })).await;
    assert_eq!(text(&done), "ordered 2");

    let (kind, message) = refused(&client, "cart_show", json!({ "cart": cart })).await;
    assert_eq!(kind, "not_found");
    assert!(
        message.starts_with("not found: `cart` was closed by `cart_checkout` at 20")
            && message.ends_with("; call `cart_open` for a new one"),
        "{message}"
    );
    client.close().await;
}

#[tokio::test]
async fn an_edited_handle_or_one_of_another_kind_is_refused_naming_the_maker() {
    let ([client], _) = replicas([Caller::new("alice")]).await;
    let cart = make(&client, "cart_open", json!({})).await;
    let mut edited = cart.clone();
    let at = edited.len() / 2;
    let swapped = if &cart[at..=at] == "A" { "B" } else { "A" };
    edited.replace_range(at..=at, swapped);
    let (kind, message) = refused(&client, "cart_show", json!({ "cart": edited })).await;
    assert_eq!(kind, "invalid_input");
    assert_eq!(
        message,
        "invalid input: `cart` is not a handle this server issued (edited, cut short, or from another server); pass it exactly as `cart_open` returned it, or call `cart_open` for a new one"
    );
    let hold = make(&client, "seat_hold", json!({ "seat": "12A" })).await;
    let (kind, message) = refused(&client, "cart_show", json!({ "cart": hold })).await;
    assert_eq!(kind, "invalid_input");
    assert_eq!(
        message,
        "invalid input: `cart` is a handle of another kind of state; pass the handle that `cart_open` returned"
    );
    client.close().await;
}

#[tokio::test]
async fn a_handle_opens_for_its_caller_on_any_replica_and_for_no_one_else() {
    let ([alice, bob, alice_again], _) = replicas([
        Caller::new("alice"),
        Caller::new("bob"),
        Caller::new("alice"),
    ])
    .await;
    let cart = make(&alice, "cart_open", json!({})).await;
    ok(
        &alice,
        "cart_add_item",
        json!({ "cart": cart, "sku": "SKU-1" }),
    )
    .await;
    let (kind, message) = refused(
        &bob,
        "cart_add_item",
        json!({ "cart": cart, "sku": "SKU-9" }),
    )
    .await;
    assert_eq!(kind, "permission_denied");
    assert_eq!(
        message,
        "permission denied: `cart` was issued to another caller; call `cart_open` for a handle of your own"
    );
    // Alice, on another replica, sees her cart as she left it: Bob's call changed nothing.
    let shown = ok(&alice_again, "cart_show", json!({ "cart": cart })).await;
    assert_eq!(text(&shown), "SKU-1");
    for client in [alice, bob, alice_again] {
        client.close().await;
    }
}

#[tokio::test]
async fn a_handle_whose_state_the_store_lost_is_no_longer_held() {
    let ([client], _) = replicas([Caller::new("alice")]).await;
    let cart = make(&client, "cart_open", json!({})).await;
    // Another deployment with the same secret and an empty store.
    let emptied = connect(build(Arc::new(MemoryStore::new()), Caller::new("alice"))).await;
    let (kind, message) = refused(&emptied, "cart_show", json!({ "cart": cart })).await;
    assert_eq!(kind, "not_found");
    assert_eq!(
        message,
        "not found: `cart` is no longer held: it was not used for longer than its lifetime (expires after 30 minutes without use), or the server's store was cleared; call `cart_open` for a new one"
    );
    client.close().await;
    emptied.close().await;
}

#[tokio::test]
async fn a_fixed_lifetime_ends_however_often_the_handle_is_used() {
    let ([client], _) = replicas([Caller::new("alice")]).await;
    let hold = make(&client, "seat_hold", json!({ "seat": "12A" })).await;
    let shown = ok(&client, "seat_show_hold", json!({ "hold": hold })).await;
    assert_eq!(text(&shown), "12A");
    tokio::time::sleep(Duration::from_millis(2_100)).await;
    let (kind, message) = refused(&client, "seat_show_hold", json!({ "hold": hold })).await;
    assert_eq!(kind, "not_found");
    assert!(
        message.starts_with("not found: `hold` expired at 20")
            && message.ends_with("; call `seat_hold` for a new one"),
        "{message}"
    );
    client.close().await;
}

#[tokio::test]
async fn use_renews_a_handle_and_disuse_ends_it() {
    let ([client], _) = replicas([Caller::new("alice")]).await;
    let lease = make(&client, "desk_lease", json!({})).await;
    // Each use, two seconds apart, comes before the three seconds since the last one end;
    // the second comes after three seconds since the lease was made.
    for _ in 0..2 {
        tokio::time::sleep(Duration::from_secs(2)).await;
        let used = ok(&client, "desk_use_desk", json!({ "lease": lease })).await;
        assert_eq!(text(&used), "desk 4");
    }
    tokio::time::sleep(Duration::from_millis(3_500)).await;
    let (kind, message) = refused(&client, "desk_use_desk", json!({ "lease": lease })).await;
    assert_eq!(kind, "not_found");
    assert!(
        message.starts_with("not found: `lease` is no longer held: it was not used for longer than its lifetime (expires after 3 seconds without use)"),
        "{message}"
    );
    client.close().await;
}

#[tokio::test]
async fn two_changes_at_once_never_overwrite_each_other() {
    let ([client], _) = replicas([Caller::new("alice")]).await;
    let cart = make(&client, "cart_open", json!({})).await;
    let peer = client.peer();
    let slow = |sku: &str| {
        call(
            peer,
            "cart_add_item",
            json!({ "cart": cart, "sku": sku, "wait_ms": 300 }),
        )
    };
    let (a, b) = tokio::join!(slow("SKU-A"), slow("SKU-B"));
    let conflicts: Vec<&CallToolResult> = [&a, &b]
        .into_iter()
        .filter(|r| r.is_error == Some(true))
        .collect();
    assert_eq!(conflicts.len(), 1, "{} / {}", text(&a), text(&b));
    assert_eq!(kind(conflicts[0]), Some("conflict"));
    assert_eq!(
        text(conflicts[0]),
        "conflict: `cart` was changed or closed by another call while this one ran, so this change was not kept; call `cart_add_item` again"
    );
    let shown = ok(&client, "cart_show", json!({ "cart": cart })).await;
    assert_eq!(text(&shown).split(',').count(), 1, "{}", text(&shown));
    client.close().await;
}

/// Takes a handle no tool of the registry makes.
#[tool(namespace = "ghost", read_only)]
async fn haunt(
    /// The `handle` of a lease.
    lease: Handle<Lease>,
) -> String {
    lease.what.clone()
}

/// Sets a handle's lifetime but makes no handle.
#[tool(namespace = "ghost", read_only, handle_ttl_secs = 60)]
async fn linger() -> String {
    "nothing made".into()
}

#[test]
fn a_registry_refuses_handles_no_tool_makes_and_lifetimes_of_no_handle() {
    let err = Registry::builder()
        .tools(tools![haunt, linger])
        .build()
        .expect_err("the registry refuses to build");
    let message = err.to_string();
    assert!(
        message.contains("`ghost_haunt` takes `lease`, a handle of `")
            && message.contains("handles::Lease`")
            && message.contains("no tool of this registry returns a `Handle<"),
        "{message}"
    );
    assert!(
        message.contains("it sets `handle_ttl_secs`, but returns no `Handle<T>`"),
        "{message}"
    );
}

#[tokio::test]
async fn a_tool_fn_takes_a_new_handle_in_a_unit_test() {
    let mut cart = Handle::new(Cart::default());
    cart.update(|c| c.skus.push("SKU-1".into()))
        .await
        .expect("a handle with no store behind it changes in place");
    assert_eq!(cart.id(), None);
    assert_eq!(
        add_item(cart, "SKU-2".into(), None).await.expect("adds"),
        "2 items"
    );
}
