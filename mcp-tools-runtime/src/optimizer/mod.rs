//! The response optimizer: holds every result to its token budget, whatever its shape, and
//! says what it cut and how to get the rest.
//!
//! Everything the client receives counts: every content block (binary ones at one token
//! per four base64 characters), the structured value, its text mirror, and the notice. A
//! result within budget passes untouched; the check costs nothing for results smaller in
//! bytes than the budget in tokens (every token covers at least one byte) and O(budget)
//! otherwise. A result over budget is cut (`cut.rs`): binary blocks are kept or left out
//! whole, then texts and the structured value share the rest fairly; structured values
//! keep every key and a prefix of each list (`fit.rs`), so they stay valid against their
//! `outputSchema`, and text repeated in the structured value is cut the same way. The
//! notice names the exact next call when the tool can continue (a page cursor, a line, an
//! offset), and otherwise says what was left out and how to ask for less. It says how many
//! tokens the whole has: counted, estimated from samples at a cost that does not grow with
//! what was left out, or, when the rest was never seen, a lower bound (`estimate.rs`).

mod base;
mod budget;
mod cut;
mod estimate;
mod fit;
mod notice;
mod parts;
mod structured;
mod text;

use serde_json::Value;

use crate::output::ToolOutput;
pub(crate) use base::{CallFacts, Shaped};
use base::{OVER, Report, set_next_cursor};
pub(crate) use budget::{Budgets, ToolBudget};
use parts::{Binary, Whole};

/// Whether holding `output` to `budget` may count tokens: its text and JSON are longer in
/// bytes than the budget (bytes bound tokens from above, so a shorter result is never
/// counted). Cheap: the JSON is written only up to the budget.
pub(crate) fn may_count(output: &ToolOutput, budget: usize) -> bool {
    let text: usize = output
        .content
        .iter()
        .filter_map(parts::text_of)
        .map(str::len)
        .sum();
    let Some(left) = budget.checked_sub(text) else {
        return true;
    };
    output
        .structured
        .as_ref()
        .is_some_and(|value| json_within(value, left).is_none())
}

/// Holds `output` to the call's budget.
pub(crate) fn shape(mut output: ToolOutput, facts: &CallFacts<'_>) -> Shaped {
    // Most results are a few text blocks, smaller in bytes than the budget in tokens: they
    // pass as they are, without the moves through `Whole` the general path makes.
    if output.structured.is_none() && fits_as_text(&output.content, facts) {
        return Shaped {
            content: output.content,
            structured: None,
            truncation: None,
            report: Report {
                tokens: None,
                tokens_cut: 0,
                truncated: false,
            },
            failed: false,
        };
    }
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
    let mut whole = Whole::new(output.content, structured);
    let left_out = whole.apply_policy(facts.binary);
    if left_out.is_empty()
        && let Some((tokens, mirror)) = fits(&whole, facts)
    {
        let (content, structured) = whole.into_content(mirror);
        return Shaped {
            content,
            structured,
            truncation: None,
            report: Report {
                tokens,
                tokens_cut: 0,
                truncated: false,
            },
            failed: false,
        };
    }
    cut::cut(whole, left_out, output.page, output.resume.as_ref(), facts)
}

/// Whether `blocks` are all text and, in bytes, within both budgets (bytes bound
/// characters and tokens from above, so nothing is counted).
fn fits_as_text(blocks: &[rmcp::model::ContentBlock], facts: &CallFacts<'_>) -> bool {
    let limit = facts.budget.min(facts.char_budget);
    let mut bytes = 0;
    for block in blocks {
        let rmcp::model::ContentBlock::Text(text) = block else {
            return false;
        };
        bytes += text.text.len();
        if bytes > limit {
            return false;
        }
    }
    true
}

/// Whether the whole result fits: `Some((tokens, mirror))`, with `tokens` exact or `None`
/// when it fit by size alone and was not counted, and the mirror's text; `None` when over.
#[allow(clippy::option_option)] // outer: fits or not; inner: counted or not (see above)
fn fits(whole: &Whole, facts: &CallFacts<'_>) -> Option<(Option<usize>, Option<String>)> {
    let copies = 1 + usize::from(whole.mirror_at.is_some());
    let limit = facts.budget.saturating_mul(OVER) / copies;
    // Serialized only as far as where it is surely over budget: no cost grows past that.
    let json = match &whole.structured {
        Some(value) => Some(json_within(value, limit)?),
        None => None,
    };
    let mut bytes = json.as_ref().map_or(0, String::len) * copies;
    for block in &whole.blocks {
        bytes += match (parts::text_of(block), Binary::of(block)) {
            (Some(text), _) => text.len(),
            (None, Some(binary)) => binary.chars,
            (None, None) => parts::fixed_json(block).len(),
        };
    }
    // Bytes bound characters and tokens from above.
    let small = bytes <= facts.budget && bytes <= facts.char_budget;
    if !small && bytes > facts.budget.saturating_mul(OVER) {
        return None;
    }
    let mirror = whole.mirror_at.and(json.clone());
    if small {
        return Some((None, mirror));
    }
    // Within the budget in bytes, only characters can be over: counting tokens would load
    // the vocabulary for nothing.
    let count_tokens = bytes > facts.budget;
    let enc = facts.encoding;
    let (mut tokens, mut chars) = (0, 0);
    let add = |text: &str, times: usize, tokens: &mut usize, chars: &mut usize| -> Option<()> {
        if count_tokens {
            let left = facts.budget.checked_sub(*tokens)?;
            *tokens += enc.count_up_to(text, left / times)? * times;
        }
        *chars += text.chars().count() * times;
        Some(())
    };
    if let Some(json) = &json {
        add(json, copies, &mut tokens, &mut chars)?;
    }
    for block in &whole.blocks {
        match (parts::text_of(block), Binary::of(block)) {
            (Some(text), _) => add(text, 1, &mut tokens, &mut chars)?,
            (None, Some(binary)) => {
                tokens += binary.tokens();
                chars += binary.chars;
            }
            (None, None) => add(&parts::fixed_json(block), 1, &mut tokens, &mut chars)?,
        }
    }
    (tokens <= facts.budget && chars <= facts.char_budget)
        .then_some((count_tokens.then_some(tokens), mirror))
}

/// The compact JSON of `value`, unless it is longer than `limit` bytes.
fn json_within(value: &Value, limit: usize) -> Option<String> {
    struct Capped(Vec<u8>, usize);
    impl std::io::Write for Capped {
        fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
            if self.0.len() + buf.len() > self.1 {
                return Err(std::io::ErrorKind::FileTooLarge.into());
            }
            self.0.extend_from_slice(buf);
            Ok(buf.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }
    let mut out = Capped(Vec::new(), limit);
    serde_json::to_writer(&mut out, value).ok()?;
    String::from_utf8(out.0).ok()
}

#[cfg(test)]
mod tests;
