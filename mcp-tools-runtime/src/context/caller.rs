//! `Caller`: who makes a call, and which scopes they hold.

use std::collections::BTreeSet;

/// Who makes a call, and which scopes they hold.
///
/// Tools with `scopes("…")` run only for callers holding every listed scope, and are
/// hidden from the others. Over HTTP, authentication (OAuth, an
/// [`authenticate`](crate::registry::RegistryBuilder::authenticate) hook, or a layer of yours that
/// puts a `Caller` into the request's extensions) says who a request is; a request nothing
/// vouched for is the
/// [`unauthenticated_caller`](crate::registry::RegistryBuilder::unauthenticated_caller),
/// [`Caller::anonymous`] by default. Stdio sessions and in-process calls are the
/// [`default_caller`](crate::registry::RegistryBuilder::default_caller), [`Caller::local`] by default.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Caller {
    subject: Option<String>,
    /// Who vouches for the subject: two issuers may each have an `alice`.
    issuer: Option<String>,
    scopes: BTreeSet<String>,
    all_scopes: bool,
}

impl Caller {
    /// The local user of a stdio server: holds every scope.
    #[must_use]
    pub fn local() -> Self {
        Caller {
            subject: None,
            issuer: None,
            scopes: BTreeSet::new(),
            all_scopes: true,
        }
    }

    /// An unauthenticated caller: holds no scope.
    #[must_use]
    pub fn anonymous() -> Self {
        Caller {
            subject: None,
            issuer: None,
            scopes: BTreeSet::new(),
            all_scopes: false,
        }
    }

    /// An authenticated caller with no scopes yet; add them with [`Caller::with_scopes`].
    pub fn new(subject: impl Into<String>) -> Self {
        Caller {
            subject: Some(subject.into()),
            issuer: None,
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

    /// Names who vouches for the subject (a token's `iss`): plan handles, idempotency keys
    /// and input rounds are bound to the subject of that issuer, not to any `alice`.
    #[must_use]
    pub fn with_issuer(mut self, issuer: impl Into<String>) -> Self {
        self.issuer = Some(issuer.into());
        self
    }

    /// Who vouches for the subject, if set.
    #[must_use]
    pub fn issuer(&self) -> Option<&str> {
        self.issuer.as_deref()
    }

    /// The subject qualified by its issuer: what handles and keys are bound to.
    pub(crate) fn identity(&self) -> Option<String> {
        let subject = self.subject.as_deref()?;
        Some(match &self.issuer {
            Some(issuer) => format!("{issuer}\u{0}{subject}"),
            None => subject.to_owned(),
        })
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

    /// Whether the caller holds every scope, as [`Caller::local`] does.
    #[cfg(feature = "http")]
    pub(crate) fn holds_every_scope(&self) -> bool {
        self.all_scopes
    }

    /// The scopes held (empty for [`Caller::local`], which holds all).
    pub fn scopes(&self) -> impl Iterator<Item = &str> {
        self.scopes.iter().map(String::as_str)
    }
}
