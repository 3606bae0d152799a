//! The words a query and a tool's text are matched on: lower-cased runs of letters and
//! digits, identifiers split at `_`, `-` and camelCase, stop words dropped, and a light
//! folding of plurals and `-ing` forms.

/// Words that say nothing about which tool a task needs. Quantifiers are here too:
/// "forget *everything*" must not find a namespace called `everything`.
const STOP_WORDS: &[&str] = &[
    "a",
    "an",
    "and",
    "any",
    "anyone",
    "anything",
    "are",
    "as",
    "at",
    "be",
    "been",
    "but",
    "by",
    "can",
    "could",
    "did",
    "do",
    "does",
    "every",
    "everyone",
    "everything",
    "for",
    "from",
    "had",
    "has",
    "have",
    "how",
    "i",
    "if",
    "in",
    "into",
    "is",
    "it",
    "its",
    "me",
    "my",
    "of",
    "on",
    "or",
    "our",
    "so",
    "someone",
    "something",
    "than",
    "that",
    "the",
    "their",
    "them",
    "then",
    "there",
    "these",
    "they",
    "this",
    "those",
    "to",
    "us",
    "was",
    "we",
    "were",
    "what",
    "when",
    "where",
    "which",
    "while",
    "who",
    "whom",
    "whose",
    "why",
    "will",
    "with",
    "would",
    "you",
    "your",
];

/// Words that open a question: a task asked as one wants to read, not to change.
const QUESTION_WORDS: &[&str] = &[
    "what", "which", "who", "where", "when", "how", "is", "are", "do", "does", "did", "has",
    "have", "can",
];

/// Lower-cased runs of letters and digits of prose.
pub(super) fn words(text: &str) -> impl Iterator<Item = String> + '_ {
    text.split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(str::to_lowercase)
}

/// The words of an identifier: `get_issue`, `API-post-search`, `pullNumber`, `HTTPServer`.
pub(super) fn identifier_words(text: &str) -> Vec<String> {
    let mut spaced = String::with_capacity(text.len() + 8);
    let chars: Vec<char> = text.chars().collect();
    for (i, &c) in chars.iter().enumerate() {
        if i > 0 && c.is_uppercase() {
            let before = chars[i - 1];
            let next_lower = chars.get(i + 1).is_some_and(|n| n.is_lowercase());
            // `pullNumber` → pull Number; `HTTPServer` → HTTP Server.
            if before.is_lowercase()
                || before.is_ascii_digit()
                || (before.is_uppercase() && next_lower)
            {
                spaced.push(' ');
            }
        }
        spaced.push(c);
    }
    words(&spaced).collect()
}

/// Whether a word can tell tools apart: not a stop word, a single letter or a bare number
/// (ids and years match by accident, not by meaning).
pub(super) fn is_content(word: &str) -> bool {
    word.chars().nth(1).is_some()
        && !word.chars().all(|c| c.is_ascii_digit())
        && !STOP_WORDS.contains(&word)
}

/// A whitespace-separated token of a query without the punctuation and quotes around it:
/// `config.yaml` of "`config.yaml`,", `v1.2.0` of "(v1.2.0)".
pub(super) fn bare(token: &str) -> &str {
    token.trim_matches(|c: char| ".,;:!?()[]{}\"'`".contains(c))
}

/// Whether a whitespace-separated token of a query is a value the task acts on rather than
/// words that say what to do: a path or URL (`acme/api`, `https://…`), an address
/// (`jane@example.com`), a reference (`#42`), a dotted name or version (`README.md`,
/// `v1.2.0`), or an id (`PROJ-12`, `sub_99`, `abc123`). The words inside one still count,
/// weakly: "acme/api" is not a request for a tool about APIs. Plain words that hold a digit
/// (`s3`, `ec2`, `oauth2`) are names, not values.
pub(super) fn is_value(token: &str) -> bool {
    let token = bare(token);
    let digits = token.chars().filter(char::is_ascii_digit).count();
    let letters = token.chars().filter(|c| c.is_alphabetic()).count();
    let inner_dot = token
        .char_indices()
        .any(|(i, c)| c == '.' && i > 0 && token[i + 1..].starts_with(char::is_alphanumeric));
    token.contains(['/', '@'])
        || token.starts_with('#')
        || inner_dot
        || (digits > 0 && token.contains(['-', '_']))
        || (digits >= 3 && letters > 0)
}

/// Whether `query` asks a question ("Which branches …?", "is my tree clean").
pub(super) fn is_question(query: &str) -> bool {
    query.trim_end().ends_with('?')
        || words(query)
            .next()
            .is_some_and(|w| QUESTION_WORDS.contains(&w.as_str()))
}

/// The folded form of `word`, so that plurals and `-ing` forms meet their root:
/// "entities" → "entity", "branches" → "branch", "reviews" → "review", "emailing" → "email".
///
/// `known` says whether a form is a word of the catalog, to choose between "creat",
/// "create" and "creat" for "creating", and "run" over "runn" for "running". Past tenses
/// are left alone: folded, "logged" meets "logs", which is seldom what a task means.
/// Agent nouns ("reviewers") are left alone too: a reviewer is not a review.
pub(super) fn fold(word: &str, known: impl Fn(&str) -> bool) -> String {
    let length = word.chars().count();
    if length > 4
        && let Some(stem) = word.strip_suffix("ies")
    {
        return format!("{stem}y");
    }
    if length > 4
        && let Some(stem) = word.strip_suffix("es")
        && ["x", "z", "ch", "sh", "ss"]
            .iter()
            .any(|end| stem.ends_with(end))
    {
        return stem.to_owned();
    }
    if length > 3
        && let Some(stem) = word.strip_suffix('s')
        && !["s", "u", "i"].iter().any(|end| stem.ends_with(end))
    {
        return stem.to_owned();
    }
    if length > 5
        && let Some(stem) = word.strip_suffix("ing")
    {
        let candidates = [
            stem.to_owned(),
            format!("{stem}e"),
            undouble(stem).to_owned(),
        ];
        return candidates
            .iter()
            .find(|c| known(c))
            .unwrap_or(&candidates[0])
            .clone();
    }
    word.to_owned()
}

/// "runn" → "run": a doubled final consonant, as `-ing` leaves it.
fn undouble(stem: &str) -> &str {
    let bytes = stem.as_bytes();
    match bytes {
        [.., a, b]
            if bytes.len() > 2 && a == b && b.is_ascii_alphabetic() && !b"aeiou".contains(b) =>
        {
            &stem[..stem.len() - 1]
        }
        _ => stem,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn identifiers_split_at_separators_and_case() {
        assert_eq!(
            identifier_words("API-post-search"),
            ["api", "post", "search"]
        );
        assert_eq!(identifier_words("pullNumber"), ["pull", "number"]);
        assert_eq!(
            identifier_words("HTTPServer_port"),
            ["http", "server", "port"]
        );
        assert_eq!(identifier_words("get_me"), ["get", "me"]);
    }

    #[test]
    fn folds_plurals_and_ing_forms_only() {
        let known = |w: &str| ["create", "run", "email", "fill"].contains(&w);
        for (word, folded) in [
            ("entities", "entity"),
            ("branches", "branch"),
            ("reviews", "review"),
            ("addresses", "address"),
            ("creating", "create"),
            ("running", "run"),
            ("emailing", "email"),
            ("filling", "fill"),
            // Left alone: a past tense, an agent noun, words ending in s that are not plurals.
            ("logged", "logged"),
            ("reviewers", "reviewer"),
            ("status", "status"),
            ("analysis", "analysis"),
        ] {
            assert_eq!(fold(word, known), folded, "{word}");
        }
    }

    #[test]
    fn stop_words_numbers_and_letters_are_not_content() {
        assert!(!is_content("everything"));
        assert!(!is_content("2026"));
        assert!(!is_content("x"));
        assert!(is_content("refund"));
    }

    #[test]
    fn values_are_told_from_words() {
        for value in [
            "acme/api's",
            "https://docs.rs/serde",
            "jane@example.com",
            "#42",
            "README.md",
            "v1.2.0,",
            "PROJ-12",
            "sub_99",
            "abc123?",
        ] {
            assert!(is_value(value), "{value}");
        }
        for word in [
            "s3",
            "ec2",
            "oauth2",
            "third-party",
            "list_issues",
            "done.",
            "Q3",
        ] {
            assert!(!is_value(word), "{word}");
        }
    }

    #[test]
    fn questions_are_told_from_requests() {
        assert!(is_question("Which branches do I have locally?"));
        assert!(is_question("is my working tree clean"));
        assert!(!is_question("Delete the branch"));
    }
}
