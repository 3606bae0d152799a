//! The claims of an access token the server reads beyond those `jsonwebtoken` checks, and
//! the [`Caller`] they make.

use serde::Deserialize;

use crate::context::Caller;

/// `sub` and the scopes. `iss`, `aud`, `exp` and `nbf` are checked by `jsonwebtoken`.
#[derive(Debug, Deserialize)]
pub(super) struct Claims {
    /// Required; its absence is reported by the validation, which names the claim.
    #[serde(default)]
    sub: String,
    /// Checked against the trusted issuers; qualifies `sub`.
    #[serde(default)]
    iss: String,
    /// RFC 9068's claim: a space-separated string.
    #[serde(default)]
    scope: Option<ScopeClaim>,
    /// What several issuers send instead: an array (Okta) or a space-separated string
    /// (Microsoft Entra).
    #[serde(default)]
    scp: Option<ScopeClaim>,
}

#[derive(Debug, Deserialize)]
#[serde(untagged)]
enum ScopeClaim {
    Text(String),
    List(Vec<String>),
}

impl ScopeClaim {
    fn scopes(&self) -> Vec<&str> {
        match self {
            ScopeClaim::Text(text) => text.split_whitespace().collect(),
            ScopeClaim::List(list) => list.iter().flat_map(|s| s.split_whitespace()).collect(),
        }
    }
}

impl Claims {
    /// The caller the token speaks for: its subject, with the scopes of `scope` and `scp`
    /// together. `Err` names what is missing.
    pub(super) fn caller(&self) -> Result<Caller, &'static str> {
        if self.sub.trim().is_empty() {
            return Err("the token's `sub` claim is empty; it must name the user or client");
        }
        let scopes = [&self.scope, &self.scp]
            .into_iter()
            .flatten()
            .flat_map(ScopeClaim::scopes);
        Ok(Caller::new(self.sub.clone())
            .with_issuer(self.iss.clone())
            .with_scopes(scopes))
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::Claims;

    fn caller(claims: serde_json::Value) -> Result<(String, Vec<String>), &'static str> {
        let claims: Claims = serde_json::from_value(claims).expect("the claims parse");
        claims.caller().map(|c| {
            (
                c.subject().unwrap_or_default().to_owned(),
                c.scopes().map(str::to_owned).collect(),
            )
        })
    }

    #[test]
    fn the_issuer_qualifies_the_subject() {
        let claims: Claims =
            serde_json::from_value(json!({ "sub": "alice", "iss": "https://a.example" })).unwrap();
        let caller = claims.caller().unwrap();
        assert_eq!(caller.subject(), Some("alice"));
        assert_eq!(caller.issuer(), Some("https://a.example"));
        let other: Claims =
            serde_json::from_value(json!({ "sub": "alice", "iss": "https://b.example" })).unwrap();
        assert_ne!(caller.identity(), other.caller().unwrap().identity());
    }

    #[test]
    fn scope_is_a_space_separated_string() {
        assert_eq!(
            caller(json!({ "sub": "user-1", "scope": "shipment:read  shipment:cancel " })),
            Ok((
                "user-1".into(),
                vec!["shipment:cancel".into(), "shipment:read".into()]
            ))
        );
    }

    #[test]
    fn scp_is_read_as_an_array_or_a_string_and_joins_scope() {
        assert_eq!(
            caller(json!({ "sub": "u", "scp": ["a:read", "b:write"], "scope": "c" })),
            Ok((
                "u".into(),
                vec!["a:read".into(), "b:write".into(), "c".into()]
            ))
        );
        assert_eq!(
            caller(json!({ "sub": "u", "scp": "a:read b:write" })),
            Ok(("u".into(), vec!["a:read".into(), "b:write".into()]))
        );
    }

    #[test]
    fn no_scope_claim_is_no_scope() {
        let (subject, scopes) = caller(json!({ "sub": "client-7" })).unwrap();
        assert_eq!(subject, "client-7");
        assert!(scopes.is_empty());
        // A caller with a subject and no scopes holds none, unlike the local user.
        let claims: Claims = serde_json::from_value(json!({ "sub": "client-7" })).unwrap();
        assert!(!claims.caller().unwrap().has_scope("shipment:read"));
    }

    #[test]
    fn an_empty_subject_is_refused() {
        assert!(caller(json!({ "sub": " ", "scope": "a" })).is_err());
        assert!(caller(json!({ "scope": "a" })).is_err());
    }

    #[test]
    fn other_claims_are_ignored() {
        assert!(
            caller(json!({ "sub": "u", "client_id": "c", "jti": "1", "roles": ["x"] })).is_ok()
        );
    }
}
