//! The everything server's two resource templates: text and bytes made up from the id in
//! the URI, with the time they were made.

use mcp_tools::{prelude::*, rmcp::model::ResourceContents};
use serde::Deserialize;

use super::{Simulation, prompts::resource_ids};

/// The kind of a dynamic resource, as the prompt's `resourceType` names it.
#[derive(Clone, Copy, Debug, Deserialize, schemars::JsonSchema)]
pub(super) enum ResourceType {
    /// `demo://resource/dynamic/text/{id}`.
    Text,
    /// `demo://resource/dynamic/blob/{id}`.
    Blob,
}

impl ResourceType {
    /// The name the original server prints.
    #[must_use]
    pub(super) fn label(self) -> &'static str {
        match self {
            Self::Text => "Text",
            Self::Blob => "Blob",
        }
    }
}

/// The URI of a dynamic resource.
#[must_use]
pub(super) fn dynamic_uri(kind: ResourceType, resource_id: u64) -> String {
    match kind {
        ResourceType::Text => format!("demo://resource/dynamic/text/{resource_id}"),
        ResourceType::Blob => format!("demo://resource/dynamic/blob/{resource_id}"),
    }
}

/// The time of day in UTC, as the original prints its local time (`3:04:05 PM`).
fn timestamp() -> String {
    let since_epoch = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap_or_default()
        .as_secs();
    let (hour, minute, second) = (
        since_epoch / 3600 % 24,
        since_epoch / 60 % 60,
        since_epoch % 60,
    );
    let half = if hour < 12 { "AM" } else { "PM" };
    let hour12 = if hour % 12 == 0 { 12 } else { hour % 12 };
    format!("{hour12}:{minute:02}:{second:02} {half}")
}

fn text_of(resource_id: u64) -> String {
    format!(
        "Resource {resource_id}: This is a plaintext resource created at {}",
        timestamp()
    )
}

fn bytes_of(resource_id: u64) -> Vec<u8> {
    format!(
        "Resource {resource_id}: This is a base64 blob created at {}",
        timestamp()
    )
    .into_bytes()
}

/// A dynamic resource's contents with its URI, to embed in a prompt or a tool result.
#[must_use]
pub(super) fn dynamic_contents(kind: ResourceType, resource_id: u64) -> ResourceContents {
    let uri = dynamic_uri(kind, resource_id);
    match kind {
        ResourceType::Text => ResourceContents::text(text_of(resource_id), uri),
        ResourceType::Blob => {
            ResourceContents::blob(base64(&bytes_of(resource_id)), uri).with_mime_type("text/plain")
        }
    }
}

/// Plaintext dynamic resource fabricated from the {resourceId} variable, which must be an integer.
#[resource(
    "demo://resource/dynamic/text/{resourceId}",
    name = "Dynamic Text Resource",
    mime_type = "text/plain"
)]
pub(super) async fn dynamic_text(
    simulation: State<Simulation>,
    /// A positive integer; any one names a resource.
    #[param(rename = "resourceId", min = 1, complete = resource_ids)]
    resource_id: u64,
) -> String {
    simulation.watch(dynamic_uri(ResourceType::Text, resource_id));
    text_of(resource_id)
}

/// Binary (base64) dynamic resource fabricated from the {resourceId} variable, which must be an integer.
#[resource(
    "demo://resource/dynamic/blob/{resourceId}",
    name = "Dynamic Blob Resource",
    mime_type = "application/octet-stream"
)]
pub(super) async fn dynamic_blob(
    simulation: State<Simulation>,
    /// A positive integer; any one names a resource.
    #[param(rename = "resourceId", min = 1, complete = resource_ids)]
    resource_id: u64,
) -> Vec<u8> {
    simulation.watch(dynamic_uri(ResourceType::Blob, resource_id));
    bytes_of(resource_id)
}

/// Standard base64 with padding, for a blob embedded by hand (a prompt's message): a
/// `#[resource]` fn returns bytes and the registry encodes them.
fn base64(bytes: &[u8]) -> String {
    const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let n = chunk
            .iter()
            .enumerate()
            .fold(0u32, |n, (i, b)| n | u32::from(*b) << (16 - 8 * i));
        for i in 0..4 {
            if i <= chunk.len() {
                out.push(char::from(ALPHABET[(n >> (18 - 6 * i) & 63) as usize]));
            } else {
                out.push('=');
            }
        }
    }
    out
}
