//! The design rules by id, and how loudly each one reports.
//!
//! Kept apart from the checks so that the collector, the crate config and the checks all
//! name rules without depending on one another.

/// How a rule reports, as clippy's lint levels do.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum Level {
    /// Not checked.
    Allow,
    /// A compiler warning at the offending token; the tool still builds.
    Warn,
    /// A compile error at the offending token.
    Error,
}

impl Level {
    /// Reads a level as written in `[package.metadata.mcp-tools.rules]`.
    pub(crate) fn parse(text: &str) -> Option<Level> {
        match text {
            "allow" => Some(Level::Allow),
            "warn" | "warning" => Some(Level::Warn),
            "error" | "deny" => Some(Level::Error),
            _ => None,
        }
    }
}

/// The design rules, with their fixed ids (see RULES.md).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Rule {
    NameCharset,
    NameStyle,
    NameLength,
    NamespaceRequired,
    RedundantNamespace,
    VerbFirst,
    DescriptionRequired,
    DescriptionLength,
    DescriptionPlaceholder,
    DescriptionFiller,
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
        Rule::NameStyle,
        Rule::NameLength,
        Rule::NamespaceRequired,
        Rule::RedundantNamespace,
        Rule::VerbFirst,
        Rule::DescriptionRequired,
        Rule::DescriptionLength,
        Rule::DescriptionPlaceholder,
        Rule::DescriptionFiller,
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
            Rule::NameStyle => "name_style",
            Rule::NameLength => "name_length",
            Rule::NamespaceRequired => "namespace_required",
            Rule::RedundantNamespace => "redundant_namespace",
            Rule::VerbFirst => "verb_first",
            Rule::DescriptionRequired => "description_required",
            Rule::DescriptionLength => "description_length",
            Rule::DescriptionPlaceholder => "description_placeholder",
            Rule::DescriptionFiller => "description_filler",
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

    pub(crate) fn from_id(id: &str) -> Option<Rule> {
        Rule::ALL.iter().copied().find(|r| r.id() == id)
    }

    /// Error where a violation misleads a model or a client; warning where it is style.
    pub(crate) fn default_level(self) -> Level {
        match self {
            Rule::NameStyle
            | Rule::RedundantNamespace
            | Rule::VerbFirst
            | Rule::DescriptionLength
            | Rule::DescriptionFiller
            | Rule::SearchNotList => Level::Warn,
            _ => Level::Error,
        }
    }

    /// The rule ids, quoted and comma-separated, for help lines.
    pub(crate) fn listed() -> String {
        Rule::ALL
            .iter()
            .map(|r| format!("`{}`", r.id()))
            .collect::<Vec<_>>()
            .join(", ")
    }
}

/// The level of every rule for one tool: defaults, then the crate's config, then the
/// tool's own `allow(...)`.
#[derive(Clone, Debug)]
pub(crate) struct Levels([Level; Rule::ALL.len()]);

impl Default for Levels {
    fn default() -> Self {
        let mut levels = [Level::Error; Rule::ALL.len()];
        for (slot, rule) in levels.iter_mut().zip(Rule::ALL) {
            *slot = rule.default_level();
        }
        Levels(levels)
    }
}

impl Levels {
    fn index(rule: Rule) -> usize {
        Rule::ALL
            .iter()
            .position(|r| *r == rule)
            .expect("every rule is in Rule::ALL")
    }

    pub(crate) fn get(&self, rule: Rule) -> Level {
        self.0[Levels::index(rule)]
    }

    pub(crate) fn set(&mut self, rule: Rule, level: Level) {
        self.0[Levels::index(rule)] = level;
    }

    /// Every rule that is checked becomes an error.
    pub(crate) fn strict(&mut self) {
        for level in &mut self.0 {
            if *level == Level::Warn {
                *level = Level::Error;
            }
        }
    }

    pub(crate) fn enabled(&self, rule: Rule) -> bool {
        self.get(rule) != Level::Allow
    }
}

#[cfg(test)]
mod tests {
    use super::{Level, Rule};

    #[test]
    fn ids_round_trip_and_are_unique() {
        for rule in Rule::ALL {
            assert_eq!(Rule::from_id(rule.id()), Some(*rule));
        }
        let mut ids: Vec<_> = Rule::ALL.iter().map(|r| r.id()).collect();
        ids.sort_unstable();
        ids.dedup();
        assert_eq!(ids.len(), Rule::ALL.len());
    }

    #[test]
    fn style_rules_warn_and_the_rest_err() {
        assert_eq!(Rule::NameStyle.default_level(), Level::Warn);
        assert_eq!(Rule::VerbFirst.default_level(), Level::Warn);
        assert_eq!(Rule::NameCharset.default_level(), Level::Error);
        assert_eq!(Rule::UnitInName.default_level(), Level::Error);
    }
}
