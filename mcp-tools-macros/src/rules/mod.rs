//! Stage 3: the checks. The tool's shape (its signature, its keys' coherence) is checked
//! here, on the syntax; the design rules are `mcp-tools-rules`', run on the model this
//! stage builds from the fn ([`crate::model::ToolFn::judged`]), each report placed at the
//! span of what it names. Nothing returns early, so one build reports every violation of
//! every tool.
//!
//! A prompt is judged by `mcp_tools_rules::check_prompt`, a resource by the description
//! rules and `async_fn` (see `config::RESOURCE_RULES`); a resource's template is checked
//! against its parameters in [`resource`].

mod resource;
mod signature;
mod wording;

use mcp_tools_rules::{DescriptionPart, Hint, Level, PROMPT_RULES, ParamPart, Rule, Target};
use proc_macro2::Span;

use crate::{diag::Diagnostics, kind::Kind, model::ToolFn};

/// Runs every check on one tool (prompt, resource). Structural checks always run; each
/// design rule runs at its level (the default, the crate's config, the tool's `allow(...)`)
/// unless allowed.
pub(crate) fn check(tool: &ToolFn, cx: &mut Diagnostics) {
    signature::check_allow_ids(tool, cx);
    signature::check_signature(tool, cx);
    signature::check_param_attrs(tool, cx);
    signature::check_input_schema(tool, cx);
    signature::check_budgets(tool, cx);
    signature::check_task(tool, cx);
    resource::check_template(tool, cx);
    resource::check_param_keys(tool, cx);
    let judged = tool.judged();
    let reports = match tool.kind() {
        Kind::Tool | Kind::Resource => mcp_tools_rules::check(&judged, &tool.levels),
        Kind::Prompt => {
            let mut reports = mcp_tools_rules::check_prompt(&judged, &tool.levels);
            // A sync prompt blocks the server as a sync tool does; `async_fn` judges it
            // where the prompt rules leave it out.
            if !PROMPT_RULES.contains(&Rule::AsyncFn) && tool.levels.enabled(Rule::AsyncFn) {
                let mut only_async = tool.levels.clone();
                for rule in Rule::ALL.iter().filter(|r| **r != Rule::AsyncFn) {
                    only_async.set(*rule, Level::Allow);
                }
                reports.extend(mcp_tools_rules::check(&judged, &only_async));
            }
            reports
        }
    };
    for report in reports {
        let span = span_of(tool, &report.target);
        let text = wording::reworded(tool, &report).unwrap_or_else(|| report.to_string());
        cx.report(report.level, report.rule, span, text);
    }
}

/// The span of what a report names: the token to change, or the whole `#[tool(...)]` where
/// what is wrong is a key that is not there.
fn span_of(tool: &ToolFn, target: &Target) -> Span {
    let args = &tool.args;
    let action = tool.action.span;
    match target {
        Target::Tool => Span::call_site(),
        Target::Name => action,
        Target::Namespace => tool.namespace.as_ref().map_or(action, |ns| ns.span),
        Target::Alias(i) => args.aliases.get(*i).map_or(action, |a| a.name.span),
        Target::Description(part) => match (&tool.doc, part) {
            (None, _) | (Some(_), DescriptionPart::Missing) => tool.ident().span(),
            (Some(doc), DescriptionPart::Whole) => doc.span,
            (Some(doc), DescriptionPart::FirstLine) => doc.first_text_span(),
            (Some(doc), DescriptionPart::Containing(text)) => doc.span_of(text),
        },
        Target::Hint(Hint::ReadOnly) => args.read_only.as_ref().map_or(action, |f| f.span),
        Target::Hint(Hint::Destructive) => args
            .destructive
            .as_ref()
            .or(args.read_only.as_ref())
            .map_or(action, |f| f.span),
        Target::Task => args.task.as_ref().map_or(action, |t| t.span),
        Target::Signature => tool.item.sig.fn_token.span,
        Target::Param { id, part } => match tool.arguments().nth(*id) {
            Some(param) => match part {
                ParamPart::Name => param.wire_name.span,
                ParamPart::Whole => param.span,
            },
            None => Span::call_site(),
        },
    }
}

#[cfg(test)]
mod item_tests;
#[cfg(test)]
mod tests;
