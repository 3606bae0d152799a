//! Cutting a whole result to its budget: binary blocks kept or left out whole, then the
//! texts and the structured value share what is left fairly, each cut where it can resume,
//! and the notice is counted in. Everything the client receives is counted exactly.

use rmcp::model::ContentBlock;

use super::{
    base::{CallFacts, OVER, Report, Shaped},
    estimate::{self, Total},
    fit,
    notice::{Continuation, Notice, RESERVE},
    parts::{self, Binary, LeftOut, Whole},
    structured, text,
};
use crate::{limits::CHARS_PER_TOKEN, output::PageInfo, output::Resume};

pub(super) fn cut(
    mut whole: Whole,
    mut left_out: Vec<LeftOut>,
    page: Option<PageInfo>,
    resume: Option<&Resume>,
    facts: &CallFacts<'_>,
) -> Shaped {
    whole.link_texts();
    let enc = facts.encoding;
    let avail = facts.budget.saturating_sub(RESERVE);
    let linked: Vec<usize> = whole.linked.iter().map(|(i, _)| *i).collect();
    let texts: Vec<usize> = (0..whole.blocks.len())
        .filter(|i| parts::text_of(&whole.blocks[*i]).is_some() && !linked.contains(i))
        .collect();
    let originals: Vec<String> = texts
        .iter()
        .map(|i| {
            parts::text_of(&whole.blocks[*i])
                .unwrap_or_default()
                .to_owned()
        })
        .collect();
    // A tool's resume point belongs to its one text; with several, none can say which.
    let resume = if texts.len() == 1 { resume } else { None };
    // Demands are capped past the budget: beyond it, any size is "more than there is room for".
    let cap = facts.budget + 1;
    let demand = |t: &str| enc.count_up_to(t, cap).unwrap_or(cap);
    let mut demands: Vec<usize> = originals.iter().map(|t| demand(t)).collect();
    let copies = usize::from(whole.mirror_at.is_some()) + linked.len();
    let struct_demand = match &whole.structured {
        Some(value) if fit::total_at_most(value, OVER * avail).is_some() => {
            demand(&value.to_string())
        }
        Some(_) => cap,
        None => 0,
    };
    let fixed: usize = whole
        .blocks
        .iter()
        .filter(|b| parts::text_of(b).is_none() && Binary::of(b).is_none())
        .map(|b| enc.count(&parts::fixed_json(b)))
        .sum();

    // Binary blocks are kept whole, in order, in what the other parts leave (at least half).
    let others = demands.iter().sum::<usize>() + struct_demand * (1 + copies) + fixed;
    let mut room = avail.saturating_sub(others.min(avail / 2) + fixed);
    let char_avail = facts.char_budget.saturating_sub(RESERVE * CHARS_PER_TOKEN);
    // Only compared with half of `char_avail`: measured no further than that.
    let struct_bytes = whole.structured.as_ref().map_or(0, |v| {
        fit::total_at_most(v, char_avail).unwrap_or(char_avail)
    });
    let other_chars =
        originals.iter().map(String::len).sum::<usize>() + struct_bytes * (1 + copies);
    let mut char_room = char_avail.saturating_sub(other_chars.min(char_avail / 2));
    let mut binary_tokens = 0;
    let mut binary_chars = 0;
    let mut i = 0;
    let mut texts = texts;
    while i < whole.blocks.len() {
        if let Some(binary) = Binary::of(&whole.blocks[i]) {
            if binary.tokens() <= room && binary.chars <= char_room {
                room -= binary.tokens();
                char_room -= binary.chars;
                binary_tokens += binary.tokens();
                binary_chars += binary.chars;
            } else {
                whole.blocks.remove(i);
                shift(&mut whole, &mut texts, i);
                left_out.push(LeftOut {
                    what: binary.describe(),
                    reason: "larger than the budget left",
                    tokens: binary.tokens(),
                });
                continue;
            }
        }
        i += 1;
    }

    // The texts as the tool returned them, whatever is kept of them: estimated once.
    let text_total: Total = (0..whole.blocks.len())
        .filter_map(|i| {
            let resume = if texts.contains(&i) { resume } else { None };
            parts::text_of(&whole.blocks[i]).map(|t| estimate::text(t, resume, facts))
        })
        .sum();
    // The value's, from the first cut: the whole does not change with what is kept.
    let mut value_total: Option<Total> = None;
    let mut share = avail.saturating_sub(binary_tokens + fixed);
    demands.push(struct_demand * (1 + copies));
    let mut best: Option<Shaped> = None;
    let mut grown = false;
    loop {
        let alloc = water_fill(share, &demands);
        let mut notice = Notice::default();
        let mut blocks = whole.blocks.clone();
        for (k, &i) in texts.iter().enumerate() {
            let original = &originals[k];
            let end = text::prefix_end(original, alloc[k], resume, facts);
            if end < original.len() {
                let kept = &original[..end];
                text::describe(kept, original, resume, facts, &mut notice);
                if let Some(t) = parts::text_mut(&mut blocks[i]) {
                    kept.clone_into(t);
                }
            }
        }
        let mut structured_value = None;
        let mut mirror = None;
        if let Some(value) = &whole.structured {
            let target = alloc[texts.len()] / (1 + copies);
            let kept = structured::cut_to(value, target, page, facts);
            kept.report(page, facts, &mut notice);
            for (i, pointer) in &whole.linked {
                if let (Some(s), Some(t)) =
                    (kept.string_at(pointer), parts::text_mut(&mut blocks[*i]))
                {
                    s.clone_into(t);
                }
            }
            if whole.mirror_at.is_some() {
                mirror = Some(kept.json.clone());
            }
            structured_value = Some(kept);
        }
        for item in &left_out {
            notice
                .left_out
                .push(format!("{}: {}", item.what, item.reason));
        }
        if resume.is_none() && notice.continuation.is_none() && !notice.kept.is_empty() {
            notice.continue_with(Continuation::None);
        }

        // Count what is sent, exactly.
        let mut tokens = binary_tokens + fixed;
        let mut chars = binary_chars;
        for block in &blocks {
            if let Some(t) = parts::text_of(block) {
                tokens += enc.count(t);
                chars += t.chars().count();
            }
        }
        if let Some(kept) = &structured_value {
            // The value, and its mirror when one is sent: the same text twice.
            let sent = 1 + usize::from(mirror.is_some());
            tokens += kept.tokens * sent;
            chars += kept.json.chars().count() * sent;
        }
        // The whole: the texts, the value (and its mirror) as cut plus what it left out,
        // and the blocks sent or left out whole.
        let structured_total = match (&structured_value, &whole.structured) {
            (Some(kept), Some(value)) => *value_total.get_or_insert_with(|| {
                let sent = 1 + usize::from(mirror.is_some());
                kept.total(value, facts).times(sent)
            }),
            _ => Total::exact(0),
        };
        let left_out_tokens: usize = left_out.iter().map(|l| l.tokens).sum();
        let whole_blocks = Total::exact(binary_tokens + fixed + left_out_tokens);
        let total = (text_total + structured_total + whole_blocks).at_least_kept(tokens);
        let (note, meta) = notice.render(facts, tokens, total);
        let note_tokens = enc.count(&note);
        let all_tokens = tokens + note_tokens;
        let all_chars = chars + note.chars().count();
        let fits = all_tokens <= facts.budget && all_chars <= facts.char_budget;
        if !fits && share == 0 && best.is_none() {
            return too_large(all_tokens, facts);
        }
        if fits || share == 0 || best.is_some() {
            let shaped = if fits || best.is_none() {
                let structured_value = structured_value.map(|k| k.value);
                let sent = Whole {
                    blocks,
                    structured: structured_value,
                    mirror_at: whole.mirror_at,
                    linked: Vec::new(),
                };
                let (mut content, structured) = sent.into_content(mirror);
                content.push(ContentBlock::text(note));
                Shaped {
                    content,
                    structured,
                    truncation: Some(meta),
                    report: Report {
                        tokens: Some(all_tokens),
                        tokens_cut: total.tokens.saturating_sub(tokens),
                        truncated: true,
                    },
                    failed: false,
                }
            } else {
                best.take().expect("checked above")
            };
            // The notice took less than its reserve: give the slack to the result, once. Slack
            // in characters counts at the density of what was sent.
            let char_slack =
                facts.char_budget.saturating_sub(all_chars) * all_tokens / all_chars.max(1);
            let slack = facts.budget.saturating_sub(all_tokens).min(char_slack);
            if fits && !grown && slack > facts.budget / 20 && share > 0 {
                grown = true;
                share += slack * 9 / 10;
                best = Some(shaped);
                continue;
            }
            return shaped;
        }
        // Shrink by the bound exceeded most, at the density of what was sent.
        let ratio = (facts.budget as f64 / all_tokens as f64)
            .min(facts.char_budget as f64 / all_chars as f64);
        share = ((share as f64 * ratio * 0.97) as usize).min(share - 1);
    }
}

/// Even cut to its smallest (every key, every short string) the result is over budget: an
/// error result that says so, rather than a result over budget.
fn too_large(smallest: usize, facts: &CallFacts<'_>) -> Shaped {
    let text = format!(
        "The result does not fit the {}-token budget of `{}` even cut to its smallest form \
         (~{} tokens with a notice). Ask for less at once, or raise the tool's \
         max_response_tokens.",
        facts.budget, facts.tool, smallest
    );
    tracing::warn!(
        tool = facts.tool,
        budget = facts.budget,
        smallest,
        "result too large to cut to its budget"
    );
    Shaped {
        content: vec![ContentBlock::text(text)],
        structured: None,
        truncation: None,
        report: Report {
            tokens: None,
            tokens_cut: smallest,
            truncated: true,
        },
        failed: true,
    }
}

/// Block `removed` is gone: the indexes after it move up.
fn shift(whole: &mut Whole, texts: &mut [usize], removed: usize) {
    for i in texts
        .iter_mut()
        .chain(whole.linked.iter_mut().map(|(i, _)| i))
    {
        if *i > removed {
            *i -= 1;
        }
    }
    if let Some(at) = &mut whole.mirror_at
        && *at > removed
    {
        *at -= 1;
    }
}

/// Shares `total` among `demands` max-min fairly: the smallest demands are met whole, the
/// rest split what is left evenly.
fn water_fill(total: usize, demands: &[usize]) -> Vec<usize> {
    let mut order: Vec<usize> = (0..demands.len()).collect();
    order.sort_by_key(|&i| demands[i]);
    let mut alloc = vec![0; demands.len()];
    let mut left = total;
    for (n, &i) in order.iter().enumerate() {
        let share = left / (demands.len() - n);
        alloc[i] = demands[i].min(share);
        left -= alloc[i];
    }
    alloc
}

#[cfg(test)]
mod tests {
    use super::water_fill;

    #[test]
    fn water_fill_meets_small_demands_and_splits_the_rest() {
        assert_eq!(water_fill(100, &[10, 500, 500]), [10, 45, 45]);
        assert_eq!(water_fill(100, &[10, 20]), [10, 20]);
        assert_eq!(water_fill(0, &[10, 20]), [0, 0]);
        assert_eq!(water_fill(90, &[0, 500, 500, 0]), [0, 45, 45, 0]);
    }
}
