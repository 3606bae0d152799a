//! Cutting any JSON value to a byte budget while keeping its structure.
//!
//! The cut keeps every object key and every scalar, so the kept value still validates
//! against the schema the whole value did; only arrays lose items (a prefix stays, so a cursor
//! can resume after it) and long strings get shortened. Room is shared fairly among an
//! object's children, so two big lists each keep about half rather than one all and one none.
//! Sizes are exact bytes of compact JSON, measured once by [`Sizes::of`]; the cut itself costs
//! O(budget), apart from counting the characters of the strings it shortens.

mod sizes;
#[cfg(test)]
mod tests;

use serde_json::{Map, Value};

pub(super) use sizes::Sizes;
use sizes::{ELLIPSIS, escaped_len};

/// What a cut kept.
#[derive(Debug)]
pub(super) struct Cut {
    /// The kept value.
    pub(super) value: Value,
    /// Its exact compact-JSON length.
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

/// Keeps as much of `value` as fits in `budget` bytes of compact JSON.
///
/// `sizes` must be `Sizes::of(value)`. Below the value's minimum size, returns the minimum
/// form (every array empty, every long string at its shortest), which is then over budget.
pub(super) fn fit(value: &Value, sizes: &Sizes, budget: usize) -> Cut {
    let mut cutter = Cutter {
        sizes,
        path: String::new(),
        lists: Vec::new(),
        strings: Vec::new(),
    };
    let (value, bytes) = cutter.cut(value, 0, budget.max(sizes.min()));
    // Children of an object are cut smallest first; preorder is the node order.
    cutter.lists.sort_by_key(|(at, _)| *at);
    cutter.strings.sort_by_key(|(at, _)| *at);
    Cut {
        value,
        bytes,
        lists: cutter.lists.into_iter().map(|(_, cut)| cut).collect(),
        strings: cutter.strings.into_iter().map(|(_, cut)| cut).collect(),
    }
}

/// The walk's state: where it is, and what it cut (keyed by preorder index).
struct Cutter<'a> {
    sizes: &'a Sizes,
    path: String,
    lists: Vec<(usize, ListCut)>,
    strings: Vec<(usize, TextCut)>,
}

/// An object's child, as the object shares its room out.
struct Child<'v> {
    pos: usize,
    at: usize,
    value: &'v Value,
    key: &'v str,
    min: usize,
    /// Bytes it can give up: full size less minimum.
    slack: usize,
}

impl Cutter<'_> {
    /// Cuts the node at preorder index `at` to `room` bytes, which is at least its minimum.
    /// Returns the kept value and its exact length.
    fn cut(&mut self, value: &Value, at: usize, room: usize) -> (Value, usize) {
        let node = self.sizes.node(at);
        debug_assert!(node.min <= room, "cut below the minimum");
        if node.len <= room {
            return (value.clone(), node.len);
        }
        match value {
            Value::String(s) => self.cut_string(s, at, room),
            Value::Array(items) => self.cut_array(items, at, room),
            Value::Object(map) => self.cut_object(map, at, room),
            // Scalars cannot shrink: their minimum is their size, which fit above.
            _ => (value.clone(), node.len),
        }
    }

    /// Keeps the longest prefix that fits with "…" appended. `room` is at least the minimum,
    /// so the prefix holds at least `SHORT` bytes' worth, and is shorter than the string (it
    /// did not fit whole), so the result has no more characters than the original.
    fn cut_string(&mut self, s: &str, at: usize, room: usize) -> (Value, usize) {
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
        self.strings.push((
            at,
            TextCut {
                pointer: self.path.clone(),
                kept_chars,
                total_chars: kept_chars + s[end..].chars().count(),
            },
        ));
        (Value::String(kept), used + 2 + ELLIPSIS.len())
    }

    /// Keeps a prefix of whole items; if not even the first fits whole, the first cut inside.
    fn cut_array(&mut self, items: &[Value], at: usize, room: usize) -> (Value, usize) {
        let mut kept = Vec::new();
        let mut used = 2;
        let mut child = at + 1;
        for item in items {
            let node = self.sizes.node(child);
            let len = node.len + usize::from(!kept.is_empty());
            if used + len > room {
                break;
            }
            used += len;
            kept.push(item.clone());
            child += node.nodes;
        }
        let last_shortened =
            kept.is_empty() && !items.is_empty() && 2 + self.sizes.node(at + 1).min <= room;
        if last_shortened {
            let mark = self.path.len();
            self.path.push_str("/0");
            let (first, len) = self.cut(&items[0], at + 1, room - 2);
            self.path.truncate(mark);
            used += len;
            kept.push(first);
        }
        self.lists.push((
            at,
            ListCut {
                pointer: self.path.clone(),
                kept: kept.len(),
                total: items.len(),
                last_shortened,
            },
        ));
        (Value::Array(kept), used)
    }

    /// Keeps every key; shares the room above the children's minima max-min fairly
    /// (water-filling), each child capped at its full size.
    fn cut_object(&mut self, map: &Map<String, Value>, at: usize, room: usize) -> (Value, usize) {
        let node = self.sizes.node(at);
        let mut children = Vec::with_capacity(map.len());
        let (mut child, mut values_len, mut mins) = (at + 1, 0, 0);
        for (pos, (key, value)) in map.iter().enumerate() {
            let sizes = self.sizes.node(child);
            children.push(Child {
                pos,
                at: child,
                value,
                key,
                min: sizes.min,
                slack: sizes.len - sizes.min,
            });
            values_len += sizes.len;
            mins += sizes.min;
            child += sizes.nodes;
        }
        // Braces, keys, colons and commas stay whatever is cut.
        let frame = node.len - values_len;
        // Smallest need first: each child gets an equal share of what is left above the
        // minima, or less if it needs less; what it leaves unused goes to those after it.
        children.sort_by_key(|c| c.slack);
        let mut left = room - frame;
        let mut kept = vec![Value::Null; children.len()];
        for (done, c) in children.iter().enumerate() {
            let share = (left - mins) / (children.len() - done);
            let child_room = c.min + c.slack.min(share);
            let (value, len) = if c.slack <= share {
                (c.value.clone(), c.min + c.slack)
            } else {
                let mark = self.path.len();
                push_token(&mut self.path, c.key);
                let cut = self.cut(c.value, c.at, child_room);
                self.path.truncate(mark);
                cut
            };
            kept[c.pos] = value;
            left -= len;
            mins -= c.min;
        }
        let out: Map<String, Value> = map.keys().cloned().zip(kept).collect();
        (Value::Object(out), room - left)
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
