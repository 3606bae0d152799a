//! The suite's resources, each a `#[resource]` fn: three fixed ones and a template whose
//! `id` completes.

use mcp_tools::{prelude::*, rmcp::model::ResourceContents};
use serde_json::json;

use super::fixtures::TEST_IMAGE_DATA;

/// The URI of the resource clients subscribe to.
pub(crate) const WATCHED: &str = "test://watched-resource";

/// A fixed sentence as plain text, to test reading a text resource.
#[resource(
    "test://static-text",
    title = "Static Text Resource",
    mime_type = "text/plain"
)]
async fn static_text() -> &'static str {
    "This is the content of the static text resource."
}

/// A 1×1 red PNG, to test reading a binary resource.
#[resource(
    "test://static-binary",
    title = "Static Binary Resource",
    mime_type = "image/png"
)]
async fn static_binary() -> ResourceContents {
    // The fixture is base64 already, as a blob is sent.
    ResourceContents::blob(TEST_IMAGE_DATA, "test://static-binary").with_mime_type("image/png")
}

/// A text resource clients subscribe to; `test_trigger_resource_update` says it changed.
#[resource(
    "test://watched-resource",
    title = "Watched Resource",
    mime_type = "text/plain"
)]
async fn watched_resource() -> &'static str {
    "Watched content."
}

/// The ids the template's `id` offers while a user types one.
#[allow(clippy::unused_async)] // a completion fn is async, whether or not it awaits
async fn ids(c: Completion) -> Vec<String> {
    ["1", "2", "3"]
        .into_iter()
        .filter(|id| id.starts_with(c.value()))
        .map(str::to_owned)
        .collect()
}

/// A JSON record whose id is part of its URI, to test reading a resource template.
#[resource(
    "test://template/{id}/data",
    title = "Dynamic Resource",
    mime_type = "application/json"
)]
async fn template_data(
    /// The record's id, any text without a `/`.
    #[param(complete = ids)]
    id: String,
) -> Json<serde_json::Value> {
    Json(json!({"id": id, "templateTest": true, "data": format!("Data for ID: {id}")}))
}

/// Every resource of the server.
pub(crate) fn all() -> Catalog {
    catalog![static_text, static_binary, watched_resource, template_data]
}
