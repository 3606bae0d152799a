//! Names a client sees on the wire: the `_meta` keys mcp-tools writes and the names of the
//! progressive-discovery tools. Clients and tests read results by them.

/// `_meta` key of the error details on an `isError` result.
pub const ERROR_META_KEY: &str = "mcp-tools/error";

/// `_meta` key of the deprecation notice on a result reached through an alias.
pub const DEPRECATION_META_KEY: &str = "mcp-tools/deprecated";

/// `_meta` key of the truncation details on a cut result.
pub const TRUNCATION_META_KEY: &str = "mcp-tools/truncated";

/// `_meta` key of a request's idempotency key: a client may send one with any call of a
/// tool that is not read-only (see [`IdempotencyKey`](crate::plan::IdempotencyKey)).
pub const IDEMPOTENCY_KEY_META_KEY: &str = "mcp-tools/idempotency-key";

/// `_meta` key on a result answered from the record of a first call (a plan committed
/// again, an idempotency key repeated): `{"first_call_at": "<RFC 3339>"}`.
pub const REPLAY_META_KEY: &str = "mcp-tools/replay";

/// `_meta` key, on each tool in `tools/list`, of the character bound of its results; Claude
/// Code reads it to decide whether to keep a result inline.
pub const MAX_RESULT_CHARS_META_KEY: &str = "anthropic/maxResultSizeChars";

/// The wire name of the search tool of progressive discovery.
pub const SEARCH_TOOL: &str = "tools_search";

/// The wire name of the call tool of progressive discovery.
pub const CALL_TOOL: &str = "tools_call";

/// The path the Streamable HTTP endpoint is served at.
pub const MCP_PATH: &str = "/mcp";
