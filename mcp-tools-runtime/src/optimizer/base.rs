//! What the stages of shaping share: the facts of the call, what shaping made of it, and
//! the page cursor a cut page continues with.

use rmcp::model::{ContentBlock, JsonObject};
use serde_json::Value;

use crate::{
    meta::{BinaryPolicy, ResponseFormat},
    page,
    seal::Sealer,
    tokens::Encoding,
};

/// What the optimizer knows about the call.
pub(crate) struct CallFacts<'a> {
    pub(crate) tool: &'static str,
    pub(crate) format: ResponseFormat,
    pub(crate) args: &'a JsonObject,
    pub(crate) cursor_param: Option<&'static str>,
    pub(crate) fingerprint: u32,
    /// Seals the `next_cursor` of a cut page.
    pub(crate) sealer: &'a Sealer,
    pub(crate) wrap_structured: bool,
    pub(crate) encoding: Encoding,
    pub(crate) budget: usize,
    pub(crate) char_budget: usize,
    pub(crate) binary: BinaryPolicy,
    /// The tool's arguments a model may narrow a request with, for advice.
    pub(crate) arguments: &'a [std::borrow::Cow<'static, str>],
    /// The tool's arguments that take a position inside a line, for line resumption.
    pub(crate) line_positions: &'a [std::borrow::Cow<'static, str>],
}

/// What the optimizer did, for logs and metrics.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Report {
    /// Tokens returned; `None` when the result fit without counting (count it later).
    pub(crate) tokens: Option<usize>,
    /// Tokens left out: counted, estimated from samples, or a lower bound (see `estimate`).
    pub(crate) tokens_cut: usize,
    pub(crate) truncated: bool,
}

/// A shaped result: content blocks, structured value, `_meta` entries to add.
pub(crate) struct Shaped {
    pub(crate) content: Vec<ContentBlock>,
    pub(crate) structured: Option<Value>,
    pub(crate) truncation: Option<Value>,
    pub(crate) report: Report,
    /// Not even the smallest cut fits: `content` says so, as an error result.
    pub(crate) failed: bool,
}

/// Past this many bytes per token of budget, a result is over budget without counting: no
/// text runs longer tokens than that on average.
pub(super) const OVER: usize = 16;

/// Sets `next_cursor` to the page at `offset`, if the tool takes a cursor.
pub(super) fn set_next_cursor(value: &mut Value, facts: &CallFacts<'_>, offset: u64) {
    if facts.cursor_param.is_some()
        && let Some(map) = value.as_object_mut()
    {
        let cursor = page::mint(
            facts.sealer,
            offset,
            facts.tool,
            facts.fingerprint,
            std::time::SystemTime::now(),
        );
        map.insert("next_cursor".to_owned(), Value::String(cursor));
    }
}
