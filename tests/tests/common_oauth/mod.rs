//! An OAuth issuer of the tests' own: P-256 keys made in the test, tokens signed with
//! them, and a JWKS endpoint on a loopback port that counts its fetches and can publish
//! another key set mid-test (a rotation).

// Each test crate that includes this module uses a part of it.
#![allow(dead_code)]

use std::{
    net::SocketAddr,
    sync::{
        Arc, Mutex,
        atomic::{AtomicUsize, Ordering},
    },
    time::{SystemTime, UNIX_EPOCH},
};

use axum::{Router, extract::State, http::header, response::IntoResponse, routing::get};
use jsonwebtoken::{
    Algorithm, EncodingKey, Header,
    jwk::{Jwk, JwkSet, PublicKeyUse},
};
use p256::pkcs8::EncodePrivateKey as _;
use serde_json::{Value, json};

/// A signing key: the private half for tokens, the public half for the JWKS.
#[derive(Clone)]
pub(crate) struct Key {
    pub(crate) kid: String,
    encoding: EncodingKey,
    pub(crate) jwk: Jwk,
}

impl Key {
    /// A P-256 key drawn from `seed` (any byte but 0 and 0xff makes a valid scalar).
    pub(crate) fn p256(kid: &str, seed: u8) -> Key {
        let secret = p256::SecretKey::from_slice(&[seed; 32]).expect("a valid P-256 scalar");
        let der = secret.to_pkcs8_der().expect("PKCS#8 encodes");
        let encoding = EncodingKey::from_ec_der(der.as_bytes());
        let mut jwk = Jwk::from_encoding_key(&encoding, Algorithm::ES256).expect("a JWK");
        jwk.common.key_id = Some(kid.to_owned());
        jwk.common.public_key_use = Some(PublicKeyUse::Signature);
        Key {
            kid: kid.to_owned(),
            encoding,
            jwk,
        }
    }

    /// `claims` signed with this key, its `kid` in the header.
    pub(crate) fn sign(&self, claims: &Value) -> String {
        let mut header = Header::new(Algorithm::ES256);
        header.kid = Some(self.kid.clone());
        jsonwebtoken::encode(&header, claims, &self.encoding).expect("the token signs")
    }
}

/// Seconds since the epoch.
pub(crate) fn now() -> i64 {
    let secs = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .expect("after 1970")
        .as_secs();
    i64::try_from(secs).expect("within i64")
}

/// The issuer: its JWKS endpoint, what it publishes, and how often it was fetched.
pub(crate) struct Issuer {
    pub(crate) addr: SocketAddr,
    published: Arc<Published>,
}

#[derive(Default)]
struct Published {
    keys: Mutex<Vec<Jwk>>,
    fetches: AtomicUsize,
}

impl Issuer {
    /// Serves `keys` at `/jwks` on a free loopback port, for the rest of the test.
    pub(crate) async fn start(keys: &[&Key]) -> Issuer {
        let published = Arc::new(Published::default());
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
            .await
            .expect("a free port");
        let addr = listener.local_addr().expect("an address");
        let app = Router::new()
            .route("/jwks", get(jwks))
            .with_state(Arc::clone(&published));
        tokio::spawn(async move {
            let _ = axum::serve(listener, app).await;
        });
        let issuer = Issuer { addr, published };
        issuer.publish(keys);
        issuer
    }

    /// Publishes `keys` instead of the keys before.
    pub(crate) fn publish(&self, keys: &[&Key]) {
        *self.published.keys.lock().unwrap() = keys.iter().map(|k| k.jwk.clone()).collect();
    }

    /// The `iss` of its tokens.
    pub(crate) fn url(&self) -> String {
        format!("http://{}", self.addr)
    }

    pub(crate) fn jwks_url(&self) -> String {
        format!("http://{}/jwks", self.addr)
    }

    /// How many times the JWKS was fetched.
    pub(crate) fn fetches(&self) -> usize {
        self.published.fetches.load(Ordering::SeqCst)
    }

    /// Claims of a token it would issue for `resource` to `sub` with `scope`, valid for
    /// five minutes; tests change what they test.
    pub(crate) fn claims(&self, resource: &str, sub: &str, scope: &str) -> Value {
        json!({
            "iss": self.url(),
            "aud": resource,
            "sub": sub,
            "scope": scope,
            "iat": now(),
            "exp": now() + 300,
        })
    }
}

async fn jwks(State(published): State<Arc<Published>>) -> impl IntoResponse {
    published.fetches.fetch_add(1, Ordering::SeqCst);
    let set = JwkSet {
        keys: published.keys.lock().unwrap().clone(),
    };
    (
        [(header::CONTENT_TYPE, "application/jwk-set+json")],
        serde_json::to_string(&set).expect("a key set serializes"),
    )
}
