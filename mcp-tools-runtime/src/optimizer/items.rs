//! Cutting structured results by whole items, so they stay valid against their schema.

use rmcp::model::ContentBlock;
use serde_json::{Value, json};

use super::{CallFacts, Report, Shaped, fits, notice, set_next_cursor};
use crate::output::PageInfo;

/// Where the items to cut live.
enum Items {
    /// `value` itself is the array.
    Root,
    /// `value[key]` is.
    Field(String),
}

pub(super) fn shape(value: Value, page: Option<PageInfo>, facts: &CallFacts<'_>) -> Shaped {
    let mirror = value.to_string();
    if let Some(tokens) = fits(&mirror, facts) {
        return Shaped {
            content: vec![ContentBlock::text(mirror)],
            structured: Some(value),
            truncation: None,
            report: Report {
                tokens,
                tokens_cut: 0,
                truncated: false,
            },
        };
    }
    match find_items(&value, page.is_some()) {
        Some(location) => cut_items(value, &location, page, &mirror, facts),
        None => clip_strings(value, &mirror, facts),
    }
}

fn find_items(value: &Value, is_page: bool) -> Option<Items> {
    if is_page {
        return Some(Items::Field("items".to_owned()));
    }
    match value {
        Value::Array(_) => Some(Items::Root),
        Value::Object(map) => map
            .iter()
            .filter_map(|(k, v)| v.as_array().map(|a| (k, a.len())))
            .filter(|(_, len)| *len > 0)
            .max_by_key(|(_, len)| *len)
            .map(|(k, _)| Items::Field(k.clone())),
        _ => None,
    }
}

fn take_items(value: &mut Value, location: &Items) -> Vec<Value> {
    let slot = match location {
        Items::Root => Some(value),
        Items::Field(key) => value.get_mut(key.as_str()),
    };
    match slot {
        Some(Value::Array(items)) => std::mem::take(items),
        _ => Vec::new(),
    }
}

fn put_items(value: &mut Value, location: &Items, items: Vec<Value>) {
    match location {
        Items::Root => *value = Value::Array(items),
        Items::Field(key) => value[key.as_str()] = Value::Array(items),
    }
}

fn cut_items(
    mut value: Value,
    location: &Items,
    page: Option<PageInfo>,
    full_mirror: &str,
    facts: &CallFacts<'_>,
) -> Shaped {
    let items = take_items(&mut value, location);
    let envelope = facts.encoding.count(&value.to_string());
    // Count item by item and stop at the budget: O(kept), whatever the page holds.
    let mut used = envelope + notice::RESERVE;
    let mut keep = 0;
    for item in &items {
        let cost = facts.encoding.count(&item.to_string()) + 1;
        if used + cost > facts.budget {
            break;
        }
        used += cost;
        keep += 1;
    }
    let total_items = items.len();
    loop {
        let mut kept_value = value.clone();
        put_items(&mut kept_value, location, items[..keep].to_vec());
        if let Some(info) = page {
            set_next_cursor(&mut kept_value, facts, info.start + keep as u64);
            kept_value["truncated"] = json!({ "kept_items": keep, "page_items": total_items });
        }
        let mirror = kept_value.to_string();
        let kept_tokens = facts.encoding.count(&mirror);
        let total_tokens = notice::estimate_total(kept_tokens, mirror.len(), full_mirror.len());
        let next = next_call(&kept_value, page, facts);
        let what = match page {
            Some(PageInfo {
                total: Some(all), ..
            }) => format!("{keep} of the {total_items} items of this page, of {all} in all"),
            Some(_) => format!("{keep} of the {total_items} items of this page"),
            None => format!("{keep} of {total_items} items"),
        };
        let fallback = "To see the rest, narrow the request: a more specific query or filter, or a smaller limit.";
        let (text, meta) = notice::render(
            facts,
            &what,
            (kept_tokens, total_tokens),
            next.as_ref(),
            fallback,
        );
        let notice_tokens = facts.encoding.count(&text);
        let chars = mirror.chars().count() + text.chars().count();
        if keep == 0 || (kept_tokens + notice_tokens <= facts.budget && chars <= facts.char_budget)
        {
            let mut meta = meta;
            meta["kept_items"] = json!(keep);
            meta["total_items"] = json!(total_items);
            return Shaped {
                content: vec![ContentBlock::text(mirror), ContentBlock::text(text)],
                structured: Some(kept_value),
                truncation: Some(meta),
                report: Report {
                    tokens: Some(kept_tokens + notice_tokens),
                    tokens_cut: total_tokens.saturating_sub(kept_tokens),
                    truncated: true,
                },
            };
        }
        keep -= 1;
    }
}

fn next_call(
    kept: &Value,
    page: Option<PageInfo>,
    facts: &CallFacts<'_>,
) -> Option<notice::NextCall> {
    page?;
    let param = facts.cursor_param?;
    let cursor = kept.get("next_cursor")?.clone();
    Some(notice::NextCall::with(facts, param, cursor))
}

/// No list to cut: shorten the longest strings until the result fits.
fn clip_strings(mut value: Value, full_mirror: &str, facts: &CallFacts<'_>) -> Shaped {
    for _ in 0..32 {
        let mirror = value.to_string();
        let kept_tokens = facts
            .encoding
            .count_up_to(&mirror, facts.budget.saturating_sub(notice::RESERVE));
        if let Some(kept_tokens) = kept_tokens
            && mirror.chars().count() + 400 <= facts.char_budget
        {
            let total = notice::estimate_total(kept_tokens, mirror.len(), full_mirror.len());
            let fallback = "To see the rest, narrow the request to fewer or smaller fields.";
            let (text, meta) = notice::render(
                facts,
                "shortened text fields",
                (kept_tokens, total),
                None,
                fallback,
            );
            let notice_tokens = facts.encoding.count(&text);
            return Shaped {
                content: vec![ContentBlock::text(mirror), ContentBlock::text(text)],
                structured: Some(value),
                truncation: Some(meta),
                report: Report {
                    tokens: Some(kept_tokens + notice_tokens),
                    tokens_cut: total.saturating_sub(kept_tokens),
                    truncated: true,
                },
            };
        }
        if !halve_longest_string(&mut value) {
            break;
        }
    }
    // Nothing left to shorten: send what there is, marked.
    let mirror = value.to_string();
    let tokens = facts.encoding.count(&mirror);
    Shaped {
        content: vec![ContentBlock::text(mirror)],
        structured: Some(value),
        truncation: None,
        report: Report {
            tokens: Some(tokens),
            tokens_cut: 0,
            truncated: false,
        },
    }
}

fn halve_longest_string(value: &mut Value) -> bool {
    fn longest(value: &mut Value) -> Option<&mut String> {
        match value {
            Value::String(s) => Some(s),
            Value::Array(items) => items.iter_mut().filter_map(longest).max_by_key(|s| s.len()),
            Value::Object(map) => map.values_mut().filter_map(longest).max_by_key(|s| s.len()),
            _ => None,
        }
    }
    let Some(s) = longest(value) else {
        return false;
    };
    if s.len() < 16 {
        return false;
    }
    let mut cut = s.len() / 2;
    while !s.is_char_boundary(cut) {
        cut -= 1;
    }
    s.truncate(cut);
    s.push('…');
    true
}
