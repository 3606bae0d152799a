//! Opaque tokens a client hands back (list and page cursors): the fields the server needs,
//! and an HMAC-SHA256 tag over them with a key of the registry, so a token that was edited,
//! forged, or issued by another server (or before a restart) is refused.
//!
//! The key is random per registry unless the application gives one (replicas that must
//! accept each other's cursors share it). Tokens are base64url: `fields ‖ tag[..16]`. A
//! `purpose` string is mixed into the tag, so a token of one kind never opens as another.

use base64::{Engine as _, engine::general_purpose::URL_SAFE_NO_PAD};
use hmac::{KeyInit, Mac};
use sha2::{Digest as _, Sha256};

type HmacSha256 = hmac::Hmac<Sha256>;

/// Bytes of the tag kept in a token: 128 bits, far past guessing.
const TAG_LEN: usize = 16;

/// The longest token a sealer opens: every token it makes is far shorter.
pub(crate) const MAX_TOKEN_LEN: usize = 512;

/// Mints and checks tokens with one key.
#[derive(Clone)]
pub(crate) struct Sealer {
    key: [u8; 32],
}

impl std::fmt::Debug for Sealer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Sealer { key: <hidden> }")
    }
}

impl Sealer {
    /// A sealer with a fresh random key from the operating system.
    pub(crate) fn random() -> Self {
        let mut key = [0u8; 32];
        getrandom::fill(&mut key).expect("the operating system provides random bytes");
        Sealer { key }
    }

    /// A sealer whose key is derived from `secret`, so that every replica given the same
    /// secret accepts the others' tokens.
    pub(crate) fn from_secret(secret: &[u8]) -> Self {
        let mut mac = HmacSha256::new_from_slice(b"mcp-tools token key").expect("any key length");
        mac.update(secret);
        Sealer {
            key: mac.finalize().into_bytes().into(),
        }
    }

    fn tag(&self, purpose: &str, fields: &[u8]) -> [u8; TAG_LEN] {
        let mut mac = HmacSha256::new_from_slice(&self.key).expect("any key length");
        mac.update(purpose.as_bytes());
        mac.update(&[0]);
        mac.update(fields);
        let full = mac.finalize().into_bytes();
        let mut tag = [0u8; TAG_LEN];
        tag.copy_from_slice(&full[..TAG_LEN]);
        tag
    }

    /// The token for `fields`.
    pub(crate) fn seal(&self, purpose: &str, fields: &[u8]) -> String {
        let mut bytes = Vec::with_capacity(fields.len() + TAG_LEN);
        bytes.extend_from_slice(fields);
        bytes.extend_from_slice(&self.tag(purpose, fields));
        URL_SAFE_NO_PAD.encode(bytes)
    }

    /// The fields of a token this sealer made for `purpose`, or `None`.
    pub(crate) fn open(&self, purpose: &str, token: &str) -> Option<Vec<u8>> {
        // Cursors are short; a long one is not ours, and decoding it would only cost.
        if token.len() > MAX_TOKEN_LEN {
            return None;
        }
        let mut bytes = URL_SAFE_NO_PAD.decode(token).ok()?;
        let at = bytes.len().checked_sub(TAG_LEN)?;
        let tag = bytes.split_off(at);
        let mut mac = HmacSha256::new_from_slice(&self.key).expect("any key length");
        mac.update(purpose.as_bytes());
        mac.update(&[0]);
        mac.update(&bytes);
        // Constant-time comparison of the truncated tag.
        mac.verify_truncated_left(&tag).ok()?;
        Some(bytes)
    }
}

/// Fields of a token, written and read as little-endian integers and length-prefixed text.
#[derive(Default)]
pub(crate) struct Fields(Vec<u8>);

impl Fields {
    pub(crate) fn u64(mut self, value: u64) -> Self {
        self.0.extend_from_slice(&value.to_le_bytes());
        self
    }

    pub(crate) fn bytes(&self) -> &[u8] {
        &self.0
    }
}

/// Reads fields back in the order they were written.
pub(crate) struct Reader<'a>(&'a [u8]);

impl<'a> Reader<'a> {
    pub(crate) fn new(bytes: &'a [u8]) -> Self {
        Reader(bytes)
    }

    pub(crate) fn u64(&mut self) -> Option<u64> {
        let (head, rest) = self.0.split_first_chunk::<8>()?;
        self.0 = rest;
        Some(u64::from_le_bytes(*head))
    }

    /// Whether every field was read: a token with more is not one of ours.
    pub(crate) fn is_done(&self) -> bool {
        self.0.is_empty()
    }
}

/// A stable 64-bit digest of some texts (a caller's subject, a plan's kind, the catalog's
/// names): SHA-256, so it is the same in every build and replica, whatever the compiler.
pub(crate) fn digest64(parts: &[&[u8]]) -> u64 {
    let mut hash = Sha256::new();
    for part in parts {
        hash.update((part.len() as u64).to_le_bytes());
        hash.update(part);
    }
    let full = hash.finalize();
    let mut head = [0u8; 8];
    head.copy_from_slice(&full[..8]);
    u64::from_le_bytes(head)
}

#[cfg(test)]
mod tests {
    use super::{Fields, Reader, Sealer};

    #[test]
    fn tokens_round_trip_and_refuse_tampering_other_keys_and_purposes() {
        let sealer = Sealer::random();
        let fields = Fields::default().u64(40).u64(7);
        let token = sealer.seal("list", fields.bytes());
        let opened = sealer.open("list", &token).expect("its own token opens");
        let mut read = Reader::new(&opened);
        assert_eq!((read.u64(), read.u64()), (Some(40), Some(7)));
        assert!(read.is_done());

        assert_eq!(sealer.open("page", &token), None, "another purpose");
        assert_eq!(Sealer::random().open("list", &token), None, "another key");
        // Every single-character change is refused.
        for i in 0..token.len() {
            let mut chars: Vec<char> = token.chars().collect();
            chars[i] = if chars[i] == 'A' { 'B' } else { 'A' };
            let edited: String = chars.into_iter().collect();
            if edited != token {
                assert_eq!(sealer.open("list", &edited), None, "edited at {i}");
            }
        }
        assert_eq!(sealer.open("list", ""), None);
        assert_eq!(sealer.open("list", "not base64!"), None);
        assert_eq!(sealer.open("list", &"A".repeat(10_000)), None);
    }

    #[test]
    fn replicas_with_one_secret_accept_each_other() {
        let a = Sealer::from_secret(b"shared secret");
        let b = Sealer::from_secret(b"shared secret");
        let token = a.seal("list", Fields::default().u64(1).bytes());
        assert!(b.open("list", &token).is_some());
        assert!(Sealer::from_secret(b"other").open("list", &token).is_none());
    }
}

#[cfg(test)]
mod pinned {
    //! Tokens outlive the build that issued them (replicas in a rolling upgrade, a restart
    //! on a new compiler): these values are fixed, and a change that moves them breaks
    //! every cursor and handle in flight.
    use super::*;

    #[test]
    fn digests_are_fixed() {
        assert_eq!(digest64(&[]), PINNED_EMPTY);
        assert_eq!(
            digest64(&[b"shipment_get", b"shipment_set_weight"]),
            PINNED_NAMES
        );
    }

    #[test]
    fn sealed_tokens_are_fixed() {
        let sealer = Sealer::from_secret(b"a secret replicas share, 32 bytes or more");
        let fields = Fields::default().u64(7).u64(3).u64(40);
        assert_eq!(sealer.seal("list", fields.bytes()), PINNED_TOKEN);
    }

    #[test]
    fn query_fingerprints_and_plan_kinds_are_fixed() {
        #[derive(schemars::JsonSchema)]
        #[allow(dead_code)]
        struct Refund {
            cents: u64,
        }

        let args = serde_json::json!({"text": "crash", "limit": 5});
        let args = args.as_object().expect("an object");
        assert_eq!(crate::page::fingerprint(args, &[], &[]), PINNED_FINGERPRINT);
        // The source's path, not the compiler's `type_name`.
        assert_eq!(
            crate::plan::plan_kind::<Refund>(),
            concat!(module_path!(), "::Refund")
        );
    }

    const PINNED_FINGERPRINT: u32 = 1_359_612_253;
    const PINNED_EMPTY: u64 = 1_449_310_910_991_872_227;
    const PINNED_NAMES: u64 = 2_263_404_347_537_068_804;
    const PINNED_TOKEN: &str = "BwAAAAAAAAADAAAAAAAAACgAAAAAAAAA57FSwvYKTwP8E8N3KOmLcw";
}
