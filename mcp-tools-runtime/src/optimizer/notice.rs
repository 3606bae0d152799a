//! The notice on a cut result: what was kept of how much, what was left out, and either the
//! exact call that gets the rest or, when there is none, how to ask for less.

use std::fmt::Write as _;

use rmcp::model::JsonObject;
use serde_json::{Value, json};

use super::{
    base::CallFacts,
    estimate::{Kind, Total},
};

/// Tokens set aside for the notice before cutting.
pub(super) const RESERVE: usize = 160;

/// Arguments longer than this are not repeated in the notice's text (they are in `_meta`).
const LONG_ARGUMENTS: usize = 240;

/// Parts the notice's text names one by one; `_meta` has them all.
const NAMED: usize = 4;

/// How the rest of a cut part can be had.
#[derive(Clone, Debug, PartialEq)]
pub(super) enum Continuation {
    /// Only by asking for less.
    None,
    /// The tool's own advice.
    Hint(String),
    /// The same call with this argument set.
    Set(&'static str, Value),
}

/// Everything the notice reports.
#[derive(Default)]
pub(super) struct Notice {
    /// Each cut part: `lines 1–400 of 5,000`, `500 of 3,000 items of entities`.
    pub(super) kept: Vec<String>,
    /// Each part left out whole: `an image (image/png, 400 KB): larger than the budget`.
    pub(super) left_out: Vec<String>,
    /// How the rest is had; the first `Set` wins, as one call can set one thing.
    pub(super) continuation: Option<Continuation>,
    /// Extra `_meta` fields (the lists cut, the page's items).
    pub(super) meta: JsonObject,
}

impl Notice {
    pub(super) fn continue_with(&mut self, continuation: Continuation) {
        let better = match (&self.continuation, &continuation) {
            (Some(Continuation::Set(..)), _) => false,
            (None, _)
            | (Some(_), Continuation::Set(..))
            | (Some(Continuation::None), Continuation::Hint(_)) => true,
            _ => false,
        };
        if better {
            self.continuation = Some(continuation);
        }
    }

    /// The notice text and its `_meta` record, given the tokens kept and the whole's.
    pub(super) fn render(
        &self,
        facts: &CallFacts<'_>,
        kept_tokens: usize,
        total: Total,
    ) -> (String, Value) {
        let mut text = format!(
            "[truncated: kept {} ({} of {} tokens) to fit the {}-token budget",
            and_list(&capped(&self.kept), "everything else"),
            thousands(kept_tokens as u64),
            total_words(total),
            thousands(facts.budget as u64),
        );
        if !self.left_out.is_empty() {
            text.push_str("; left out ");
            text.push_str(&and_list(&capped(&self.left_out), ""));
        }
        text.push_str(". ");
        // A next call that repeats this one would not move on.
        let continuation = match &self.continuation {
            Some(Continuation::Set(param, value)) if facts.args.get(*param) == Some(value) => None,
            other => other.as_ref(),
        };
        let next = match continuation {
            Some(Continuation::Set(param, value)) => {
                let mut arguments = facts.args.clone();
                arguments.insert((*param).to_owned(), value.clone());
                let arguments = Value::Object(arguments);
                let written = arguments.to_string();
                if written.len() <= LONG_ARGUMENTS {
                    let _ = write!(text, "Next: call {} with {written}", facts.tool);
                } else {
                    // Long arguments (a signed URL) would crowd out the result: name the change.
                    let _ = write!(
                        text,
                        "Next: call {} with the same arguments and `{param}` set to {value}",
                        facts.tool
                    );
                }
                Some(json!({ "name": facts.tool, "arguments": arguments }))
            }
            Some(Continuation::Hint(hint)) => {
                text.push_str(hint);
                None
            }
            Some(Continuation::None) | None => {
                text.push_str(&advice(facts.arguments));
                None
            }
        };
        text.push(']');
        let mut meta = json!({
            "kept_tokens": kept_tokens,
            total.meta_key(): total.tokens,
            "budget_tokens": facts.budget,
            "kept": self.kept,
        });
        if !self.left_out.is_empty() {
            meta["left_out"] = json!(self.left_out);
        }
        if let Some(next) = next {
            meta["next_call"] = next;
        }
        if let Value::Object(map) = &mut meta {
            map.extend(self.meta.clone());
        }
        (text, meta)
    }
}

/// How to ask for less: the arguments that narrow the result (a limit, a window, a filter:
/// the definition keeps only those), each named, as a model cannot use one it is not told
/// of; or, without any, that there are none.
fn advice(narrowing: &[std::borrow::Cow<'static, str>]) -> String {
    if narrowing.is_empty() {
        return "This tool takes no arguments that narrow its result, so the rest cannot be fetched through it.".to_owned();
    }
    let named: Vec<String> = narrowing.iter().map(|a| format!("`{a}`")).collect();
    format!(
        "To see the rest, ask for less at once: narrow the request with {}.",
        or_list(&named)
    )
}

fn capped(items: &[String]) -> Vec<String> {
    let mut named: Vec<String> = items.iter().take(NAMED).cloned().collect();
    if items.len() > NAMED {
        named.push(format!("{} more", items.len() - NAMED));
    }
    named
}

fn and_list(items: &[String], empty: &str) -> String {
    join(items, " and ", empty)
}

fn or_list(items: &[String]) -> String {
    join(items, " or ", "")
}

fn join(items: &[String], last: &str, empty: &str) -> String {
    match items {
        [] => empty.to_owned(),
        [one] => one.clone(),
        [init @ .., tail] => format!("{}{last}{tail}", init.join(", ")),
    }
}

/// A total as the notice says it: `12,345`, `~1,230,000` (three significant figures, as
/// close as an estimate is), `at least 12,345`.
fn total_words(total: Total) -> String {
    match total.kind {
        Kind::Exact => thousands(total.tokens as u64),
        Kind::Estimate => format!("~{}", thousands(significant(total.tokens as u64, 3))),
        Kind::AtLeast => format!("at least {}", thousands(total.tokens as u64)),
    }
}

/// `n` rounded to `digits` significant figures.
fn significant(n: u64, digits: u32) -> u64 {
    let scale = 10u64.pow((n.checked_ilog10().unwrap_or(0) + 1).saturating_sub(digits));
    (n + scale / 2) / scale * scale
}

/// `1234567` → `1,234,567`.
pub(super) fn thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::{Kind, Total, advice, significant, thousands, total_words};

    #[test]
    fn numbers_read_well() {
        assert_eq!(thousands(0), "0");
        assert_eq!(thousands(999), "999");
        assert_eq!(thousands(25_000), "25,000");
        assert_eq!(thousands(1_234_567), "1,234,567");
        assert_eq!(significant(0, 3), 0);
        assert_eq!(significant(999, 3), 999);
        assert_eq!(significant(358_905, 3), 359_000);
        assert_eq!(significant(99_950, 3), 100_000);
    }

    #[test]
    fn totals_say_what_they_are() {
        let mut total = Total::exact(358_905);
        assert_eq!(total_words(total), "358,905");
        total.kind = Kind::Estimate;
        assert_eq!(total_words(total), "~359,000");
        total.kind = Kind::AtLeast;
        assert_eq!(total_words(total), "at least 358,905");
    }

    fn names(names: &[&'static str]) -> Vec<std::borrow::Cow<'static, str>> {
        names
            .iter()
            .map(|n| std::borrow::Cow::Borrowed(*n))
            .collect()
    }

    #[test]
    fn advice_names_every_argument_that_narrows_or_says_there_is_none() {
        assert_eq!(
            advice(&[]),
            "This tool takes no arguments that narrow its result, so the rest cannot be fetched through it."
        );
        assert!(advice(&names(&["limit"])).ends_with("with `limit`."));
        assert!(
            advice(&names(&["limit", "since", "until"])).ends_with("`limit`, `since` or `until`.")
        );
        // Each is named: a model cannot use an argument the notice only counts.
        let five = advice(&names(&[
            "limit",
            "since",
            "until",
            "label_filter",
            "max_depth",
        ]));
        assert!(
            five.ends_with("`until`, `label_filter` or `max_depth`."),
            "{five}"
        );
    }
}
