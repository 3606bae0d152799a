//! What the catalog costs in context, and a contract test that catches every change to it.

use std::fmt;

use crate::{registry::Registry, tokens::Encoding};

/// Tokens of each tool's definition as the model sees it (its `tools/list` entry, compact
/// JSON), and the total. From [`Registry::definition_report`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DefinitionReport {
    encoding: Encoding,
    tools: Vec<(String, usize)>,
}

impl Registry {
    /// Counts the tokens of every definition `tools/list` sends (all pages).
    #[must_use]
    pub fn definition_report(&self) -> DefinitionReport {
        let encoding = self.inner.encoding;
        let tools = self
            .tool_definitions()
            .iter()
            .map(|tool| {
                let json = serde_json::to_string(tool).unwrap_or_default();
                (tool.name.to_string(), encoding.count(&json))
            })
            .collect();
        DefinitionReport { encoding, tools }
    }
}

impl DefinitionReport {
    /// `(name, tokens)` per listed tool, in listing order.
    #[must_use]
    pub fn tools(&self) -> &[(String, usize)] {
        &self.tools
    }

    /// The tokens of one tool's definition.
    #[must_use]
    pub fn tokens_of(&self, name: &str) -> Option<usize> {
        self.tools.iter().find(|(n, _)| n == name).map(|(_, t)| *t)
    }

    /// The tokens of the whole catalog.
    #[must_use]
    pub fn total(&self) -> usize {
        self.tools.iter().map(|(_, t)| t).sum()
    }

    /// Fails a test, with the report, if the catalog costs more than `budget` tokens: keeps
    /// the catalog's context cost from creeping up.
    ///
    /// # Panics
    ///
    /// When the total is over `budget`.
    #[track_caller]
    pub fn assert_total_at_most(&self, budget: usize) {
        assert!(
            self.total() <= budget,
            "the tool catalog costs {} tokens, over its budget of {budget}:\n{self}",
            self.total()
        );
    }

    /// Fails a test, with the report, if any one definition costs more than `budget` tokens.
    ///
    /// # Panics
    ///
    /// When a definition is over `budget`.
    #[track_caller]
    pub fn assert_each_at_most(&self, budget: usize) {
        let over: Vec<&str> = self
            .tools
            .iter()
            .filter(|(_, t)| *t > budget)
            .map(|(n, _)| n.as_str())
            .collect();
        assert!(
            over.is_empty(),
            "{} over the per-tool budget of {budget} tokens:\n{self}",
            over.join(", ")
        );
    }
}

impl fmt::Display for DefinitionReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let width = self
            .tools
            .iter()
            .map(|(n, _)| n.len())
            .max()
            .unwrap_or(4)
            .max(5);
        let encoding = match self.encoding {
            Encoding::O200kBase => "o200k_base",
            Encoding::Cl100kBase => "cl100k_base",
        };
        writeln!(f, "{:<width$}  tokens ({encoding})", "tool")?;
        for (name, tokens) in &self.tools {
            writeln!(f, "{name:<width$}  {tokens:>6}")?;
        }
        write!(f, "{:<width$}  {:>6}", "total", self.total())
    }
}
