//! Token budgets: a hard cap, per-format budgets, and per-tool limits.

use crate::{
    limits::{CHARS_PER_TOKEN, DEFAULT_CONCISE_TOKENS, DEFAULT_MAX_RESPONSE_TOKENS},
    meta::ResponseFormat,
};

/// The registry's budgets.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Budgets {
    /// No result is larger than this.
    pub(crate) max: usize,
    /// Budget of `concise` results of tools that take a `ResponseFormat`.
    pub(crate) concise: usize,
    /// Budget of `detailed` results of tools that take a `ResponseFormat` (`None`: the cap).
    pub(crate) detailed: Option<usize>,
}

impl Default for Budgets {
    fn default() -> Self {
        Budgets {
            max: DEFAULT_MAX_RESPONSE_TOKENS,
            concise: DEFAULT_CONCISE_TOKENS,
            detailed: None,
        }
    }
}

/// One tool's budgets, resolved against the registry's when the registry is built.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct ToolBudget {
    /// For tools without a `ResponseFormat`, and the ceiling of those with one.
    pub(crate) ceiling: usize,
    pub(crate) concise: usize,
    pub(crate) detailed: usize,
}

impl ToolBudget {
    /// Resolves `#[tool(max_response_tokens …)]` against the registry.
    pub(crate) fn resolve(
        registry: Budgets,
        tool_max: Option<u64>,
        tool_concise: Option<u64>,
        tool_detailed: Option<u64>,
        has_format: bool,
    ) -> Self {
        let to_usize = |v: u64| usize::try_from(v).unwrap_or(usize::MAX);
        let ceiling = tool_max.map_or(registry.max, to_usize).min(registry.max);
        let concise = tool_concise.map_or(registry.concise, to_usize).min(ceiling);
        let detailed = tool_detailed
            .map_or(registry.detailed.unwrap_or(ceiling), to_usize)
            .min(ceiling);
        if has_format {
            ToolBudget {
                ceiling: concise.max(detailed),
                concise,
                detailed,
            }
        } else {
            ToolBudget {
                ceiling,
                concise: ceiling,
                detailed: ceiling,
            }
        }
    }

    /// The budget of one call.
    pub(crate) fn for_format(self, format: ResponseFormat) -> usize {
        match format {
            ResponseFormat::Concise => self.concise,
            ResponseFormat::Detailed => self.detailed,
        }
    }

    /// The character bound published in `tools/list`.
    pub(crate) fn max_chars(self) -> usize {
        self.ceiling.saturating_mul(CHARS_PER_TOKEN)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tool_limits_never_exceed_the_cap() {
        let r = Budgets::default();
        let b = ToolBudget::resolve(r, Some(100_000), None, None, false);
        assert_eq!(b.ceiling, DEFAULT_MAX_RESPONSE_TOKENS);
        let b = ToolBudget::resolve(r, Some(2_000), None, None, false);
        assert_eq!(
            (b.ceiling, b.for_format(ResponseFormat::Detailed)),
            (2_000, 2_000)
        );
    }

    #[test]
    fn formats_take_the_tool_then_the_registry_budget() {
        let r = Budgets {
            max: 25_000,
            concise: 1_000,
            detailed: Some(8_000),
        };
        let b = ToolBudget::resolve(r, None, None, None, true);
        assert_eq!((b.concise, b.detailed, b.ceiling), (1_000, 8_000, 8_000));
        let b = ToolBudget::resolve(r, None, Some(300), Some(3_000), true);
        assert_eq!((b.concise, b.detailed), (300, 3_000));
        assert_eq!(b.max_chars(), 12_000);
    }
}
