//! A state handle's record in the store: the state while the handle is open, and who
//! closed it after, so a later use is told so rather than "unknown".

use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::token;

/// The prefix of every state record's key, before the handle's id.
pub(crate) const PREFIX: &str = "handle:";

/// A record as read back.
#[derive(Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub(crate) enum Record {
    /// The state, as the tool serialized it.
    Open(Value),
    /// Closed by the tool `by`, at `at` (Unix seconds).
    Closed { by: String, at: u64 },
}

/// The key of the record of handle `id`.
pub(crate) fn key(id: &str) -> String {
    format!("{PREFIX}{id}")
}

/// The record of an open handle whose state serialized as `state`, without parsing it
/// again: `{"open":<state>}`.
pub(crate) fn open(state: &[u8]) -> Vec<u8> {
    let mut bytes = Vec::with_capacity(state.len() + 9);
    bytes.extend_from_slice(b"{\"open\":");
    bytes.extend_from_slice(state);
    bytes.push(b'}');
    bytes
}

/// The record of a handle `tool` closed now.
pub(crate) fn closed(tool: &str) -> Vec<u8> {
    let record = Record::Closed {
        by: tool.to_owned(),
        at: token::now_unix(),
    };
    serde_json::to_vec(&record).unwrap_or_default()
}

/// The record in `bytes`, or `None` if it is not one.
pub(crate) fn parse(bytes: &[u8]) -> Option<Record> {
    serde_json::from_slice(bytes).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn records_read_back_as_written() {
        let Some(Record::Open(state)) = parse(&open(br#"{"skus":["a"]}"#)) else {
            panic!("an open record reads back open");
        };
        assert_eq!(state, serde_json::json!({ "skus": ["a"] }));
        let Some(Record::Closed { by, at }) = parse(&closed("cart_checkout")) else {
            panic!("a closed record reads back closed");
        };
        assert_eq!(by, "cart_checkout");
        assert!(at > 0);
        assert!(parse(b"not json").is_none());
        assert_eq!(key("00ff"), "handle:00ff");
    }
}
