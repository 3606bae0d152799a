//! The response optimizer: holds every result to its token budget, and says what it cut.
//!
//! A result within budget passes untouched; the check costs nothing for results smaller in
//! bytes than the budget in tokens (every token covers at least one byte) and O(budget)
//! otherwise. A result over budget is cut: structured results by whole items (so they stay
//! valid against their `outputSchema`, and the text mirror is re-made from what is kept),
//! text at a token boundary that never splits a character. Either way a notice says that it
//! was cut, how much was kept of how much, and the exact call that gets the rest.

mod budget;
mod items;
mod notice;
mod text;

use rmcp::model::{ContentBlock, JsonObject};
use serde_json::Value;

use crate::{ResponseFormat, ToolOutput, page, seal::Sealer, tokens::Encoding};
pub(crate) use budget::Budgets;
pub(crate) use budget::ToolBudget;

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
}

/// What the optimizer did, for logs and metrics.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Report {
    /// Tokens returned; `None` when the result fit without counting (count it later).
    pub(crate) tokens: Option<usize>,
    /// Tokens left out (estimated from the kept part's density).
    pub(crate) tokens_cut: usize,
    pub(crate) truncated: bool,
}

/// A shaped result: content blocks, structured value, `_meta` entries to add.
pub(crate) struct Shaped {
    pub(crate) content: Vec<ContentBlock>,
    pub(crate) structured: Option<Value>,
    pub(crate) truncation: Option<Value>,
    pub(crate) report: Report,
}

/// Holds `output` to the call's budget.
pub(crate) fn shape(mut output: ToolOutput, facts: &CallFacts<'_>) -> Shaped {
    let mut structured = output.structured.take().map(|value| {
        if facts.wrap_structured {
            serde_json::json!({ "result": value })
        } else {
            value
        }
    });
    if let (Some(value), Some(info)) = (structured.as_mut(), output.page)
        && info.has_more
    {
        let kept = value
            .get("items")
            .and_then(Value::as_array)
            .map_or(0, Vec::len) as u64;
        set_next_cursor(value, facts, info.start + kept);
    }
    match structured {
        Some(value) if output.content.is_empty() => items::shape(value, output.page, facts),
        structured => text::shape(output.content, structured, output.resume, facts),
    }
}

/// Sets `next_cursor` to the page at `offset`, if the tool takes a cursor.
fn set_next_cursor(value: &mut Value, facts: &CallFacts<'_>, offset: u64) {
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

/// Whether `text` fits the budget: `Some(tokens)` (exact, or `None` inside when it fit by
/// size alone and was not counted), or `None` when it does not fit.
#[allow(clippy::option_option)] // outer: fits or not; inner: counted or not (see above)
fn fits(text: &str, facts: &CallFacts<'_>) -> Option<Option<usize>> {
    // Bytes bound characters from above; count characters only as far as the bound.
    if text.len() > facts.char_budget
        && text.chars().take(facts.char_budget + 1).count() > facts.char_budget
    {
        return None;
    }
    if text.len() <= facts.budget {
        return Some(None);
    }
    facts.encoding.count_up_to(text, facts.budget).map(Some)
}

#[cfg(test)]
mod tests;
