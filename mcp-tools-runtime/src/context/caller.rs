//! `Caller`: who makes a call, and which scopes they hold.

use std::collections::BTreeSet;

/// Who makes a call, and which scopes they hold.
///
/// Tools with `scopes("…")` run only for callers holding every listed scope. Over HTTP, an
/// authentication layer puts a `Caller` into the request's extensions; calls without one
/// (stdio, or HTTP without such a layer) get the registry's
/// [`default_caller`](crate::RegistryBuilder::default_caller), which is [`Caller::local`]
/// unless set otherwise.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Caller {
    subject: Option<String>,
    scopes: BTreeSet<String>,
    all_scopes: bool,
}

impl Caller {
    /// The local user of a stdio server: holds every scope.
    #[must_use]
    pub fn local() -> Self {
        Caller {
            subject: None,
            scopes: BTreeSet::new(),
            all_scopes: true,
        }
    }

    /// An unauthenticated caller: holds no scope.
    #[must_use]
    pub fn anonymous() -> Self {
        Caller {
            subject: None,
            scopes: BTreeSet::new(),
            all_scopes: false,
        }
    }

    /// An authenticated caller with no scopes yet; add them with [`Caller::with_scopes`].
    pub fn new(subject: impl Into<String>) -> Self {
        Caller {
            subject: Some(subject.into()),
            scopes: BTreeSet::new(),
            all_scopes: false,
        }
    }

    /// Grants scopes.
    #[must_use]
    pub fn with_scopes<I, S>(mut self, scopes: I) -> Self
    where
        I: IntoIterator<Item = S>,
        S: Into<String>,
    {
        self.scopes.extend(scopes.into_iter().map(Into::into));
        self
    }

    /// The authenticated subject, if any.
    #[must_use]
    pub fn subject(&self) -> Option<&str> {
        self.subject.as_deref()
    }

    /// Whether the caller holds `scope`.
    #[must_use]
    pub fn has_scope(&self, scope: &str) -> bool {
        self.all_scopes || self.scopes.contains(scope)
    }

    /// The scopes held (empty for [`Caller::local`], which holds all).
    pub fn scopes(&self) -> impl Iterator<Item = &str> {
        self.scopes.iter().map(String::as_str)
    }
}
