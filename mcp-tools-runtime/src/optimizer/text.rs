//! Cutting text results at a token boundary.

use rmcp::model::ContentBlock;
use serde_json::Value;

use super::{CallFacts, Report, Shaped, fits, notice};
use crate::output::Resume;

pub(super) fn shape(
    content: Vec<ContentBlock>,
    structured: Option<Value>,
    resume: Option<Resume>,
    facts: &CallFacts<'_>,
) -> Shaped {
    let mut content = content;
    if content.is_empty()
        && let Some(value) = &structured
    {
        content.push(ContentBlock::text(value.to_string()));
    }
    // One text block is the common case; join only when there are several.
    let joined;
    let total_text: &str = match texts(&content).collect::<Vec<_>>().as_slice() {
        [one] => one,
        many => {
            joined = many.join("\n");
            &joined
        }
    };
    if let Some(tokens) = fits(total_text, facts) {
        return Shaped {
            content,
            structured,
            truncation: None,
            report: Report {
                tokens,
                tokens_cut: 0,
                truncated: false,
            },
        };
    }
    let mut budget = facts.budget.saturating_sub(notice::RESERVE);
    loop {
        let (kept_blocks, kept_text) = cut(&content, budget, resume.as_ref(), facts);
        let kept_tokens = facts.encoding.count(&kept_text);
        let total_tokens = notice::estimate_total(kept_tokens, kept_text.len(), total_text.len());
        let (what, next) = describe(&kept_text, total_text, resume.as_ref(), facts);
        let fallback = match &resume {
            Some(Resume::Hint(hint)) => hint.as_str(),
            _ => "To see the rest, narrow the request.",
        };
        let (text, meta) = notice::render(
            facts,
            &what,
            (kept_tokens, total_tokens),
            next.as_ref(),
            fallback,
        );
        let notice_tokens = facts.encoding.count(&text);
        let chars = kept_text.chars().count() + text.chars().count();
        if budget == 0
            || (kept_tokens + notice_tokens <= facts.budget && chars <= facts.char_budget)
        {
            let mut blocks = kept_blocks;
            blocks.push(ContentBlock::text(text));
            return Shaped {
                content: blocks,
                structured,
                truncation: Some(meta),
                report: Report {
                    tokens: Some(kept_tokens + notice_tokens),
                    tokens_cut: total_tokens.saturating_sub(kept_tokens),
                    truncated: true,
                },
            };
        }
        // The notice or the character bound did not fit: give up a tenth and retry.
        let over_chars = chars.saturating_sub(facts.char_budget) / crate::limits::CHARS_PER_TOKEN;
        budget = budget.saturating_sub((budget / 10).max(over_chars).max(1));
    }
}

fn texts(content: &[ContentBlock]) -> impl Iterator<Item = &str> {
    content
        .iter()
        .filter_map(|b| b.as_text().map(|t| t.text.as_str()))
}

/// Keeps whole blocks while they fit, cuts the block that crosses `budget`, drops the rest.
fn cut(
    content: &[ContentBlock],
    budget: usize,
    resume: Option<&Resume>,
    facts: &CallFacts<'_>,
) -> (Vec<ContentBlock>, String) {
    let mut kept = Vec::new();
    let mut kept_text = String::new();
    let mut left = budget;
    for block in content {
        let Some(text) = block.as_text().map(|t| t.text.as_str()) else {
            kept.push(block.clone());
            continue;
        };
        if let Some(n) = facts.encoding.count_up_to(text, left) {
            left -= n;
            push_text(&mut kept, &mut kept_text, text);
            continue;
        }
        let prefix = facts.encoding.prefix(text, left);
        let mut end = prefix.bytes;
        // Line-resumable text is cut after the last whole line, so the next call starts clean.
        if matches!(resume, Some(Resume::Line { .. })) {
            end = text[..end].rfind('\n').map_or(0, |i| i + 1);
        }
        if end > 0 {
            push_text(&mut kept, &mut kept_text, &text[..end]);
        }
        break;
    }
    (kept, kept_text)
}

fn push_text(kept: &mut Vec<ContentBlock>, kept_text: &mut String, text: &str) {
    if !kept_text.is_empty() {
        kept_text.push('\n');
    }
    kept_text.push_str(text);
    kept.push(ContentBlock::text(text.to_owned()));
}

fn describe(
    kept: &str,
    total: &str,
    resume: Option<&Resume>,
    facts: &CallFacts<'_>,
) -> (String, Option<notice::NextCall>) {
    match resume {
        Some(Resume::Line { param, first_line }) => {
            let lines = kept.matches('\n').count() as u64;
            // A byte scan, no tokenizing: cheap even for megabytes.
            let total_lines = total.bytes().filter(|b| *b == b'\n').count() as u64
                + u64::from(!total.ends_with('\n'));
            let last = first_line + lines.saturating_sub(1);
            let what = format!(
                "lines {}–{} of {}",
                notice::thousands(usize::try_from(*first_line).unwrap_or(usize::MAX)),
                notice::thousands(usize::try_from(last).unwrap_or(usize::MAX)),
                notice::thousands(
                    usize::try_from(first_line + total_lines.saturating_sub(1))
                        .unwrap_or(usize::MAX)
                )
            );
            let next = notice::NextCall::with(facts, param, Value::from(first_line + lines));
            (what, Some(next))
        }
        Some(Resume::Hint(_)) | None => {
            let what = format!(
                "{} of {} bytes",
                notice::thousands(kept.len()),
                notice::thousands(total.len())
            );
            (what, None)
        }
    }
}
