//! Whether two templates can match one URI, in const evaluation: the check `tools![…]` runs
//! so that two resources answering one URI fail the build.
//!
//! Each template is an automaton over bytes: a literal byte, the start of a variable (its
//! first byte still to come), its loop (one taken, more may follow), the end. Two templates
//! overlap when the product of their automata reaches both ends. Every step of the product
//! moves forward in both templates except a byte taken by two variable loops at once, which
//! changes nothing, so the product is walked one row (a state of one template) at a time,
//! holding the reachable states of the other as a row of bits.
//!
//! Literal text of a template holds no `%`, so when both have variables a URI matching both
//! can be chosen with no `%` in it: bytes free in both are filled with `a`, and decoding
//! changes nothing. A fixed URI may hold escapes; against it, the other template's values
//! must decode and begin and end where [`is_cut`] allows, exactly as
//! [`Template::matches`](super::Template::matches) requires.

use super::{
    MAX_LEN,
    percent::{decodes, is_cut},
};

/// Words in a row: one bit per byte of a template [`super::parse`] accepts, and its end.
const WORDS: usize = MAX_LEN / 64 + 1;

/// Whether some URI matches both `a` and `b`, two templates [`super::parse`] accepts (a
/// fixed URI is a template without variables). Exact, by the rules of the [module
/// docs](super). Beyond [`MAX_LEN`] bytes (unchecked input), it may answer `true` for two
/// templates that do not overlap, never `false` for two that do.
///
/// ```
/// use mcp_tools_shared::uri_template::overlap;
///
/// assert!(overlap("loan://{id}", "loan://policy"));
/// assert!(!overlap("loan://{id}/history", "loan://{id}"));
/// assert!(overlap("file:///{+path}", "file:///{name}.txt"));
/// assert!(!overlap("a://{x}/b", "a://{y}/c"));
///
/// const CLASH: bool = overlap("book://{isbn}", "book://{+isbn}");
/// assert!(CLASH);
/// ```
#[must_use]
pub const fn overlap(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    let (a_fixed, b_fixed) = (!has_variable(a), !has_variable(b));
    if a_fixed && b_fixed {
        return same(a, b);
    }
    // Literal text both start (or end) with must be equal; most pairs part here.
    let (mut a_start, mut b_start) = (0, 0);
    while a_start < a.len() && b_start < b.len() && a[a_start] != b'{' && b[b_start] != b'{' {
        if a[a_start] != b[b_start] {
            return false;
        }
        a_start += 1;
        b_start += 1;
    }
    let (mut a_end, mut b_end) = (a.len(), b.len());
    while a_end > a_start && b_end > b_start && a[a_end - 1] != b'}' && b[b_end - 1] != b'}' {
        if a[a_end - 1] != b[b_end - 1] {
            return false;
        }
        a_end -= 1;
        b_end -= 1;
    }
    let a_side = Side {
        text: a,
        start: a_start,
        end: a_end,
    };
    let b_side = Side {
        text: b,
        start: b_start,
        end: b_end,
    };
    // A fixed URI walks the rows, so its escapes can be checked where variables begin and end.
    if a_fixed {
        return decodes(a) && product(a_side, true, b_side);
    }
    if b_fixed {
        return decodes(b) && product(b_side, true, a_side);
    }
    // The shorter one is the row of bits.
    if a_end - a_start >= b_end - b_start {
        product(a_side, false, b_side)
    } else {
        product(b_side, false, a_side)
    }
}

/// The bytes `text[start..end]` of a template, what is left after the shared literal text.
#[derive(Clone, Copy)]
struct Side<'a> {
    text: &'a [u8],
    start: usize,
    end: usize,
}

/// What a template expects at one of its positions.
#[derive(Clone, Copy)]
enum Step {
    /// This byte.
    Byte(u8),
    /// The first byte of a variable (at its `{`); `true` for `{+name}`.
    Start(bool),
    /// More bytes of a variable that has one, or its end (at its `}`).
    Loop(bool),
    /// Nothing more.
    End,
}

impl Side<'_> {
    const fn step(self, at: usize) -> Step {
        if at == self.end {
            return Step::End;
        }
        match self.text[at] {
            b'{' => Step::Start(self.text[at + 1] == b'+'),
            b'}' => {
                let mut open = at;
                while self.text[open] != b'{' {
                    open -= 1;
                }
                Step::Loop(self.text[open + 1] == b'+')
            }
            byte => Step::Byte(byte),
        }
    }

    /// The `}` closing the variable opened at `open`.
    const fn close(self, open: usize) -> usize {
        let mut at = open;
        while self.text[at] != b'}' {
            at += 1;
        }
        at
    }
}

/// Whether the rows' template and the columns' can both reach their ends on one URI. With
/// `cuts`, the rows are a fixed URI, and a column variable begins or ends only where
/// [`is_cut`] allows.
const fn product(rows: Side<'_>, cuts: bool, cols: Side<'_>) -> bool {
    let width = cols.end - cols.start + 1;
    if width > WORDS * 64 {
        return true;
    }
    let mut row_at = rows.start;
    let mut cur = [0u64; WORDS];
    cur[0] = 1;
    loop {
        let row = rows.step(row_at);
        let cut = !cuts || is_cut(rows.text, row_at);
        let mut next = [0u64; WORDS];
        let mut any = false;
        let mut k = 0;
        while k < width {
            let word = cur[k / 64] >> (k % 64);
            if word == 0 {
                k = (k / 64 + 1) * 64;
                continue;
            }
            if word & 1 == 0 {
                k += word.trailing_zeros() as usize;
                continue;
            }
            let col_at = cols.start + k;
            let col = cols.step(col_at);
            // Steps that keep the row set a later bit of `cur`, read later in this loop; steps
            // that leave it set a bit of `next`.
            let (mut here, mut there) = (usize::MAX, usize::MAX);
            let mut ended = usize::MAX;
            if let Step::Loop(_) = row {
                there = k;
            }
            if let Step::Loop(_) = col
                && cut
            {
                ended = k + 1;
            }
            let after_open = match col {
                Step::Start(_) => cols.close(col_at) - cols.start,
                _ => usize::MAX,
            };
            let mut also = usize::MAX;
            match (row, col) {
                (Step::End, _) | (_, Step::End) | (Step::Loop(_), Step::Loop(_)) => {}
                (Step::Byte(x), Step::Byte(y)) => {
                    if x == y {
                        also = k + 1;
                    }
                }
                (Step::Byte(x), Step::Start(r)) => {
                    if admits(r, x) && cut {
                        also = after_open;
                    }
                }
                (Step::Byte(x), Step::Loop(r)) => {
                    if admits(r, x) {
                        also = k;
                    }
                }
                (Step::Start(r), Step::Byte(y)) => {
                    if admits(r, y) {
                        also = k + 1;
                    }
                }
                (Step::Loop(r), Step::Byte(y)) => {
                    if admits(r, y) {
                        here = k + 1;
                    }
                }
                // Any two variables admit `a`.
                (Step::Start(_), Step::Start(_)) => also = after_open,
                (Step::Start(_), Step::Loop(_)) => also = k,
                (Step::Loop(_), Step::Start(_)) => here = after_open,
            }
            if ended != usize::MAX {
                cur[ended / 64] |= 1 << (ended % 64);
            }
            if here != usize::MAX {
                cur[here / 64] |= 1 << (here % 64);
            }
            if there != usize::MAX {
                next[there / 64] |= 1 << (there % 64);
                any = true;
            }
            if also != usize::MAX {
                next[also / 64] |= 1 << (also % 64);
                any = true;
            }
            k += 1;
        }
        if let Step::End = row {
            let last = width - 1;
            return cur[last / 64] >> (last % 64) & 1 == 1;
        }
        if !any {
            return false;
        }
        row_at = match row {
            Step::Start(_) => rows.close(row_at),
            _ => row_at + 1,
        };
        cur = next;
    }
}

/// Whether a variable (`{+name}` if `reserved`) takes `byte`.
const fn admits(reserved: bool, byte: u8) -> bool {
    reserved || !matches!(byte, b'/' | b'?' | b'#')
}

const fn has_variable(text: &[u8]) -> bool {
    let mut i = 0;
    while i < text.len() {
        if text[i] == b'{' {
            return true;
        }
        i += 1;
    }
    false
}

const fn same(a: &[u8], b: &[u8]) -> bool {
    if a.len() != b.len() {
        return false;
    }
    let mut i = 0;
    while i < a.len() {
        if a[i] != b[i] {
            return false;
        }
        i += 1;
    }
    true
}
