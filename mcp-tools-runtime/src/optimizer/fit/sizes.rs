//! The compact-JSON size of every node of a value, measured in one walk.

use std::fmt::{self, Write as _};

use serde_json::{Number, Value};

/// Strings up to this many bytes are never shortened; longer ones keep at least this many.
pub(super) const SHORT: usize = 64;

/// What a shortened string ends with.
pub(super) const ELLIPSIS: &str = "…";

/// One node's sizes, in bytes of compact JSON.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct Node {
    /// The node as it is.
    pub(super) len: usize,
    /// The node cut as far as [`super::fit`] cuts.
    pub(super) min: usize,
    /// Nodes in its subtree, itself included: the step to its next sibling in preorder.
    pub(super) nodes: usize,
}

/// Compact-JSON length of every node of a value, in preorder, computed in one walk.
#[derive(Debug)]
pub(in crate::optimizer) struct Sizes {
    nodes: Vec<Node>,
}

impl Sizes {
    /// Measures `value`: O(nodes + string bytes), one `Vec` for the whole tree.
    pub(in crate::optimizer) fn of(value: &Value) -> Sizes {
        let mut nodes = Vec::new();
        walk(value, &mut nodes);
        Sizes { nodes }
    }

    /// Bytes of `serde_json::to_string(value)`, exactly.
    pub(in crate::optimizer) fn total(&self) -> usize {
        self.nodes[0].len
    }

    /// Bytes of the smallest form `fit` cuts the value to.
    pub(in crate::optimizer) fn min(&self) -> usize {
        self.nodes[0].min
    }

    /// The node at preorder index `at`.
    pub(super) fn node(&self, at: usize) -> Node {
        self.nodes[at]
    }
}

/// Appends the sizes of `value`'s subtree to `nodes`, in preorder; returns its len and min.
/// (Returning the pair rather than a `Node` keeps it in registers: returning the struct cost a
/// store-forwarding stall per node.)
fn walk(value: &Value, nodes: &mut Vec<Node>) -> (usize, usize) {
    let at = nodes.len();
    nodes.push(Node::default());
    let (len, min) = match value {
        Value::Null | Value::Bool(true) => (4, 4),
        Value::Bool(false) => (5, 5),
        Value::Number(n) => {
            let len = number_len(n);
            (len, len)
        }
        Value::String(s) => {
            let len = quoted_len(s);
            (len, len.min(short_form_len(s)))
        }
        Value::Array(items) => {
            // Brackets, and a comma between items.
            let mut len = 2 + items.len().saturating_sub(1);
            for item in items {
                len += walk(item, nodes).0;
            }
            (len, 2)
        }
        Value::Object(map) => {
            let mut len = 2 + map.len().saturating_sub(1);
            let mut min = len;
            for (key, value) in map {
                let key_len = quoted_len(key) + 1;
                let (child_len, child_min) = walk(value, nodes);
                len += key_len + child_len;
                min += key_len + child_min;
            }
            (len, min)
        }
    };
    let count = nodes.len() - at;
    nodes[at] = Node {
        len,
        min,
        nodes: count,
    };
    (len, min)
}

/// A string's bytes as `serde_json` writes it, quotes included.
pub(super) fn quoted_len(s: &str) -> usize {
    let bytes = s.as_bytes();
    if !any_escape(bytes) {
        return bytes.len() + 2;
    }
    bytes.iter().map(|&b| escaped_len(b)).sum::<usize>() + 2
}

/// A long string cut to its first `SHORT` bytes (at a char boundary) plus the ellipsis;
/// `usize::MAX` for a short one, which is never cut.
fn short_form_len(s: &str) -> usize {
    if s.len() <= SHORT {
        return usize::MAX;
    }
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
