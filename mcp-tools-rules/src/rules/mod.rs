//! The checks. Each rule is one fn that pushes into the collector; none returns early, so
//! one run reports every violation of a tool.

mod description;
mod effects;
mod evidence;
mod naming;
mod narrows;
mod params;
#[cfg(test)]
mod prompt_tests;
mod signature;
mod tasks;

use crate::{
    catalog::{Levels, PROMPT_RULES, Rule},
    model::{Noun, Tool},
    report::{Report, Reports},
};

pub use narrows::narrows;

/// One rule's check.
type Check = fn(&Tool, &mut Reports<'_>);

/// Runs every rule on `tool` at its level in `levels` (an allowed rule is not run) and
/// returns the reports, in the order of [`Rule::ALL`].
#[must_use]
pub fn check(tool: &Tool, levels: &Levels) -> Vec<Report> {
    run(tool, levels, Noun::Tool, Rule::ALL)
}

/// Runs the rules that judge a prompt ([`PROMPT_RULES`]) on `prompt` at their levels in
/// `levels`, and returns the reports in the order of [`Rule::ALL`], worded for a prompt.
///
/// The model is a [`Tool`] as a prompt fills it: its name, namespace and description, and
/// one [`crate::Param`] of [`crate::Kind::Text`] per argument, with the argument's
/// description as its doc; annotations absent. [`crate::published::prompt`] reads one from
/// a `prompts/list` entry.
///
/// ```
/// use mcp_tools_rules::{check_prompt, published};
///
/// let listed = serde_json::json!({
///     "name": "create_reply",
///     "description": "Draft a reply to a support ticket in the customer's language.",
///     "arguments": [{"name": "id", "required": true}]
/// });
/// let prompt = published::prompt(&listed, None);
/// let reports = check_prompt(&prompt, &published::levels());
/// let ids: Vec<&str> = reports.iter().map(|r| r.rule.id()).collect();
/// assert_eq!(ids, ["generic_param_name"]);
/// assert!(reports[0].message.starts_with("argument `id`"), "{}", reports[0].message);
/// ```
#[must_use]
pub fn check_prompt(prompt: &Tool, levels: &Levels) -> Vec<Report> {
    run(prompt, levels, Noun::Prompt, PROMPT_RULES)
}

fn run(tool: &Tool, levels: &Levels, noun: Noun, rules: &[Rule]) -> Vec<Report> {
    let mut cx = Reports {
        levels,
        rules,
        noun,
        out: Vec::new(),
    };
    for &rule in Rule::ALL {
        if cx.runs(rule) {
            check_of(rule)(tool, &mut cx);
        }
    }
    cx.out
}

/// Each rule's check. A match, so a rule added to the catalog without a check does not
/// compile.
fn check_of(rule: Rule) -> Check {
    match rule {
        Rule::NameCharset => naming::check_name_charset,
        Rule::NameStyle => naming::check_name_style,
        Rule::NameLength => naming::check_name_length,
        Rule::NamespaceRequired => naming::check_namespace_required,
        Rule::RedundantNamespace => naming::check_redundant_namespace,
        Rule::VerbFirst => naming::check_verb_first,
        Rule::DescriptionRequired => description::check_description_required,
        Rule::DescriptionLength => description::check_description_length,
        Rule::DescriptionPlaceholder => description::check_description_placeholder,
        Rule::DescriptionFiller => description::check_description_filler,
        Rule::ParamDescriptionRequired => description::check_param_description_required,
        Rule::PathFormat => params::check_path_format,
        Rule::GenericParamName => params::check_generic_param_name,
        Rule::UnitInName => params::check_unit_in_name,
        Rule::BoundedLimit => params::check_bounded_limit,
        Rule::BoundedLimitUnenforced => params::check_bounded_limit_unenforced,
        Rule::TimestampFormat => params::check_timestamp_format,
        Rule::AbsoluteValue => params::check_absolute_value,
        Rule::SearchNotList => naming::check_search_not_list,
        Rule::EffectDeclared => effects::check_effect_declared,
        Rule::AnnotationConflict => effects::check_annotation_conflict,
        Rule::DestructiveVerb => effects::check_destructive_verb,
        Rule::AliasValid => naming::check_alias_valid,
        Rule::AsyncFn => signature::check_async_fn,
        Rule::TaskRequiredQuick => tasks::check_task_required_quick,
    }
}
