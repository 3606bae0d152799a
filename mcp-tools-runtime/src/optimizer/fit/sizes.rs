//! Compact-JSON sizes, measured only as far as a cap: past it, "more than the cap" is all a
//! cut needs to know, so its work follows the budget, not the input.
//!
//! A measure returns the exact size when it is at most the cap, and otherwise some number
//! above the cap and at most the size (a lower bound), found without walking the rest.

use std::fmt::{self, Write as _};

use serde_json::{Number, Value};

/// Strings up to this many bytes are never shortened; longer ones keep at least this many.
pub(super) const SHORT: usize = 64;

/// What a shortened string ends with.
pub(super) const ELLIPSIS: &str = "…";

#[cfg(test)]
thread_local! {
    /// Nodes measured on this thread, so tests can bound a cut's work.
    pub(super) static VISITED: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
}

fn visit() {
    #[cfg(test)]
    VISITED.with(|v| v.set(v.get() + 1));
}

/// Bytes of `serde_json::to_string(value)` if at most `cap`, else a lower bound above `cap`.
/// Costs O(cap): every node measured adds at least a byte.
pub(super) fn len_at_most(value: &Value, cap: usize) -> usize {
    visit();
    match value {
        Value::Null | Value::Bool(true) => 4,
        Value::Bool(false) => 5,
        Value::Number(n) => number_len(n),
        Value::String(s) => str_len_at_most(s, cap),
        Value::Array(items) => {
            // Brackets and commas, then at least a byte an item.
            let mut len = 2 + items.len().saturating_sub(1);
            if len + items.len() > cap {
                return len + items.len();
            }
            for item in items {
                len += len_at_most(item, cap - len);
                if len > cap {
                    break;
                }
            }
            len
        }
        Value::Object(map) => entries_at_most(map, cap, len_at_most),
    }
}

/// Bytes of the smallest form [`super::fit`] cuts `value` to, if at most `cap`, else a
/// lower bound above `cap`. Walks no array's items: an array's smallest form is `[]`.
pub(super) fn min_at_most(value: &Value, cap: usize) -> usize {
    visit();
    match value {
        Value::Array(_) => 2,
        Value::String(s) if s.len() > SHORT => {
            // A string shorter than its short form stays whole; past that length, escapes
            // can only make it longer, so the short form is the minimum.
            let short = short_form_len(s);
            if s.len() + 2 >= short {
                short
            } else {
                quoted_len(s).min(short)
            }
        }
        Value::Object(map) => entries_at_most(map, cap, min_at_most),
        scalar => len_at_most(scalar, cap),
    }
}

/// An object's braces, commas, keys and colons plus `child`'s measure of each value, stopping
/// past `cap`.
fn entries_at_most(
    map: &serde_json::Map<String, Value>,
    cap: usize,
    child: fn(&Value, usize) -> usize,
) -> usize {
    // Every entry takes at least four bytes: `"":` and a value.
    let mut len = 2 + map.len().saturating_sub(1);
    if len + 4 * map.len() > cap {
        return len + 4 * map.len();
    }
    for (key, value) in map {
        len += str_len_at_most(key, cap - len) + 1;
        if len <= cap {
            len += child(value, cap - len);
        }
        if len > cap {
            break;
        }
    }
    len
}

/// [`quoted_len`], or the unescaped length when that is already past `cap`: escapes only
/// lengthen.
pub(super) fn str_len_at_most(s: &str, cap: usize) -> usize {
    if s.len() + 2 > cap {
        return s.len() + 2;
    }
    quoted_len(s)
}

/// A string's bytes as `serde_json` writes it, quotes included.
pub(super) fn quoted_len(s: &str) -> usize {
    let bytes = s.as_bytes();
    if !any_escape(bytes) {
        return bytes.len() + 2;
    }
    bytes.iter().map(|&b| escaped_len(b)).sum::<usize>() + 2
}

/// A long string cut to its first `SHORT` bytes (at a char boundary) plus the ellipsis.
fn short_form_len(s: &str) -> usize {
    let mut end = SHORT;
    while !s.is_char_boundary(end) {
        end -= 1;
    }
    quoted_len(&s[..end]) + ELLIPSIS.len()
}

/// Whether any byte needs an escape, eight at a time: most strings need none.
fn any_escape(bytes: &[u8]) -> bool {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const HIGH: u64 = 0x8080_8080_8080_8080;
    // In a byte below 0x80, the high bit of `x - 0x20` flags `x < 0x20` and that of
    // `(x ^ c) - 1` flags `x == c`. A borrow only leaves a byte that is flagged itself, so a
    // wrong flag always follows a right one, and "any" is exact.
    let flags = |x: u64| {
        (x.wrapping_sub(ONES * 0x20)
            | (x ^ (ONES * u64::from(b'"'))).wrapping_sub(ONES)
            | (x ^ (ONES * u64::from(b'\\'))).wrapping_sub(ONES))
            & !x
            & HIGH
    };
    let Some(last) = bytes.last_chunk::<8>() else {
        return bytes.iter().any(|&b| b < 0x20 || b == b'"' || b == b'\\');
    };
    // The last word overlaps the one before it unless the length is a multiple of eight.
    let mut found = flags(u64::from_le_bytes(*last));
    for word in bytes.as_chunks::<8>().0 {
        found |= flags(u64::from_le_bytes(*word));
    }
    found != 0
}

/// Bytes `serde_json` writes for one byte of a string (non-ASCII bytes pass through).
pub(super) fn escaped_len(b: u8) -> usize {
    // A table: the `match` below, looked up per byte, is three times slower on escaped text.
    static LEN: [u8; 256] = {
        let mut table = [0; 256];
        let mut b = 0;
        while b < 256 {
            table[b] = escape(b as u8);
            b += 1;
        }
        table
    };
    usize::from(LEN[usize::from(b)])
}

const fn escape(b: u8) -> u8 {
    match b {
        b'"' | b'\\' | b'\x08' | b'\t' | b'\n' | b'\x0c' | b'\r' => 2,
        0..0x20 => 6,
        _ => 1,
    }
}

/// Bytes `serde_json` writes for `n`.
fn number_len(n: &Number) -> usize {
    // Integers by their digits (serde_json prints them plainly); floats by printing them,
    // into a counter, since their shortest round-trip form has no closed-form length.
    if let Some(u) = n.as_u64() {
        digits(u)
    } else if let Some(i) = n.as_i64() {
        // Only negative integers get here.
        1 + digits(i.unsigned_abs())
    } else {
        let mut counter = Counter(0);
        let _ = write!(counter, "{n}");
        counter.0
    }
}

fn digits(n: u64) -> usize {
    n.checked_ilog10().map_or(1, |log| log as usize + 1)
}

/// A `fmt::Write` that only counts bytes.
struct Counter(usize);

impl fmt::Write for Counter {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        self.0 += s.len();
        Ok(())
    }
}
