//! What a rule reports, and where in the model it points.

use std::fmt;

use crate::{
    catalog::{Evidence, Level, Levels, Rule},
    model::Noun,
};

/// What a report points at, in the model's terms; a front end turns it into a span, a
/// JSON pointer, or a line of its own.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Target {
    /// The tool as a whole, where what is wrong is a key that is not there.
    Tool,
    /// The action (the fn's name, or `name = "…"`; the published name).
    Name,
    /// The namespace.
    Namespace,
    /// The alias at this index.
    Alias(usize),
    /// The description, or a part of it.
    Description(DescriptionPart),
    /// An annotation the tool declares.
    Hint(Hint),
    /// The task mode.
    Task,
    /// The handler's signature (`fn` without `async`).
    Signature,
    /// An argument.
    Param {
        /// The argument's [`crate::Param::id`].
        id: usize,
        /// Which part of it.
        part: ParamPart,
    },
}

/// Which part of a description a report is about.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DescriptionPart {
    /// All of it.
    Whole,
    /// Its first line with text.
    FirstLine,
    /// The first line that contains this text (any case).
    Containing(String),
    /// Where the description belongs, when there is none.
    Missing,
}

/// An annotation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Hint {
    /// `read_only` (`readOnlyHint`).
    ReadOnly,
    /// `destructive` (`destructiveHint`).
    Destructive,
}

/// Which part of an argument a report is about.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ParamPart {
    /// Its name as published (a `rename`, where there is one).
    Name,
    /// The argument as written.
    Whole,
}

/// One violation of a rule.
#[derive(Clone, Debug, PartialEq)]
pub struct Report {
    /// The rule broken.
    pub rule: Rule,
    /// The level it reports at, from the [`Levels`] it was checked with and its evidence.
    pub level: Level,
    /// How sure its evidence is.
    pub evidence: Evidence,
    /// What it points at.
    pub target: Target,
    /// What is wrong and why it hurts an agent.
    pub message: String,
    /// The fix.
    pub help: String,
}

impl fmt::Display for Report {
    /// The message, then `= help: <fix> [rule: <id>]` on a line of its own.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}\n= help: {} [rule: {}]",
            self.message,
            self.help,
            self.rule.id()
        )
    }
}

/// Collects the reports of one tool or prompt at their levels; an allowed rule's are dropped.
pub(crate) struct Reports<'a> {
    pub(crate) levels: &'a Levels,
    /// The rules being run: every rule for a tool, [`crate::PROMPT_RULES`] for a prompt.
    pub(crate) rules: &'a [Rule],
    /// What is judged, for the words of the messages.
    pub(crate) noun: Noun,
    pub(crate) out: Vec<Report>,
}

impl Reports<'_> {
    /// Whether `rule` runs on this definition: it is in the set judged, and not allowed.
    /// A rule that leaves a case to another asks this, so nothing is left to a rule that
    /// does not run.
    pub(crate) fn runs(&self, rule: Rule) -> bool {
        self.levels.enabled(rule) && self.rules.contains(&rule)
    }

    /// Whether a prompt is judged.
    pub(crate) fn is_prompt(&self) -> bool {
        self.noun == Noun::Prompt
    }

    /// A report on certain evidence, at the rule's level.
    pub(crate) fn rule(
        &mut self,
        rule: Rule,
        target: Target,
        message: impl Into<String>,
        help: impl Into<String>,
    ) {
        self.on(Evidence::Certain, rule, target, message, help);
    }

    /// A report on `evidence`: a judgment is a warning at most (see [`Evidence`]).
    pub(crate) fn on(
        &mut self,
        evidence: Evidence,
        rule: Rule,
        target: Target,
        message: impl Into<String>,
        help: impl Into<String>,
    ) {
        let level = self.levels.of(rule, evidence);
        if level != Level::Allow {
            self.out.push(Report {
                rule,
                level,
                evidence,
                target,
                message: message.into(),
                help: help.into(),
            });
        }
    }
}
