//! What a caller sees of the catalog: in `tools/list` and in `tools_search`, only the tools
//! whose scopes it holds (the spec lets a list vary by the request's authorization). A
//! caller that holds every scope any listed tool needs, as the local user does, gets the
//! precomputed list as it is; the others get it filtered, in the same order. Seeing a tool
//! is not calling it: every call is checked again.

use crate::{context::Caller, registry::Registry};

/// Whether `caller` holds every scope of `scopes`.
pub(crate) fn holds_all(caller: &Caller, scopes: &[&str]) -> bool {
    scopes.iter().all(|s| caller.has_scope(s))
}

/// The listed tools a caller sees.
pub(crate) enum Visible {
    /// All of them.
    All,
    /// These, by index into the listing; `tag` tells this view from the others, so a
    /// cursor of one is refused by another rather than skipping tools.
    Only { indices: Vec<usize>, tag: u64 },
}

impl Visible {
    /// The tag list cursors of this view are sealed with; `0` for the whole list.
    pub(crate) fn tag(&self) -> u64 {
        match self {
            Visible::All => 0,
            Visible::Only { tag, .. } => *tag,
        }
    }
}

impl Registry {
    /// What `caller` sees of `tools/list`.
    pub(crate) fn visible_to(&self, caller: &Caller) -> Visible {
        let inner = &self.inner;
        if holds_all(caller, &inner.listed_needs) {
            return Visible::All;
        }
        let indices: Vec<usize> = inner
            .listed_scopes
            .iter()
            .enumerate()
            .filter(|(_, scopes)| holds_all(caller, scopes))
            .map(|(i, _)| i)
            .collect();
        // A digest of our own, so replicas built by different compilers agree on it.
        let bytes: Vec<[u8; 8]> = indices.iter().map(|i| (*i as u64).to_le_bytes()).collect();
        let parts: Vec<&[u8]> = bytes.iter().map(|b| &b[..]).collect();
        // Never 0, the whole list's tag.
        let tag = crate::seal::digest64(&parts) | 1;
        Visible::Only { indices, tag }
    }
}
