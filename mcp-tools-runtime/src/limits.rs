//! The defaults of budgets, pages and cursors, each overridable on the
//! [`RegistryBuilder`](crate::registry::RegistryBuilder) or per tool, and the [`Limits`] on what
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

/// How long a [`Plan`](crate::plan::Plan) and its handle live unless the preview says otherwise.
pub const DEFAULT_PLAN_TTL: Duration = Duration::from_secs(15 * 60);

/// How long a state [`Handle`](crate::handle::Handle) lives without use unless its tool says
/// otherwise (`#[tool(handle_ttl_secs = …)]`).
pub const DEFAULT_HANDLE_TTL: Duration = Duration::from_secs(30 * 60);

/// How long the result of a commit, or of a call with an idempotency key, is kept to answer
/// retries (see [`RegistryBuilder::idempotency_retention`](crate::registry::RegistryBuilder::idempotency_retention)).
pub const DEFAULT_IDEMPOTENCY_RETENTION: Duration = Duration::from_secs(24 * 60 * 60);

/// How long a commit or keyed call holds its claim while it runs, if its tool has no
/// `timeout_ms` (else the timeout and 5 s): a replica that dies mid-call blocks retries
/// only this long.
pub const DEFAULT_CLAIM_LEASE: Duration = Duration::from_secs(60);

/// The longest idempotency key accepted, in characters.
pub const MAX_IDEMPOTENCY_KEY_CHARS: usize = 255;

/// Bounds on what clients can make a server hold or send, on every transport: set them
/// with [`RegistryBuilder::limits`](crate::registry::RegistryBuilder::limits). HTTP's own
/// bounds (sessions, slow clients) are set on [`Http`](crate::http::Http).
///
/// ```
/// use mcp_tools::limits::Limits;
///
/// let limits = Limits::default().max_in_flight(16).max_request_bytes(1 << 20);
/// assert_eq!(limits.max_in_flight, 16);
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
    /// The longest error message a client is sent, in characters (default 4,000): an error
    /// quotes what was wrong, and a client can send megabytes of it.
    pub max_error_chars: usize,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            max_request_bytes: 4 * 1024 * 1024,
            max_in_flight: 64,
            max_error_chars: 4_000,
        }
    }
}

impl Limits {
    /// Sets [`Limits::max_request_bytes`].
    #[must_use]
    pub fn max_request_bytes(mut self, bytes: usize) -> Self {
        self.max_request_bytes = bytes;
        self
    }

    /// Sets [`Limits::max_in_flight`] (at least 1).
    #[must_use]
    pub fn max_in_flight(mut self, requests: usize) -> Self {
        self.max_in_flight = requests.max(1);
        self
    }

    /// Sets [`Limits::max_error_chars`] (at least 200, so an error still says what to do).
    #[must_use]
    pub fn max_error_chars(mut self, chars: usize) -> Self {
        self.max_error_chars = chars.max(200);
        self
    }
}
