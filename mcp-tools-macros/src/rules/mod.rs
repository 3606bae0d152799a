//! Stage 3: the checks. Each rule is one fn that pushes into the collector; none returns
//! early, so one build reports every violation of every tool.

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

/// Runs every check on one tool.
pub(crate) fn check(tool: &ToolFn, cx: &mut Diagnostics) {
    signature::check_allow_ids(tool, cx);
    signature::check_signature(tool, cx);
    signature::check_param_attrs(tool, cx);
    if !tool.allows(Rule::AsyncFn.id()) {
        signature::check_async_fn(tool, cx);
    }
}
