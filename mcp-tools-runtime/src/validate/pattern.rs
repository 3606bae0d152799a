//! [`Pattern`]: a JSON Schema `pattern`, compiled once.

use std::fmt;

/// A `pattern`, compiled once with an ECMA-262 engine.
pub(super) struct Pattern {
    regex: regress::Regex,
    source: String,
}

impl Pattern {
    /// Compiles `source` as JSON Schema asks: ECMA-262 with the `u` flag (Unicode code
    /// points, `\p{…}` classes). A pattern only the web-compatible grammar of Annex B
    /// accepts (`\-` outside a class, as many write it) compiles without the flag.
    pub(super) fn new(source: &str) -> Result<Pattern, String> {
        let regex = regress::Regex::with_flags(source, "u")
            .or_else(|_| regress::Regex::new(source))
            .map_err(|err| err.to_string())?;
        Ok(Pattern {
            regex,
            source: source.to_owned(),
        })
    }

    /// Whether the pattern matches anywhere in `text` (patterns are not anchored).
    pub(super) fn matches(&self, text: &str) -> bool {
        self.regex.find(text).is_some()
    }

    pub(super) fn source(&self) -> &str {
        &self.source
    }
}

impl fmt::Debug for Pattern {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Pattern({:?})", self.source)
    }
}
