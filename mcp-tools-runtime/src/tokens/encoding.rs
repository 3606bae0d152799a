//! [`Encoding`], the name of a tokenizer; what it counts with is in `count.rs`.

/// The tokenizer counts are made with.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Encoding {
    /// GPT-4o's encoding; close to what current models see. The default.
    #[default]
    O200kBase,
    /// GPT-4's encoding.
    Cl100kBase,
}
