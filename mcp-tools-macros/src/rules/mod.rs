//! Stage 3: the checks. Each rule is one fn that pushes into the collector; none returns
//! early, so one build reports every violation of every tool.

mod description;
mod effects;
mod naming;
mod params;
mod signature;

use crate::{diag::Diagnostics, model::ToolFn};

/// The design rules, with their fixed ids (DESIGN §5).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Rule {
    NameCharset,
    NameLength,
    NamespaceRequired,
    RedundantNamespace,
    VerbFirst,
    DescriptionRequired,
    DescriptionLength,
    DescriptionPlaceholder,
    ParamDescriptionRequired,
    GenericParamName,
    UnitInName,
    BoundedLimit,
    TimestampFormat,
    AbsoluteValue,
    SearchNotList,
    EffectDeclared,
    AnnotationConflict,
    DestructiveVerb,
    AliasValid,
    AsyncFn,
}

impl Rule {
    pub(crate) const ALL: &[Rule] = &[
        Rule::NameCharset,
        Rule::NameLength,
        Rule::NamespaceRequired,
        Rule::RedundantNamespace,
        Rule::VerbFirst,
        Rule::DescriptionRequired,
        Rule::DescriptionLength,
        Rule::DescriptionPlaceholder,
        Rule::ParamDescriptionRequired,
        Rule::GenericParamName,
        Rule::UnitInName,
        Rule::BoundedLimit,
        Rule::TimestampFormat,
        Rule::AbsoluteValue,
        Rule::SearchNotList,
        Rule::EffectDeclared,
        Rule::AnnotationConflict,
        Rule::DestructiveVerb,
        Rule::AliasValid,
        Rule::AsyncFn,
    ];

    pub(crate) fn id(self) -> &'static str {
        match self {
            Rule::NameCharset => "name_charset",
            Rule::NameLength => "name_length",
            Rule::NamespaceRequired => "namespace_required",
            Rule::RedundantNamespace => "redundant_namespace",
            Rule::VerbFirst => "verb_first",
            Rule::DescriptionRequired => "description_required",
            Rule::DescriptionLength => "description_length",
            Rule::DescriptionPlaceholder => "description_placeholder",
            Rule::ParamDescriptionRequired => "param_description_required",
            Rule::GenericParamName => "generic_param_name",
            Rule::UnitInName => "unit_in_name",
            Rule::BoundedLimit => "bounded_limit",
            Rule::TimestampFormat => "timestamp_format",
            Rule::AbsoluteValue => "absolute_value",
            Rule::SearchNotList => "search_not_list",
            Rule::EffectDeclared => "effect_declared",
            Rule::AnnotationConflict => "annotation_conflict",
            Rule::DestructiveVerb => "destructive_verb",
            Rule::AliasValid => "alias_valid",
            Rule::AsyncFn => "async_fn",
        }
    }
}

/// One rule's check.
type Check = fn(&ToolFn, &mut Diagnostics);

/// Runs every check on one tool. Structural checks always run; each design rule runs
/// unless the tool waives it with `allow(...)`.
pub(crate) fn check(tool: &ToolFn, cx: &mut Diagnostics) {
    signature::check_allow_ids(tool, cx);
    signature::check_signature(tool, cx);
    signature::check_param_attrs(tool, cx);
    signature::check_budgets(tool, cx);
    let rules: [(Rule, Check); 20] = [
        (Rule::NameCharset, naming::check_name_charset),
        (Rule::NameLength, naming::check_name_length),
        (Rule::NamespaceRequired, naming::check_namespace_required),
        (Rule::RedundantNamespace, naming::check_redundant_namespace),
        (Rule::VerbFirst, naming::check_verb_first),
        (
            Rule::DescriptionRequired,
            description::check_description_required,
        ),
        (
            Rule::DescriptionLength,
            description::check_description_length,
        ),
        (
            Rule::DescriptionPlaceholder,
            description::check_description_placeholder,
        ),
        (
            Rule::ParamDescriptionRequired,
            description::check_param_description_required,
        ),
        (Rule::GenericParamName, params::check_generic_param_name),
        (Rule::UnitInName, params::check_unit_in_name),
        (Rule::BoundedLimit, params::check_bounded_limit),
        (Rule::TimestampFormat, params::check_timestamp_format),
        (Rule::AbsoluteValue, params::check_absolute_value),
        (Rule::SearchNotList, naming::check_search_not_list),
        (Rule::EffectDeclared, effects::check_effect_declared),
        (Rule::AnnotationConflict, effects::check_annotation_conflict),
        (Rule::DestructiveVerb, effects::check_destructive_verb),
        (Rule::AliasValid, naming::check_alias_valid),
        (Rule::AsyncFn, signature::check_async_fn),
    ];
    for (rule, check) in rules {
        if !tool.allows(rule.id()) {
            check(tool, cx);
        }
    }
}

#[cfg(test)]
mod tests;
