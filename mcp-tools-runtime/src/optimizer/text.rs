//! Cutting one text at a token boundary, where the tool can resume from.

use serde_json::Value;

use super::notice::{Continuation, thousands};
use crate::{
    output::{OffsetUnit, Resume},
    tokens::Encoding,
};

/// The end (in bytes) of the longest prefix of `text` within `tokens`, never inside a
/// character; line-resumable text ends after a whole line, so the next call starts clean.
pub(super) fn prefix_end(
    text: &str,
    tokens: usize,
    resume: Option<&Resume>,
    encoding: Encoding,
) -> usize {
    // A token covers at least one byte: a text no longer than the budget fits uncounted.
    if text.len() <= tokens || encoding.count_up_to(text, tokens).is_some() {
        return text.len();
    }
    let end = encoding.prefix(text, tokens).bytes;
    if matches!(resume, Some(Resume::Line { .. })) {
        // A first line longer than the budget is kept in part, so the next call moves on.
        return text[..end].rfind('\n').map_or(end, |i| i + 1);
    }
    end
}

/// What the kept part of a cut text is, and the call that continues it, if the tool can.
pub(super) fn describe(kept: &str, total: &str, resume: Option<&Resume>) -> (String, Continuation) {
    match resume {
        Some(Resume::Line {
            param,
            first_line,
            last_line,
        }) => {
            let lines = kept.matches('\n').count() as u64;
            // A byte scan, no tokenizing: cheap even for megabytes.
            let total_lines = total.bytes().filter(|b| *b == b'\n').count() as u64
                + u64::from(!total.ends_with('\n'));
            let last_line = last_line.unwrap_or_else(|| first_line + total_lines.saturating_sub(1));
            if lines == 0 {
                // Part of one long line: the rest of it cannot be asked for by line.
                let what = format!(
                    "the first {} characters of line {} of {}, which is longer than the budget",
                    thousands(kept.chars().count() as u64),
                    thousands(*first_line),
                    thousands(last_line),
                );
                return (what, Continuation::Set(param, Value::from(first_line + 1)));
            }
            let what = format!(
                "lines {}–{} of {}",
                thousands(*first_line),
                thousands(first_line + lines - 1),
                thousands(last_line)
            );
            (
                what,
                Continuation::Set(param, Value::from(first_line + lines)),
            )
        }
        Some(Resume::Offset { param, start, unit }) => {
            let (kept_units, total_units, name) = match unit {
                OffsetUnit::Chars => (
                    kept.chars().count() as u64,
                    total.chars().count() as u64,
                    "characters",
                ),
                OffsetUnit::Bytes => (kept.len() as u64, total.len() as u64, "bytes"),
            };
            if kept_units == 0 {
                // Nothing fits: the same call again would not move on.
                let what = format!("none of the {name} from {}", thousands(*start));
                return (what, Continuation::None);
            }
            let what = format!(
                "{name} {}–{} of {}",
                thousands(*start),
                thousands(start + kept_units - 1),
                thousands(start + total_units),
            );
            (
                what,
                Continuation::Set(param, Value::from(start + kept_units)),
            )
        }
        Some(Resume::Hint(hint)) => (size(kept, total), Continuation::Hint(hint.clone())),
        None => (size(kept, total), Continuation::None),
    }
}

fn size(kept: &str, total: &str) -> String {
    format!(
        "the first {} of {} characters",
        thousands(kept.chars().count() as u64),
        thousands(total.chars().count() as u64)
    )
}
