//! A result as the client receives it, in parts the optimizer can weigh and cut: the tool's
//! content blocks, its structured value, the text mirror of that value, and texts that repeat
//! a string of it.

use rmcp::model::{ContentBlock, Resource, ResourceContents};
use serde_json::Value;

use crate::{limits::CHARS_PER_TOKEN, meta::BinaryPolicy};

/// The whole result of one call.
pub(super) struct Whole {
    /// The tool's own blocks, in order (the mirror is not among them).
    pub(super) blocks: Vec<ContentBlock>,
    pub(super) structured: Option<Value>,
    /// Where the text mirror of `structured` goes among `blocks`, when one is sent.
    pub(super) mirror_at: Option<usize>,
    /// Text blocks that repeat a long string of `structured` (a file's text sent both ways),
    /// with that string's JSON Pointer: cut together, so both say the same.
    pub(super) linked: Vec<(usize, String)>,
}

/// A binary block left out, for the notice.
#[derive(Clone, Debug)]
pub(super) struct LeftOut {
    pub(super) what: String,
    pub(super) reason: &'static str,
    /// What it would have cost.
    pub(super) tokens: usize,
}

impl Whole {
    /// Splits a result: a text block equal to the compact JSON of `structured` becomes the
    /// mirror (re-made from whatever is kept), and with no content at all the mirror is added.
    pub(super) fn new(mut blocks: Vec<ContentBlock>, structured: Option<Value>) -> Self {
        let mut mirror_at = None;
        if let Some(value) = &structured {
            if blocks.is_empty() {
                mirror_at = Some(0);
            } else if let Some(i) = blocks.iter().position(|b| {
                b.as_text()
                    .is_some_and(|t| t.text.len() > 1 && is_json_of(&t.text, value))
            }) {
                blocks.remove(i);
                mirror_at = Some(i);
            }
        }
        Whole {
            blocks,
            structured,
            mirror_at,
            linked: Vec::new(),
        }
    }

    /// Finds the text blocks that repeat a long string of the structured value.
    pub(super) fn link_texts(&mut self) {
        let Some(value) = &self.structured else {
            return;
        };
        for (i, block) in self.blocks.iter().enumerate() {
            if let Some(text) = block.as_text().map(|t| t.text.as_str())
                && text.len() > 64
                && let Some(pointer) = find_string(value, text, &mut String::new())
            {
                self.linked.push((i, pointer));
            }
        }
    }

    /// Applies `policy` to the binary blocks: `Drop` and `Link` replace them before any
    /// budget is weighed. Runs before [`Whole::link_texts`].
    pub(super) fn apply_policy(&mut self, policy: BinaryPolicy) -> Vec<LeftOut> {
        let mut left_out = Vec::new();
        // Most results hold no binary block: leave their blocks where they are.
        if policy == BinaryPolicy::Count || !self.blocks.iter().any(Binary::is) {
            return left_out;
        }
        let mirror_at = self.mirror_at;
        let mut removed_before_mirror = 0;
        let mut kept = Vec::with_capacity(self.blocks.len());
        for (i, block) in std::mem::take(&mut self.blocks).into_iter().enumerate() {
            let Some(binary) = Binary::of(&block) else {
                kept.push(block);
                continue;
            };
            if policy == BinaryPolicy::Link
                && let Some(uri) = &binary.uri
            {
                let mut link = Resource::new(uri.clone(), uri.clone());
                link.mime_type = Some(binary.mime.clone());
                link.size = Some(binary.decoded_bytes() as u64);
                kept.push(ContentBlock::resource_link(link));
                continue;
            }
            if mirror_at.is_some_and(|at| i < at) {
                removed_before_mirror += 1;
            }
            left_out.push(LeftOut {
                what: binary.describe(),
                reason: "this tool sends no binary content",
                tokens: binary.tokens(),
            });
        }
        self.blocks = kept;
        if let Some(at) = &mut self.mirror_at {
            *at -= removed_before_mirror;
        }
        left_out
    }

    /// The blocks as sent: the tool's, with the mirror at its place.
    pub(super) fn into_content(self, mirror: Option<String>) -> (Vec<ContentBlock>, Option<Value>) {
        let mut blocks = self.blocks;
        if let (Some(at), Some(mirror)) = (self.mirror_at, mirror) {
            blocks.insert(at.min(blocks.len()), ContentBlock::text(mirror));
        }
        (blocks, self.structured)
    }
}

/// A binary block's size and description.
pub(super) struct Binary {
    /// Base64 characters, as sent.
    pub(super) chars: usize,
    /// Trailing `=`, for the decoded size.
    padding: usize,
    pub(super) mime: String,
    kind: &'static str,
    pub(super) uri: Option<String>,
}

impl Binary {
    /// Whether `block` is binary, without describing it.
    fn is(block: &ContentBlock) -> bool {
        match block {
            ContentBlock::Image(_) | ContentBlock::Audio(_) => true,
            ContentBlock::Resource(r) => {
                matches!(r.resource, ResourceContents::BlobResourceContents { .. })
            }
            _ => false,
        }
    }

    pub(super) fn of(block: &ContentBlock) -> Option<Binary> {
        let (data, mime, kind, uri) = match block {
            ContentBlock::Image(i) => (&i.data, i.mime_type.clone(), "an image", None),
            ContentBlock::Audio(a) => (&a.data, a.mime_type.clone(), "audio", None),
            ContentBlock::Resource(r) => match &r.resource {
                ResourceContents::BlobResourceContents {
                    uri,
                    mime_type,
                    blob,
                    ..
                } => (
                    blob,
                    mime_type
                        .clone()
                        .unwrap_or_else(|| "application/octet-stream".to_owned()),
                    "a binary resource",
                    Some(uri.clone()),
                ),
                _ => return None,
            },
            _ => return None,
        };
        Some(Binary {
            chars: data.len(),
            padding: data.bytes().rev().take(2).filter(|b| *b == b'=').count(),
            mime,
            kind,
            uri,
        })
    }

    /// What it costs: one token per four characters, the rate of the published bound.
    pub(super) fn tokens(&self) -> usize {
        self.chars.div_ceil(CHARS_PER_TOKEN)
    }

    pub(super) fn decoded_bytes(&self) -> usize {
        (self.chars / 4 * 3).saturating_sub(self.padding)
    }

    /// `an image (image/png, 400 KB)`.
    pub(super) fn describe(&self) -> String {
        let bytes = self.decoded_bytes();
        let size = if bytes >= 1 << 20 {
            format!("{:.1} MB", bytes as f64 / f64::from(1 << 20))
        } else if bytes >= 1 << 10 {
            format!("{} KB", bytes >> 10)
        } else {
            format!("{bytes} bytes")
        };
        let at = self
            .uri
            .as_deref()
            .map(|u| format!(", {u}"))
            .unwrap_or_default();
        format!("{} ({}, {size}{at})", self.kind, self.mime)
    }
}

/// The text a block carries that can be cut: a text block's, or an embedded text resource's.
pub(super) fn text_mut(block: &mut ContentBlock) -> Option<&mut String> {
    match block {
        ContentBlock::Text(t) => Some(&mut t.text),
        ContentBlock::Resource(r) => match &mut r.resource {
            ResourceContents::TextResourceContents { text, .. } => Some(text),
            _ => None,
        },
        _ => None,
    }
}

/// The text of a block, as [`text_mut`] finds it.
pub(super) fn text_of(block: &ContentBlock) -> Option<&str> {
    match block {
        ContentBlock::Text(t) => Some(&t.text),
        ContentBlock::Resource(r) => match &r.resource {
            ResourceContents::TextResourceContents { text, .. } => Some(text),
            _ => None,
        },
        _ => None,
    }
}

/// The size of a block that is neither text nor binary (a resource link): its JSON.
pub(super) fn fixed_json(block: &ContentBlock) -> String {
    serde_json::to_string(block).unwrap_or_default()
}

fn is_json_of(text: &str, value: &Value) -> bool {
    // Cheap checks first: a mirror starts like the value and is valid JSON equal to it.
    let first = text.as_bytes()[0];
    let plausible = match value {
        Value::Object(_) => first == b'{',
        Value::Array(_) => first == b'[',
        _ => true,
    };
    plausible && serde_json::from_str::<Value>(text).is_ok_and(|v| v == *value)
}

/// The JSON Pointer of a string in `value` equal to `text`.
fn find_string(value: &Value, text: &str, path: &mut String) -> Option<String> {
    match value {
        Value::String(s) if s == text => Some(path.clone()),
        Value::Array(items) => items.iter().enumerate().find_map(|(i, item)| {
            let len = path.len();
            path.push('/');
            path.push_str(&i.to_string());
            let found = find_string(item, text, path);
            path.truncate(len);
            found
        }),
        Value::Object(map) => map.iter().find_map(|(k, item)| {
            let len = path.len();
            path.push('/');
            path.push_str(&k.replace('~', "~0").replace('/', "~1"));
            let found = find_string(item, text, path);
            path.truncate(len);
            found
        }),
        _ => None,
    }
}
