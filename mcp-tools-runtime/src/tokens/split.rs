//! Pre-tokenization: the pieces tiktoken's pattern cuts a text into before byte-pair
//! encoding, which never merges across them.
//!
//! `regex-automata` has no look-around, so tiktoken's `\s+(?!\S)` (a run of whitespace that
//! leaves its last character to the next piece) is rewritten as `bpe-openai` does: a second
//! pattern `\s+\s` whose last character is matched and then given back, and `\s+$` in the
//! first pattern for a run at the end of the text. Matching several patterns at once this way
//! is faster than capture groups.

use regex_automata::{Anchored, Input, meta::Regex};

use super::encoding::Encoding;

/// The look-ahead pattern's index: its match gives back its last character.
const LOOKAHEAD: usize = 1;

/// `o200k_base`: words with their case and contraction, 1–3 digits, punctuation runs,
/// newlines, whitespace.
const O200K: &str = concat!(
    r"[^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]*[\p{Ll}\p{Lm}\p{Lo}\p{M}]+(?i:'s|'t|'re|'ve|'m|'ll|'d)?",
    r"|[^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]+[\p{Ll}\p{Lm}\p{Lo}\p{M}]*(?i:'s|'t|'re|'ve|'m|'ll|'d)?",
    r"|\p{N}{1,3}",
    r"| ?[^\s\p{L}\p{N}]+[\r\n/]*",
    r"|\s*[\r\n]+",
    r"|\s+$",
);

/// `cl100k_base`: contractions, words, 1–3 digits, punctuation runs, newlines, whitespace.
const CL100K: &str = concat!(
    r"(?i:'s|'t|'re|'ve|'m|'ll|'d)",
    r"|[^\r\n\p{L}\p{N}]?\p{L}+",
    r"|\p{N}{1,3}",
    r"| ?[^\s\p{L}\p{N}]+[\r\n]*",
    r"|\s*[\r\n]+",
    r"|\s+$",
);

/// One encoding's pattern, compiled.
pub(super) struct Pretokenizer(Regex);

impl Pretokenizer {
    pub(super) fn new(encoding: Encoding) -> Self {
        let first = match encoding {
            Encoding::O200kBase => O200K,
            Encoding::Cl100kBase => CL100K,
        };
        let regex = Regex::new_many(&[first, r"\s+\s", r"\s+"]).expect("the patterns compile");
        Pretokenizer(regex)
    }

    /// The pieces of `text`, in order; together they are `text`.
    pub(super) fn split<'t>(&self, text: &'t str) -> Pieces<'_, 't> {
        Pieces {
            regex: &self.0,
            text,
            at: 0,
        }
    }
}

/// The iterator of [`Pretokenizer::split`].
pub(super) struct Pieces<'r, 't> {
    regex: &'r Regex,
    text: &'t str,
    at: usize,
}

impl<'t> Iterator for Pieces<'_, 't> {
    type Item = &'t str;

    fn next(&mut self) -> Option<&'t str> {
        let start = self.at;
        let rest = Input::new(&self.text[start..]).anchored(Anchored::Yes);
        // Every character matches some pattern, and every pattern at least one character:
        // the pieces cover the text, and the search ends at its end.
        let found = self.regex.find(rest)?;
        let mut end = start + found.end();
        if found.pattern().as_usize() == LOOKAHEAD {
            // At least two characters: giving one back leaves a piece.
            end -= self.text[start..end]
                .chars()
                .next_back()
                .map_or(0, char::len_utf8);
        }
        self.at = end;
        Some(&self.text[start..end])
    }
}
