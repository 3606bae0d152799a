//! Checking one bearer token: its header, its issuer, the key it was signed with, its
//! signature, then its claims (`iss`, `aud`, `exp`, `nbf`, `sub`), and the [`Caller`] it
//! speaks for. Each refusal says what was wrong, and repeats nothing the token holds.

use jsonwebtoken::{Algorithm, Validation, errors::ErrorKind};
use serde::Deserialize;

use super::{claims::Claims, jwks::Jwks, jwks::Missing, refusal::Refusal};
use crate::context::Caller;

/// An issuer whose tokens are accepted: its keys, and the checks of its tokens' claims,
/// one per accepted algorithm (`jsonwebtoken` wants every algorithm of a check to be of the
/// key's family).
pub(super) struct Trusted {
    pub(super) issuer: String,
    pub(super) jwks: Jwks,
    validations: Vec<(Algorithm, Validation)>,
}

/// Checks tokens for one resource.
pub(super) struct Verifier {
    pub(super) issuers: Vec<Trusted>,
    algorithms: Vec<Algorithm>,
    resource: String,
    /// Where tokens come from, for the refusals that should say so.
    authorization_servers: String,
}

/// What the claims' checks need of the configuration.
pub(super) struct Checks<'a> {
    pub(super) resource: &'a str,
    pub(super) algorithms: Vec<Algorithm>,
    pub(super) leeway_secs: u64,
    pub(super) authorization_servers: &'a [String],
}

impl Verifier {
    pub(super) fn new(checks: &Checks<'_>, issuers: Vec<(String, Jwks)>) -> Self {
        let issuers = issuers
            .into_iter()
            .map(|(issuer, jwks)| {
                let validations = checks
                    .algorithms
                    .iter()
                    .map(|&alg| {
                        let mut validation = Validation::new(alg);
                        validation.set_issuer(&[&issuer]);
                        validation.set_audience(&[checks.resource]);
                        validation.set_required_spec_claims(&["exp", "iss", "aud", "sub"]);
                        validation.validate_nbf = true;
                        validation.leeway = checks.leeway_secs;
                        (alg, validation)
                    })
                    .collect();
                Trusted {
                    issuer,
                    jwks,
                    validations,
                }
            })
            .collect();
        Verifier {
            issuers,
            algorithms: checks.algorithms.clone(),
            resource: checks.resource.to_owned(),
            authorization_servers: checks.authorization_servers.join(" or "),
        }
    }

    /// The caller `token` speaks for, or why it is refused.
    pub(super) async fn verify(&self, token: &str) -> Result<Caller, Refusal> {
        let header = jsonwebtoken::decode_header(token).map_err(|_| {
            invalid("the token is not a JWT (three base64url parts separated by dots, the first a JOSE header)")
        })?;
        if !self.algorithms.contains(&header.alg) {
            return Err(invalid(format!(
                "the token is signed with {:?}, which this server does not accept",
                header.alg
            )));
        }
        let trusted = self.issuer_of(token)?;
        let Some((_, validation)) = trusted.validations.iter().find(|(a, _)| *a == header.alg)
        else {
            return Err(invalid("the token's algorithm is not accepted"));
        };
        let kid = header.kid.as_deref();
        let keys = trusted
            .jwks
            .keys_for(kid, header.alg)
            .await
            .map_err(|missing| match missing {
                Missing::Unknown => invalid(
                    "the token is signed with a key its issuer does not publish (`kid` unknown); get a new token",
                ),
                Missing::Unavailable => Refusal::KeysUnavailable,
            })?;
        // Several keys only when the token names none; a signature verifies under one.
        for key in keys.matching(kid, header.alg) {
            match jsonwebtoken::decode::<Claims>(token, &key.decoding, validation) {
                Ok(data) => return data.claims.caller().map_err(invalid),
                Err(err) if matches!(err.kind(), ErrorKind::InvalidSignature) => {}
                Err(err) => return Err(self.describe(err.kind())),
            }
        }
        Err(invalid("the token's signature does not verify"))
    }

    /// The trusted issuer the token names. With one issuer, the checks of its claims say
    /// whether the token is its; with several, `iss` (read before the signature is
    /// checked) only chooses whose keys to check it with.
    fn issuer_of(&self, token: &str) -> Result<&Trusted, Refusal> {
        #[derive(Deserialize)]
        struct Iss {
            iss: Option<String>,
        }
        if let [only] = self.issuers.as_slice() {
            return Ok(only);
        }
        let iss = jsonwebtoken::dangerous::insecure_decode_claims::<Iss>(token)
            .map_err(|_| invalid("the token's claims are not a JSON object"))?
            .iss
            .ok_or_else(|| self.describe(&ErrorKind::MissingRequiredClaim("iss".into())))?;
        self.issuers
            .iter()
            .find(|t| t.issuer == iss)
            .ok_or_else(|| self.describe(&ErrorKind::InvalidIssuer))
    }

    fn describe(&self, kind: &ErrorKind) -> Refusal {
        invalid(match kind {
            ErrorKind::ExpiredSignature => "the token has expired; get a new one".to_owned(),
            ErrorKind::ImmatureSignature => {
                "the token is not valid yet (its `nbf` is in the future)".to_owned()
            }
            ErrorKind::InvalidAudience => format!(
                "the token was not issued for this server: its audience (`aud`) must include {}",
                self.resource
            ),
            ErrorKind::InvalidIssuer => format!(
                "the token's issuer (`iss`) is not one this server trusts; get a token from {}",
                self.authorization_servers
            ),
            ErrorKind::MissingRequiredClaim(claim) => {
                format!("the token has no `{}` claim", clip(claim))
            }
            ErrorKind::InvalidClaimFormat(claim) => {
                format!("the token's `{}` claim is malformed", clip(claim))
            }
            ErrorKind::InvalidAlgorithm => "the token's algorithm does not fit its key".to_owned(),
            _ => "the token is malformed".to_owned(),
        })
    }
}

fn invalid(description: impl Into<String>) -> Refusal {
    Refusal::InvalidToken(description.into())
}

/// A claim name as reported, kept short: it comes from the validation's fixed set, but
/// costs nothing to bound.
fn clip(claim: &str) -> String {
    claim.chars().take(32).collect()
}
