//! The page `search` returns: ten records built from the query, about 2 KB as JSON.
//!
//! Every side of the benchmark builds the same page, field for field and in the same order
//! (`python/page.py`, `node/page.mjs`), so every server sends the same bytes give or take
//! its JSON spacing; the load generator checks each reply against [`page`].

use schemars::JsonSchema;
use serde::Serialize;

/// Records per page.
pub const RECORDS: u32 = 10;

/// One page of search results.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct Page {
    /// The query, as given.
    pub query: String,
    /// How many records matched.
    pub total: u32,
    /// The records, best first.
    pub results: Vec<Record>,
}

/// One search result.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct Record {
    /// Its rank, from 1.
    pub id: u32,
    /// The query and the rank, as a path segment.
    pub slug: String,
    /// A one-line title.
    pub title: String,
    /// A sentence of fixed length around the query.
    pub summary: String,
    /// The query and two fixed tags.
    pub tags: Vec<String>,
    /// Relevance, higher first.
    pub score: i64,
    /// Where the record lives.
    pub url: String,
}

/// The page for `query`.
#[must_use]
pub fn page(query: &str) -> Page {
    Page {
        query: query.to_owned(),
        total: RECORDS,
        results: (1..=RECORDS).map(|id| record(query, id)).collect(),
    }
}

fn record(query: &str, id: u32) -> Record {
    Record {
        id,
        slug: format!("{query}-{id}"),
        title: format!("Result {id} for {query}"),
        summary: format!(
            "Record {id} of {RECORDS} for the query {query}: a fixed sentence, the same on \
             every server, so that each side sends the same bytes."
        ),
        tags: vec![
            query.to_owned(),
            "bench".to_owned(),
            format!("group-{}", id % 3),
        ],
        score: 1000 - 37 * i64::from(id),
        url: format!("https://example.com/search/{query}/{id}"),
    }
}
