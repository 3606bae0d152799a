//! A tool that makes a state handle and returns a view of the state beside it: the view's
//! fields and the handle in `structuredContent`, both in the `outputSchema` the result
//! validates against; a view over its budget is cut and the handle is not; the sentence
//! the registry appends names the parameter each taking tool takes the handle as; views
//! with no one place for the handle are refused when the registry is built.

use mcp_tools::{Registry, prelude::*, rmcp::model::CallToolResult};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use crate::common_client::{call, connect};

#[derive(Debug, Serialize, Deserialize, JsonSchema)]
struct Review {
    /// The files under review, in order.
    files: Vec<String>,
    /// How many of them were shown.
    shown: usize,
}

#[derive(Serialize, JsonSchema)]
struct Opened {
    /// The changed files, in the order the review shows them.
    files: Vec<String>,
}

#[derive(Serialize, JsonSchema)]
struct Progress {
    /// How many files are left to show.
    left: usize,
}

/// The changed files of a repository: `count` of them, with long paths.
fn changed(count: usize) -> Vec<String> {
    (1..=count)
        .map(|n| format!("services/billing/src/invoices/line_items/adjustment_{n:04}.rs"))
        .collect()
}

/// Start a review of the changed files of a repository, one file a call.
#[tool(namespace = "review", destructive = false)]
async fn start(
    /// How many files changed.
    #[param(max = 5000)]
    count: usize,
) -> (Handle<Review>, Json<Opened>) {
    let files = changed(count);
    let view = Opened {
        files: files.clone(),
    };
    (Handle::new(Review { files, shown: 0 }), Json(view))
}

/// Show the next file of a review started with `review_start`.
#[tool(namespace = "review", destructive = false)]
async fn next_file(
    /// The `handle` that `review_start` returned.
    review: Handle<Review>,
) -> Result<String, ToolError> {
    let mut review = review;
    let file = review
        .update(|r| {
            r.shown += 1;
            r.files.get(r.shown - 1).cloned()
        })
        .await?;
    Ok(file.unwrap_or_else(|| "no files left".into()))
}

/// Skip a file of a review started with `review_start`, and say how many are left.
#[tool(namespace = "review", destructive = false)]
async fn skip(
    /// The `handle` that `review_start` returned.
    review: Handle<Review>,
) -> Result<(Handle<Review>, Json<Progress>), ToolError> {
    let mut review = review;
    let left = review
        .update(|r| {
            r.shown += 1;
            r.files.len().saturating_sub(r.shown)
        })
        .await?;
    Ok((review, Json(Progress { left })))
}

/// Start a review of the changed files of a repository, listing them within a small budget.
#[tool(namespace = "review", destructive = false, max_response_tokens = 200)]
async fn start_small(
    /// How many files changed.
    #[param(max = 5000)]
    count: usize,
) -> (Handle<Review>, Json<Opened>) {
    let files = changed(count);
    let view = Opened {
        files: files.clone(),
    };
    (Handle::new(Review { files, shown: 0 }), Json(view))
}

/// Start a review of the changed files of a repository; the files are listed as they are.
#[tool(namespace = "review", destructive = false)]
async fn start_listed(
    /// How many files changed.
    #[param(max = 5000)]
    count: usize,
) -> (Handle<Review>, Json<Vec<String>>) {
    let files = changed(count);
    (
        Handle::new(Review {
            files: files.clone(),
            shown: 0,
        }),
        Json(files),
    )
}

fn registry() -> Registry {
    Registry::builder()
        .server_info("handle-views", "1.0.0")
        .token_secret(b"the handle view tests' secret, 32 bytes or more")
        .tools(tools![start, next_file, skip, start_small, start_listed])
        .build()
        .expect("the review tools build")
}

fn text(result: &CallToolResult) -> &str {
    &result.content[0].as_text().expect("text").text
}

async fn ok(registry: &Registry, name: &str, args: Value) -> CallToolResult {
    let result = registry.call(name, args).await.expect("a result");
    assert_ne!(result.is_error, Some(true), "{name}: {}", text(&result));
    result
}

/// Checks `value` against the published `outputSchema` of `tool`.
fn assert_valid(registry: &Registry, tool: &str, value: &Value) {
    let definition = registry.definition(tool).expect("the tool");
    let schema = Value::Object(
        definition
            .tool()
            .output_schema
            .as_deref()
            .expect("an outputSchema")
            .clone(),
    );
    let validator = jsonschema::validator_for(&schema).expect("the outputSchema compiles");
    let problems: Vec<String> = validator
        .iter_errors(value)
        .map(|e| e.to_string())
        .collect();
    assert!(problems.is_empty(), "{tool}: {problems:?} in {value}");
}

fn property_names(schema: &Value) -> Vec<&str> {
    schema["properties"]
        .as_object()
        .map(|p| p.keys().map(String::as_str).collect())
        .unwrap_or_default()
}

#[tokio::test]
async fn a_making_tool_returns_a_view_beside_its_handle() {
    let registry = registry();
    let listed = registry.definition("review_start").expect("review_start");
    let schema = Value::Object(
        listed
            .tool()
            .output_schema
            .as_deref()
            .expect("an outputSchema")
            .clone(),
    );
    assert_eq!(property_names(&schema), ["files", "handle", "expires_at"]);
    assert_eq!(schema["required"], json!(["files", "handle", "expires_at"]));

    let result = ok(&registry, "review_start", json!({ "count": 3 })).await;
    let made = result.structured_content.clone().expect("structured");
    assert_eq!(made["files"], json!(changed(3)));
    assert!(made["handle"].as_str().is_some_and(|h| h.len() > 20));
    assert!(
        made["expires_at"]
            .as_str()
            .is_some_and(|t| t.ends_with('Z'))
    );
    assert_valid(&registry, "review_start", &made);
    // The text mirror, as for any structured result.
    assert_eq!(
        serde_json::from_str::<Value>(text(&result)).expect("JSON"),
        made
    );

    let handle = &made["handle"];
    let first = ok(&registry, "review_next_file", json!({ "review": handle })).await;
    assert_eq!(text(&first), changed(3)[0]);
    // A taking tool that returns the handle again: the same handle, beside its view.
    let skipped = ok(&registry, "review_skip", json!({ "review": handle })).await;
    let again = skipped.structured_content.expect("structured");
    assert_eq!(again["left"], 1);
    assert_eq!(&again["handle"], handle);
    assert_valid(&registry, "review_skip", &again);
    let last = ok(&registry, "review_next_file", json!({ "review": handle })).await;
    assert_eq!(text(&last), changed(3)[2]);
}

#[tokio::test]
async fn a_list_view_travels_as_result_beside_its_handle() {
    let registry = registry();
    let result = ok(&registry, "review_start_listed", json!({ "count": 2 })).await;
    let made = result.structured_content.expect("structured");
    assert_eq!(made["result"], json!(changed(2)));
    assert_valid(&registry, "review_start_listed", &made);
    let first = ok(
        &registry,
        "review_next_file",
        json!({ "review": made["handle"] }),
    )
    .await;
    assert_eq!(text(&first), changed(2)[0]);
}

#[tokio::test]
async fn a_view_over_its_budget_is_cut_and_its_handle_is_not() {
    let registry = registry();
    // 200 tokens leave the view no file, and the handle less room than it takes.
    let result = ok(&registry, "review_start_small", json!({ "count": 2000 })).await;
    let made = result.structured_content.clone().expect("structured");
    let files = made["files"].as_array().expect("files");
    assert!(files.len() < 2000, "the view was not cut");
    let notice = result
        .content
        .iter()
        .filter_map(|c| c.as_text())
        .map(|t| t.text.as_str())
        .find(|t| t.starts_with("[truncated"))
        .expect("a notice of the cut");
    assert!(notice.contains("items of `files`"), "{notice}");
    assert!(!notice.contains("`handle`"), "{notice}");
    assert_valid(&registry, "review_start_small", &made);
    let handle = made["handle"].as_str().expect("a handle");
    assert!(!handle.ends_with('…'), "{handle}");
    // The handle opens the whole state, though the view showed none of it.
    let first = ok(&registry, "review_next_file", json!({ "review": handle })).await;
    assert_eq!(text(&first), changed(2000)[0]);
}

#[tokio::test]
async fn a_view_beside_a_handle_reaches_an_rmcp_client() {
    let client = connect(registry()).await;
    let result = call(client.peer(), "review_start", json!({ "count": 2 })).await;
    assert_ne!(result.is_error, Some(true), "{}", text(&result));
    let made = result.structured_content.expect("structured");
    assert_eq!(made["files"], json!(changed(2)));
    let first = call(
        client.peer(),
        "review_next_file",
        json!({ "review": made["handle"] }),
    )
    .await;
    assert_eq!(text(&first), changed(2)[0]);
    client.close().await;
}

#[test]
fn the_sentence_names_the_parameter_for_one_taking_tool_and_for_several() {
    let registry = registry();
    let description = |name: &str| {
        registry
            .definition(name)
            .and_then(|d| d.tool().description.as_deref().map(str::to_owned))
            .expect("a description")
    };
    assert_eq!(
        description("review_start_listed"),
        "Start a review of the changed files of a repository; the files are listed as they are.\n\n\
         Pass its `handle` as `review` to `review_next_file` or `review_skip`; the handle is \
         bound to you and expires after 30 minutes without use, or when closed."
    );
    let carts = Registry::builder()
        .tools(tools![open, add_item, merge])
        .build()
        .expect("the cart tools build");
    let open = carts.definition("cart_open").expect("cart_open");
    assert_eq!(
        open.tool().description.as_deref(),
        Some(
            "Open an empty cart.\n\nPass its `handle` as `cart` to `cart_add_item`, or as \
             `into` to `cart_merge`; the handle is bound to you and expires after 30 minutes \
             without use, or when closed."
        )
    );
    let one = Registry::builder()
        .tools(tools![open, add_item])
        .build()
        .expect("the cart tools build");
    assert_eq!(
        one.definition("cart_open")
            .and_then(|d| d.tool().description.as_deref()),
        Some(
            "Open an empty cart.\n\nPass its `handle` as `cart` to `cart_add_item`; the handle is \
             bound to you and expires after 30 minutes without use, or when closed."
        )
    );
    let alone = Registry::builder()
        .tools(tools![open])
        .build()
        .expect("a making tool alone builds");
    assert!(
        alone
            .definition("cart_open")
            .and_then(|d| d.tool().description.as_deref())
            .is_some_and(|d| d.ends_with(
                "Later calls pass back its `handle`; the handle is bound to you and expires after 30 minutes without use, or when closed."
            ))
    );
}

#[derive(Default, Serialize, Deserialize, JsonSchema)]
struct Cart {
    /// The items.
    skus: Vec<String>,
}

/// Open an empty cart.
#[tool(namespace = "cart", destructive = false)]
async fn open() -> Handle<Cart> {
    Handle::new(Cart::default())
}

/// Add an item to a cart opened with `cart_open`.
#[tool(namespace = "cart", destructive = false)]
async fn add_item(
    /// The `handle` that `cart_open` returned.
    cart: Handle<Cart>,
    /// Stock-keeping unit, like `SKU-1042`.
    sku: String,
) -> Result<String, ToolError> {
    let mut cart = cart;
    cart.update(|c| c.skus.push(sku)).await?;
    Ok("added".into())
}

/// Merge the items of one cart into another.
#[tool(namespace = "cart", destructive = false)]
async fn merge(
    /// The `handle` of the cart that `cart_open` returned to merge into.
    into: Handle<Cart>,
    /// Stock-keeping units to add, like `SKU-1042`.
    skus: Vec<String>,
) -> Result<String, ToolError> {
    let mut into = into;
    into.update(|c| c.skus.extend(skus)).await?;
    Ok("merged".into())
}

#[derive(Serialize, JsonSchema)]
struct Account {
    /// The account's public handle, like `@ada`.
    handle: String,
}

/// Open a session for an account, returning the account beside the session's handle.
#[tool(namespace = "account", destructive = false)]
async fn open_session() -> (Handle<Cart>, Json<Account>) {
    (
        Handle::new(Cart::default()),
        Json(Account {
            handle: "@ada".into(),
        }),
    )
}

/// Open a cart, returning what may or may not be an object beside its handle.
#[tool(namespace = "account", destructive = false)]
async fn open_any() -> (Handle<Cart>, Json<Option<Account>>) {
    (Handle::new(Cart::default()), Json(None))
}

#[test]
fn a_view_with_no_one_place_for_the_handle_is_refused() {
    let err = Registry::builder()
        .tools(tools![open_session, open_any])
        .build()
        .expect_err("the registry refuses to build");
    let message = err.to_string();
    assert!(
        message.contains("`account_open_session` returns a view with a field `handle`, where its handle goes; rename the field"),
        "{message}"
    );
    assert!(
        message.contains("`account_open_any` returns a view beside its handle that is an object for some values and not for others"),
        "{message}"
    );
}
