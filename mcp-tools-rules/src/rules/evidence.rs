//! What a doc comment already tells the model: a unit, a time format, that a number
//! counts results. A rule that asks for one of these is satisfied by a doc that states it.

use crate::{
    model::{Param, Tool},
    words,
};

/// What is said of a parameter, lower-cased: its own doc, then what the tool's description
/// says of it ("`due_date`: Unix ms", "`path` is relative to the root"). A rule reads all
/// the evidence the author wrote, wherever they wrote it.
pub(crate) fn doc_of(tool: &Tool, param: &Param) -> String {
    let mut doc = param.doc_lower();
    if let Some(said) = said_in_description(tool, &param.name) {
        if !doc.is_empty() {
            doc.push('\n');
        }
        doc.push_str(&said.to_lowercase());
    }
    doc
}

/// Whether a parameter has a doc with any text in it.
pub(crate) fn is_documented(param: &Param) -> bool {
    param.is_documented()
}

/// What the tool's description says of the parameter `name`, where it documents it: the
/// text after the name written as a term being defined (`name: …`, `name - …`,
/// `name (string): …`, `` `name` is … ``, `name is …`, `a/name are …`), up to the end of
/// its sentence or line. A name that merely occurs in the prose ("files in a specified
/// path") documents nothing.
pub(crate) fn said_in_description<'t>(tool: &'t Tool, name: &str) -> Option<&'t str> {
    let text = tool.description_text()?;
    let is_word = |c: char| c.is_alphanumeric() || c == '_';
    let mut from = 0;
    while let Some(found) = text[from..].find(name) {
        let start = from + found;
        let end = start + name.len();
        from = end;
        let before = text[..start].chars().next_back();
        let after_text = &text[end..];
        if before.is_some_and(is_word) || after_text.chars().next().is_some_and(is_word) {
            continue;
        }
        let quoted = matches!(before, Some('`' | '\'' | '"'));
        let mut rest = after_text;
        if quoted {
            rest = &rest[1.min(rest.len())..];
        }
        // `start_date/end_date are …`: the names share what follows.
        while let Some(next) = rest.strip_prefix('/') {
            rest = next.trim_start_matches(|c: char| is_word(c) || c == '`');
        }
        let trimmed = rest.trim_start_matches([' ', '\t']);
        let defines = trimmed.starts_with([':', '=', '-', '–', '—'])
            || trimmed.starts_with('(')
            || [
                " is ",
                " are ",
                " must ",
                " should ",
                " means ",
                " accepts ",
                " takes ",
            ]
            .iter()
            .any(|w| rest.starts_with(w))
            || (quoted && !trimmed.is_empty());
        if !defines {
            continue;
        }
        let said = trimmed.trim_start_matches([':', '=', '-', '–', '—', ' ']);
        let stop = said
            .char_indices()
            .find(|&(i, c)| {
                c == '\n'
                    || (c == '.'
                        && (said[i + 1..].is_empty() || said[i + 1..].starts_with([' ', '\n'])))
            })
            .map_or(said.len(), |(i, _)| i);
        let said = said[..stop].trim();
        if !said.is_empty() {
            return Some(said);
        }
    }
    None
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
    // "Page size", "results per page": what one call returns.
    if doc.contains("page size") || doc.contains("per page") {
        return true;
    }
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

/// The range of a number a doc states: "between 0 and 1", "0.0 to 2.0", "(0-1)",
/// "[0, 1]", "0–100". A range says what a unitless level, score or ratio means.
pub(crate) fn stated_range(doc: &str) -> Option<(f64, f64)> {
    // Numbers (with decimals) and the words and signs between them, in order.
    let mut items: Vec<String> = Vec::new();
    let mut current = String::new();
    let flush = |current: &mut String, items: &mut Vec<String>| {
        if !current.is_empty() {
            items.push(std::mem::take(current));
        }
    };
    for c in doc.chars() {
        let numeric = c.is_ascii_digit()
            || (c == '.' && current.chars().all(|d| d.is_ascii_digit()) && !current.is_empty());
        if numeric {
            if current.chars().any(|d| !d.is_ascii_digit() && d != '.') {
                flush(&mut current, &mut items);
            }
            current.push(c);
        } else if c.is_alphabetic() {
            if current.chars().any(|d| d.is_ascii_digit()) {
                flush(&mut current, &mut items);
            }
            current.push(c);
        } else {
            flush(&mut current, &mut items);
            if matches!(c, '-' | '–' | '—' | ',') {
                items.push(c.to_string());
            }
        }
    }
    flush(&mut current, &mut items);
    let number = |w: &str| w.parse::<f64>().is_ok() && w.len() <= 8;
    let dash = |i: usize| items.get(i).is_some_and(|w| w == "-");
    (0..items.len().saturating_sub(2)).find_map(|i| {
        let (low, sep, high) = (&items[i], &items[i + 1], &items[i + 2]);
        // `2024-01-31` is a date: a chain of dashed numbers, not a range.
        let date = sep == "-" && (dash(i + 3) || (i > 0 && dash(i - 1)));
        let range = number(low)
            && number(high)
            && !date
            && matches!(sep.as_str(), "-" | "–" | "—" | "to" | "and" | ",");
        range.then(|| (low.parse().unwrap_or(0.0), high.parse().unwrap_or(0.0)))
    })
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
        names_an_object, restates, said_in_description, says_cursor_or_id, says_result_count,
        states_time_format, states_unit,
    };
    use crate::{Description, Tool};

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
    fn what_a_tool_description_says_of_a_parameter() {
        let tool = |text: &str| Tool {
            description: Some(Description::text(text)),
            ..Tool::default()
        };
        let t = tool(
            "Create a task. priority: 1=urgent 2=high; due_date: Unix ms. Set `parent` to a task id.",
        );
        assert_eq!(said_in_description(&t, "due_date"), Some("Unix ms"));
        let t = tool("Get time entries. start_date/end_date are Unix ms timestamps.");
        assert_eq!(
            said_in_description(&t, "end_date"),
            Some("are Unix ms timestamps")
        );
        assert_eq!(
            said_in_description(&t, "start_date"),
            Some("are Unix ms timestamps")
        );
        let t =
            tool("Args: name: The Redis key path: The JSON path to retrieve (default: root '$').");
        assert!(said_in_description(&t, "path").is_some_and(|s| s.starts_with("The JSON path")));
        let t = tool("List files in a specified path, and the path of each.");
        assert_eq!(said_in_description(&t, "path"), None);
        let t = tool("The `mode` is either `fast` or `full`.");
        assert_eq!(
            said_in_description(&t, "mode"),
            Some("is either `fast` or `full`")
        );
    }

    #[test]
    fn ranges_stated_in_docs() {
        for doc in [
            "sampling temperature between 0 and 2",
            "confidence (0.0-1.0)",
            "a ratio from 0 to 1",
            "threshold in [0, 1]",
            "speed multiplier, 0.5–4",
        ] {
            assert!(super::stated_range(doc).is_some(), "{doc}");
        }
        assert_eq!(super::stated_range("between 0 and 2"), Some((0.0, 2.0)));
        for doc in [
            "the timeout",
            "wait 30 seconds",
            "since 2024-01-31",
            "version 1.2",
        ] {
            assert_eq!(super::stated_range(doc), None, "{doc}");
        }
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
