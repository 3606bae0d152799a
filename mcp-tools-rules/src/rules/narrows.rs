//! Which arguments ask for less: what a cut result's notice may tell a model to set when
//! the rest cannot be had page by page.

use super::{evidence, params::is_result_count};
use crate::{
    model::{Kind, Param, Tool},
    words,
};

/// Words of a name that bound a window in time, whatever else the name says:
/// `since`, `modified_since`, `until`, `since_id`.
const TIME_BOUNDS: &[&str] = &["since", "until"];

/// Words that bound a window only when the value is a time: `created_after`; a bare
/// `after` or `before` is often a page's cursor, which moves the window without narrowing it.
const ORDER_BOUNDS: &[&str] = &["after", "before"];

/// First or last words of a name that is one end of a range: `start_date`, `date_to`,
/// `end_line`.
const RANGE_ENDS: &[&str] = &["begin", "end", "from", "start", "to"];

/// Words of a name that make it a time: `start_date`, `from_time`.
const TIME_WORDS: &[&str] = &["date", "datetime", "day", "time", "timestamp"];

/// Words of a `max_*` number that caps work, not what comes back: `max_retries`,
/// `max_wait`.
const EFFORT_WORDS: &[&str] = &[
    "attempts",
    "backoff",
    "concurrency",
    "connections",
    "delay",
    "parallelism",
    "redirects",
    "retries",
    "threads",
    "timeout",
    "wait",
    "workers",
];

/// Units a duration is written in: a `max_*` in one of these bounds time, not the result.
const TIME_UNITS: &[&str] = &[
    "ns", "µs", "ms", "s", "min", "h", "days", "weeks", "months", "years",
];

/// Whether setting `param` asks `tool` for less, as far as its name, type and docs tell:
///
/// - a count of what comes back: `limit`, `max_results`, `per_page`, `tail_lines` (the
///   counts `bounded_limit` judges), `head`, `tail`, or a number whose doc says it returns
///   "only the first" or "only the last" of the whole;
/// - another cap on the result: `max_depth`, `max_chars` (not `max_retries`, `max_wait_ms`);
/// - a bound of a window: `since`, `until`, `created_after`, `start_date`, `end_line`, a
///   `from` or `to` that is a date or a number (not an address, a ref or a cursor);
/// - a filter: `filter`, `label_filter`, `exclude_paths`, `only_types`.
///
/// Not a flag (`include_archived` widens), not a query (a query can match more), and not
/// what selects a thing rather than a part of it (`repo_path`, `target`). More context is
/// longer, so `context_lines` is not one either. Where the name cannot tell, the author
/// says so (`#[param(narrows)]`).
///
/// ```
/// use mcp_tools_rules::{narrows, published};
///
/// let listed = serde_json::json!({
///     "name": "git_log",
///     "inputSchema": {"type": "object", "properties": {
///         "repo_path": {"type": "string"},
///         "max_count": {"type": "integer"},
///         "since": {"type": "string", "format": "date-time"}
///     }}
/// });
/// let tool = published::tool(&listed, None);
/// let named: Vec<&str> = tool
///     .params
///     .iter()
///     .filter(|p| narrows(&tool, p))
///     .map(|p| p.name.as_str())
///     .collect();
/// assert_eq!(named, ["max_count", "since"]);
/// ```
#[must_use]
pub fn narrows(tool: &Tool, param: &Param) -> bool {
    if param.kind == Kind::Boolean {
        return false;
    }
    is_result_count(tool, param)
        || caps_the_result(param)
        || keeps_an_end(tool, param)
        || bounds_a_window(tool, param)
        || filters(param)
}

/// `head`, `tail`, or a number whose doc keeps part of the whole ("return only the first
/// this many lines"): a count `bounded_limit` leaves alone, as leaving it out returns
/// more, but one that asks for less all the same.
fn keeps_an_end(tool: &Tool, param: &Param) -> bool {
    if !param.is_numeric() {
        return false;
    }
    let doc = evidence::doc_of(tool, param);
    matches!(words::first_word(&param.key), "head" | "tail")
        || ["only the first", "only the last"]
            .iter()
            .any(|phrase| doc.contains(phrase))
}

/// `max_depth`, `max_chars`: a `max_*` number that bounds what comes back.
fn caps_the_result(param: &Param) -> bool {
    let key = param.key.as_str();
    param.is_numeric()
        && key.contains('_')
        && words::first_word(key) == "max"
        && !key.split('_').any(|w| EFFORT_WORDS.contains(&w))
        && !param.stated_unit().is_some_and(|u| TIME_UNITS.contains(&u))
}

fn bounds_a_window(tool: &Tool, param: &Param) -> bool {
    let key = param.key.as_str();
    let words: Vec<&str> = key.split('_').collect();
    let has = |set: &[&str]| words.iter().any(|w| set.contains(w));
    if has(TIME_BOUNDS) {
        return true;
    }
    // A cursor or an id says where a page starts, not how much comes back.
    let doc = evidence::doc_of(tool, param);
    if has(&["cursor", "token", "id", "ids", "ref", "sha"]) || evidence::says_cursor_or_id(&doc) {
        return false;
    }
    let timed = matches!(param.kind, Kind::Date | Kind::DateTime)
        || matches!(param.format.as_deref(), Some("date" | "date-time" | "time"))
        || has(TIME_WORDS)
        || ["date", "time", "timestamp"]
            .iter()
            .any(|w| words::has_word(&doc.replace(' ', "_"), w));
    let first = words[0];
    let last = words[words.len() - 1];
    if ORDER_BOUNDS.contains(&last) && words.len() > 1 {
        // `created_after`, `modified_before`: what happened to a thing, and when.
        return timed || first.ends_with("ed");
    }
    if ORDER_BOUNDS.contains(&first) && words.len() == 1 {
        return timed;
    }
    let range_end = RANGE_ENDS.contains(&first) || RANGE_ENDS.contains(&last);
    // `from` and `to` of a message are addresses, of a diff refs: only a time or a
    // position (a line, an index) bounds a window.
    range_end && words.len() <= 3 && (timed || param.is_numeric())
}

/// `filter`, `label_filter`, `exclude_paths`, `only_types`: what keeps part of the result.
fn filters(param: &Param) -> bool {
    let key = param.key.as_str();
    matches!(words::last_word(key), "filter" | "filters")
        || matches!(words::first_word(key), "exclude" | "excludes" | "only")
}

#[cfg(test)]
mod tests {
    use super::narrows;
    use crate::{
        Description,
        model::{Kind, Origin, Param, Tool},
    };

    fn param(name: &str, kind: Kind) -> Param {
        Param::new(0, name, Origin::Param, kind)
    }

    fn narrowing(param: &Param) -> bool {
        narrows(&Tool::default(), param)
    }

    #[test]
    fn limits_caps_windows_and_filters_narrow() {
        for (name, kind) in [
            ("limit", Kind::Integer),
            ("maxResults", Kind::Integer),
            ("per_page", Kind::Integer),
            ("top_k", Kind::Integer),
            ("tail_lines", Kind::Integer),
            ("head", Kind::Integer),
            ("tail", Kind::Integer),
            ("max_depth", Kind::Integer),
            ("max_chars", Kind::Integer),
            ("since", Kind::Text),
            ("until", Kind::DateTime),
            ("modified_since", Kind::Text),
            ("created_after", Kind::Text),
            ("start_date", Kind::Text),
            ("date_to", Kind::Text),
            ("end_line", Kind::Integer),
            ("from", Kind::Date),
            ("filter", Kind::Text),
            ("label_filter", Kind::Text),
            ("exclude_paths", Kind::List(Box::new(Kind::Text))),
        ] {
            assert!(narrowing(&param(name, kind)), "{name}");
        }
    }

    #[test]
    fn what_selects_widens_or_moves_does_not() {
        for (name, kind) in [
            ("repo_path", Kind::Text),
            ("target", Kind::Text),
            ("context_lines", Kind::Integer),
            ("query", Kind::Text),
            ("verbose", Kind::Boolean),
            ("include_archived", Kind::Boolean),
            ("only_open", Kind::Boolean),
            ("offset", Kind::Integer),
            ("skip_lines", Kind::Integer),
            ("max_retries", Kind::Integer),
            ("max_wait_ms", Kind::Integer),
            ("from", Kind::Text),
            ("to", Kind::Text),
            ("after", Kind::Text),
            ("starting_after", Kind::Text),
            ("start_commit", Kind::Text),
        ] {
            assert!(!narrowing(&param(name, kind)), "{name}");
        }
    }

    #[test]
    fn docs_tell_a_time_from_a_cursor() {
        let mut after = param("after", Kind::Text);
        after.doc = Some(Description::text("Only events after this date and time."));
        assert!(narrowing(&after));
        after.doc = Some(Description::text("The cursor of the page to start from."));
        assert!(!narrowing(&after));
        // "Number of commits to create": a count of what the call makes.
        let mut count = param("count", Kind::Integer);
        assert!(narrowing(&count));
        count.doc = Some(Description::text("Number of commits to create."));
        assert!(!narrowing(&count));
        // "Return only the first N lines": not a cap for `bounded_limit`, but less all the same.
        let mut lines = param("lines", Kind::Integer);
        assert!(!narrowing(&lines));
        lines.doc = Some(Description::text("Return only the first this many lines."));
        assert!(narrowing(&lines));
    }
}
