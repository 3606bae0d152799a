//! Tests that compile code: the `#[tool]`, `#[prompt]` and `#[resource]` UI tests (trybuild),
//! the crate settings, and the design rules measured on the corpus of real servers' tools.

#[path = "../common_crates/mod.rs"]
mod common_crates;

mod corpus;
mod crate_config;
mod prompt_corpus;
mod ui;
mod ui_items;
mod ui_rules;
