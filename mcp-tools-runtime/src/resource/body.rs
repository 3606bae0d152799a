//! What a `#[resource]` fn may return, before the runtime adds the URI and MIME type.

use base64::Engine as _;
use rmcp::model::ResourceContents;
use serde::Serialize;

use crate::{error::ToolError, output::Json};

/// The contents a `#[resource]` fn read: text, bytes, or contents built by hand (several,
/// or with URIs of their own).
#[derive(Clone, Debug, PartialEq)]
pub enum ResourceBody {
    /// Text, with the resource's `mime_type` (`text/plain` if it gives none).
    Text(String),
    /// Bytes, sent base64-encoded, with the resource's `mime_type`
    /// (`application/octet-stream` if it gives none).
    Bytes(Vec<u8>),
    /// JSON text, `application/json` unless the resource gives another type.
    Json(String),
    /// Contents as built, each with its own URI and type.
    Contents(Vec<ResourceContents>),
}

impl ResourceBody {
    /// The contents of a read of `uri`, with `mime_type` where the body has none of its own.
    pub(crate) fn into_contents(self, uri: &str, mime_type: Option<&str>) -> Vec<ResourceContents> {
        let text = |text: String, default: &str| ResourceContents::TextResourceContents {
            uri: uri.to_owned(),
            mime_type: Some(mime_type.unwrap_or(default).to_owned()),
            text,
            meta: None,
        };
        match self {
            ResourceBody::Text(body) => vec![text(body, "text/plain")],
            ResourceBody::Json(body) => vec![text(body, "application/json")],
            ResourceBody::Bytes(bytes) => vec![ResourceContents::BlobResourceContents {
                uri: uri.to_owned(),
                mime_type: Some(mime_type.unwrap_or("application/octet-stream").to_owned()),
                blob: base64::engine::general_purpose::STANDARD.encode(bytes),
                meta: None,
            }],
            ResourceBody::Contents(contents) => contents,
        }
    }
}

/// The return type of a `#[resource]` fn: `String` (text), `Vec<u8>` (bytes), `Json<T>`,
/// `ResourceContents` or a `Vec` of them, or any of these in a `Result` whose error
/// converts into a [`ToolError`] (`ToolError::not_found` for a URI that names nothing).
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be the result of a #[resource] fn",
    label = "return `String`, `Vec<u8>`, `Json<T>`, `ResourceContents` or `Vec<ResourceContents>`",
    note = "wrap any of them in `Result<_, ToolError>` to fail with a message"
)]
pub trait ResourceReturn {
    /// The body `resources/read` answers with.
    ///
    /// # Errors
    ///
    /// The fn's own error, or JSON that does not serialize.
    fn into_body(self) -> Result<ResourceBody, ToolError>;
}

impl ResourceReturn for ResourceBody {
    fn into_body(self) -> Result<ResourceBody, ToolError> {
        Ok(self)
    }
}

impl ResourceReturn for String {
    fn into_body(self) -> Result<ResourceBody, ToolError> {
        Ok(ResourceBody::Text(self))
    }
}

impl ResourceReturn for &'static str {
    fn into_body(self) -> Result<ResourceBody, ToolError> {
        Ok(ResourceBody::Text(self.to_owned()))
    }
}

impl ResourceReturn for Vec<u8> {
    fn into_body(self) -> Result<ResourceBody, ToolError> {
        Ok(ResourceBody::Bytes(self))
    }
}

impl<T: Serialize> ResourceReturn for Json<T> {
    fn into_body(self) -> Result<ResourceBody, ToolError> {
        serde_json::to_string(&self.0)
            .map(ResourceBody::Json)
            .map_err(|err| {
                ToolError::internal(format!("the resource's JSON does not serialize: {err}"))
            })
    }
}

impl ResourceReturn for ResourceContents {
    fn into_body(self) -> Result<ResourceBody, ToolError> {
        Ok(ResourceBody::Contents(vec![self]))
    }
}

impl ResourceReturn for Vec<ResourceContents> {
    fn into_body(self) -> Result<ResourceBody, ToolError> {
        Ok(ResourceBody::Contents(self))
    }
}

impl<T: ResourceReturn, E: Into<ToolError>> ResourceReturn for Result<T, E> {
    fn into_body(self) -> Result<ResourceBody, ToolError> {
        self.map_err(Into::into)?.into_body()
    }
}
