//! What a doc comment already tells the model: a unit, a time format, that a number
//! counts results. A rule that asks for one of these is satisfied by a doc that states it.

use crate::{model::Param, words};

/// The parameter's doc, lower-cased; empty when there is none or it is not literal text.
pub(crate) fn doc_of(param: &Param) -> String {
    param.doc_lower()
}

/// Whether a parameter has a doc with any text in it.
pub(crate) fn is_documented(param: &Param) -> bool {
    param.is_documented()
}

/// The doc's words: runs of ASCII letters and digits, lower-cased.
fn tokens(doc: &str) -> Vec<&str> {
    doc.split(|c: char| !c.is_ascii_alphanumeric())
        .filter(|w| !w.is_empty())
        .collect()
}

/// Unit words a doc states a quantity in: "in milliseconds", "amount in cents",
/// "number of characters", "width in pixels", "30s".
const DOC_UNITS: &[&str] = &[
    "ms",
    "millisecond",
    "milliseconds",
    "msec",
    "second",
    "seconds",
    "sec",
    "secs",
    "minute",
    "minutes",
    "mins",
    "hour",
    "hours",
    "hrs",
    "day",
    "days",
    "week",
    "weeks",
    "month",
    "months",
    "year",
    "years",
    "ns",
    "nanoseconds",
    "microseconds",
    "bytes",
    "byte",
    "kb",
    "kib",
    "mb",
    "mib",
    "gb",
    "gib",
    "kilobytes",
    "megabytes",
    "gigabytes",
    "bits",
    "characters",
    "character",
    "chars",
    "tokens",
    "lines",
    "words",
    "pixels",
    "pixel",
    "px",
    "points",
    "pt",
    "percent",
    "percentage",
    "cents",
    "cent",
    "dollars",
    "euros",
    "currency",
    "meters",
    "metres",
    "meter",
    "metre",
    "kilometers",
    "kilometres",
    "km",
    "miles",
    "feet",
    "inches",
    "kg",
    "kilograms",
    "grams",
    "pounds",
    "lbs",
    "celsius",
    "fahrenheit",
    "kelvin",
    "degrees",
    "radians",
    "hz",
    "items",
    "results",
    "entries",
    "rows",
    "records",
    "pages",
];

/// Currency codes a doc names an amount in; not the ones that are also English words
/// (`try`, `php`).
const CURRENCY_CODES: &[&str] = &[
    "usd", "eur", "gbp", "jpy", "cny", "krw", "inr", "chf", "cad", "aud", "btc", "satoshis",
];

/// Whether the doc states the unit of a quantity.
pub(crate) fn states_unit(doc: &str) -> bool {
    if doc.contains('%') {
        return true;
    }
    tokens(doc).iter().any(|w| {
        DOC_UNITS.contains(w)
            || CURRENCY_CODES.contains(w)
            // `30s`, `500ms`, `5m`: a number with its unit.
            || w.find(|c: char| !c.is_ascii_digit()).is_some_and(|i| {
                i > 0 && words::unit_of_suffix(&w[i..]).is_some()
            })
    })
}

/// Whether the doc states how a point in time is written: "ISO 8601", "RFC 3339",
/// "YYYY-MM-DD", "Unix timestamp", "format", or an example such as `2024-01-31`.
pub(crate) fn states_time_format(doc: &str) -> bool {
    const MARKERS: &[&str] = &[
        "iso",
        "8601",
        "iso8601",
        "rfc",
        "3339",
        "rfc3339",
        "yyyy",
        "unix",
        "epoch",
        "format",
        "formatted",
    ];
    if tokens(doc).iter().any(|w| MARKERS.contains(w)) {
        return true;
    }
    // An example: digits joined by `-`, `:` or `.` (`2024-01-31`, `10:30`, `1712345678.000100`).
    let bytes = doc.as_bytes();
    bytes.windows(3).any(|w| {
        w[0].is_ascii_digit() && matches!(w[1], b'-' | b':' | b'.') && w[2].is_ascii_digit()
    })
}

/// Whether the doc says the value is a cursor or an id, not a time: Slack's `ts`,
/// pagination's `after`.
pub(crate) fn says_cursor_or_id(doc: &str) -> bool {
    tokens(doc).iter().any(|w| {
        matches!(
            *w,
            "cursor" | "id" | "ids" | "identifier" | "token" | "sha" | "offset"
        )
    })
}

/// Whether the doc says the number caps how many results come back: "maximum number of
/// results", "number of items to return", "how many commits to list". A doc that offers
/// to narrow a whole result ("if provided, returns only the first N lines") is not a cap:
/// leaving it out returns more, not less.
pub(crate) fn says_result_count(doc: &str) -> bool {
    const COUNTED: &[&str] = &[
        "results",
        "items",
        "entries",
        "rows",
        "records",
        "lines",
        "matches",
        "files",
        "messages",
        "issues",
        "events",
        "commits",
        "objects",
        "documents",
        "elements",
        "channels",
        "users",
        "comments",
    ];
    let t = tokens(doc);
    // A number to skip moves the window; it caps nothing ("number of results to skip").
    if t.iter()
        .any(|w| matches!(*w, "skip" | "skipped" | "offset"))
    {
        return false;
    }
    let counted = |w: &&str| COUNTED.contains(w);
    let capped = doc.contains("maximum number of") || doc.contains("max number of");
    // What is counted is returned: "… of branches to return", "… per page".
    let returns = |w: &str| matches!(w, "return" | "returned" | "per" | "fetch" | "list" | "show");
    // "number of results to return", "how many results per page", "maximum number of
    // branches to return" (whatever is counted).
    let returned = t.windows(4).any(|w| {
        (w[0] == "number"
            && w[1] == "of"
            && counted(&w[2])
            && matches!(w[3], "to" | "per" | "returned"))
            || (w[0] == "number" && w[1] == "of" && w[3] == "to" && t.iter().any(|x| returns(x)))
            || (w[0] == "how" && w[1] == "many" && counted(&w[2]))
    });
    // A cap on characters, bytes or tokens bounds a size, which `unit_in_name` asks about.
    let sized = t.windows(3).any(|w| {
        w[0] == "number"
            && w[1] == "of"
            && matches!(w[2], "characters" | "chars" | "bytes" | "tokens" | "words")
    });
    !sized && ((capped && (t.iter().any(counted) || t.iter().any(|x| returns(x)))) || returned)
}

/// Whether the doc states the largest value: "max 100", "maximum: 100", "up to 50",
/// "at most 20", "between 1 and 100", "(1-20)".
pub(crate) fn states_maximum(doc: &str) -> bool {
    let t = tokens(doc);
    let number = |w: &str| !w.is_empty() && w.chars().all(|c| c.is_ascii_digit());
    let after_keyword = t.iter().enumerate().any(|(i, w)| {
        let keyword = matches!(*w, "max" | "maximum" | "between")
            || (*w == "to" && i > 0 && t[i - 1] == "up")
            || (*w == "most" && i > 0 && t[i - 1] == "at")
            || (*w == "than" && i > 1 && t[i - 1] == "more" && t[i - 2] == "no");
        // "max 100", "maximum: 100"; not "max results (default 100)": a default is no cap.
        keyword
            && t[i + 1..]
                .iter()
                .take(3)
                .take_while(|w| !matches!(**w, "default" | "defaults"))
                .any(|n| number(n))
    });
    // `1-20`, `1 - 100`: a range, not a date (`2024-01-31`).
    let range = doc
        .split(|c: char| c.is_whitespace() || matches!(c, '(' | ')' | ',' | ';'))
        .filter(|w| !w.is_empty())
        .collect::<Vec<_>>()
        .join(" ")
        .replace(" - ", "-")
        .split(' ')
        .any(|w| {
            let parts: Vec<&str> = w.trim_end_matches('.').split('-').collect();
            parts.len() == 2 && parts.iter().all(|p| number(p) && p.len() <= 6)
        });
    after_keyword || range
}

/// Whether a doc says a "timestamp" names one object, as Slack's message timestamps do:
/// "the timestamp of the message to react to". A point in time that filters says
/// after, before, since or until.
pub(crate) fn names_an_object(doc: &str) -> bool {
    let t = tokens(doc);
    let keyed = t
        .windows(3)
        .any(|w| matches!(w[0], "timestamp" | "ts") && w[1] == "of" && matches!(w[2], "the" | "a"));
    let filters = t.iter().any(|w| {
        matches!(
            *w,
            "after"
                | "before"
                | "since"
                | "until"
                | "older"
                | "newer"
                | "between"
                | "start"
                | "end"
                | "range"
                | "from"
        )
    });
    keyed && !filters
}

/// Whether a width or height is on a screen, where pixels go without saying.
pub(crate) fn on_screen(text: &str) -> bool {
    tokens(text).iter().any(|w| {
        matches!(
            *w,
            "window"
                | "screen"
                | "viewport"
                | "image"
                | "screenshot"
                | "browser"
                | "page"
                | "canvas"
                | "display"
                | "thumbnail"
                | "icon"
        )
    })
}

/// Words a doc may add to a bare name without saying anything more about it.
const FILLER: &[&str] = &[
    "the",
    "a",
    "an",
    "of",
    "to",
    "for",
    "this",
    "that",
    "it",
    "its",
    "is",
    "be",
    "given",
    "provided",
    "specified",
    "value",
    "parameter",
    "param",
    "argument",
    "input",
    "field",
    "use",
    "used",
];

/// Whether a doc only restates the name: "The id.", "Data", "The value to use".
pub(crate) fn restates(doc: &str, name_key: &str) -> bool {
    let name_words: Vec<&str> = name_key.split('_').collect();
    tokens(doc)
        .iter()
        .all(|w| name_words.contains(w) || FILLER.contains(w))
}

#[cfg(test)]
mod tests {
    use super::{
        names_an_object, restates, says_cursor_or_id, says_result_count, states_time_format,
        states_unit,
    };

    #[test]
    fn units_stated_in_docs() {
        assert!(states_unit("the amount to refund in cents"));
        assert!(states_unit("maximum number of characters to return"));
        assert!(states_unit("time to wait, e.g. 30s"));
        assert!(states_unit(
            "a positive integer in the smallest currency unit"
        ));
        assert!(states_unit("amount in usd"));
        assert!(states_unit("discount as a %"));
        assert!(!states_unit("the timeout"));
        assert!(!states_unit("how long to wait before giving up"));
    }

    #[test]
    fn time_formats_stated_in_docs() {
        assert!(states_time_format("start date (iso 8601)"));
        assert!(states_time_format("date in yyyy-mm-dd"));
        assert!(states_time_format("e.g. 2024-01-31"));
        assert!(states_time_format("unix timestamp in seconds"));
        assert!(states_time_format(
            "timestamp of the message in the format '1234567890.123456'"
        ));
        assert!(!states_time_format("only items created after this time"));
        assert!(says_cursor_or_id(
            "cursor for pagination: the id of the last item"
        ));
        assert!(names_an_object("the timestamp of the message to react to"));
        assert!(!names_an_object(
            "only messages after the timestamp of the last read"
        ));
    }

    #[test]
    fn result_counts_stated_in_docs() {
        assert!(says_result_count("maximum number of results to return"));
        assert!(says_result_count(
            "number of results per page (default: 30, max: 100)"
        ));
        assert!(says_result_count(
            "maximum number of channels to return (default 100, max 200)"
        ));
        assert!(!says_result_count(
            "if provided, returns only the last n lines of the file"
        ));
        assert!(!says_result_count("page number of the results to fetch"));
        assert!(!says_result_count("the number of retries"));
        assert!(!says_result_count("number of results to skip"));
        assert!(says_result_count(
            "the maximum number of branches to return"
        ));
        assert!(!says_result_count("maximum number of characters to return"));
    }

    #[test]
    fn maxima_stated_in_docs() {
        for doc in [
            "number of results (1-20, default 10)",
            "the number of items to include. maximum: `100`.",
            "maximum number of channels to return (default 100, max 200)",
            "results per page, up to 50",
            "at most 20 entries",
        ] {
            assert!(super::states_maximum(doc), "{doc}");
        }
        assert!(!super::states_maximum(
            "maximum number of commits to return"
        ));
        assert!(!super::states_maximum("only after 2024-01-31"));
        assert!(!super::states_maximum(
            "max results to return (default 100)"
        ));
    }

    #[test]
    fn bare_restatements() {
        assert!(restates("the id.", "id"));
        assert!(restates("data", "data"));
        assert!(!restates(
            "exact target element reference from the page snapshot",
            "target"
        ));
        assert!(!restates("the user's email address", "user"));
    }
}
