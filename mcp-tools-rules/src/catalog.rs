//! The design rules by id, and how loudly each one reports.
//!
//! Kept apart from the checks so that the collector, the crate config and the checks all
//! name rules without depending on one another.

/// How a rule reports, as clippy's lint levels do.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Level {
    /// Not checked.
    Allow,
    /// A compiler warning at the offending token; the tool still builds.
    Warn,
    /// A compile error at the offending token.
    Error,
}

impl Level {
    /// The level's name as settings write it: `allow`, `warn` or `error`.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Level::Allow => "allow",
            Level::Warn => "warn",
            Level::Error => "error",
        }
    }

    /// Reads a level as written in `[package.metadata.mcp-tools.rules]`.
    #[must_use]
    pub fn parse(text: &str) -> Option<Level> {
        match text {
            "allow" => Some(Level::Allow),
            "warn" | "warning" => Some(Level::Warn),
            "error" | "deny" => Some(Level::Error),
            _ => None,
        }
    }
}

/// One row per rule: its variant, its fixed id (see RULES.md) and its default level, from
/// which come `Rule`, `Rule::ALL`, `Rule::id` and `Rule::default_level`.
macro_rules! rules {
    ($($rule:ident => $id:literal, $level:ident,)*) => {
        /// The design rules, with their fixed ids (see RULES.md).
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub enum Rule {
            $(#[doc = concat!("`", $id, "`")] $rule,)*
        }

        impl Rule {
            /// Every rule, in the order RULES.md and help lines list them.
            pub const ALL: &[Rule] = &[$(Rule::$rule,)*];

            /// The rule's fixed id, as reports, settings and `allow(...)` write it.
            #[must_use]
            pub fn id(self) -> &'static str {
                match self {
                    $(Rule::$rule => $id,)*
                }
            }

            /// The level it reports at unless settings say otherwise.
            #[must_use]
            pub fn default_level(self) -> Level {
                match self {
                    $(Rule::$rule => Level::$level,)*
                }
            }
        }
    };
}

// Error where a violation misleads a model or a client; Warn where it is style.
rules! {
    NameCharset => "name_charset", Error,
    NameStyle => "name_style", Warn,
    NameLength => "name_length", Error,
    NamespaceRequired => "namespace_required", Error,
    RedundantNamespace => "redundant_namespace", Warn,
    VerbFirst => "verb_first", Warn,
    DescriptionRequired => "description_required", Error,
    DescriptionLength => "description_length", Warn,
    DescriptionPlaceholder => "description_placeholder", Error,
    DescriptionFiller => "description_filler", Warn,
    ParamDescriptionRequired => "param_description_required", Warn,
    PathFormat => "path_format", Error,
    GenericParamName => "generic_param_name", Error,
    UnitInName => "unit_in_name", Error,
    BoundedLimit => "bounded_limit", Error,
    BoundedLimitUnenforced => "bounded_limit_unenforced", Warn,
    TimestampFormat => "timestamp_format", Error,
    AbsoluteValue => "absolute_value", Error,
    SearchNotList => "search_not_list", Warn,
    EffectDeclared => "effect_declared", Error,
    AnnotationConflict => "annotation_conflict", Error,
    DestructiveVerb => "destructive_verb", Error,
    AliasValid => "alias_valid", Error,
    AsyncFn => "async_fn", Error,
    TaskRequiredQuick => "task_required_quick", Warn,
}

/// The rules that judge a prompt, in the order of [`Rule::ALL`]: its name, namespace,
/// description, and each argument's description and name. A prompt has no effects and no
/// result, and its arguments are strings a user types, so the rules of annotations,
/// schemas, bounds, units, formats and tasks do not apply. Each reports at the level it has
/// for tools; where its evidence on a prompt is a judgment (`name_style`, a long
/// description) it is a warning at most. RULES.md, "Prompts", says why each applies.
pub const PROMPT_RULES: &[Rule] = &[
    Rule::NameCharset,
    Rule::NameStyle,
    Rule::NameLength,
    Rule::NamespaceRequired,
    Rule::RedundantNamespace,
    Rule::DescriptionRequired,
    Rule::DescriptionLength,
    Rule::DescriptionPlaceholder,
    Rule::DescriptionFiller,
    Rule::ParamDescriptionRequired,
    Rule::GenericParamName,
];

impl Rule {
    /// The rule with this id.
    #[must_use]
    pub fn from_id(id: &str) -> Option<Rule> {
        Rule::ALL.iter().copied().find(|r| r.id() == id)
    }

    /// The rule ids, quoted and comma-separated, for help lines.
    #[must_use]
    pub fn listed() -> String {
        Rule::ALL
            .iter()
            .map(|r| format!("`{}`", r.id()))
            .collect::<Vec<_>>()
            .join(", ")
    }
}

/// How sure a report's evidence is, which sets its level where no setting does.
///
/// A rule reports at its default level only where the definition makes the flaw certain
/// (a description missing, a result count with no maximum anywhere, a tool that declares
/// nothing though its name says it only reads). Where the same rule needs a judgment of
/// meaning (is this number a physical quantity? does this name read in the server's
/// domain as it does in English?) it reports as a warning at most. A level a crate or a
/// settings file gives the rule, and `strict`, apply to both alike.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Evidence {
    /// Any careful reviewer would ask for the change.
    Certain,
    /// The report rests on a reading of meaning that a careful reviewer may not share.
    Judgment,
}

/// The level of every rule for one tool: defaults, then the crate's config, then the
/// tool's own `allow(...)`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Levels {
    each: [Level; Rule::ALL.len()],
    /// Which rules a setting gave a level to (rather than their default).
    set: [bool; Rule::ALL.len()],
    strict: bool,
}

impl Default for Levels {
    fn default() -> Self {
        let mut levels = [Level::Error; Rule::ALL.len()];
        for (slot, rule) in levels.iter_mut().zip(Rule::ALL) {
            *slot = rule.default_level();
        }
        Levels {
            each: levels,
            set: [false; Rule::ALL.len()],
            strict: false,
        }
    }
}

impl Levels {
    fn index(rule: Rule) -> usize {
        Rule::ALL
            .iter()
            .position(|r| *r == rule)
            .expect("every rule is in Rule::ALL")
    }

    /// One rule's level: the level of its reports on certain evidence.
    #[must_use]
    pub fn get(&self, rule: Rule) -> Level {
        self.each[Levels::index(rule)]
    }

    /// The level of a report of `rule` on `evidence`: a judgment reports as a warning at
    /// most, unless a setting gave the rule its level or `strict` is on.
    #[must_use]
    pub fn of(&self, rule: Rule, evidence: Evidence) -> Level {
        let level = self.get(rule);
        match evidence {
            Evidence::Judgment if !self.set[Levels::index(rule)] && !self.strict => {
                level.min(Level::Warn)
            }
            _ => level,
        }
    }

    /// Sets one rule's level, for every report of it.
    pub fn set(&mut self, rule: Rule, level: Level) {
        let i = Levels::index(rule);
        self.each[i] = level;
        self.set[i] = true;
    }

    /// Every rule that is checked becomes an error, on any evidence.
    pub fn strict(&mut self) {
        self.strict = true;
        for level in &mut self.each {
            if *level == Level::Warn {
                *level = Level::Error;
            }
        }
    }

    /// The rules a setting gave a level to, with their levels, in the order of [`Rule::ALL`].
    pub fn settings(&self) -> impl Iterator<Item = (Rule, Level)> + '_ {
        Rule::ALL
            .iter()
            .zip(self.set.iter().zip(&self.each))
            .filter(|(_, (set, _))| **set)
            .map(|(rule, (_, level))| (*rule, *level))
    }

    /// Whether every rule that is checked reports as an error, on any evidence.
    #[must_use]
    pub fn is_strict(&self) -> bool {
        self.strict
    }

    /// Whether the rule is checked at all.
    #[must_use]
    pub fn enabled(&self, rule: Rule) -> bool {
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
    fn settings_list_what_was_set_and_judgments_follow_them() {
        use super::{Evidence, Levels};
        let mut levels = Levels::default();
        assert_eq!(levels.settings().count(), 0);
        assert_eq!(levels.of(Rule::UnitInName, Evidence::Judgment), Level::Warn);
        levels.set(Rule::UnitInName, Level::Error);
        levels.set(Rule::VerbFirst, Level::Allow);
        assert_eq!(
            levels.settings().collect::<Vec<_>>(),
            [
                (Rule::VerbFirst, Level::Allow),
                (Rule::UnitInName, Level::Error)
            ]
        );
        // A level a setting gave applies to judgments too.
        assert_eq!(
            levels.of(Rule::UnitInName, Evidence::Judgment),
            Level::Error
        );
        assert!(!levels.is_strict());
        let mut strict = Levels::default();
        strict.strict();
        assert!(strict.is_strict());
        assert_eq!(
            strict.of(Rule::BoundedLimit, Evidence::Judgment),
            Level::Error
        );
        assert_eq!(strict.of(Rule::NameStyle, Evidence::Certain), Level::Error);
    }

    #[test]
    fn style_rules_warn_and_the_rest_err() {
        assert_eq!(Rule::NameStyle.default_level(), Level::Warn);
        assert_eq!(Rule::VerbFirst.default_level(), Level::Warn);
        assert_eq!(Rule::NameCharset.default_level(), Level::Error);
        assert_eq!(Rule::UnitInName.default_level(), Level::Error);
        assert!(Rule::ALL.iter().all(|r| r.default_level() != Level::Allow));
    }

    /// RULES.md documents every rule, in its table (with the default level) and in a
    /// section of its own, and no rule that does not exist.
    #[test]
    fn rules_md_lists_every_id_with_its_level() {
        let doc = include_str!("../../RULES.md");
        let table: Vec<(&str, &str)> = doc
            .lines()
            .filter_map(|line| {
                let row = line.strip_prefix("| [`")?;
                let (id, rest) = row.split_once('`')?;
                let level = rest.split('|').nth(1)?.trim();
                Some((id, level))
            })
            .collect();
        let expected: Vec<(&str, &str)> = Rule::ALL
            .iter()
            .map(|r| {
                let level = match r.default_level() {
                    Level::Allow => "allow",
                    Level::Warn => "warning",
                    Level::Error => "error",
                };
                (r.id(), level)
            })
            .collect();
        assert_eq!(table, expected, "RULES.md's table of rules");
        for rule in Rule::ALL {
            let heading = format!("\n## `{}`\n", rule.id());
            assert!(
                doc.contains(&heading),
                "RULES.md has no section `## `{}``",
                rule.id()
            );
        }
    }
}
