//! Rules on the descriptions the model reads.

use super::{Rule, evidence, params};
use crate::{catalog::Rule as R, diag::Diagnostics, model::ToolFn, words};

/// The longest useful tool description, in characters.
pub(crate) const MAX_DESCRIPTION: usize = 1200;

/// `description_required`: the tool has a doc comment with text in it.
pub(crate) fn check_description_required(tool: &ToolFn, cx: &mut Diagnostics) {
    let empty = tool
        .doc
        .as_ref()
        .is_none_or(|d| d.text.as_deref().is_some_and(|t| t.trim().is_empty()));
    if empty {
        cx.rule(
            Rule::DescriptionRequired,
            tool.ident().span(),
            format!("tool `{}` has no doc comment: the description is all a model knows about when to call it", tool.wire_name()),
            "add `///` lines: what it does, when to use it, what it returns",
        );
    }
}

/// `description_length`: more than a bare fragment, short enough to read.
///
/// Short is fine ("Star a GitHub repository."): a well-named tool with documented
/// parameters needs little more. A fragment is a description that tells the model
/// nothing the name does not: one word, or only the name's own words.
pub(crate) fn check_description_length(tool: &ToolFn, cx: &mut Diagnostics) {
    let Some(doc) = &tool.doc else { return };
    let Some(text) = &doc.text else { return };
    let len = text.chars().count();
    if len > MAX_DESCRIPTION {
        cx.rule(
            Rule::DescriptionLength,
            doc.span,
            format!("the description of `{}` is {len} characters: every listing pays for it in tokens", tool.wire_name()),
            format!("cut it to {MAX_DESCRIPTION} characters: keep what it does and when to use it; move parameter details into the parameters' own docs"),
        );
    } else if !text.trim().is_empty() && is_fragment(text, tool) {
        cx.rule(
            Rule::DescriptionLength,
            doc.span,
            format!("the description of `{}` only restates its name: the model learns nothing about when to use it or what it returns", tool.wire_name()),
            "say what it does beyond the name: what it returns, when to use it, what it needs first",
        );
    }
}

/// One word, or nothing but the name's words (and articles).
fn is_fragment(text: &str, tool: &ToolFn) -> bool {
    let stem = |w: &str| -> String {
        let w = w.to_lowercase();
        w.strip_suffix("es")
            .filter(|s| s.ends_with("ch") || s.ends_with("sh") || s.ends_with('x'))
            .or_else(|| w.strip_suffix('s'))
            .unwrap_or(&w)
            .to_owned()
    };
    let mut name_words: Vec<String> = tool.action_key.split('_').map(stem).collect();
    if let Some(ns) = &tool.namespace {
        name_words.extend(words::normalize(&ns.value).split('_').map(stem));
    }
    let text_words: Vec<&str> = text
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .collect();
    text_words.len() < 2
        || text_words.iter().all(|w| {
            matches!(w.to_lowercase().as_str(), "a" | "an" | "the") || name_words.contains(&stem(w))
        })
}

/// `description_placeholder`: no TODOs or filler openings.
pub(crate) fn check_description_placeholder(tool: &ToolFn, cx: &mut Diagnostics) {
    let Some(doc) = &tool.doc else { return };
    let Some(text) = &doc.text else { return };
    if let Some(marker) = placeholder_marker(text) {
        cx.rule(
            Rule::DescriptionPlaceholder,
            doc.span_of(&marker),
            format!("the description of `{}` contains the placeholder `{marker}`: the model reads it as part of the tool's purpose", tool.wire_name()),
            "replace the placeholder with what the tool does and when to use it, or move the note into a `//` comment",
        );
        return;
    }
    let lower = text.trim_start().to_lowercase();
    if let Some(phrase) = words::BOILERPLATE
        .iter()
        .find(|phrase| lower.contains(*phrase))
    {
        cx.rule(
            Rule::DescriptionPlaceholder,
            doc.span_of(phrase),
            format!("the description of `{}` carries generated boilerplate (\"{phrase}\"): the model pays for it on every listing and learns nothing", tool.wire_name()),
            "remove it; say instead which errors the model can fix and how (a missing id, a page to fetch first)",
        );
    }
    if let Some(opening) = words::FILLER_OPENINGS
        .iter()
        .find(|opening| lower.starts_with(*opening))
    {
        cx.rule(
            Rule::DescriptionPlaceholder,
            doc.span,
            format!("the description of `{}` opens with filler (\"{opening}…\"): it spends the model's attention on nothing", tool.wire_name()),
            "start with a verb phrase that says what it does (\"Record a shipment's weight …\"), then when to use it",
        );
    }
}

/// The placeholder in `text`, as written: `TODO`, `TODOs`, `todo:`, `FIXME`, "lorem ipsum"…
fn placeholder_marker(text: &str) -> Option<String> {
    for word in text.split(|c: char| !c.is_ascii_alphanumeric() && c != ':') {
        let bare = word.trim_end_matches(':');
        for marker in words::PLACEHOLDER_MARKERS
            .iter()
            .filter(|m| m.chars().all(|c| c.is_ascii_uppercase()))
        {
            // `TODO`, `TODOs`, and a lower-case `todo:` note.
            if bare == *marker
                || bare.strip_suffix('s') == Some(*marker)
                || (word.ends_with(':') && bare.eq_ignore_ascii_case(marker))
            {
                return Some(word.to_owned());
            }
        }
    }
    let lower = text.to_lowercase();
    words::PLACEHOLDER_MARKERS
        .iter()
        .filter(|m| m.contains(' '))
        .find(|m| lower.contains(*m))
        .map(|m| (*m).to_owned())
}

/// `param_description_required`: every argument the model fills has a doc comment.
pub(crate) fn check_param_description_required(tool: &ToolFn, cx: &mut Diagnostics) {
    // A bare `user` is `generic_param_name`'s to report, with a better fix: one report each.
    let generic_reports = tool.levels.enabled(R::GenericParamName);
    for param in tool
        .params
        .iter()
        .filter(|p| p.in_schema() && !p.is_response_format)
    {
        if generic_reports && params::is_vague_generic(param) {
            continue;
        }
        if !evidence::is_documented(param) {
            cx.rule(
                Rule::ParamDescriptionRequired,
                param.ident.span(),
                format!("parameter `{}` has no doc comment: without one the model guesses its meaning and format", param.wire_name.value),
                "add a `///` line above it: what it is, its format, an example",
            );
        }
    }
}
