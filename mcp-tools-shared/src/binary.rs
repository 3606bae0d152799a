//! The binary policies: written as `#[tool(binary = "…")]`, applied by the runtime.

/// What the optimizer does with a result's binary blocks (images, audio, embedded blobs);
/// `#[tool(binary = "count" | "drop" | "link")]` picks it per tool, the registry builder's
/// `binary_policy` for the rest.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum BinaryPolicy {
    /// Sent while they fit: each counts one token per four base64 characters, the rate of
    /// the published character bound; a block that does not fit is left out whole, and
    /// the notice says so.
    #[default]
    Count,
    /// Never sent: each is replaced by a line naming its type and size (for tools whose
    /// binary content a model cannot use).
    Drop,
    /// Embedded resources are sent as `resource_link`s to their URI, for the client to read
    /// if it wants them; images and audio, which have no URI, are left out as with `Drop`.
    Link,
}

impl BinaryPolicy {
    /// Every policy, in the order help lines list them.
    pub const ALL: &[BinaryPolicy] = &[BinaryPolicy::Count, BinaryPolicy::Drop, BinaryPolicy::Link];

    /// The name `#[tool(binary = …)]` takes.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            BinaryPolicy::Count => "count",
            BinaryPolicy::Drop => "drop",
            BinaryPolicy::Link => "link",
        }
    }

    /// The policy named `name`.
    #[must_use]
    pub fn from_name(name: &str) -> Option<BinaryPolicy> {
        BinaryPolicy::ALL.iter().copied().find(|p| p.name() == name)
    }

    /// What it does, for help lines.
    #[must_use]
    pub const fn describe(self) -> &'static str {
        match self {
            BinaryPolicy::Count => "sends binary blocks while they fit the budget (the default)",
            BinaryPolicy::Drop => "never sends them",
            BinaryPolicy::Link => "sends embedded resources as links",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::BinaryPolicy;

    #[test]
    fn names_round_trip() {
        for policy in BinaryPolicy::ALL {
            assert_eq!(BinaryPolicy::from_name(policy.name()), Some(*policy));
        }
        assert_eq!(BinaryPolicy::from_name("omit"), None);
    }
}
