//! Progressive discovery for large catalogs: `tools/list` shows `tools_search` and
//! `tools_call` (plus pinned tools); `tools_search` ranks every tool by BM25 over its name,
//! description and parameter docs and returns full definitions; `tools_call` calls any tool
//! with the same validation, scopes and budgets as a direct call. Rankings are
//! deterministic (ties keep registration order), so prompt caches hold.

use std::collections::HashMap;

use rmcp::model::{JsonObject, Tool, ToolAnnotations};
use serde_json::{Value, json};

use crate::wire::{CALL_TOOL, SEARCH_TOOL};

/// Most definitions one search returns.
pub(crate) const MAX_RESULTS: u64 = 10;

/// A BM25 index over the catalog.
#[derive(Debug, Default)]
pub(crate) struct Index {
    docs: Vec<Doc>,
    document_frequency: HashMap<String, usize>,
    average_length: f64,
}

#[derive(Debug)]
struct Doc {
    /// Term frequencies, names weighted above descriptions.
    terms: HashMap<String, f64>,
    length: f64,
}

const NAME_WEIGHT: f64 = 2.0;
const K1: f64 = 1.2;
const B: f64 = 0.75;

impl Index {
    /// Indexes each tool's name, title, description and parameters.
    pub(crate) fn build(tools: &[Tool]) -> Self {
        let mut docs = Vec::with_capacity(tools.len());
        let mut document_frequency: HashMap<String, usize> = HashMap::new();
        for tool in tools {
            let mut terms: HashMap<String, f64> = HashMap::new();
            for term in terms_of(&tool.name) {
                *terms.entry(term).or_default() += NAME_WEIGHT;
            }
            let mut body = String::new();
            body.push_str(tool.title.as_deref().unwrap_or_default());
            body.push(' ');
            body.push_str(tool.description.as_deref().unwrap_or_default());
            if let Some(properties) = tool
                .input_schema
                .get("properties")
                .and_then(Value::as_object)
            {
                for (name, property) in properties {
                    body.push(' ');
                    body.push_str(name);
                    body.push(' ');
                    body.push_str(
                        property
                            .get("description")
                            .and_then(Value::as_str)
                            .unwrap_or_default(),
                    );
                }
            }
            for term in terms_of(&body) {
                *terms.entry(term).or_default() += 1.0;
            }
            for term in terms.keys() {
                *document_frequency.entry(term.clone()).or_default() += 1;
            }
            let length = terms.values().sum();
            docs.push(Doc { terms, length });
        }
        let average_length = if docs.is_empty() {
            1.0
        } else {
            docs.iter().map(|d| d.length).sum::<f64>() / docs.len() as f64
        };
        Index {
            docs,
            document_frequency,
            average_length,
        }
    }

    /// The indexes of the best matches for `query`, best first.
    pub(crate) fn search(&self, query: &str, limit: usize) -> Vec<usize> {
        let n = self.docs.len() as f64;
        let mut query_terms = terms_of(query);
        query_terms.sort();
        query_terms.dedup();
        let mut scored: Vec<(f64, usize)> = self
            .docs
            .iter()
            .enumerate()
            .map(|(i, doc)| {
                let score = query_terms
                    .iter()
                    .filter_map(|t| doc.terms.get(t).map(|tf| (t, *tf)))
                    .map(|(t, tf)| {
                        let df = self.document_frequency.get(t).copied().unwrap_or(0) as f64;
                        let idf = ((n - df + 0.5) / (df + 0.5) + 1.0).ln();
                        idf * tf * (K1 + 1.0)
                            / (tf + K1 * (1.0 - B + B * doc.length / self.average_length))
                    })
                    .sum::<f64>();
                (score, i)
            })
            .filter(|(score, _)| *score > 0.0)
            .collect();
        scored.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.1.cmp(&b.1)));
        scored.into_iter().take(limit).map(|(_, i)| i).collect()
    }
}

const STOPWORDS: &[&str] = &[
    "a", "an", "and", "are", "as", "at", "be", "by", "can", "for", "from", "how", "i", "in", "is",
    "it", "its", "me", "my", "of", "on", "or", "the", "this", "that", "to", "use", "used", "when",
    "with", "what", "which", "you", "your",
];

/// Lower-cased words of `text`, split on `_` and punctuation, lightly stemmed.
fn terms_of(text: &str) -> Vec<String> {
    text.split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(str::to_lowercase)
        // Single letters and bare numbers (ids, years) match by accident, not by meaning.
        .filter(|w| w.chars().count() > 1 && !w.chars().all(|c| c.is_ascii_digit()))
        .filter(|w| !STOPWORDS.contains(&w.as_str()))
        .map(|w| stem(&w))
        .collect()
}

/// Enough stemming that plurals, past tenses and -ing forms meet their root:
/// "shipments", "shipping" and "shipment"; "cancelled" and "cancel"; "invoices" and "invoice".
fn stem(word: &str) -> String {
    let mut root = word;
    for suffix in ["ments", "ment", "ings", "ing", "ies", "ed", "es", "s"] {
        if root.len() > suffix.len() + 2
            && let Some(stripped) = root.strip_suffix(suffix)
        {
            // "status", "address", "bus": an `s` after `s` or `u` is not a plural.
            if suffix == "s" && (stripped.ends_with('s') || stripped.ends_with('u')) {
                continue;
            }
            if suffix == "ies" {
                return format!("{stripped}y");
            }
            root = stripped;
            break;
        }
    }
    let bytes = root.as_bytes();
    let n = bytes.len();
    // "shipp" → "ship", "cancell" → "cancel".
    let root = if n > 3 && bytes[n - 1] == bytes[n - 2] && !b"aeiosz".contains(&bytes[n - 1]) {
        &root[..n - 1]
    } else {
        root
    };
    // "invoic(e)", "minut(e)", "chang(e)": drop a final `e` so both forms meet.
    root.strip_suffix('e')
        .filter(|r| r.len() > 2)
        .unwrap_or(root)
        .to_owned()
}

fn object(value: Value) -> JsonObject {
    match value {
        Value::Object(map) => map,
        _ => JsonObject::new(),
    }
}

/// The listing of `tools_search`.
pub(crate) fn search_tool(total: usize) -> Tool {
    let schema = object(json!({
        "type": "object",
        "properties": {
            "query": {
                "type": "string",
                "description": "What you want to do, in a few words, e.g. `cancel a shipment` or `refund an order`.",
                "minLength": 1,
                "maxLength": 300
            },
            "limit": {
                "type": "integer",
                "description": "Most tools to return.",
                "minimum": 1,
                "maximum": MAX_RESULTS,
                "default": 5
            }
        },
        "required": ["query"],
        "additionalProperties": false
    }));
    Tool::new(
        SEARCH_TOOL,
        format!(
            "Find tools for a task among this server's {total} tools, which are not all listed.\n\nReturns the best matches with their full definitions (name, description, input schema). Then call one with `{CALL_TOOL}`."
        ),
        std::sync::Arc::new(schema),
    )
    .with_title("Search Tools")
    .with_annotations(ToolAnnotations::new().read_only(true).open_world(false))
}

/// The listing of `tools_call`.
pub(crate) fn call_tool() -> Tool {
    let schema = object(json!({
        "type": "object",
        "properties": {
            "name": {
                "type": "string",
                "description": "The tool's name, as `tools_search` returned it.",
                "minLength": 1
            },
            "arguments": {
                "type": "object",
                "description": "The tool's arguments, matching its input schema."
            }
        },
        "required": ["name"],
        "additionalProperties": false
    }));
    Tool::new(
        CALL_TOOL,
        format!("Call any of this server's tools by name, with its arguments.\n\nFind the tool and its input schema with `{SEARCH_TOOL}` first; results and errors are the tool's own."),
        std::sync::Arc::new(schema),
    )
    .with_title("Call Tool")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tool(name: &str, description: &str) -> Tool {
        Tool::new(
            name.to_owned(),
            description.to_owned(),
            std::sync::Arc::new(JsonObject::new()),
        )
    }

    #[test]
    fn ranks_by_name_and_description() {
        let tools = [
            tool(
                "shipment_cancel",
                "Cancel a shipment that has not been delivered.",
            ),
            tool(
                "shipment_search",
                "Find shipments by number, sender or city.",
            ),
            tool(
                "invoice_refund",
                "Refund an invoice to the customer's card.",
            ),
        ];
        let index = Index::build(&tools);
        assert_eq!(index.search("cancel my shipment", 3)[0], 0);
        assert_eq!(index.search("find shipments in Berlin", 3)[0], 1);
        assert_eq!(index.search("refunds", 3), [2]);
        assert!(index.search("weather", 3).is_empty());
    }

    #[test]
    fn stems_plurals_and_gerunds() {
        for (a, b) in [
            ("shipments", "shipment"),
            ("shipping", "shipment"),
            ("cancelled", "cancel"),
            ("invoices", "invoice"),
            ("minutes", "minute"),
            ("changed", "change"),
            ("addresses", "address"),
            ("statuses", "status"),
            ("deliveries", "delivery"),
        ] {
            assert_eq!(stem(a), stem(b), "{a} / {b}");
        }
        assert_eq!(stem("status"), "status");
    }
}
