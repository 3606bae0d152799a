//! Cutting a structured value to a token share while keeping its structure: every key stays,
//! lists keep a prefix of whole items, long strings are shortened, and several lists share
//! the room fairly (see `fit`). A page's `items` resume through its cursor.

use serde_json::{Value, json};

use super::{
    base::{CallFacts, set_next_cursor},
    estimate::{self, Total},
    fit::{self, Cut},
    notice::{Continuation, Notice, thousands},
};
use crate::output::PageInfo;

/// Bytes left for a page's `next_cursor` and `truncated` fields, added after the cut.
const PAGE_FIELDS: usize = 200;

/// A structured value cut to its share.
pub(super) struct Kept {
    pub(super) value: Value,
    /// Its compact JSON, the text mirror.
    pub(super) json: String,
    pub(super) tokens: usize,
    cut: Cut,
}

/// The largest cut of `value` whose JSON is within `target` tokens, found from a guess of
/// the bytes per token corrected by exact counts of what is kept (never of the whole).
pub(super) fn cut_to(
    value: &Value,
    target: usize,
    page: Option<PageInfo>,
    facts: &CallFacts<'_>,
) -> Kept {
    let reserve = if page.is_some() { PAGE_FIELDS } else { 0 };
    // JSON runs about three bytes a token; each count corrects the guess, and the search
    // keeps the largest cut that fits between one that fits and one that does not.
    let guess = target.saturating_mul(3);
    let mut bytes = fit::total_at_most(value, guess).unwrap_or(guess);
    let mut fits: Option<(usize, Kept)> = None;
    let mut over: Option<usize> = None;
    for _ in 0..6 {
        let kept = keep(value, bytes.saturating_sub(reserve), page, facts);
        let next = match facts.encoding.count_up_to(&kept.json, target) {
            Some(tokens) => {
                let whole = kept.cut.lists.is_empty() && kept.cut.strings.is_empty();
                let done = whole || tokens * 10 >= target * 9;
                fits = Some((bytes, Kept { tokens, ..kept }));
                if done {
                    break;
                }
                let grown = scale(bytes, target, tokens.max(1), 0.97);
                over.map_or(grown, |over| grown.min(bytes.midpoint(over)))
            }
            None => {
                over = Some(bytes);
                let shrunk = scale(bytes, target, facts.encoding.count(&kept.json), 0.95);
                fits.as_ref()
                    .map_or(shrunk, |(low, _)| shrunk.max(low.midpoint(bytes)))
            }
        };
        if next == bytes || next == 0 {
            break;
        }
        bytes = next;
    }
    if let Some((_, kept)) = fits {
        return kept;
    }
    // The guesses overshot every time: halve down to what fits, and at worst the smallest
    // form (every list empty, every long string short).
    let mut bytes = over.unwrap_or(bytes);
    loop {
        bytes /= 2;
        let kept = keep(value, bytes.saturating_sub(reserve), page, facts);
        if bytes == 0 {
            let tokens = facts.encoding.count(&kept.json);
            return Kept { tokens, ..kept };
        }
        if let Some(tokens) = facts.encoding.count_up_to(&kept.json, target) {
            return Kept { tokens, ..kept };
        }
    }
}

fn scale(bytes: usize, target: usize, tokens: usize, margin: f64) -> usize {
    (bytes as f64 * target as f64 / tokens as f64 * margin) as usize
}

fn keep(value: &Value, bytes: usize, page: Option<PageInfo>, facts: &CallFacts<'_>) -> Kept {
    let mut cut = fit::fit(value, bytes);
    keep_handle_whole(value, &mut cut);
    let mut kept = cut.value.clone();
    if let Some(info) = page
        && let Some(items) = cut.lists.iter().find(|l| l.pointer == "/items")
    {
        // An item larger than the whole budget is skipped (the notice says so), so the
        // next page moves on.
        let next = info.start + items.kept.max(1) as u64;
        set_next_cursor(&mut kept, facts, next);
        kept["truncated"] = json!({ "kept_items": items.kept, "page_items": items.total });
    }
    let json = kept.to_string();
    Kept {
        value: kept,
        json,
        tokens: 0,
        cut,
    }
}

/// Puts back a root `handle` (a plan's, a state handle's) that the cut shortened: a
/// shortened handle opens nothing. The search above counts what is kept, this included.
/// A string too long to be a sealed token stays cut.
fn keep_handle_whole(value: &Value, cut: &mut Cut) {
    let Some(at) = cut.strings.iter().position(|s| s.pointer == "/handle") else {
        return;
    };
    let Some(handle) = value.get("handle").filter(|h| {
        h.as_str()
            .is_some_and(|h| h.len() <= crate::seal::MAX_TOKEN_LEN)
    }) else {
        return;
    };
    cut.strings.remove(at);
    cut.value["handle"] = handle.clone();
}

impl Kept {
    /// Adds what was cut to the notice, and the cursor that continues a page.
    pub(super) fn report(
        &self,
        page: Option<PageInfo>,
        facts: &CallFacts<'_>,
        notice: &mut Notice,
    ) {
        for list in &self.cut.lists {
            let is_page_items = page.is_some() && list.pointer == "/items";
            let what = if is_page_items {
                match page.and_then(|p| p.total) {
                    Some(all) => format!(
                        "{} of the {} items of this page, of {} in all",
                        thousands(list.kept as u64),
                        thousands(list.total as u64),
                        thousands(all)
                    ),
                    None => format!(
                        "{} of the {} items of this page",
                        thousands(list.kept as u64),
                        thousands(list.total as u64)
                    ),
                }
            } else {
                format!(
                    "{} of {} items of {}",
                    thousands(list.kept as u64),
                    thousands(list.total as u64),
                    name(&list.pointer)
                )
            };
            notice.kept.push(what);
            if list.last_shortened {
                notice.kept.push(format!(
                    "item {} of {} shortened, larger than the budget",
                    thousands(list.kept as u64),
                    name(&list.pointer)
                ));
            }
            if is_page_items && list.kept == 0 {
                notice.left_out.push(format!(
                    "item {} of the page: larger than the whole budget; the next page starts after it",
                    thousands(page.map_or(0, |p| p.start) + 1)
                ));
            }
            if is_page_items
                && let (Some(param), Some(cursor)) =
                    (facts.cursor_param, self.value.get("next_cursor"))
            {
                notice.continue_with(Continuation::Set(param, cursor.clone()));
            }
        }
        match self.cut.strings.as_slice() {
            [] => {}
            [one] => notice.kept.push(format!(
                "the first {} of {} characters of {}",
                thousands(one.kept_chars as u64),
                thousands(one.total_chars as u64),
                name(&one.pointer)
            )),
            many => notice
                .kept
                .push(format!("{} long text fields shortened", many.len())),
        }
        let lists: Vec<Value> = self
            .cut
            .lists
            .iter()
            .map(|l| json!({ "pointer": l.pointer, "kept": l.kept, "total": l.total }))
            .collect();
        if !lists.is_empty() {
            notice.meta.insert("lists".to_owned(), Value::Array(lists));
        }
        if let [only] = self.cut.lists.as_slice() {
            notice
                .meta
                .insert("kept_items".to_owned(), json!(only.kept));
            notice
                .meta
                .insert("total_items".to_owned(), json!(only.total));
        }
        if page.is_none() && !self.cut.lists.is_empty() {
            notice.continue_with(Continuation::None);
        }
    }

    /// The tokens of `value`, of which this is the cut: those kept, counted, and those of
    /// each list's items and each string's characters left out, estimated from samples of
    /// them (see `estimate`), never from the kept part's density.
    pub(super) fn total(&self, value: &Value, facts: &CallFacts<'_>) -> Total {
        let mut total = Total::exact(self.tokens);
        for list in &self.cut.lists {
            if let Some(items) = value.pointer(&list.pointer).and_then(Value::as_array) {
                total = total + estimate::list_rest(&items[list.kept.min(items.len())..], facts);
            }
        }
        for string in &self.cut.strings {
            if let Some(s) = value.pointer(&string.pointer).and_then(Value::as_str) {
                let end = s
                    .char_indices()
                    .nth(string.kept_chars)
                    .map_or(s.len(), |(i, _)| i);
                total = total + estimate::string_rest(&s[end..], facts);
            }
        }
        total
    }

    /// The string now at `pointer`, for a text block linked to it.
    pub(super) fn string_at(&self, pointer: &str) -> Option<&str> {
        self.value.pointer(pointer).and_then(Value::as_str)
    }
}

/// `entities` for `/entities`, `the list` for the root.
fn name(pointer: &str) -> String {
    match pointer.rsplit('/').next() {
        Some(last) if !pointer.is_empty() => {
            format!("`{}`", last.replace("~1", "/").replace("~0", "~"))
        }
        _ => "the list".to_owned(),
    }
}
