//! Unknown keys: name the closest valid key and list them all.

use syn::Meta;

use crate::diag::Diagnostics;

/// Reports `meta`'s key as unknown in `attr` (`#[tool(...)]`), listing `valid`.
pub(crate) fn unknown(meta: &Meta, key: &str, attr: &str, valid: &[&str], cx: &mut Diagnostics) {
    let closest = closest(key, valid);
    let listed = valid
        .iter()
        .map(|k| format!("`{k}`"))
        .collect::<Vec<_>>()
        .join(", ");
    let help = match closest {
        Some(near) => format!("did you mean `{near}`? valid keys: {listed}"),
        None => format!("valid keys: {listed}"),
    };
    cx.error_spanned(
        meta.path(),
        format!("unknown key `{key}` in `{attr}`"),
        help,
    );
}

/// The candidate nearest to `word`, if it is near enough to be a typo.
pub(crate) fn closest<'a>(word: &str, candidates: &[&'a str]) -> Option<&'a str> {
    candidates
        .iter()
        .map(|c| (strsim::damerau_levenshtein(word, c), *c))
        .filter(|(distance, c)| *distance <= (c.len().max(word.len()) / 3).max(1))
        .min_by_key(|(distance, _)| *distance)
        .map(|(_, c)| c)
}
