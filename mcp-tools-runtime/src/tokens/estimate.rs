//! The token count of a text too long to count whole, estimated at a cost that does not grow
//! with the text: its last stretch is counted exactly, the rest from windows spread over it.
//!
//! The stretch before the exactly counted tail is split into strata whose sizes grow with
//! their distance from the text's end (each a sixty-fourth of it), at most 512; each stratum
//! is estimated at the density of one window of 512 bytes at its end, counted exactly. The
//! error is that of stratified sampling: about a percent on logs, diffs, code, JSON, prose
//! and CJK text, a few at worst. Every boundary is placed by its distance from the end and
//! snapped to where the tokenizer's pieces start, by the bytes around it alone, so a text
//! that is a suffix of another (the rest of a document after some lines) is cut into the
//! same strata, windows and tail wherever the two overlap: its estimate is what the longer
//! text's strata give its bytes, never more than the longer text's own.

use super::encoding::Encoding;

/// Texts up to this many bytes, and the last this many bytes of longer ones, at least, are
/// counted exactly.
pub(crate) const MIN_EXACT_BYTES: usize = 32 * 1024;

/// Bytes of the window counted in each stratum.
const WINDOW: usize = 512;

/// A stratum is at least this long, so its window never reaches the stratum before it.
const MIN_STRATUM: usize = 2 * WINDOW;

/// A stratum is this fraction of its distance from the end (1 / `GROWTH`).
const GROWTH: usize = 64;

/// Strata at most: the last reaches back to the text's start, whatever its length. After a
/// 32 KB tail, strata of a sixty-fourth cover the last 90 MB or so before this many are
/// needed; past that, the first stratum is sampled thinly.
const MAX_STRATA: usize = 512;

/// How far past a nominal boundary a piece's start is looked for.
const SNAP: usize = 128;

/// Tokens of a text: counted, or estimated with a floor that was counted.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Sampled {
    /// The count, or the estimate.
    pub(crate) tokens: usize,
    /// Tokens counted exactly in parts of the text that do not overlap, less a token at each
    /// edge of a part: the text has at least this many.
    pub(crate) at_least: usize,
    /// Whether `tokens` is the exact count.
    pub(crate) exact: bool,
}

impl Encoding {
    /// The tokens of `text`, estimated when it is longer than `exact_bytes` (at least 32 KB)
    /// from its last `exact_bytes` and windows of the rest, at most 320 KB more. For
    /// benchmarks; not a stable API.
    #[doc(hidden)]
    #[must_use]
    pub fn estimate(self, text: &str, exact_bytes: usize) -> usize {
        sampled(text, exact_bytes, |part| self.count(part)).tokens
    }
}

/// The tokens of `text` by `count`, exact up to `exact_bytes` (at least [`MIN_EXACT_BYTES`]),
/// estimated past that (see the module's documentation).
pub(crate) fn sampled(text: &str, exact_bytes: usize, count: impl Fn(&str) -> usize) -> Sampled {
    let exact_bytes = exact_bytes.max(MIN_EXACT_BYTES);
    let len = text.len();
    if len <= exact_bytes {
        let tokens = count(text);
        return Sampled {
            tokens,
            at_least: tokens,
            exact: true,
        };
    }
    // The boundary a nominal distance from the end, or the start when that is before it.
    let at = |distance: usize| len.checked_sub(distance).map_or(0, |p| snap(text, p));
    let mut near = at(exact_bytes);
    let tail = count(&text[near..]);
    let mut estimate = tail as f64;
    let mut at_least = tail.saturating_sub(1);
    let mut distance = exact_bytes;
    for stratum in 1..=MAX_STRATA {
        if near == 0 {
            break;
        }
        distance += (distance / GROWTH).max(MIN_STRATUM);
        let far = if stratum == MAX_STRATA {
            0
        } else {
            at(distance)
        };
        let window = near.checked_sub(WINDOW).map_or(0, |p| snap(text, p));
        if window <= far {
            // The stratum is no longer than a window: the start of a suffix of the text.
            let tokens = count(&text[far..near]);
            estimate += tokens as f64;
            at_least += tokens.saturating_sub(2);
        } else {
            let tokens = count(&text[window..near]);
            let density = tokens as f64 / (near - window) as f64;
            estimate += tokens as f64 + density * (window - far) as f64;
            at_least += tokens.saturating_sub(2);
        }
        near = far;
    }
    let tokens = (estimate.round() as usize).max(at_least);
    Sampled {
        tokens,
        at_least,
        exact: false,
    }
}

/// A boundary at or shortly after `at`, chosen only by the bytes around it: the first line
/// start whose line is not blank, else the first word start or first end of a word or number
/// before punctuation, else the first character boundary. The tokenizer's pieces never cross
/// the first three, so a part that starts and ends at them counts as it does inside the text.
fn snap(text: &str, at: usize) -> usize {
    let bytes = text.as_bytes();
    if at == 0 {
        return 0;
    }
    let mut at = at;
    while !text.is_char_boundary(at) {
        at += 1;
    }
    let mut end = (at + SNAP).min(bytes.len());
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    let line_start = (at..end).find(|&i| {
        bytes[i - 1] == b'\n'
            && bytes[i..end]
                .iter()
                .find(|&&b| b != b' ' && b != b'\t')
                .is_some_and(|&b| b != b'\n' && b != b'\r')
    });
    if let Some(i) = line_start {
        return i;
    }
    // ` word`: the space opens the word's piece, and what precedes it ends its own. `a(`:
    // a run of letters or digits ends before punctuation (an apostrophe may be a
    // contraction's), which starts a piece of its own.
    let mut previous = text[..at].chars().next_back();
    for (offset, c) in text[at..end].char_indices() {
        let next = text[at + offset + c.len_utf8()..].chars().next();
        let word_start = c == ' '
            && previous.is_some_and(|p| !p.is_whitespace())
            && next.is_some_and(char::is_alphabetic);
        let word_end = previous.is_some_and(char::is_alphanumeric)
            && !c.is_alphanumeric()
            && !c.is_whitespace()
            && c != '\''
            && !is_mark(c);
        if word_start || word_end {
            return at + offset;
        }
        previous = Some(c);
    }
    at
}

/// Combining marks, which the tokenizer keeps with the letters before them (a rough test:
/// the common blocks).
fn is_mark(c: char) -> bool {
    matches!(
        c,
        '\u{300}'..='\u{36F}'
            | '\u{1AB0}'..='\u{1AFF}'
            | '\u{20D0}'..='\u{20FF}'
            | '\u{FE20}'..='\u{FE2F}'
            | '\u{3099}'..='\u{309A}'
    )
}

#[cfg(test)]
pub(crate) mod shapes;
#[cfg(test)]
mod tests;
