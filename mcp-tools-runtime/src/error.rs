//! `ToolError`: what a handler returns when it cannot do what was asked.

use std::{
    borrow::Cow,
    fmt,
    hash::{BuildHasher, RandomState},
    sync::atomic::{AtomicU64, Ordering},
    time::Duration,
};

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
        }
    }
}

/// The error a tool returns: a kind and a message that tells the model its next step.
///
/// ```
/// use mcp_tools_runtime::ToolError;
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
/// Any `std::error::Error` converts into an [`ErrorKind::Internal`] error, so `?` works on
/// I/O and database errors; their text is logged, never shown to the model.
pub struct ToolError {
    kind: ErrorKind,
    message: Cow<'static, str>,
    retry_after: Option<Duration>,
    source: Option<Box<dyn std::error::Error + Send + Sync>>,
}

impl ToolError {
    fn new(kind: ErrorKind, message: impl Into<Cow<'static, str>>) -> Self {
        Self {
            kind,
            message: message.into(),
            retry_after: None,
            source: None,
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
            detail.push_str(": ");
            detail.push_str(&err.to_string());
            source = err.source();
        }
        detail
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
            .finish()
    }
}

impl<E: std::error::Error + Send + Sync + 'static> From<E> for ToolError {
    fn from(err: E) -> Self {
        ToolError::internal(err.to_string()).with_source(err)
    }
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
    fn std_errors_become_internal_with_their_source() {
        let io = std::io::Error::other("disk full");
        let err: ToolError = io.into();
        assert_eq!(err.kind(), ErrorKind::Internal);
        assert!(err.log_detail().starts_with("disk full"));
    }

    #[test]
    fn references_differ() {
        assert_ne!(new_reference(), new_reference());
    }
}
