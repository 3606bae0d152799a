//! Exact token counts, with costs that grow with the budget rather than with the text.
//!
//! Counting uses `bpe-openai`: exact `o200k_base` and `cl100k_base` ids (the same as tiktoken),
//! a counting API that stops at a limit, linear time on pathological input (long runs of one
//! character), and no panics. The vocabularies load once per process, on first use or when
//! [`Encoding::warm`] runs them on a background thread at server start.

use bpe_openai::Tokenizer;

/// No o200k or cl100k token is longer than this many bytes.
const MAX_TOKEN_BYTES: usize = 128;

/// The tokenizer counts are made with.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Encoding {
    /// GPT-4o's encoding; close to what current models see. The default.
    #[default]
    O200kBase,
    /// GPT-4's encoding.
    Cl100kBase,
}

impl Encoding {
    fn tokenizer(self) -> &'static Tokenizer {
        match self {
            Encoding::O200kBase => bpe_openai::o200k_base(),
            Encoding::Cl100kBase => bpe_openai::cl100k_base(),
        }
    }

    /// Loads the vocabulary on a background thread, so the first call does not pay for it.
    pub fn warm(self) {
        std::thread::spawn(move || {
            let _ = self.tokenizer().count("warm");
        });
    }

    /// The number of tokens in `text`.
    #[must_use]
    pub fn count(self, text: &str) -> usize {
        self.tokenizer().count(text)
    }

    /// The number of tokens in `text` if it is at most `limit`; `None` as soon as the count
    /// passes it. Costs O(`limit`), not O(`text`).
    #[must_use]
    pub fn count_up_to(self, text: &str, limit: usize) -> Option<usize> {
        // Every token covers at least one byte: a text of at most `limit` bytes fits.
        if text.len() <= limit {
            return Some(self.count(text));
        }
        let tokenizer = self.tokenizer();
        tokenizer.count_till_limit(&tokenizer.normalize(text), limit)
    }

    /// The longest prefix of `text` that ends on a token boundary and a character boundary
    /// and has at most `budget` tokens. Costs O(the prefix).
    #[must_use]
    pub fn prefix(self, text: &str, budget: usize) -> Prefix {
        let tokenizer = self.tokenizer();
        let mut bytes = 0;
        let mut tokens = 0;
        for piece in tokenizer.split(text) {
            let remaining = budget - tokens;
            match tokenizer.bpe.count_till_limit(piece.as_bytes(), remaining) {
                Some(n) => {
                    bytes += piece.len();
                    tokens += n;
                }
                None => {
                    // The piece crosses the budget: keep as many of its tokens as fit.
                    // Encode only a window that surely holds them, so a 1 MB run of one
                    // character costs O(budget), not O(run).
                    let mut window = piece.len().min((remaining + 1) * MAX_TOKEN_BYTES);
                    while !piece.is_char_boundary(window) {
                        window -= 1;
                    }
                    let mut kept = 0;
                    for token in tokenizer
                        .bpe
                        .encode_via_backtracking(&piece.as_bytes()[..window])
                        .into_iter()
                        .take(remaining)
                    {
                        kept += tokenizer.bpe.token_len(token);
                    }
                    bytes += kept;
                    break;
                }
            }
            if tokens == budget {
                break;
            }
        }
        // Never split a character; a cut token may have ended inside one.
        while bytes > 0 && !text.is_char_boundary(bytes) {
            bytes -= 1;
        }
        // A prefix can tokenize differently at its end than inside the whole text; recount
        // what is kept (O(prefix)) and trim until it fits.
        loop {
            let kept = &text[..bytes];
            match self.count_up_to(kept, budget) {
                Some(tokens) => return Prefix { bytes, tokens },
                None => {
                    bytes = kept.char_indices().next_back().map_or(0, |(i, _)| i);
                }
            }
        }
    }
}

/// A prefix found by [`Encoding::prefix`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Prefix {
    /// Its length in bytes (a character boundary).
    pub bytes: usize,
    /// Its exact token count.
    pub tokens: usize,
}

#[cfg(test)]
mod tests {
    use super::Encoding;

    #[test]
    fn counts_match_known_values() {
        assert_eq!(
            Encoding::O200kBase.count("hello world, this is a test of the tokenizer"),
            10
        );
        assert_eq!(Encoding::O200kBase.count(""), 0);
    }

    #[test]
    fn counting_stops_at_the_limit() {
        let text = "word ".repeat(10_000);
        assert_eq!(Encoding::O200kBase.count_up_to(&text, 100), None);
        let small = "word ".repeat(10);
        assert_eq!(
            Encoding::O200kBase.count_up_to(&small, 100),
            Some(Encoding::O200kBase.count(&small))
        );
    }

    #[test]
    fn prefixes_fit_and_never_split_characters() {
        for text in [
            "word ".repeat(5000),
            "한국어 텍스트와 이모지 🚚📦 ".repeat(2000),
            "a".repeat(100_000),
        ] {
            for budget in [1, 7, 100, 2000] {
                let p = Encoding::O200kBase.prefix(&text, budget);
                assert!(text.is_char_boundary(p.bytes));
                assert!(p.tokens <= budget, "{} > {budget}", p.tokens);
                assert_eq!(Encoding::O200kBase.count(&text[..p.bytes]), p.tokens);
                assert!(p.tokens + 2 >= budget, "kept only {} of {budget}", p.tokens);
            }
        }
    }

    #[test]
    fn a_text_within_budget_is_kept_whole() {
        let p = Encoding::Cl100kBase.prefix("short", 10);
        assert_eq!(p.bytes, 5);
    }
}
