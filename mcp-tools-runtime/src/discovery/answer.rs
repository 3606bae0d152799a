//! The `tools_search` answer. By default it is concise: each match's name, title (when it
//! says more than the name) and first sentence, and the input schemas of the best few, held
//! to [`ANSWER_BUDGET`] tokens; a model calls one of those through `tools_call` at once, or
//! asks for any tool's full definition by name. `detail: "full"` gives full definitions.

use rmcp::model::{JsonObject, Tool};
use serde_json::{Value, json};

use super::{
    index::split_summary,
    terms::{identifier_words, words},
};
use crate::{tokens::Encoding, wire::SEARCH_TOOL};

/// Most tokens a concise answer costs, whatever the number of matches (at most
/// [`MAX_RESULTS`](super::listing::MAX_RESULTS)): the saving discovery exists for is not spent on one search.
pub(crate) const ANSWER_BUDGET: usize = 1_500;

/// How many of the best matches come with their input schema, budget permitting.
pub(crate) const SCHEMAS_SHOWN: usize = 3;

/// The longest summary, in characters; a longer first sentence is cut at a word.
const SUMMARY_CHARS: usize = 160;

/// How much of each match an answer gives.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Detail {
    /// Names, titles, summaries; schemas of the best few; within [`ANSWER_BUDGET`].
    Concise,
    /// Each match's definition as `tools/list` would give it.
    Full,
}

/// The answer for `found`, best first.
pub(crate) fn answer(found: &[&Tool], detail: Detail, encoding: Encoding) -> Value {
    match detail {
        Detail::Full => json!({ "tools": found }),
        Detail::Concise => concise(found, encoding),
    }
}

fn concise(found: &[&Tool], encoding: Encoding) -> Value {
    let mut entries: Vec<JsonObject> = found.iter().map(|tool| summary_entry(tool)).collect();
    let fits = |entries: &[JsonObject]| {
        encoding
            .count_up_to(&render(entries).to_string(), ANSWER_BUDGET)
            .is_some()
    };
    // Summaries are short, so ten of them fit; the guard keeps the promise for any catalog.
    while entries.len() > 1 && !fits(&entries) {
        entries.pop();
    }
    // Schemas go to the best matches in rank order, while the answer stays within budget.
    let shown = entries.len().min(SCHEMAS_SHOWN);
    for (i, tool) in found.iter().enumerate().take(shown) {
        let schema = Value::Object(tool.input_schema.as_ref().clone());
        entries[i].insert("inputSchema".to_owned(), schema);
        if !fits(&entries) {
            entries[i].remove("inputSchema");
            break;
        }
    }
    render(&entries)
}

/// The answer's JSON: the entries, and the way to a schema when one is missing.
fn render(entries: &[JsonObject]) -> Value {
    let mut answer = json!({ "tools": entries });
    if entries.iter().any(|e| !e.contains_key("inputSchema")) {
        answer["more"] = format!(
            "for the input schema of a tool listed without one, call `{SEARCH_TOOL}` with `name` set to the tool's name"
        )
        .into();
    }
    answer
}

/// A match without its schema: name, title if it says more, first sentence.
fn summary_entry(tool: &Tool) -> JsonObject {
    let mut entry = JsonObject::new();
    entry.insert("name".to_owned(), tool.name.as_ref().into());
    if let Some(title) = tool.title.as_deref()
        && !repeats_name(title, &tool.name)
    {
        entry.insert("title".to_owned(), title.into());
    }
    let (summary, _) = split_summary(tool.description.as_deref().unwrap_or_default());
    entry.insert("summary".to_owned(), clip(summary, SUMMARY_CHARS).into());
    entry
}

/// Whether `title` only spells the name's words again ("Get Me" for `github_get_me`).
fn repeats_name(title: &str, name: &str) -> bool {
    let title: Vec<String> = words(title).collect();
    let name = identifier_words(name);
    name.ends_with(&title)
}

/// `text` cut to at most `max` characters at a word, with an ellipsis when cut.
fn clip(text: &str, max: usize) -> String {
    if text.chars().count() <= max {
        return text.to_owned();
    }
    let end = text.char_indices().nth(max).map_or(text.len(), |(i, _)| i);
    let cut = if text[end..].starts_with(char::is_whitespace) {
        &text[..end]
    } else {
        text[..end]
            .rfind(char::is_whitespace)
            .map_or(&text[..end], |space| &text[..space])
    };
    format!(
        "{}…",
        cut.trim_end_matches(|c: char| c.is_whitespace() || c == ',')
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_summaries_are_cut_at_a_word() {
        assert_eq!(clip("Refund a payment.", 160), "Refund a payment.");
        assert_eq!(
            clip("Refund a payment intent, fully or in part", 24),
            "Refund a payment intent…"
        );
    }

    #[test]
    fn a_title_that_repeats_the_name_is_left_out() {
        assert!(repeats_name("Get Me", "github_get_me"));
        assert!(repeats_name("Set Weight", "shipment_set_weight"));
        assert!(!repeats_name("Search Tools", "tools_search"));
    }
}
