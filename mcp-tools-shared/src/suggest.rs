//! "Did you mean …?": the known names nearest to a misspelled one.

/// Up to `max` of `candidates` close enough to `word` to be what was meant, nearest first.
#[must_use]
pub fn nearest<'a, I>(word: &str, candidates: I, max: usize) -> Vec<&'a str>
where
    I: IntoIterator<Item = &'a str>,
{
    let word = word.to_ascii_lowercase();
    let mut scored: Vec<(f64, &str)> = candidates
        .into_iter()
        .map(|c| (score(&word, &c.to_ascii_lowercase()), c))
        .filter(|(s, _)| *s >= 0.75)
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

fn score(word: &str, candidate: &str) -> f64 {
    if word == candidate {
        return 1.0;
    }
    // `weight` for `weight_kg`, `set_weight` for `shipment_set_weight`: one is the other plus words.
    let (short, long) = if word.len() < candidate.len() {
        (word, candidate)
    } else {
        (candidate, word)
    };
    if !short.is_empty() && (long.starts_with(short) || long.ends_with(short)) {
        return 0.95;
    }
    strsim::jaro_winkler(word, candidate)
        .max(strsim::normalized_damerau_levenshtein(word, candidate))
}

#[cfg(test)]
mod tests {
    use super::nearest;

    #[test]
    fn finds_suffixed_and_misspelled_names() {
        let names = ["weight_kg", "shipment_number", "note"];
        assert_eq!(nearest("weight", names, 3), ["weight_kg"]);
        assert_eq!(nearest("shipment_nubmer", names, 3), ["shipment_number"]);
        assert!(nearest("colour", names, 3).is_empty());
    }

    #[test]
    fn finds_tools_by_their_action() {
        let tools = ["shipment_set_weight", "shipment_search", "shipment_cancel"];
        assert_eq!(nearest("set_weight", tools, 3)[0], "shipment_set_weight");
        assert_eq!(nearest("shipment_serch", tools, 3)[0], "shipment_search");
    }
}
