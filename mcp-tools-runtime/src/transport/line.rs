//! One newline-delimited JSON-RPC message: read under a byte cap, then parsed into what rmcp
//! takes, or into the error reply a client is owed for a line that is not one.

use std::io;

use rmcp::{
    RoleServer,
    model::{ErrorCode, ErrorData, RequestId},
    service::RxJsonRpcMessage,
};
use serde::Deserialize;
use serde_json::Value;
use tokio::io::{AsyncBufReadExt, AsyncRead, BufReader};

use crate::error::clip;

/// The longest piece of a client's input an error quotes, in characters.
pub(crate) const QUOTE_CHARS: usize = 200;

/// The line buffer is given back down to this after a larger line.
const KEPT_CAPACITY: usize = 64 * 1024;

/// The prefix of an oversized line searched for its request id.
const ID_SEARCH_BYTES: usize = 64 * 1024;

/// What a read gave.
pub(crate) enum Read {
    /// A whole line is in [`LineReader::line`].
    Line,
    /// The line passed the cap; what is after the cap is skipped up to its newline.
    Oversized {
        id: Option<RequestId>,
    },
    /// The client closed its end; an unterminated last line is dropped.
    Eof,
    Io(io::Error),
}

/// Reads lines, never holding more than `cap` bytes of one.
///
/// Cancel-safe: a partial line, and the skipping of an oversized one, live here, so a read
/// dropped by a `select!` resumes where it stopped.
pub(crate) struct LineReader<R> {
    reader: BufReader<R>,
    line: Vec<u8>,
    cap: usize,
    skipping: bool,
}

impl<R: AsyncRead + Unpin> LineReader<R> {
    pub(crate) fn new(reader: R, cap: usize) -> Self {
        LineReader {
            reader: BufReader::with_capacity(KEPT_CAPACITY, reader),
            line: Vec::new(),
            cap: cap.max(1),
            skipping: false,
        }
    }

    /// The line last read, without its newline.
    pub(crate) fn line(&self) -> &[u8] {
        let line = self.line.strip_suffix(b"\n").unwrap_or(&self.line);
        line.strip_suffix(b"\r").unwrap_or(line)
    }

    /// Forgets the line last read; a large buffer is given back.
    pub(crate) fn clear(&mut self) {
        self.line.clear();
        if self.line.capacity() > KEPT_CAPACITY {
            self.line.shrink_to(KEPT_CAPACITY);
        }
    }

    /// Reads the next line; a complete one must be [`clear`](Self::clear)ed before the next.
    pub(crate) async fn read(&mut self) -> Read {
        loop {
            let available = match self.reader.fill_buf().await {
                Ok(available) => available,
                Err(err) => return Read::Io(err),
            };
            if available.is_empty() {
                return Read::Eof;
            }
            let newline = available.iter().position(|b| *b == b'\n');
            let take = newline.map_or(available.len(), |at| at + 1);
            if self.skipping {
                self.reader.consume(take);
                self.skipping = newline.is_none();
                continue;
            }
            // The newline is not part of the message the cap is on.
            if self.line.len() + take - usize::from(newline.is_some()) > self.cap {
                // Search what is held (and what is at hand) for the id, then drop it all.
                let room = ID_SEARCH_BYTES.saturating_sub(self.line.len()).min(take);
                self.line.extend_from_slice(&available[..room]);
                let id = recover_id(&self.line);
                self.reader.consume(take);
                self.skipping = newline.is_none();
                self.clear();
                return Read::Oversized { id };
            }
            self.line.extend_from_slice(&available[..take]);
            self.reader.consume(take);
            if newline.is_some() {
                return Read::Line;
            }
        }
    }
}

/// What a line is.
pub(crate) enum Parsed {
    Message(Box<RxJsonRpcMessage<RoleServer>>),
    /// Nothing to answer: a blank line, or a notification that does not parse (a
    /// notification is never answered, and one of another protocol is common).
    Skip,
    /// Not a message: the error to reply, and the request id to reply to, if it was found.
    Reject(Option<RequestId>, ErrorData),
}

/// Parses one line (without its newline).
pub(crate) fn parse(line: &[u8]) -> Parsed {
    // RFC 8259 lets a parser ignore a byte order mark.
    let line = line.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(line);
    if line.iter().all(u8::is_ascii_whitespace) {
        return Parsed::Skip;
    }
    let message_error = match serde_json::from_slice::<RxJsonRpcMessage<RoleServer>>(line) {
        Ok(message) => return Parsed::Message(Box::new(message)),
        Err(err) => err,
    };
    let value = match serde_json::from_slice::<Value>(line) {
        Ok(value) => value,
        Err(err) => {
            return Parsed::Reject(
                recover_id(line),
                ErrorData::parse_error(
                    format!(
                        "parse error: not JSON this server can read ({}); send one JSON-RPC message a line, UTF-8, numbers within f64, nested at most 128 deep",
                        clip(&err.to_string(), QUOTE_CHARS)
                    ),
                    None,
                ),
            );
        }
    };
    let id = value
        .get("id")
        .and_then(|id| RequestId::deserialize(id).ok());
    let is_notification = value.get("id").is_none()
        && value.get("method").is_some_and(Value::is_string)
        && value.get("result").is_none()
        && value.get("error").is_none();
    if is_notification {
        tracing::debug!("skipping a notification that does not parse: {message_error}");
        return Parsed::Skip;
    }
    let message = if value.is_array() {
        "invalid request: batches are not part of MCP; send one JSON-RPC message a line".to_owned()
    } else {
        format!(
            "invalid request: not a JSON-RPC 2.0 message ({}); a request is {{\"jsonrpc\": \"2.0\", \"id\": string or integer, \"method\": string, \"params\": object}}",
            clip(&message_error.to_string(), QUOTE_CHARS)
        )
    };
    Parsed::Reject(
        id,
        ErrorData::new(ErrorCode::INVALID_REQUEST, message, None),
    )
}

/// The `id` of a top-level object that does not parse as a whole, if one can be read: the
/// keys at the top level are found by tracking strings and brackets, and the value after
/// `"id":` is parsed alone. A line broken before or inside its id gives `None`.
pub(crate) fn recover_id(line: &[u8]) -> Option<RequestId> {
    let mut depth = 0usize;
    let mut expect_key = false;
    let mut i = 0;
    while i < line.len() {
        match line[i] {
            b'"' => {
                let end = string_end(line, i + 1)?;
                let is_id_key = expect_key && depth == 1 && &line[i + 1..end] == b"id";
                expect_key = false;
                i = end + 1;
                if is_id_key {
                    let rest = &line[i..];
                    let colon = rest.iter().position(|b| !b.is_ascii_whitespace())?;
                    if rest[colon] != b':' {
                        continue;
                    }
                    let value = &rest[colon + 1..];
                    let mut values =
                        serde_json::Deserializer::from_slice(value).into_iter::<RequestId>();
                    return values.next().and_then(Result::ok);
                }
                continue;
            }
            b'{' => {
                depth += 1;
                expect_key = depth == 1;
            }
            b'[' => depth += 1,
            b'}' | b']' => depth = depth.saturating_sub(1),
            b',' if depth == 1 => expect_key = true,
            _ => {}
        }
        i += 1;
    }
    None
}

/// The index of the quote that closes the string whose contents start at `from`.
fn string_end(line: &[u8], mut from: usize) -> Option<usize> {
    while from < line.len() {
        match line[from] {
            b'\\' => from += 2,
            b'"' => return Some(from),
            _ => from += 1,
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use rmcp::model::RequestId;

    use super::{Parsed, parse, recover_id};

    fn id(line: &str) -> Option<RequestId> {
        recover_id(line.as_bytes())
    }

    #[test]
    fn ids_are_recovered_from_broken_lines_at_the_top_level_only() {
        assert_eq!(
            id(r#"{"jsonrpc":"2.0","id":7,"method":"#),
            Some(RequestId::Number(7))
        );
        assert_eq!(
            id(r#"{"params":{"id":1,"x":"\"id\":2"}, "id" : "a\"b", "x": tru"#),
            Some(RequestId::String("a\"b".into()))
        );
        assert_eq!(id(r#"{"params":{"id":1}}"#), None);
        assert_eq!(id(r#"{"id":1.5}"#), None);
        assert_eq!(id(r#"{"id":"#), None);
        assert_eq!(id(r#"["id",1]"#), None);
        assert_eq!(id(r#"{"x":["id"],"id":3,"#), Some(RequestId::Number(3)));
        assert_eq!(id("not json"), None);
    }

    #[test]
    fn lines_are_messages_skipped_or_rejected() {
        assert!(matches!(
            parse(br#"{"jsonrpc":"2.0","id":1,"method":"ping"}"#),
            Parsed::Message(_)
        ));
        assert!(matches!(parse(b"  \t"), Parsed::Skip));
        assert!(matches!(
            parse(br#"{"jsonrpc":"2.0","method":"$/lsp","params":3}"#),
            Parsed::Skip
        ));
        let Parsed::Reject(id, error) = parse(br#"{"jsonrpc":"2.0","id":"q","method":5}"#) else {
            panic!("a method that is not a string is refused");
        };
        assert_eq!(id, Some(RequestId::String("q".into())));
        assert_eq!(error.code.0, -32600);
        let Parsed::Reject(id, error) = parse(b"{\"id\":9,\"x\":\"\xff\"}") else {
            panic!("invalid UTF-8 is refused");
        };
        assert_eq!(id, Some(RequestId::Number(9)));
        assert_eq!(error.code.0, -32700);
    }
}
