//! Which attribute a fn carries. `#[tool]`, `#[prompt]` and `#[resource]` share one pipeline
//! (the same parameter model, docs, `#[param]` keys, checks and extraction code); the kind
//! picks the keys each accepts, the design rules that judge it and the code it expands to.

/// The attribute on the fn.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Kind {
    Tool,
    Prompt,
    Resource,
}

impl Kind {
    /// The attribute as messages name it: `#[tool]`.
    pub(crate) fn attr(self) -> &'static str {
        match self {
            Kind::Tool => "#[tool]",
            Kind::Prompt => "#[prompt]",
            Kind::Resource => "#[resource]",
        }
    }

    /// The attribute with its list, as messages about its keys name it: `#[tool(...)]`.
    pub(crate) fn attr_list(self) -> &'static str {
        match self {
            Kind::Tool => "#[tool(...)]",
            Kind::Prompt => "#[prompt(...)]",
            Kind::Resource => "#[resource(...)]",
        }
    }

    /// What the fn becomes: "tool", "prompt", "resource".
    pub(crate) fn noun(self) -> &'static str {
        match self {
            Kind::Tool => "tool",
            Kind::Prompt => "prompt",
            Kind::Resource => "resource",
        }
    }
}
