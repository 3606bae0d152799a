//! Exact token counts, with costs that grow with the budget rather than with the text.
//!
//! Exact `o200k_base` and `cl100k_base` ids (the same as tiktoken): tiktoken's pre-tokenizer
//! (`split.rs`), then byte-pair encoding by the `bpe` crate, which counts in linear time even
//! on pathological input (long runs of one character), stops counting at a limit, and does
//! not panic. The pre-tokenizer and the way the vocabularies are built are ported from
//! `bpe-openai` 0.3.2 (github/rust-gems, MIT License); the vocabularies are tiktoken's own
//! files (MIT License), see `vocab/README.md`.
//!
//! A vocabulary loads once per process, when a count first needs it (`vocab.rs`): a server
//! whose results fit their budgets in bytes never loads one.
//!
//! A text too long to count whole at a bounded cost has its count estimated
//! (`estimate.rs`): its last stretch counted, the rest from windows spread over it.

mod count;
mod encoding;
pub(crate) mod estimate;
mod split;
mod vocab;

pub use count::Prefix;
pub use encoding::Encoding;

#[cfg(test)]
mod tests;
