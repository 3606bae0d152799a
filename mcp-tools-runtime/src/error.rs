//! `ToolError`: what a handler returns when it cannot do what was asked.

use std::{
    borrow::Cow,
    fmt,
    hash::{BuildHasher, RandomState},
    sync::atomic::{AtomicU64, Ordering},
    time::Duration,
};

use rmcp::model::{ClientCapabilities, InputRequests};

/// What a call needs from the client before it can finish.
#[derive(Debug)]
pub(crate) enum Pending {
    /// Answers to these asks (an input-required result).
    Input(InputRequests),
    /// These capabilities, which the client did not declare.
    Capability(ClientCapabilities),
}

/// What kind of failure a [`ToolError`] is; the model reads it to decide what to do next.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ErrorKind {
    /// The arguments are wrong; the model should fix them and call again.
    InvalidInput,
    /// What the arguments point at does not exist.
    NotFound,
    /// The caller may not do this.
    PermissionDenied,
    /// The current state forbids it (already dispatched, version mismatch, …).
    Conflict,
    /// A temporary failure (rate limit, dependency down); the same call may work later.
    RetryLater,
    /// The call may or may not have taken effect (timeout mid-write); check before retrying.
    OutcomeUnknown,
    /// A bug or an unexpected failure; the model sees a masked message and a reference id.
    Internal,
    /// The client cannot do what the tool needs (sampling, elicitation, roots).
    Unsupported,
}

impl ErrorKind {
    /// The kind's stable name, as sent in the result's `_meta`.
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            ErrorKind::InvalidInput => "invalid_input",
            ErrorKind::NotFound => "not_found",
            ErrorKind::PermissionDenied => "permission_denied",
            ErrorKind::Conflict => "conflict",
            ErrorKind::RetryLater => "retry_later",
            ErrorKind::OutcomeUnknown => "outcome_unknown",
            ErrorKind::Internal => "internal",
            ErrorKind::Unsupported => "unsupported",
        }
    }

    /// Whether repeating the same call unchanged can succeed.
    #[must_use]
    pub fn is_retryable(self) -> bool {
        matches!(self, ErrorKind::RetryLater)
    }

    fn label(self) -> &'static str {
        match self {
            ErrorKind::InvalidInput => "invalid input",
            ErrorKind::NotFound => "not found",
            ErrorKind::PermissionDenied => "permission denied",
            ErrorKind::Conflict => "conflict",
            ErrorKind::RetryLater => "temporarily unavailable",
            ErrorKind::OutcomeUnknown => "outcome unknown",
            ErrorKind::Internal => "internal error",
            ErrorKind::Unsupported => "not supported by this client",
        }
    }
}

/// The error a tool returns: a kind and a message that tells the model its next step.
///
/// ```
/// use mcp_tools::ToolError;
///
/// let err = ToolError::not_found(
///     "no shipment SH-2026-000999; find shipment numbers with `shipment_search`",
/// );
/// assert_eq!(
///     err.to_string(),
///     "not found: no shipment SH-2026-000999; find shipment numbers with `shipment_search`"
/// );
/// ```
///
/// Any `std::error::Error` converts into a `ToolError`, so `?` works on I/O and database
/// errors. The error's own text goes to the log, never to the model (it may hold paths or
/// hosts the model did not send); the model reads a message chosen by kind:
///
/// | source | kind | what the model reads |
/// |---|---|---|
/// | `io::Error` `NotFound` | not found | no such file or directory |
/// | `PermissionDenied`, `ReadOnlyFilesystem` | permission denied | the server may not access it / read-only |
/// | `AlreadyExists`, `DirectoryNotEmpty` | conflict | it already exists / the directory is not empty |
/// | `NotADirectory`, `IsADirectory`, `InvalidInput`, `InvalidFilename`, `InvalidData`, `FileTooLarge`, `Unsupported` | invalid input | what is wrong with the path or data |
/// | `TimedOut`, `Interrupted`, `WouldBlock`, `ResourceBusy`, connection and network failures, `StorageFull`, `QuotaExceeded` | retry later | a temporary failure |
/// | `tokio::time::error::Elapsed` | retry later | timed out |
/// | any other error | internal | masked, with a reference id to the log line |
///
/// ```
/// use mcp_tools::{ErrorKind, ToolError};
///
/// let err: ToolError = std::io::Error::from(std::io::ErrorKind::NotADirectory).into();
/// assert_eq!(err.kind(), ErrorKind::InvalidInput);
/// assert_eq!(err.to_string(), "invalid input: a component of the path is not a directory");
/// ```
pub struct ToolError {
    kind: ErrorKind,
    message: Cow<'static, str>,
    retry_after: Option<Duration>,
    source: Option<Box<dyn std::error::Error + Send + Sync>>,
    /// Set when the call cannot finish without the client: the runtime answers with an
    /// input-required result or a JSON-RPC error (2026-07-28), not an `isError` result.
    pending: Option<Box<Pending>>,
}

impl ToolError {
    fn new(kind: ErrorKind, message: impl Into<Cow<'static, str>>) -> Self {
        Self {
            kind,
            message: message.into(),
            retry_after: None,
            source: None,
            pending: None,
        }
    }

    /// The arguments are wrong. Say which and what to send instead.
    pub fn invalid_input(message: impl Into<Cow<'static, str>>) -> Self {
        Self::new(ErrorKind::InvalidInput, message)
    }

    /// The target does not exist. Say how to find a valid one.
    pub fn not_found(message: impl Into<Cow<'static, str>>) -> Self {
        Self::new(ErrorKind::NotFound, message)
    }

    /// The caller may not do this. Say what permission or scope it needs.
    pub fn permission_denied(message: impl Into<Cow<'static, str>>) -> Self {
        Self::new(ErrorKind::PermissionDenied, message)
    }

    /// The current state forbids it. Say what state it is in and what would work.
    pub fn conflict(message: impl Into<Cow<'static, str>>) -> Self {
        Self::new(ErrorKind::Conflict, message)
    }

    /// A temporary failure. Say when to retry; see [`ToolError::with_retry_after`].
    pub fn retry_later(message: impl Into<Cow<'static, str>>) -> Self {
        Self::new(ErrorKind::RetryLater, message)
    }

    /// The call may have taken effect. Say how to check before retrying.
    pub fn outcome_unknown(message: impl Into<Cow<'static, str>>) -> Self {
        Self::new(ErrorKind::OutcomeUnknown, message)
    }

    /// An unexpected failure. `detail` goes to the log only; the model sees a masked
    /// message with a reference id that matches the log line.
    pub fn internal(detail: impl Into<Cow<'static, str>>) -> Self {
        Self::new(ErrorKind::Internal, detail)
    }

    /// The client cannot do what the tool needs. Say what, and what would work instead.
    pub fn unsupported(message: impl Into<Cow<'static, str>>) -> Self {
        Self::new(ErrorKind::Unsupported, message)
    }

    /// The call needs the client's answers to `requests` first.
    pub(crate) fn input_required(requests: InputRequests) -> Self {
        let keys: Vec<&str> = requests.keys().map(String::as_str).collect();
        let mut err = Self::new(
            ErrorKind::RetryLater,
            format!("waiting for the client's answers to {}", keys.join(", ")),
        );
        err.pending = Some(Box::new(Pending::Input(requests)));
        err
    }

    /// The call needs capabilities the client did not declare: an `isError` result in a
    /// 2025 session, and under 2026-07-28 the JSON-RPC error the revision requires (-32021).
    pub(crate) fn missing_capability(
        message: impl Into<Cow<'static, str>>,
        required: ClientCapabilities,
    ) -> Self {
        let mut err = Self::new(ErrorKind::Unsupported, message);
        err.pending = Some(Box::new(Pending::Capability(required)));
        err
    }

    /// What the call waits on, if it waits on the client.
    pub(crate) fn take_pending(&mut self) -> Option<Pending> {
        self.pending.take().map(|b| *b)
    }

    /// Attaches the underlying error, for the log.
    #[must_use]
    pub fn with_source(mut self, source: impl std::error::Error + Send + Sync + 'static) -> Self {
        self.source = Some(Box::new(source));
        self
    }

    /// Tells the model how long to wait before retrying.
    #[must_use]
    pub fn with_retry_after(mut self, after: Duration) -> Self {
        self.retry_after = Some(after);
        self
    }

    /// The kind of failure.
    #[must_use]
    pub fn kind(&self) -> ErrorKind {
        self.kind
    }

    /// The message as given (for [`ErrorKind::Internal`], the unmasked detail).
    #[must_use]
    pub fn message(&self) -> &str {
        &self.message
    }

    /// How long to wait before retrying, if said.
    #[must_use]
    pub fn retry_after(&self) -> Option<Duration> {
        self.retry_after
    }

    /// The text the model reads. Internal errors are masked with `reference`.
    pub(crate) fn model_text(&self, reference: Option<&str>) -> String {
        match (self.kind, reference) {
            (ErrorKind::Internal, reference) => masked_message(reference.unwrap_or("unknown")),
            (_, _) => match self.retry_after {
                Some(after) => format!("{self} (retry after {} s)", after.as_secs().max(1)),
                None => self.to_string(),
            },
        }
    }

    /// The detail for the log: message and source chain.
    pub(crate) fn log_detail(&self) -> String {
        let mut detail = self.message.to_string();
        let mut source: Option<&(dyn std::error::Error + 'static)> = self
            .source
            .as_deref()
            .map(|s| s as &(dyn std::error::Error + 'static));
        while let Some(err) = source {
            // An error converted with `?` carries its own text as the message already.
            let text = err.to_string();
            if !detail.ends_with(&text) {
                detail.push_str(": ");
                detail.push_str(&text);
            }
            source = err.source();
        }
        detail
    }
}

/// At most `max` characters of a client's text, marked when cut (a client can send
/// megabytes where a name is expected).
pub(crate) fn clip(text: &str, max: usize) -> String {
    // No more bytes than `max` means no more characters: nothing to count.
    if text.len() <= max {
        return text.to_owned();
    }
    match text.char_indices().nth(max) {
        Some((end, _)) => format!("{}…", &text[..end]),
        None => text.to_owned(),
    }
}

/// [`clip`] of a text already owned, without copying one that fits.
pub(crate) fn clip_owned(text: String, max: usize) -> String {
    if text.len() <= max {
        text
    } else {
        clip(&text, max)
    }
}

/// The text an internal failure or a panic shows the model.
pub(crate) fn masked_message(reference: &str) -> String {
    format!(
        "internal error (reference {reference}): the server could not complete this call and logged the details. \
         Retrying the same call is unlikely to help; report the reference if it persists."
    )
}

/// A short id that ties a masked message to its log line.
pub(crate) fn new_reference() -> String {
    static COUNTER: AtomicU64 = AtomicU64::new(0);
    let n = COUNTER.fetch_add(1, Ordering::Relaxed);
    let hash = RandomState::new().hash_one(n);
    format!("{:08x}", hash as u32)
}

impl fmt::Display for ToolError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.kind.label(), self.message)
    }
}

impl fmt::Debug for ToolError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("ToolError")
            .field("kind", &self.kind)
            .field("message", &self.message)
            .field("retry_after", &self.retry_after)
            .field("source", &self.source)
            .field("pending", &self.pending)
            .finish()
    }
}

impl<E: std::error::Error + Send + Sync + 'static> From<E> for ToolError {
    fn from(err: E) -> Self {
        let any: &dyn std::any::Any = &err;
        let known = if let Some(io) = any.downcast_ref::<std::io::Error>() {
            io_kind(io.kind())
        } else if any.is::<crate::store::StoreError>() {
            Some((
                ErrorKind::RetryLater,
                "the server's store is unavailable; retry in a few seconds",
            ))
        } else if any.is::<tokio::time::error::Elapsed>() {
            Some((
                ErrorKind::RetryLater,
                "timed out; the same call may work later",
            ))
        } else {
            None
        };
        match known {
            Some((kind, message)) => ToolError::new(kind, message).with_source(err),
            // The message is the error's own text, for the log; the model sees it masked.
            None => ToolError::internal(err.to_string()).with_source(err),
        }
    }
}

/// What an I/O failure means to the model, in words that name no path: the error's own
/// text (which may) goes to the log with the source.
fn io_kind(kind: std::io::ErrorKind) -> Option<(ErrorKind, &'static str)> {
    use std::io::ErrorKind as Io;
    Some(match kind {
        Io::NotFound => (
            ErrorKind::NotFound,
            "no such file or directory; list the directory to see what exists",
        ),
        Io::PermissionDenied => (
            ErrorKind::PermissionDenied,
            "the server may not access this file or directory",
        ),
        Io::ReadOnlyFilesystem => (ErrorKind::PermissionDenied, "the file system is read-only"),
        Io::AlreadyExists => (
            ErrorKind::Conflict,
            "it already exists; choose another name, or change the existing one",
        ),
        Io::DirectoryNotEmpty => (ErrorKind::Conflict, "the directory is not empty"),
        Io::NotADirectory => (
            ErrorKind::InvalidInput,
            "a component of the path is not a directory",
        ),
        Io::IsADirectory => (
            ErrorKind::InvalidInput,
            "the path is a directory, where a file is needed",
        ),
        Io::InvalidInput | Io::InvalidFilename => (
            ErrorKind::InvalidInput,
            "the path or the input is not valid for this operation",
        ),
        Io::InvalidData => (
            ErrorKind::InvalidInput,
            "the data is not in the form this operation reads (for example, not UTF-8 text)",
        ),
        Io::FileTooLarge => (ErrorKind::InvalidInput, "the file is too large"),
        Io::Unsupported => (
            ErrorKind::InvalidInput,
            "this operation is not supported here",
        ),
        Io::StorageFull | Io::QuotaExceeded => (
            ErrorKind::RetryLater,
            "no space left on the device; the call may work once space is freed",
        ),
        Io::TimedOut
        | Io::Interrupted
        | Io::WouldBlock
        | Io::ResourceBusy
        | Io::ConnectionRefused
        | Io::ConnectionReset
        | Io::ConnectionAborted
        | Io::NotConnected
        | Io::BrokenPipe
        | Io::HostUnreachable
        | Io::NetworkUnreachable
        | Io::NetworkDown => (
            ErrorKind::RetryLater,
            "a temporary I/O failure; the same call may work later",
        ),
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn internal_errors_are_masked_for_the_model() {
        let err = ToolError::internal("connection to db-7.internal:5432 refused");
        let text = err.model_text(Some("abcd1234"));
        assert!(text.contains("abcd1234"));
        assert!(!text.contains("db-7"), "{text}");
        assert_eq!(err.log_detail(), "connection to db-7.internal:5432 refused");
    }

    #[test]
    fn other_kinds_reach_the_model_with_their_label() {
        let err = ToolError::retry_later("rate limited").with_retry_after(Duration::from_secs(30));
        assert_eq!(
            err.model_text(None),
            "temporarily unavailable: rate limited (retry after 30 s)"
        );
        assert!(err.kind().is_retryable());
    }

    #[test]
    fn std_errors_become_internal_with_their_source_once() {
        let io = std::io::Error::other("disk full");
        let err: ToolError = io.into();
        assert_eq!(err.kind(), ErrorKind::Internal);
        // Not "disk full: disk full".
        assert_eq!(err.log_detail(), "disk full");
        let parse: ToolError = "x".parse::<u32>().unwrap_err().into();
        assert_eq!(parse.kind(), ErrorKind::Internal);
        assert_eq!(parse.log_detail(), "invalid digit found in string");
    }

    #[test]
    fn io_errors_map_to_kinds_and_leak_no_path() {
        let path = "/srv/secret/config.toml";
        let cases = [
            (std::io::ErrorKind::NotFound, ErrorKind::NotFound),
            (
                std::io::ErrorKind::PermissionDenied,
                ErrorKind::PermissionDenied,
            ),
            (std::io::ErrorKind::AlreadyExists, ErrorKind::Conflict),
            (std::io::ErrorKind::NotADirectory, ErrorKind::InvalidInput),
            (std::io::ErrorKind::IsADirectory, ErrorKind::InvalidInput),
            (std::io::ErrorKind::DirectoryNotEmpty, ErrorKind::Conflict),
            (std::io::ErrorKind::TimedOut, ErrorKind::RetryLater),
            (std::io::ErrorKind::StorageFull, ErrorKind::RetryLater),
            (std::io::ErrorKind::Other, ErrorKind::Internal),
        ];
        for (io_kind, kind) in cases {
            let err: ToolError = std::io::Error::new(io_kind, format!("{path}: failed")).into();
            assert_eq!(err.kind(), kind, "{io_kind:?}");
            let text = err.model_text(Some("ref1"));
            assert!(!text.contains(path), "{io_kind:?} leaks the path: {text}");
            // The log keeps the whole story.
            assert!(
                err.log_detail().contains(path),
                "{io_kind:?}: {}",
                err.log_detail()
            );
        }
        // A real one, from the file system.
        let err: ToolError = std::fs::read("/nonexistent/mcp-tools-test")
            .unwrap_err()
            .into();
        assert_eq!(
            err.model_text(None),
            "not found: no such file or directory; list the directory to see what exists"
        );
    }

    #[tokio::test]
    async fn a_timeout_is_retry_later() {
        let elapsed = tokio::time::timeout(Duration::from_millis(1), std::future::pending::<()>())
            .await
            .unwrap_err();
        let err: ToolError = elapsed.into();
        assert_eq!(err.kind(), ErrorKind::RetryLater);
    }

    #[test]
    fn references_differ() {
        assert_ne!(new_reference(), new_reference());
    }
}
