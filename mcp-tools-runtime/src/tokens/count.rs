//! What an [`Encoding`] does: count, cut and find prefixes in tokens.

use super::{encoding::Encoding, vocab::Tokenizer};

/// No o200k or cl100k token is longer than this many bytes.
const MAX_TOKEN_BYTES: usize = 128;

impl Encoding {
    fn tokenizer(self) -> &'static Tokenizer {
        Tokenizer::get(self)
    }

    /// Loads the vocabulary on a background thread, so that the first count that needs it
    /// does not wait.
    ///
    /// Nothing calls it for you: results that fit their budget in bytes are never counted,
    /// so a server whose results stay small never loads a vocabulary (`o200k_base` costs
    /// about 0.9 s of CPU in an optimized build and 36 MB of memory, 85 MB of RSS). A
    /// server that expects results over budget, and would rather not make the first of them
    /// wait, calls it at start.
    pub fn warm(self) {
        if !Tokenizer::loaded(self) {
            std::thread::spawn(move || self.tokenizer());
        }
    }

    /// Waits until the vocabulary is loaded, building it on a thread of its own if no one
    /// has started it: what a call awaits before it counts, so no runtime worker is held.
    pub(crate) async fn ready(self) {
        super::vocab::ready(self).await;
    }

    /// Whether the vocabulary is loaded. For tests and for counts only worth making when
    /// they are cheap; not a stable API.
    #[doc(hidden)]
    #[must_use]
    pub fn is_loaded(self) -> bool {
        Tokenizer::loaded(self)
    }

    /// The token ids of `text`. For tests and benchmarks; not a stable API.
    #[doc(hidden)]
    #[must_use]
    pub fn encode(self, text: &str) -> Vec<u32> {
        let tokenizer = self.tokenizer();
        tokenizer
            .pre
            .split(text)
            .flat_map(|piece| tokenizer.bpe.encode_via_backtracking(piece.as_bytes()))
            .collect()
    }

    /// The bytes of `tokens`. For tests and benchmarks; not a stable API.
    #[doc(hidden)]
    #[must_use]
    pub fn decode(self, tokens: &[u32]) -> Vec<u8> {
        self.tokenizer().bpe.decode_tokens(tokens)
    }

    /// The number of tokens in `text`.
    #[must_use]
    pub fn count(self, text: &str) -> usize {
        let tokenizer = self.tokenizer();
        tokenizer
            .pre
            .split(text)
            .map(|piece| tokenizer.bpe.count(piece.as_bytes()))
            .sum()
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
        tokenizer.pre.split(text).try_fold(0, |counted, piece| {
            let n = tokenizer
                .bpe
                .count_till_limit(piece.as_bytes(), limit - counted)?;
            Some(counted + n)
        })
    }

    /// The longest prefix of `text` that ends on a token boundary and a character boundary
    /// and has at most `budget` tokens. Costs O(the prefix).
    #[must_use]
    pub fn prefix(self, text: &str, budget: usize) -> Prefix {
        let tokenizer = self.tokenizer();
        let mut bytes = 0;
        let mut tokens = 0;
        for piece in tokenizer.pre.split(text) {
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
