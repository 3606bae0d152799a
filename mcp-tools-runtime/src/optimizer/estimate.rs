//! How many tokens the whole of a cut result has: counted where that is cheap, estimated
//! from samples where it is not, and a lower bound where no estimate can be promised close.
//!
//! A cut keeps what fits its budget; the notice says what that was of how much. Counting
//! what was left out would cost the size of the result, so only the last stretch of a text
//! (eight bytes per token of budget) and a bounded number of windows before it are counted
//! (`tokens::estimate`), and a list's items left out are sampled in runs spread over them.
//! A text that is a window of a longer document the tool did not send
//! ([`ToolOutput::of_lines`](crate::output::ToolOutput::of_lines)) has only a lower bound:
//! nothing of the rest was seen.

use std::{iter::Sum, ops::Add};

use serde_json::Value;

use super::{base::CallFacts, fit};
use crate::{output::Resume, tokens::estimate};

/// Bytes counted exactly per token of budget: a text up to this many bytes per budget token
/// is counted whole, a longer one has its last stretch of that length counted.
const EXACT_BYTES_PER_TOKEN: usize = 8;

/// Runs of items a list's left-out part is sampled in, evenly spread.
const RUNS: usize = 32;

/// Bytes of items a run serializes before it stops, past its first item.
const RUN_BYTES: usize = 1024;

/// An item longer than this is counted up to here, and the rest of it at that density.
const ITEM_BYTES: usize = 16 * 1024;

/// An item longer than this is not measured: the list's total is then only a lower bound.
const MEASURED_ITEM_BYTES: usize = 256 * 1024;

/// What the whole has, as far as it is known.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(super) enum Kind {
    /// Counted.
    Exact,
    /// Estimated from samples: within a few percent on the texts results are made of.
    Estimate,
    /// Only a lower bound is known.
    AtLeast,
}

/// The tokens of a whole result, or of a part of one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Total {
    /// The count, the estimate, or the lower bound.
    pub(super) tokens: usize,
    /// Tokens surely there: counted in parts that do not overlap.
    at_least: usize,
    pub(super) kind: Kind,
}

impl Total {
    pub(super) fn exact(tokens: usize) -> Total {
        Total {
            tokens,
            at_least: tokens,
            kind: Kind::Exact,
        }
    }

    fn at_least(tokens: usize) -> Total {
        Total {
            tokens,
            at_least: tokens,
            kind: Kind::AtLeast,
        }
    }

    fn sampled(sampled: estimate::Sampled) -> Total {
        Total {
            tokens: sampled.tokens,
            at_least: sampled.at_least,
            kind: if sampled.exact {
                Kind::Exact
            } else {
                Kind::Estimate
            },
        }
    }

    /// The same part sent `n` times (a structured value and its text mirror).
    pub(super) fn times(self, n: usize) -> Total {
        Total {
            tokens: self.tokens * n,
            at_least: self.at_least * n,
            kind: self.kind,
        }
    }

    /// Never less than `kept`, the tokens sent of it: the whole has at least those.
    pub(super) fn at_least_kept(self, kept: usize) -> Total {
        Total {
            tokens: self.tokens.max(kept),
            at_least: self.at_least.max(kept),
            kind: self.kind,
        }
    }

    /// Its `_meta` field: the name says which kind of figure it is.
    pub(super) fn meta_key(self) -> &'static str {
        match self.kind {
            Kind::Exact => "total_tokens",
            Kind::Estimate => "total_tokens_estimate",
            Kind::AtLeast => "total_tokens_at_least",
        }
    }
}

impl Add for Total {
    type Output = Total;

    /// Exact only if both are; with a lower bound, only the parts' lower bounds add up to
    /// one.
    fn add(self, other: Total) -> Total {
        let kind = self.kind.max(other.kind);
        let at_least = self.at_least + other.at_least;
        let tokens = if kind == Kind::AtLeast {
            at_least
        } else {
            self.tokens + other.tokens
        };
        Total {
            tokens,
            at_least,
            kind,
        }
    }
}

impl Sum for Total {
    fn sum<I: Iterator<Item = Total>>(iter: I) -> Total {
        iter.fold(Total::exact(0), Add::add)
    }
}

/// Bytes counted exactly under `facts`' budget.
fn exact_bytes(facts: &CallFacts<'_>) -> usize {
    facts.budget.saturating_mul(EXACT_BYTES_PER_TOKEN)
}

/// The tokens of a text block as the tool returned it, or, when it is a window of a longer
/// document, a lower bound of the document's.
pub(super) fn text(text: &str, resume: Option<&Resume>, facts: &CallFacts<'_>) -> Total {
    let enc = facts.encoding;
    let total = Total::sampled(estimate::sampled(text, exact_bytes(facts), |part| {
        enc.count(part)
    }));
    if let Some(Resume::Line {
        start,
        last_line: Some(last_line),
        ..
    }) = resume
    {
        let lines = memchr::memchr_iter(b'\n', text.as_bytes()).count() as u64
            + u64::from(!text.ends_with('\n'));
        if start.line() + lines.saturating_sub(1) < *last_line {
            return Total::at_least(total.at_least);
        }
    }
    total
}

/// The tokens of the rest of a string of a structured value, as its JSON writes it.
pub(super) fn string_rest(rest: &str, facts: &CallFacts<'_>) -> Total {
    let enc = facts.encoding;
    Total::sampled(estimate::sampled(rest, exact_bytes(facts), |part| {
        let quoted = Value::from(part).to_string();
        enc.count(&quoted[1..quoted.len() - 1])
    }))
}

/// The tokens `items` add to a list after others: each item and the comma before it, as
/// compact JSON writes them. Counted when they are short; otherwise [`RUNS`] runs of
/// consecutive items, one at the start of each of as many equal spans, are counted and
/// each span estimated at its run's tokens per item.
pub(super) fn list_rest(items: &[Value], facts: &CallFacts<'_>) -> Total {
    let limit = exact_bytes(facts).max(estimate::MIN_EXACT_BYTES);
    let enc = facts.encoding;
    let mut bytes = 0;
    let short = items.iter().all(|item| {
        bytes += 1 + fit::total_at_most(item, limit.saturating_sub(bytes)).unwrap_or(limit);
        bytes <= limit
    });
    if short {
        let mut json = Vec::with_capacity(bytes);
        for item in items {
            json.push(b',');
            serde_json::to_writer(&mut json, item).expect("a Value serializes");
        }
        return Total::exact(enc.count(std::str::from_utf8(&json).expect("JSON is UTF-8")));
    }
    let spans = RUNS.min(items.len());
    let mut total = Total::exact(0);
    let mut estimate = 0.0;
    for span in 0..spans {
        let (start, end) = (span * items.len() / spans, (span + 1) * items.len() / spans);
        let Some(run) = run(&items[start..end], enc) else {
            return total + Total::at_least(0);
        };
        estimate += run.tokens / run.items as f64 * (end - start) as f64;
        total = total + Total::exact(run.counted);
    }
    Total {
        tokens: (estimate.round() as usize).max(total.at_least),
        at_least: total.at_least.saturating_sub(2 * spans),
        kind: Kind::Estimate,
    }
}

/// A run of items counted: their tokens (estimated for the part of one long item past
/// [`ITEM_BYTES`]), how many, and the tokens counted.
struct Run {
    tokens: f64,
    items: usize,
    counted: usize,
}

/// Counts items from the first of `span` until [`RUN_BYTES`] are serialized; `None` when the
/// first is too long to measure.
fn run(span: &[Value], enc: crate::tokens::Encoding) -> Option<Run> {
    let mut json = Capped(Vec::new(), ITEM_BYTES);
    let mut items = 0;
    for item in span {
        let before = json.0.len();
        json.0.push(b',');
        if serde_json::to_writer(&mut json, item).is_err() {
            if items > 0 {
                // A long item after short ones: the run ends before it.
                json.0.truncate(before);
                break;
            }
            // The first item, longer than `ITEM_BYTES`: its prefix's density, times its size.
            let size = fit::total_at_most(item, MEASURED_ITEM_BYTES)?;
            let prefix = longest_str(&json.0);
            let counted = enc.count(prefix);
            let tokens = counted as f64 * (size + 1) as f64 / prefix.len().max(1) as f64;
            return Some(Run {
                tokens,
                items: 1,
                counted,
            });
        }
        items += 1;
        if json.0.len() >= RUN_BYTES {
            break;
        }
    }
    let counted = enc.count(longest_str(&json.0));
    Some(Run {
        tokens: counted as f64,
        items: items.max(1),
        counted,
    })
}

/// The longest UTF-8 prefix of `bytes`.
fn longest_str(bytes: &[u8]) -> &str {
    match std::str::from_utf8(bytes) {
        Ok(text) => text,
        Err(error) => std::str::from_utf8(&bytes[..error.valid_up_to()]).unwrap_or_default(),
    }
}

/// A writer that takes at most `.1` bytes, then fails.
struct Capped(Vec<u8>, usize);

impl std::io::Write for Capped {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        let room = self.1.saturating_sub(self.0.len());
        if buf.len() > room {
            self.0.extend_from_slice(&buf[..room]);
            return Err(std::io::ErrorKind::FileTooLarge.into());
        }
        self.0.extend_from_slice(buf);
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

#[cfg(test)]
mod tests;
