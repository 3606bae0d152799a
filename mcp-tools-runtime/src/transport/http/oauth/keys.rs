//! An issuer's JSON Web Key Set as the server uses it: the public signing keys, each parsed
//! once, with what it may verify.

use jsonwebtoken::{
    Algorithm, DecodingKey,
    jwk::{AlgorithmParameters, EllipticCurve, Jwk, KeyAlgorithm, KeyOperations, PublicKeyUse},
};
use serde::Deserialize;

use super::config::SigningAlgorithm;

/// What kind of key, as far as choosing it for an algorithm goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    Rsa,
    P256,
    P384,
    Ed25519,
}

/// One signing key.
pub(super) struct Key {
    kid: Option<String>,
    /// The key's own `alg`, when it names one: then only that algorithm may use it.
    alg: Option<Algorithm>,
    kind: Kind,
    pub(super) decoding: DecodingKey,
}

impl std::fmt::Debug for Key {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Key")
            .field("kid", &self.kid)
            .field("alg", &self.alg)
            .field("kind", &self.kind)
            .finish_non_exhaustive()
    }
}

impl Key {
    /// Whether a token signed with `alg` may be checked with this key.
    fn fits(&self, alg: Algorithm) -> bool {
        let kind = match alg {
            Algorithm::RS256
            | Algorithm::RS384
            | Algorithm::RS512
            | Algorithm::PS256
            | Algorithm::PS384
            | Algorithm::PS512 => Kind::Rsa,
            Algorithm::ES256 => Kind::P256,
            Algorithm::ES384 => Kind::P384,
            Algorithm::EdDSA => Kind::Ed25519,
            // Symmetric: never with a published key.
            _ => return false,
        };
        self.kind == kind && self.alg.is_none_or(|a| a == alg)
    }
}

/// The usable keys of one JWKS document.
#[derive(Debug, Default)]
pub(super) struct KeySet {
    keys: Vec<Key>,
}

/// The document's shape; each key is parsed on its own, so one the server cannot use
/// (an encryption key, a symmetric key, a curve it does not know) does not lose the rest.
#[derive(Deserialize)]
struct Document {
    keys: Vec<serde_json::Value>,
}

impl KeySet {
    /// The signing keys of a JWKS document; `Err` says why it is not one.
    pub(super) fn parse(bytes: &[u8]) -> Result<KeySet, String> {
        let document: Document = serde_json::from_slice(bytes)
            .map_err(|e| format!("the document is not a JSON Web Key Set ({e})"))?;
        let keys = document
            .keys
            .into_iter()
            .filter_map(|value| serde_json::from_value::<Jwk>(value).ok())
            .filter_map(|jwk| usable(&jwk))
            .collect();
        Ok(KeySet { keys })
    }

    /// The keys a token with `kid` and `alg` may be checked with: the one with that id, or
    /// without an id every key that fits the algorithm.
    pub(super) fn matching(&self, kid: Option<&str>, alg: Algorithm) -> Vec<&Key> {
        self.keys
            .iter()
            .filter(|key| kid.is_none_or(|kid| key.kid.as_deref() == Some(kid)))
            .filter(|key| key.fits(alg))
            .collect()
    }

    /// How many usable keys the set holds.
    pub(super) fn len(&self) -> usize {
        self.keys.len()
    }
}

/// The key `jwk` holds, if it is a public key for checking signatures.
fn usable(jwk: &Jwk) -> Option<Key> {
    let common = &jwk.common;
    if matches!(&common.public_key_use, Some(u) if *u != PublicKeyUse::Signature) {
        return None;
    }
    if let Some(ops) = &common.key_operations
        && !ops.contains(&KeyOperations::Verify)
    {
        return None;
    }
    // A key whose `alg` is not a signature algorithm we accept (`RSA-OAEP` is for
    // encryption, `HS256` is a secret's) is not one to check tokens with.
    let alg = match common.key_algorithm {
        Some(alg) => Some(
            SigningAlgorithm::ALL
                .iter()
                .map(|a| a.jwt())
                .find(|&a| KeyAlgorithm::from(a) == alg)?,
        ),
        None => None,
    };
    let kind = match &jwk.algorithm {
        AlgorithmParameters::RSA(_) => Kind::Rsa,
        AlgorithmParameters::EllipticCurve(ec) => match ec.curve {
            EllipticCurve::P256 => Kind::P256,
            EllipticCurve::P384 => Kind::P384,
            _ => return None,
        },
        AlgorithmParameters::OctetKeyPair(okp) if okp.curve == EllipticCurve::Ed25519 => {
            Kind::Ed25519
        }
        _ => return None,
    };
    Some(Key {
        kid: common.key_id.clone(),
        alg,
        kind,
        decoding: DecodingKey::from_jwk(jwk).ok()?,
    })
}

#[cfg(test)]
pub(super) mod tests {
    use jsonwebtoken::Algorithm;
    use serde_json::{Value, json};

    use super::KeySet;

    /// A P-256 JWK with id `kid`. The point is not checked until a signature is, which
    /// these tests never do.
    pub(crate) fn ec_key(kid: &str) -> Value {
        json!({
            "kty": "EC", "crv": "P-256", "kid": kid, "use": "sig", "alg": "ES256",
            "x": "f83OJ3D2xF1Bg8vub9tLe1gHMzV76e8Tus9uPHvRVEU",
            "y": "x_FEzRu9m36HLN_tue659LNpXW6pCyStikYjKIWI5a0",
        })
    }

    pub(crate) fn document(keys: &[Value]) -> Vec<u8> {
        json!({ "keys": keys }).to_string().into_bytes()
    }

    #[test]
    fn keys_are_found_by_id_and_algorithm() {
        let rsa = json!({ "kty": "RSA", "kid": "r1", "n": "sXch", "e": "AQAB" });
        let set = KeySet::parse(&document(&[ec_key("e1"), rsa])).unwrap();
        assert_eq!(set.len(), 2);
        assert_eq!(set.matching(Some("e1"), Algorithm::ES256).len(), 1);
        // The key names ES256: no other algorithm may use it.
        assert!(set.matching(Some("e1"), Algorithm::ES384).is_empty());
        assert!(set.matching(Some("e1"), Algorithm::RS256).is_empty());
        assert_eq!(set.matching(Some("r1"), Algorithm::PS256).len(), 1);
        assert!(set.matching(Some("nope"), Algorithm::ES256).is_empty());
        // Without an id, every key that fits.
        assert_eq!(set.matching(None, Algorithm::RS256).len(), 1);
    }

    #[test]
    fn keys_that_cannot_check_signatures_are_left_out() {
        let set = KeySet::parse(&document(&[
            json!({ "kty": "RSA", "kid": "enc", "use": "enc", "n": "sXch", "e": "AQAB" }),
            json!({ "kty": "RSA", "kid": "oaep", "alg": "RSA-OAEP", "n": "sXch", "e": "AQAB" }),
            json!({ "kty": "oct", "kid": "secret", "k": "c2VjcmV0" }),
            json!({ "kty": "RSA", "kid": "ops", "key_ops": ["encrypt"], "n": "sXch", "e": "AQAB" }),
            json!({ "kty": "unknown", "kid": "x" }),
            ec_key("kept"),
        ]))
        .unwrap();
        assert_eq!(set.len(), 1);
        // A symmetric algorithm never matches a published key.
        assert!(set.matching(None, Algorithm::HS256).is_empty());
    }

    #[test]
    fn a_document_that_is_not_a_key_set_is_an_error() {
        let err = KeySet::parse(b"<html>").unwrap_err();
        assert!(err.contains("not a JSON Web Key Set"), "{err}");
        assert!(KeySet::parse(br#"{"issuer": "x"}"#).is_err());
    }
}
