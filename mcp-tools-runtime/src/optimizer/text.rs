//! Cutting one text at a token boundary, where the tool can resume from.

use serde_json::Value;

use super::{
    base::CallFacts,
    notice::{Continuation, Notice, thousands},
};
use crate::output::{LineStart, OffsetUnit, Resume};

/// A page resumed inside a line ends at the last line end instead when that leaves out at
/// most this share of what fits (1/20): a clean end, and a page still filled.
const NEAR_END: usize = 20;

/// The end (in bytes) of the longest prefix of `text` within `tokens`, never inside a
/// character. Line-resumable text ends after a whole line when its resume argument takes
/// only lines (the next call starts clean); when it takes a [`LineStart`], the page is
/// filled and ends inside a line unless a line end is near.
pub(super) fn prefix_end(
    text: &str,
    tokens: usize,
    resume: Option<&Resume>,
    facts: &CallFacts<'_>,
) -> usize {
    let encoding = facts.encoding;
    // A token covers at least one byte: a text no longer than the budget fits uncounted.
    if text.len() <= tokens || encoding.count_up_to(text, tokens).is_some() {
        return text.len();
    }
    let end = encoding.prefix(text, tokens).bytes;
    let Some(Resume::Line { param, .. }) = resume else {
        return end;
    };
    let line_end = memchr::memrchr(b'\n', &text.as_bytes()[..end]).map(|i| i + 1);
    if takes_positions(param, facts) {
        return line_end
            .filter(|e| end - e <= end / NEAR_END)
            .unwrap_or(end);
    }
    // A first line longer than the budget is kept in part, so the next call moves on.
    line_end.unwrap_or(end)
}

/// Whether the tool's argument `param` takes a position inside a line.
fn takes_positions(param: &str, facts: &CallFacts<'_>) -> bool {
    facts.line_positions.iter().any(|p| p == param)
}

/// Adds to `notice` what the kept part of a cut text is, and the call that continues it,
/// if the tool can.
pub(super) fn describe(
    kept: &str,
    total: &str,
    resume: Option<&Resume>,
    facts: &CallFacts<'_>,
    notice: &mut Notice,
) {
    let (what, continuation) = match resume {
        Some(Resume::Line {
            param,
            start,
            last_line,
        }) => return describe_lines(kept, total, (param, *start, *last_line), facts, notice),
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
                (what, Continuation::None)
            } else {
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
        }
        Some(Resume::Hint(hint)) => (size(kept, total), Continuation::Hint(hint.clone())),
        None => (size(kept, total), Continuation::None),
    };
    notice.kept.push(what);
    notice.continue_with(continuation);
}

/// [`describe`] for a text of lines from `start`: "lines 1–6 and the first 16,960
/// characters of line 7 of 9", continued at the first character left out, or, when the
/// argument takes only lines, at the next line (saying the rest of a line cut is lost).
fn describe_lines(
    kept: &str,
    total: &str,
    (param, start, last_line): (&'static str, LineStart, Option<u64>),
    facts: &CallFacts<'_>,
    notice: &mut Notice,
) {
    let first = start.line();
    let newlines = memchr::memchr_iter(b'\n', kept.as_bytes()).count() as u64;
    let last_line = last_line.unwrap_or_else(|| {
        // A byte scan, no tokenizing: cheap even for megabytes.
        let lines = memchr::memchr_iter(b'\n', total.as_bytes()).count() as u64
            + u64::from(!total.ends_with('\n'));
        first + lines.saturating_sub(1)
    });
    if kept.is_empty() {
        notice
            .kept
            .push(format!("none of line {}", thousands(first)));
        notice.continue_with(Continuation::None);
        return;
    }
    // The line the kept text ends in, and how many of its characters it holds (none when
    // it ends after a whole line).
    let end_line = first + newlines;
    let tail = match memchr::memrchr(b'\n', kept.as_bytes()) {
        Some(i) => &kept[i + 1..],
        None => kept,
    };
    let tail_chars = tail.chars().count() as u64;
    let mut parts = Vec::with_capacity(3);
    let mut whole_from = first;
    if start.column() > 1 {
        whole_from += 1;
        parts.push(if newlines == 0 {
            format!(
                "characters {}–{} of line {}",
                thousands(start.column()),
                thousands(start.column() + tail_chars - 1),
                thousands(first)
            )
        } else {
            format!(
                "line {} from character {}",
                thousands(first),
                thousands(start.column())
            )
        });
    }
    match end_line.saturating_sub(whole_from) {
        0 => {}
        1 => parts.push(format!("line {}", thousands(whole_from))),
        n => parts.push(format!(
            "lines {}–{}",
            thousands(whole_from),
            thousands(whole_from + n - 1)
        )),
    }
    if tail_chars > 0 && !(start.column() > 1 && newlines == 0) {
        parts.push(format!(
            "the first {} characters of line {}",
            thousands(tail_chars),
            thousands(end_line)
        ));
    }
    let what = format!("{} of {}", and_list(&parts), thousands(last_line));
    let next = if tail_chars == 0 {
        LineStart::from(end_line)
    } else if takes_positions(param, facts) {
        let column = if newlines == 0 { start.column() } else { 1 };
        LineStart::new(end_line, column + tail_chars)
    } else {
        // Only the start of a line longer than the budget: the next call moves on.
        warn_whole_lines(facts.tool, param);
        notice.left_out.push(format!(
            "the rest of line {}, which `{}` cannot return: its `{param}` takes whole lines",
            thousands(end_line),
            facts.tool
        ));
        LineStart::from(end_line + 1)
    };
    notice.kept.push(what);
    let next = serde_json::to_value(next).unwrap_or(Value::Null);
    notice.continue_with(Continuation::Set(param, next));
}

/// Warns once per tool that a line was cut for good, naming the fix.
#[cold]
fn warn_whole_lines(tool: &'static str, param: &'static str) {
    static WARNED: std::sync::Mutex<Vec<&'static str>> = std::sync::Mutex::new(Vec::new());
    let mut warned = WARNED
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    if warned.contains(&tool) {
        return;
    }
    warned.push(tool);
    tracing::warn!(
        tool,
        param,
        "a line longer than the budget was cut, and the rest of it cannot be asked for: \
         `{param}` takes whole lines. Take `{param}: mcp_tools::LineStart` (an integer line, \
         or \"line:column\") so cut pages resume inside a line"
    );
}

fn and_list(parts: &[String]) -> String {
    match parts {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
    }
}

fn size(kept: &str, total: &str) -> String {
    format!(
        "the first {} of {} characters",
        thousands(kept.chars().count() as u64),
        thousands(total.chars().count() as u64)
    )
}
