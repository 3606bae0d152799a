//! The sealed tokens a client passes back to name a piece of state the server keeps: a
//! plan's handle and a state handle. Both carry the same fields under the registry's seal;
//! a purpose mixed into the seal keeps one kind from opening as the other.

use std::time::{SystemTime, UNIX_EPOCH};

use crate::seal::{Fields, Reader, Sealer};

/// What a handle carries, under the registry's seal.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct HandleFields {
    /// The key of its record in the store.
    pub(crate) id: [u64; 2],
    /// Unix seconds after which the handle is refused; `0` for a state handle whose record
    /// lives on while it is used (the store's time to live decides).
    pub(crate) expires: u64,
    /// Of the caller's subject: another caller's use is refused.
    pub(crate) caller: u64,
    /// Of the Rust type it names: a tool that takes another type refuses it.
    pub(crate) kind: u64,
}

impl HandleFields {
    /// The id as text, the key of its records.
    pub(crate) fn id_text(&self) -> String {
        format!("{:016x}{:016x}", self.id[0], self.id[1])
    }
}

/// What a token names, mixed into its seal.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Purpose {
    /// A preview's plan, for its commit.
    Plan,
    /// A piece of state a tool made, for the tools that use it.
    State,
    /// A task, for its `tasks/get`, `tasks/update` and `tasks/cancel`.
    Task,
}

impl Purpose {
    fn as_str(self) -> &'static str {
        match self {
            Purpose::Plan => "plan",
            Purpose::State => "state",
            Purpose::Task => "task",
        }
    }
}

/// A fresh random id for a record.
pub(crate) fn random_id() -> Result<[u64; 2], getrandom::Error> {
    let mut random = [0u8; 16];
    getrandom::fill(&mut random)?;
    let (a, b) = random.split_at(8);
    let word = |bytes: &[u8]| u64::from_le_bytes(bytes.try_into().unwrap_or_default());
    Ok([word(a), word(b)])
}

pub(crate) fn seal_handle(sealer: &Sealer, purpose: Purpose, fields: &HandleFields) -> String {
    let bytes = Fields::default()
        .u64(fields.id[0])
        .u64(fields.id[1])
        .u64(fields.expires)
        .u64(fields.caller)
        .u64(fields.kind);
    sealer.seal(purpose.as_str(), bytes.bytes())
}

/// Why a handle was refused before its record was read.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum HandleProblem {
    /// Edited, cut, of another server, or not a handle at all.
    Unreadable,
    /// Past its lifetime; the fields, to find a first commit's result.
    Expired(HandleFields),
    OtherCaller,
    OtherKind,
}

pub(crate) fn open_handle(
    sealer: &Sealer,
    purpose: Purpose,
    token: &str,
    caller: u64,
    kind: u64,
    now: u64,
) -> Result<HandleFields, HandleProblem> {
    let bytes = sealer
        .open(purpose.as_str(), token)
        .ok_or(HandleProblem::Unreadable)?;
    let mut read = Reader::new(&bytes);
    let mut next = || read.u64().ok_or(HandleProblem::Unreadable);
    let fields = HandleFields {
        id: [next()?, next()?],
        expires: next()?,
        caller: next()?,
        kind: next()?,
    };
    if !read.is_done() {
        return Err(HandleProblem::Unreadable);
    }
    // The seal vouches for every field; they are checked in the order a model can act on.
    if fields.kind != kind {
        return Err(HandleProblem::OtherKind);
    }
    if fields.caller != caller {
        return Err(HandleProblem::OtherCaller);
    }
    if fields.expires != 0 && fields.expires <= now {
        return Err(HandleProblem::Expired(fields));
    }
    Ok(fields)
}

pub(crate) fn now_unix() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs())
}

/// `unix` seconds as an RFC 3339 instant, as results state expiries.
pub(crate) fn rfc3339(unix: u64) -> String {
    chrono::DateTime::from_timestamp(i64::try_from(unix).unwrap_or(i64::MAX), 0).map_or_else(
        || unix.to_string(),
        |t| t.to_rfc3339_opts(chrono::SecondsFormat::Secs, true),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::seal::digest64;

    fn fields() -> HandleFields {
        HandleFields {
            id: [1, 2],
            expires: 1_000,
            caller: digest64(&[b"alice"]),
            kind: digest64(&[b"Refund"]),
        }
    }

    #[test]
    fn handles_open_only_for_their_caller_kind_and_lifetime() {
        let sealer = Sealer::random();
        let f = fields();
        let token = seal_handle(&sealer, Purpose::Plan, &f);
        assert_eq!(
            open_handle(&sealer, Purpose::Plan, &token, f.caller, f.kind, 999),
            Ok(f)
        );
        assert_eq!(
            open_handle(&sealer, Purpose::Plan, &token, f.caller, f.kind, 1_000),
            Err(HandleProblem::Expired(f))
        );
        assert_eq!(
            open_handle(
                &sealer,
                Purpose::Plan,
                &token,
                digest64(&[b"bob"]),
                f.kind,
                999
            ),
            Err(HandleProblem::OtherCaller)
        );
        assert_eq!(
            open_handle(
                &sealer,
                Purpose::Plan,
                &token,
                f.caller,
                digest64(&[b"Order"]),
                999
            ),
            Err(HandleProblem::OtherKind)
        );
        assert_eq!(
            open_handle(
                &Sealer::random(),
                Purpose::Plan,
                &token,
                f.caller,
                f.kind,
                999
            ),
            Err(HandleProblem::Unreadable)
        );
        let mut edited = token.clone();
        edited.replace_range(3..4, if &token[3..4] == "A" { "B" } else { "A" });
        assert_eq!(
            open_handle(&sealer, Purpose::Plan, &edited, f.caller, f.kind, 999),
            Err(HandleProblem::Unreadable)
        );
        assert_eq!(f.id_text(), "00000000000000010000000000000002");
        // A plan's handle is not a state handle, though the fields are the same.
        assert_eq!(
            open_handle(&sealer, Purpose::State, &token, f.caller, f.kind, 999),
            Err(HandleProblem::Unreadable)
        );
    }

    #[test]
    fn a_handle_without_an_expiry_is_never_expired_by_its_seal() {
        let sealer = Sealer::random();
        let f = HandleFields {
            expires: 0,
            ..fields()
        };
        let token = seal_handle(&sealer, Purpose::State, &f);
        assert_eq!(
            open_handle(&sealer, Purpose::State, &token, f.caller, f.kind, u64::MAX),
            Ok(f)
        );
    }

    #[test]
    fn digests_separate_their_parts() {
        assert_ne!(digest64(&[b"ab", b"c"]), digest64(&[b"a", b"bc"]));
        assert_eq!(digest64(&[b"x"]), digest64(&[b"x"]));
    }
}
