//! The defaults of budgets, pages and cursors, each overridable on the
//! [`RegistryBuilder`](crate::RegistryBuilder) or per tool.

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
