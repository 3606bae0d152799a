//! The defaults of budgets, pages and cursors, each overridable on the
//! [`RegistryBuilder`](crate::RegistryBuilder) or per tool, and the [`Limits`] on what
//! clients can make a server hold.

use std::time::Duration;

/// The hard cap on any result, in tokens: what Claude Code accepts from one tool call.
pub const DEFAULT_MAX_RESPONSE_TOKENS: usize = 25_000;

/// The default budget of a `concise` result, in tokens.
pub const DEFAULT_CONCISE_TOKENS: usize = 4_000;

/// Characters per token assumed when a budget is published as a character bound
/// (`_meta["anthropic/maxResultSizeChars"]`); results are held to that bound too.
pub const CHARS_PER_TOKEN: usize = 4;

/// The default page size of `tools/list`.
pub const DEFAULT_PAGE_SIZE: usize = 100;

/// How long a page cursor stays valid.
pub const CURSOR_LIFETIME: Duration = Duration::from_secs(24 * 60 * 60);

/// How long a [`Plan`](crate::Plan) and its handle live unless the preview says otherwise.
pub const DEFAULT_PLAN_TTL: Duration = Duration::from_secs(15 * 60);

/// How long the result of a commit, or of a call with an idempotency key, is kept to answer
/// retries (see [`RegistryBuilder::idempotency_retention`](crate::RegistryBuilder::idempotency_retention)).
pub const DEFAULT_IDEMPOTENCY_RETENTION: Duration = Duration::from_secs(24 * 60 * 60);

/// How long a commit or keyed call holds its claim while it runs, if its tool has no
/// `timeout_ms` (else the timeout and 5 s): a replica that dies mid-call blocks retries
/// only this long.
pub const DEFAULT_CLAIM_LEASE: Duration = Duration::from_secs(60);

/// The longest idempotency key accepted, in characters.
pub const MAX_IDEMPOTENCY_KEY_CHARS: usize = 255;

/// Bounds on what clients can make a server hold or send, in one place: set them with
/// [`RegistryBuilder::limits`](crate::RegistryBuilder::limits).
///
/// ```
/// use std::time::Duration;
/// use mcp_tools_runtime::limits::Limits;
///
/// let limits = Limits::default()
///     .with_max_sessions(200)
///     .with_header_read_timeout(Duration::from_secs(5));
/// assert_eq!(limits.max_in_flight, 64);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Limits {
    /// The largest request: an HTTP body or a stdio line, in bytes (default 4 MiB).
    pub max_request_bytes: usize,
    /// Requests one stdio connection or one HTTP session may have in flight (default 64);
    /// past it stdio stops reading from that client until replies are taken, and HTTP
    /// answers 429 with `Retry-After`.
    pub max_in_flight: usize,
    /// Open Streamable HTTP sessions (default 1,000); past it the idlest is closed, or a new
    /// one refused with 503 if none is idle.
    pub max_sessions: usize,
    /// A Streamable HTTP session idle this long is closed (default 5 minutes).
    pub session_idle_timeout: Duration,
    /// How long an HTTP client may take to send a request's headers, to start its next
    /// request on an idle keep-alive connection, or to pause inside a body (default 10 s);
    /// zero turns it off. Applies to `serve_http` and `serve_http_on`.
    pub header_read_timeout: Duration,
    /// The longest error message a client is sent, in characters (default 4,000): an error
    /// quotes what was wrong, and a client can send megabytes of it.
    pub max_error_chars: usize,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            max_request_bytes: 4 * 1024 * 1024,
            max_in_flight: 64,
            max_sessions: 1_000,
            session_idle_timeout: Duration::from_secs(5 * 60),
            header_read_timeout: Duration::from_secs(10),
            max_error_chars: 4_000,
        }
    }
}

impl Limits {
    /// Sets [`Limits::max_request_bytes`].
    #[must_use]
    pub fn with_max_request_bytes(mut self, bytes: usize) -> Self {
        self.max_request_bytes = bytes;
        self
    }

    /// Sets [`Limits::max_in_flight`] (at least 1).
    #[must_use]
    pub fn with_max_in_flight(mut self, requests: usize) -> Self {
        self.max_in_flight = requests.max(1);
        self
    }

    /// Sets [`Limits::max_sessions`] (at least 1).
    #[must_use]
    pub fn with_max_sessions(mut self, sessions: usize) -> Self {
        self.max_sessions = sessions.max(1);
        self
    }

    /// Sets [`Limits::session_idle_timeout`].
    #[must_use]
    pub fn with_session_idle_timeout(mut self, timeout: Duration) -> Self {
        self.session_idle_timeout = timeout;
        self
    }

    /// Sets [`Limits::header_read_timeout`].
    #[must_use]
    pub fn with_header_read_timeout(mut self, timeout: Duration) -> Self {
        self.header_read_timeout = timeout;
        self
    }

    /// Sets [`Limits::max_error_chars`] (at least 200, so an error still says what to do).
    #[must_use]
    pub fn with_max_error_chars(mut self, chars: usize) -> Self {
        self.max_error_chars = chars.max(200);
        self
    }
}
