//! The notice on a cut result: what was kept of how much, and the call that gets the rest.

use rmcp::model::JsonObject;
use serde_json::{Value, json};

use super::CallFacts;

/// Tokens set aside for the notice before cutting.
pub(super) const RESERVE: usize = 120;

/// The next call, as `tool` + arguments, when the rest can be fetched.
pub(super) struct NextCall {
    pub(super) arguments: JsonObject,
}

impl NextCall {
    /// The same arguments with `param` set to `value`.
    pub(super) fn with(facts: &CallFacts<'_>, param: &str, value: Value) -> Self {
        let mut arguments = facts.args.clone();
        arguments.insert(param.to_owned(), value);
        NextCall { arguments }
    }
}

/// `1234567` → `1,234,567`.
pub(super) fn thousands(n: usize) -> String {
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

/// The total tokens of the whole result, estimated from the density of the kept part.
pub(super) fn estimate_total(kept_tokens: usize, kept_bytes: usize, total_bytes: usize) -> usize {
    if kept_bytes == 0 {
        return total_bytes / 4;
    }
    let estimate = kept_tokens as f64 * total_bytes as f64 / kept_bytes as f64;
    (estimate.round() as usize).max(kept_tokens)
}

/// The notice text and its `_meta` record.
pub(super) fn render(
    facts: &CallFacts<'_>,
    kept: &str,
    tokens: (usize, usize),
    next: Option<&NextCall>,
    fallback: &str,
) -> (String, Value) {
    let (kept_tokens, total_tokens) = tokens;
    let next_text = match next {
        Some(call) => format!(
            "Next: call {} with {}",
            facts.tool,
            Value::Object(call.arguments.clone())
        ),
        None => fallback.to_owned(),
    };
    let text = format!(
        "[truncated: kept {kept} ({} of ~{} tokens) to fit the {}-token budget. {next_text}]",
        thousands(kept_tokens),
        thousands(total_tokens),
        thousands(facts.budget),
    );
    let mut meta = json!({
        "kept_tokens": kept_tokens,
        "total_tokens_estimate": total_tokens,
        "budget_tokens": facts.budget,
    });
    if let Some(call) = next {
        meta["next_call"] =
            json!({ "name": facts.tool, "arguments": Value::Object(call.arguments.clone()) });
    }
    (text, meta)
}

#[cfg(test)]
mod tests {
    use super::{estimate_total, thousands};

    #[test]
    fn numbers_read_well() {
        assert_eq!(thousands(0), "0");
        assert_eq!(thousands(999), "999");
        assert_eq!(thousands(25_000), "25,000");
        assert_eq!(thousands(1_234_567), "1,234,567");
        assert_eq!(estimate_total(100, 400, 4000), 1000);
    }
}
