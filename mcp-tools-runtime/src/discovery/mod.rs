//! Progressive discovery for large catalogs: `tools/list` shows `tools_search` and
//! `tools_call` (plus pinned tools); `tools_search` ranks every tool (`index`) and answers
//! with the best matches in few tokens (`answer`); `tools_call` calls any tool with the same
//! validation, scopes and budgets as a direct call.
//!
//! - `terms`: the words matched on, and their folding;
//! - `synonyms`: the built-in bridges between users' words and tools' words;
//! - `index`: the ranker (BM25F over name, summary, description, parameters, keywords);
//! - `answer`: the concise answer and its token budget;
//! - `listing`: the two tools' own definitions.

mod answer;
mod index;
mod listing;
mod synonyms;
mod terms;

pub(crate) use answer::{Detail, answer};
pub(crate) use index::{Entry, Index};
pub(crate) use listing::{DEFAULT_RESULTS, call_tool, search_tool};
