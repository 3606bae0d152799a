//! [`ResourceServer`]: what the OAuth layer checks tokens against, and what it advertises.

use std::time::Duration;

/// A signature algorithm accepted on access tokens. Only asymmetric algorithms: a resource
/// server checks tokens with the issuer's public keys, never with a secret it shares.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum SigningAlgorithm {
    /// `RS256`: RSASSA-PKCS1-v1_5 with SHA-256, the algorithm every issuer of JWT access
    /// tokens must support (RFC 9068).
    Rs256,
    /// `RS384`: RSASSA-PKCS1-v1_5 with SHA-384.
    Rs384,
    /// `RS512`: RSASSA-PKCS1-v1_5 with SHA-512.
    Rs512,
    /// `PS256`: RSASSA-PSS with SHA-256.
    Ps256,
    /// `PS384`: RSASSA-PSS with SHA-384.
    Ps384,
    /// `PS512`: RSASSA-PSS with SHA-512.
    Ps512,
    /// `ES256`: ECDSA on P-256 with SHA-256.
    Es256,
    /// `ES384`: ECDSA on P-384 with SHA-384.
    Es384,
    /// `EdDSA`: Ed25519.
    EdDsa,
}

impl SigningAlgorithm {
    /// Every algorithm above.
    pub const ALL: [SigningAlgorithm; 9] = [
        SigningAlgorithm::Rs256,
        SigningAlgorithm::Rs384,
        SigningAlgorithm::Rs512,
        SigningAlgorithm::Ps256,
        SigningAlgorithm::Ps384,
        SigningAlgorithm::Ps512,
        SigningAlgorithm::Es256,
        SigningAlgorithm::Es384,
        SigningAlgorithm::EdDsa,
    ];

    pub(super) fn jwt(self) -> jsonwebtoken::Algorithm {
        use jsonwebtoken::Algorithm as A;
        match self {
            SigningAlgorithm::Rs256 => A::RS256,
            SigningAlgorithm::Rs384 => A::RS384,
            SigningAlgorithm::Rs512 => A::RS512,
            SigningAlgorithm::Ps256 => A::PS256,
            SigningAlgorithm::Ps384 => A::PS384,
            SigningAlgorithm::Ps512 => A::PS512,
            SigningAlgorithm::Es256 => A::ES256,
            SigningAlgorithm::Es384 => A::ES384,
            SigningAlgorithm::EdDsa => A::EdDSA,
        }
    }
}

/// An issuer whose tokens are accepted, and where its signing keys are published.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Issuer {
    /// The `iss` its tokens carry.
    pub(super) issuer: String,
    /// Its JSON Web Key Set.
    pub(super) jwks_url: String,
}

/// Default of [`ResourceServer::leeway`].
const DEFAULT_LEEWAY: Duration = Duration::from_secs(30);
/// Default of [`ResourceServer::jwks_cache_lifetime`].
const DEFAULT_JWKS_LIFETIME: Duration = Duration::from_secs(15 * 60);
/// Default of [`ResourceServer::jwks_refetch_interval`].
const DEFAULT_REFETCH_INTERVAL: Duration = Duration::from_secs(30);

/// An OAuth 2.1 resource server in front of Streamable HTTP: every request to `/mcp` must
/// carry `Authorization: Bearer <JWT>`, issued for this server by an issuer it trusts. Set
/// it with [`Http::oauth`](crate::http::Http::oauth) (feature `oauth`).
///
/// A token is accepted when its signature verifies against its issuer's published keys
/// (JWKS), its `iss` is one of the [`issuer`](Self::issuer)s, its `aud` (a string or an
/// array) includes the [resource](Self::new), and the time is within its `nbf` and `exp`
/// (give or take the [`leeway`](Self::leeway)); it must carry `sub`. Its `scope` claim (a
/// space-separated string; `scp` as an array or a string is read too) becomes the
/// [`Caller`](crate::context::Caller)'s scopes, which `#[tool(scopes(…))]` and `tools/list` go by.
/// The token itself goes no further: tools, handlers and upstream services never see it.
///
/// ```
/// use std::time::Duration;
/// use mcp_tools::http::oauth::{ResourceServer, SigningAlgorithm};
///
/// let oauth = ResourceServer::new("https://mcp.example.com/mcp")
///     .issuer(
///         "https://auth.example.com",
///         "https://auth.example.com/.well-known/jwks.json",
///     )
///     .algorithms([SigningAlgorithm::Rs256, SigningAlgorithm::Es256])
///     .leeway(Duration::from_secs(30))
///     .scopes_supported(["shipment:read", "shipment:cancel"]);
/// # let _ = oauth;
/// ```
#[derive(Clone, Debug)]
pub struct ResourceServer {
    pub(super) resource: String,
    pub(super) issuers: Vec<Issuer>,
    pub(super) authorization_servers: Option<Vec<String>>,
    pub(super) algorithms: Vec<SigningAlgorithm>,
    pub(super) leeway: Duration,
    pub(super) jwks_lifetime: Duration,
    pub(super) refetch_interval: Duration,
    pub(super) scopes_supported: Option<Vec<String>>,
    pub(super) documentation: Option<String>,
}

impl ResourceServer {
    /// A resource server whose tokens must name `resource` in their `aud`: this server's
    /// canonical URI, as clients reach it (`https://mcp.example.com/mcp`), which is also the
    /// `resource` its metadata publishes. `https`, or `http` on a loopback host for local
    /// testing; no fragment.
    ///
    /// Add at least one [`issuer`](Self::issuer).
    pub fn new(resource: impl Into<String>) -> Self {
        ResourceServer {
            resource: resource.into(),
            issuers: Vec::new(),
            authorization_servers: None,
            algorithms: SigningAlgorithm::ALL.to_vec(),
            leeway: DEFAULT_LEEWAY,
            jwks_lifetime: DEFAULT_JWKS_LIFETIME,
            refetch_interval: DEFAULT_REFETCH_INTERVAL,
            scopes_supported: None,
            documentation: None,
        }
    }

    /// Accepts tokens whose `iss` is `issuer`, checked against the keys published at
    /// `jwks_url` (`https`, or `http` on a loopback host). Call once per trusted issuer;
    /// a token is checked only against its own issuer's keys.
    #[must_use]
    pub fn issuer(mut self, issuer: impl Into<String>, jwks_url: impl Into<String>) -> Self {
        self.issuers.push(Issuer {
            issuer: issuer.into(),
            jwks_url: jwks_url.into(),
        });
        self
    }

    /// The authorization servers the metadata names, where clients get tokens (default:
    /// the issuers, which is what an issuer identifier is in RFC 8414).
    #[must_use]
    pub fn authorization_servers<I, S>(mut self, urls: I) -> Self
    where
        I: IntoIterator<Item = S>,
        S: Into<String>,
    {
        self.authorization_servers = Some(urls.into_iter().map(Into::into).collect());
        self
    }

    /// The algorithms a token may be signed with (default: every [`SigningAlgorithm`]).
    /// Narrow it to what your issuers use.
    #[must_use]
    pub fn algorithms(mut self, algorithms: impl IntoIterator<Item = SigningAlgorithm>) -> Self {
        self.algorithms = algorithms.into_iter().collect();
        self
    }

    /// The clock difference tolerated on `exp` and `nbf` (default 30 s).
    #[must_use]
    pub fn leeway(mut self, leeway: Duration) -> Self {
        self.leeway = leeway;
        self
    }

    /// How long fetched keys are used before they are fetched again (default 15 min). Keys
    /// stay in use if a fetch fails, until one succeeds.
    #[must_use]
    pub fn jwks_cache_lifetime(mut self, lifetime: Duration) -> Self {
        self.jwks_lifetime = lifetime;
        self
    }

    /// The least time between two fetches of one issuer's keys (default 30 s). A token
    /// signed with a key not among the cached ones (a key the issuer just rotated in)
    /// makes the keys be fetched again, at most this often, so a flood of tokens with
    /// made-up key ids cannot turn into a flood of requests to the issuer.
    #[must_use]
    pub fn jwks_refetch_interval(mut self, interval: Duration) -> Self {
        self.refetch_interval = interval;
        self
    }

    /// The scopes the metadata advertises in `scopes_supported` (default: every scope a
    /// tool of the registry names in `#[tool(scopes(…))]`).
    #[must_use]
    pub fn scopes_supported<I, S>(mut self, scopes: I) -> Self
    where
        I: IntoIterator<Item = S>,
        S: Into<String>,
    {
        self.scopes_supported = Some(scopes.into_iter().map(Into::into).collect());
        self
    }

    /// A page for developers about this server, published as `resource_documentation`.
    #[must_use]
    pub fn documentation(mut self, url: impl Into<String>) -> Self {
        self.documentation = Some(url.into());
        self
    }
}
