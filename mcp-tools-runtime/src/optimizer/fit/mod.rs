//! Cutting any JSON value to a byte budget while keeping its structure.
//!
//! The cut keeps every object key and every scalar, so the kept value still validates
//! against the schema the whole value did; only arrays lose items (a prefix stays, so a cursor
//! can resume after it) and long strings get shortened. Room is shared fairly among an
//! object's children, so two big lists each keep about half rather than one all and one none.
//! Sizes are exact bytes of compact JSON, but measured lazily and only up to the room at hand
//! (`sizes.rs`): a list keeps a prefix, so items after the one that crosses its room are never
//! measured, and a node is walked into only when the cut descends into it. The work is
//! O(budget × depth) plus the keys of the objects cut, not O(input), apart from counting
//! the characters of the strings it shortens.

mod object;
mod sizes;
#[cfg(test)]
mod tests;

use serde_json::Value;

use sizes::{ELLIPSIS, escaped_len, len_at_most, min_at_most};

/// What a cut kept.
#[derive(Debug)]
pub(super) struct Cut {
    /// The kept value.
    pub(super) value: Value,
    /// Its exact compact-JSON length.
    #[cfg_attr(
        not(test),
        expect(dead_code, reason = "callers serialize the kept value anyway")
    )]
    pub(super) bytes: usize,
    /// Every array that lost items, or whose last kept item was cut inside, in preorder.
    pub(super) lists: Vec<ListCut>,
    /// Every string that was shortened, in preorder.
    pub(super) strings: Vec<TextCut>,
}

/// An array that lost items.
#[derive(Debug, PartialEq, Eq)]
pub(super) struct ListCut {
    /// Where it is: an RFC 6901 JSON Pointer, "" for the root.
    pub(super) pointer: String,
    /// Items kept: the first `kept` of the original's.
    pub(super) kept: usize,
    /// Items in the original.
    pub(super) total: usize,
    /// The last kept item was itself cut inside (not even it fit whole).
    pub(super) last_shortened: bool,
}

/// A string that was shortened.
#[derive(Debug, PartialEq, Eq)]
pub(super) struct TextCut {
    /// Where it is: an RFC 6901 JSON Pointer, "" for the root.
    pub(super) pointer: String,
    /// Characters kept from the original (the appended "…" not counted).
    pub(super) kept_chars: usize,
    /// Characters in the original.
    pub(super) total_chars: usize,
}

/// Bytes of `serde_json::to_string(value)` if at most `cap`, measured in O(cap); `None` if more.
pub(in crate::optimizer) fn total_at_most(value: &Value, cap: usize) -> Option<usize> {
    let len = len_at_most(value, cap);
    (len <= cap).then_some(len)
}

/// Keeps as much of `value` as fits in `budget` bytes of compact JSON.
///
/// Below the value's minimum size, returns the minimum form (every array empty, every long
/// string at its shortest), which is then over budget.
pub(super) fn fit(value: &Value, budget: usize) -> Cut {
    let mut cutter = Cutter::default();
    let len = len_at_most(value, budget);
    let part = if len <= budget {
        Part::whole(value, len)
    } else if min_at_most(value, budget) <= budget {
        cutter.shrink(value, budget)
    } else {
        // As large as what is sent, so measured whole; it may not shrink at all.
        cutter.fit_node(value, min_at_most(value, usize::MAX))
    };
    // Children of an object are cut smallest first; preorder is the order of positions.
    cutter.lists.sort_by(|a, b| a.0.cmp(&b.0));
    cutter.strings.sort_by(|a, b| a.0.cmp(&b.0));
    Cut {
        value: part.value,
        bytes: part.bytes,
        lists: cutter.lists.into_iter().map(|(_, cut)| cut).collect(),
        strings: cutter.strings.into_iter().map(|(_, cut)| cut).collect(),
    }
}

/// A node as kept: its value and exact length.
struct Part {
    value: Value,
    bytes: usize,
}

impl Part {
    fn whole(value: &Value, len: usize) -> Part {
        Part {
            value: value.clone(),
            bytes: len,
        }
    }
}

/// The walk's state: where it is (as a JSON Pointer, and as child positions, whose
/// lexicographic order is preorder), and what it cut.
#[derive(Default)]
struct Cutter {
    path: String,
    at: Vec<usize>,
    lists: Vec<(Vec<usize>, ListCut)>,
    strings: Vec<(Vec<usize>, TextCut)>,
}

impl Cutter {
    /// Cuts `value` to `room` bytes, which is at least its minimum; keeps it whole if it fits.
    fn fit_node(&mut self, value: &Value, room: usize) -> Part {
        let len = len_at_most(value, room);
        if len <= room {
            return Part::whole(value, len);
        }
        self.shrink(value, room)
    }

    /// Cuts `value`, known to be longer than `room`, to `room` bytes (at least its minimum).
    fn shrink(&mut self, value: &Value, room: usize) -> Part {
        debug_assert!(min_at_most(value, room) <= room, "cut below the minimum");
        match value {
            Value::String(s) => self.cut_string(s, room),
            Value::Array(items) => self.cut_array(items, room),
            Value::Object(map) => self.cut_object(map, room),
            // Scalars cannot shrink: their minimum is their size, so they fit.
            _ => Part::whole(value, len_at_most(value, usize::MAX)),
        }
    }

    /// Runs `f` at child `pos`, named `token` (a key or an index) in the pointer.
    fn descend<R>(&mut self, pos: usize, token: &str, f: impl FnOnce(&mut Self) -> R) -> R {
        let mark = self.path.len();
        push_token(&mut self.path, token);
        self.at.push(pos);
        let out = f(self);
        self.at.pop();
        self.path.truncate(mark);
        out
    }

    /// Keeps the longest prefix that fits with "…" appended. `room` is at least the minimum,
    /// so the prefix holds at least `SHORT` bytes' worth, and is shorter than the string (it
    /// did not fit whole), so the result has no more characters than the original.
    fn cut_string(&mut self, s: &str, room: usize) -> Part {
        let fits = room - 2 - ELLIPSIS.len();
        let (mut used, mut end, mut kept_chars) = (0, 0, 0);
        for (i, c) in s.char_indices() {
            let len = if c.is_ascii() {
                escaped_len(c as u8)
            } else {
                c.len_utf8()
            };
            if used + len > fits {
                break;
            }
            used += len;
            end = i + c.len_utf8();
            kept_chars += 1;
        }
        let mut kept = String::with_capacity(end + ELLIPSIS.len());
        kept.push_str(&s[..end]);
        kept.push_str(ELLIPSIS);
        let text = TextCut {
            pointer: self.path.clone(),
            kept_chars,
            total_chars: kept_chars + s[end..].chars().count(),
        };
        self.strings.push((self.at.clone(), text));
        Part {
            value: Value::String(kept),
            bytes: used + 2 + ELLIPSIS.len(),
        }
    }

    /// Keeps a prefix of whole items; if not even the first fits whole, the first cut inside.
    /// Items after the first that does not fit are never measured.
    fn cut_array(&mut self, items: &[Value], room: usize) -> Part {
        let mut kept = Vec::new();
        let mut used = 2;
        for item in items {
            let comma = usize::from(!kept.is_empty());
            let left = room.saturating_sub(used + comma);
            let len = len_at_most(item, left);
            if len > left {
                break;
            }
            used += comma + len;
            kept.push(item.clone());
        }
        let whole = kept.len();
        let last_shortened =
            whole == 0 && !items.is_empty() && min_at_most(&items[0], room - 2) <= room - 2;
        if last_shortened {
            // It crossed `room - 2` above, so it is known not to fit whole.
            let first = self.descend(0, "0", |cutter| cutter.shrink(&items[0], room - 2));
            used += first.bytes;
            kept.push(first.value);
        }
        let list = ListCut {
            pointer: self.path.clone(),
            kept: kept.len(),
            total: items.len(),
            last_shortened,
        };
        self.lists.push((self.at.clone(), list));
        Part {
            value: Value::Array(kept),
            bytes: used,
        }
    }
}

/// Appends `/key` to a JSON Pointer, escaped per RFC 6901.
fn push_token(path: &mut String, key: &str) {
    path.push('/');
    for c in key.chars() {
        match c {
            '~' => path.push_str("~0"),
            '/' => path.push_str("~1"),
            c => path.push(c),
        }
    }
}
