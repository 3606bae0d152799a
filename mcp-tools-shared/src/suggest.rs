//! "Did you mean …?": the known names nearest to a misspelled one.

/// Up to `max` of `candidates` close enough to `word` to be what was meant, nearest first.
///
/// Close enough: one is the other plus words or letters (`weight` and `weight_kg`, `min`
/// and `minimum`), or a misspelling within an edit per three letters. Case is ignored.
#[must_use]
pub fn nearest<'a, I>(word: &str, candidates: I, max: usize) -> Vec<&'a str>
where
    I: IntoIterator<Item = &'a str>,
{
    let word = word.to_ascii_lowercase();
    let mut scored: Vec<(f64, &str)> = candidates
        .into_iter()
        .filter_map(|c| Some((score(&word, &c.to_ascii_lowercase())?, c)))
        .collect();
    scored.sort_by(|a, b| b.0.total_cmp(&a.0).then_with(|| a.1.cmp(b.1)));
    scored.dedup_by(|a, b| a.1 == b.1);
    scored.into_iter().take(max).map(|(_, c)| c).collect()
}

/// The candidate nearest to `word`, if any is close enough: `nearest(word, candidates, 1)`.
#[must_use]
pub fn closest<'a, I>(word: &str, candidates: I) -> Option<&'a str>
where
    I: IntoIterator<Item = &'a str>,
{
    nearest(word, candidates, 1).pop()
}

/// How near `candidate` is to `word` (both lowercase), if it is close enough to suggest.
fn score(word: &str, candidate: &str) -> Option<f64> {
    if word == candidate {
        return Some(1.0);
    }
    let (short, long) = if word.len() < candidate.len() {
        (word, candidate)
    } else {
        (candidate, word)
    };
    // Graded by how much of the longer one the shorter covers, so `namespaces` finds
    // `namespace` before `name`.
    let extended =
        extends(long, short).then(|| 0.9 + 0.05 * short.len() as f64 / long.len() as f64);
    // Jaro-Winkler alone rates any names that share their first letters highly (`desc`,
    // `destructive`): the edit distance decides what is a misspelling, Jaro-Winkler ranks.
    let misspelt =
        (strsim::damerau_levenshtein(word, candidate) <= (long.len() / 3).max(1)).then(|| {
            strsim::jaro_winkler(word, candidate)
                .max(strsim::normalized_damerau_levenshtein(word, candidate))
        });
    match (extended, misspelt) {
        (Some(a), Some(b)) => Some(a.max(b)),
        (a, b) => a.or(b),
    }
}

/// Whether `long` is `short` plus letters at either end. Under three letters only whole
/// words count: `id` in `shipment_id`, not `n` in `name`.
fn extends(long: &str, short: &str) -> bool {
    let edge = |i: usize| !long.as_bytes()[i].is_ascii_alphanumeric();
    let whole = short.len() >= 3;
    !short.is_empty()
        && ((long.starts_with(short) && (whole || edge(short.len())))
            || (long.ends_with(short) && (whole || edge(long.len() - short.len() - 1))))
}

#[cfg(test)]
mod tests {
    use super::{closest, nearest};

    // The runtime's cases: arguments, enum values and tools.

    #[test]
    fn finds_suffixed_and_misspelled_names() {
        let names = ["weight_kg", "shipment_number", "note", "shipment_id"];
        assert_eq!(nearest("weight", names, 3), ["weight_kg"]);
        assert_eq!(nearest("shipment_nubmer", names, 3), ["shipment_number"]);
        assert_eq!(nearest("id", names, 3), ["shipment_id"]);
        assert!(nearest("colour", names, 3).is_empty());
        assert_eq!(closest("Stp", ["Stop", "Move"]), Some("Stop"));
        assert_eq!(closest("zipp", ["street", "zip"]), Some("zip"));
    }

    #[test]
    fn finds_tools_by_their_action() {
        let tools = [
            "shipment_set_weight",
            "shipment_search",
            "shipment_cancel",
            "shipment_get_status",
        ];
        assert_eq!(nearest("set_weight", tools, 3)[0], "shipment_set_weight");
        assert_eq!(nearest("shipment_serch", tools, 3)[0], "shipment_search");
        assert_eq!(nearest("get_status", tools, 3)[0], "shipment_get_status");
        assert_eq!(
            nearest("shipment_get_stats", tools, 3)[0],
            "shipment_get_status"
        );
        assert!(nearest("zzzz", tools, 3).is_empty());
    }

    // The macro's cases: attribute keys, rule ids, formats and crate settings.

    const TOOL_KEYS: [&str; 6] = [
        "namespace",
        "name",
        "read_only",
        "destructive",
        "idempotent",
        "max_response_tokens",
    ];
    const PARAM_KEYS: [&str; 5] = ["min", "max", "min_length", "max_length", "format"];

    #[test]
    fn finds_misspelt_keys_rule_ids_and_formats() {
        assert_eq!(closest("namspace", TOOL_KEYS), Some("namespace"));
        assert_eq!(closest("idempotnt", TOOL_KEYS), Some("idempotent"));
        assert_eq!(closest("readonly", TOOL_KEYS), Some("read_only"));
        assert_eq!(closest("max_lenght", PARAM_KEYS), Some("max_length"));
        let rules = [
            "verb_first",
            "unit_in_name",
            "name_style",
            "namespace_required",
        ];
        assert_eq!(closest("verb_frist", rules), Some("verb_first"));
        assert_eq!(closest("units_in_name", rules), Some("unit_in_name"));
        let formats = ["date-time", "date", "time", "uri", "uuid"];
        assert_eq!(closest("datetime", formats), Some("date-time"));
        assert_eq!(closest("url", formats), Some("uri"));
        assert_eq!(closest("text", formats), None);
        assert_eq!(
            closest("namespce", ["namespace", "strict", "rules"]),
            Some("namespace")
        );
    }

    #[test]
    fn the_longer_name_a_word_extends_comes_first() {
        assert_eq!(closest("namespaces", TOOL_KEYS), Some("namespace"));
        assert_eq!(closest("names", TOOL_KEYS), Some("name"));
        assert_eq!(closest("min_len", PARAM_KEYS), Some("min_length"));
        assert_eq!(closest("minimum", PARAM_KEYS), Some("min"));
        assert_eq!(closest("mn", PARAM_KEYS), Some("min"));
        assert_eq!(closest("read", TOOL_KEYS), Some("read_only"));
    }

    #[test]
    fn shared_first_letters_are_not_a_misspelling() {
        assert_eq!(closest("description", TOOL_KEYS), None);
        assert_eq!(closest("desc", TOOL_KEYS), None);
        assert_eq!(closest("ns", TOOL_KEYS), None);
        assert_eq!(closest("n", TOOL_KEYS), None);
        assert_eq!(closest("regex", ["pattern", "rename"]), None);
    }
}
