//! Cutting an object: every key stays, and the room above the children's minima is shared
//! max-min fairly (water-filling), each child capped at its full size.

use serde_json::{Map, Value};

use super::sizes::{len_at_most, min_at_most, str_len_at_most};
use super::{Cutter, Part};

/// An object's child, as the object shares its room out.
struct Child<'v> {
    pos: usize,
    value: &'v Value,
    key: &'v str,
    min: usize,
    /// Bytes it can give up, full size less minimum: exact if `exact`, else a lower bound
    /// above the water level it was measured to.
    slack: usize,
    exact: bool,
}

impl Cutter {
    /// Cuts an object longer than `room` (at least its minimum) to `room`.
    pub(super) fn cut_object(&mut self, map: &Map<String, Value>, room: usize) -> Part {
        let n = map.len();
        // Braces, keys, colons and commas stay whatever is cut; within the minimum, so O(room).
        let keys: usize = map.keys().map(|k| str_len_at_most(k, room) + 1).sum();
        let frame = 2 + n.saturating_sub(1) + keys;
        let mut children: Vec<Child<'_>> = map
            .iter()
            .enumerate()
            .map(|(pos, (key, value))| Child {
                pos,
                value,
                key,
                min: min_at_most(value, room),
                slack: 0,
                exact: false,
            })
            .collect();
        let mut mins: usize = children.iter().map(|c| c.min).sum();
        debug_assert!(frame + mins <= room, "cut below the minimum");
        measure_slacks(&mut children, room.saturating_sub(frame + mins));

        // Smallest need first: each child gets an equal share of what is left above the
        // minima, or less if it needs less; what it leaves unused goes to those after it.
        children.sort_by_key(|c| c.slack);
        let mut left = room - frame;
        let mut kept = vec![Value::Null; n];
        for (done, c) in children.iter().enumerate() {
            let share = (left - mins) / (n - done);
            let part = if c.exact && c.slack <= share {
                Part::whole(c.value, c.min + c.slack)
            } else {
                let child_room = c.min + share;
                // Measured only to the water level, it may still fit what others left over.
                let known_over = c.slack > share;
                self.descend(c.pos, c.key, |cutter| {
                    if known_over {
                        cutter.shrink(c.value, child_room)
                    } else {
                        cutter.fit_node(c.value, child_room)
                    }
                })
            };
            kept[c.pos] = part.value;
            left -= part.bytes;
            mins -= c.min;
        }
        let out: Map<String, Value> = map.keys().cloned().zip(kept).collect();
        Part {
            value: Value::Object(out),
            bytes: room - left,
        }
    }
}

/// Measures each child's slack up to a water level at least that of the fair share of
/// `spare`: a child over it gets a share below its slack, so is cut whatever its size. The
/// level starts at an even split and at least doubles until the children filled to it would
/// take all of `spare`, so each round measures O(room) bytes, in O(log children) rounds.
fn measure_slacks(children: &mut [Child<'_>], spare: usize) {
    let mut level = spare / children.len().max(1);
    loop {
        for c in children.iter_mut().filter(|c| !c.exact) {
            c.slack = len_at_most(c.value, c.min + level).saturating_sub(c.min);
            c.exact = c.slack <= level;
        }
        let filled: usize = children.iter().map(|c| c.slack.min(level)).sum();
        let over = children.iter().filter(|c| !c.exact).count();
        if over == 0 || filled >= spare {
            return;
        }
        level = (level * 2).max(level + (spare - filled).div_ceil(over));
    }
}
