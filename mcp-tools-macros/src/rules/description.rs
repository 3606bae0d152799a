//! Rules on the descriptions the model reads.

use super::Rule;
use crate::{diag::Diagnostics, model::ToolFn, words};

/// Bounds of a useful tool description, in characters.
pub(crate) const MIN_DESCRIPTION: usize = 40;
pub(crate) const MAX_DESCRIPTION: usize = 1200;

/// `description_required`: the tool has a doc comment.
pub(crate) fn check_description_required(tool: &ToolFn, cx: &mut Diagnostics) {
    if tool.doc.is_none() {
        cx.rule(
            Rule::DescriptionRequired,
            tool.ident().span(),
            format!("tool `{}` has no doc comment: the description is all a model knows about when to call it", tool.wire_name()),
            "add `///` lines: what it does, when to use it, what it returns",
        );
    }
}

/// `description_length`: long enough to choose by, short enough to read.
pub(crate) fn check_description_length(tool: &ToolFn, cx: &mut Diagnostics) {
    let Some(doc) = &tool.doc else { return };
    let Some(text) = &doc.text else { return };
    let len = text.chars().count();
    if len < MIN_DESCRIPTION {
        cx.rule(
            Rule::DescriptionLength,
            doc.span,
            format!("the description of `{}` is {len} characters: too short for a model to know when to use it", tool.wire_name()),
            format!("write at least {MIN_DESCRIPTION} characters: what it does, when to use it, what it returns"),
        );
    } else if len > MAX_DESCRIPTION {
        cx.rule(
            Rule::DescriptionLength,
            doc.span,
            format!("the description of `{}` is {len} characters: every listing pays for it in tokens", tool.wire_name()),
            format!("cut it to {MAX_DESCRIPTION} characters; move parameter details into the parameters' own docs"),
        );
    }
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
    for param in tool
        .params
        .iter()
        .filter(|p| p.in_schema() && !p.is_response_format)
    {
        if param.doc.is_none() {
            cx.rule(
                Rule::ParamDescriptionRequired,
                param.ident.span(),
                format!("parameter `{}` has no doc comment: without one the model guesses its meaning and format", param.wire_name.value),
                "add a `///` line above it: what it is, its format, an example",
            );
        }
    }
}
