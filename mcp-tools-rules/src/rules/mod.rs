//! The checks. Each rule is one fn that pushes into the collector; none returns early, so
//! one run reports every violation of a tool.

mod description;
mod effects;
mod evidence;
mod naming;
mod narrows;
mod params;
mod signature;
mod tasks;

use crate::{
    catalog::{Levels, Rule},
    model::Tool,
    report::{Report, Reports},
};

pub use narrows::narrows;

/// One rule's check.
type Check = fn(&Tool, &mut Reports<'_>);

/// Runs every rule on `tool` at its level in `levels` (an allowed rule is not run) and
/// returns the reports, in the order of [`Rule::ALL`].
#[must_use]
pub fn check(tool: &Tool, levels: &Levels) -> Vec<Report> {
    let mut cx = Reports {
        levels,
        out: Vec::new(),
    };
    for &rule in Rule::ALL {
        if levels.enabled(rule) {
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
