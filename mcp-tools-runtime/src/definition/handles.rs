//! The state handles a tool makes and takes: read from its tables when the definition is
//! made, and linked across the registry when it is built, so that every handle parameter
//! knows the tool that makes it (its refusals name that tool) and every making tool's
//! description says who takes the handle back and how long it lives.

use std::{borrow::Cow, time::Duration};

use rmcp::model::Tool;

use crate::{limits, meta::ToolMeta, schema::InputSchema, seal};

/// A tool's state handles.
#[derive(Debug, Default)]
pub(crate) struct HandleSpec {
    /// The handle its result makes.
    pub(crate) makes: Option<Makes>,
    /// Its `Handle<T>` parameters.
    pub(crate) takes: Vec<Takes>,
}

/// The handle a tool makes.
#[derive(Debug)]
pub(crate) struct Makes {
    /// Digest of the state's type, sealed into the handle.
    pub(crate) kind: u64,
    pub(crate) lifetime: Lifetime,
}

/// How long a handle lives.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Lifetime {
    pub(crate) ttl: Duration,
    /// Each use starts the lifetime again; else it runs from when the handle was made.
    pub(crate) renew: bool,
}

impl Default for Lifetime {
    fn default() -> Self {
        Lifetime {
            ttl: limits::DEFAULT_HANDLE_TTL,
            renew: true,
        }
    }
}

impl Lifetime {
    /// "expires after 30 minutes without use" or "expires 30 minutes after it is made".
    pub(crate) fn describe(self) -> String {
        let span = span(self.ttl);
        if self.renew {
            format!("expires after {span} without use")
        } else {
            format!("expires {span} after it is made")
        }
    }
}

/// A `Handle<T>` parameter.
#[derive(Debug)]
pub(crate) struct Takes {
    pub(crate) param: &'static str,
    pub(crate) kind: u64,
    pub(crate) kind_name: String,
    /// The tools that make it, as refusals name them: "`cart_open`"; set by [`link`].
    pub(crate) makers: String,
    /// Theirs; set by [`link`].
    pub(crate) lifetime: Lifetime,
}

impl HandleSpec {
    pub(crate) fn of(
        meta: &ToolMeta,
        input: &mut InputSchema,
        made: Option<String>,
        problems: &mut Vec<String>,
    ) -> Self {
        let set = [
            ("handle_ttl_secs", meta.handle_ttl_secs.is_some()),
            ("handle_renew", meta.handle_renew.is_some()),
        ];
        if made.is_none() {
            for (key, _) in set.iter().filter(|(_, set)| *set) {
                problems.push(format!(
                    "it sets `{key}`, but returns no `Handle<T>`; drop the key, or return the handle the tool makes"
                ));
            }
        }
        let makes = made.map(|kind_name| Makes {
            kind: seal::digest64(&[kind_name.as_bytes()]),
            lifetime: Lifetime {
                ttl: meta
                    .handle_ttl_secs
                    .map_or(limits::DEFAULT_HANDLE_TTL, Duration::from_secs),
                renew: meta.handle_renew.unwrap_or(true),
            },
        });
        let takes = std::mem::take(&mut input.handle_params)
            .into_iter()
            .map(|(param, kind_name)| Takes {
                param,
                kind: seal::digest64(&[kind_name.as_bytes()]),
                kind_name,
                makers: String::new(),
                lifetime: Lifetime::default(),
            })
            .collect();
        HandleSpec { makes, takes }
    }
}

/// One tool of a registry, as [`link`] sees it.
pub(super) struct Linked<'a> {
    pub(super) name: &'static str,
    pub(super) handles: &'a mut HandleSpec,
    pub(super) tool: &'a mut Tool,
}

/// Ties each handle parameter to the tools that make its kind, and tells each making
/// tool's description who takes the handle and how long it lives; a parameter no tool
/// makes, or makers that disagree on the lifetime, are problems of the build.
pub(super) fn link(tools: &mut [Linked<'_>], problems: &mut Vec<String>) {
    let makers: Vec<(u64, &'static str, Lifetime)> = tools
        .iter()
        .filter_map(|t| {
            t.handles
                .makes
                .as_ref()
                .map(|m| (m.kind, t.name, m.lifetime))
        })
        .collect();
    let mut users: Vec<(u64, &'static str)> = Vec::new();
    for tool in tools.iter_mut() {
        let name = tool.name;
        for takes in &mut tool.handles.takes {
            users.push((takes.kind, name));
            let of_kind: Vec<_> = makers.iter().filter(|m| m.0 == takes.kind).collect();
            let Some(first) = of_kind.first() else {
                problems.push(format!(
                    "`{name}` takes `{}`, a handle of `{}`, but no tool of this registry returns a `Handle<{}>`; add the tool that makes it",
                    takes.param, takes.kind_name, takes.kind_name
                ));
                continue;
            };
            if let Some(other) = of_kind.iter().find(|m| m.2 != first.2) {
                problems.push(format!(
                    "`{}` and `{}` both make handles of `{}`, with different lifetimes (`handle_ttl_secs`, `handle_renew`); give them the same, since `{name}` takes either",
                    first.1, other.1, takes.kind_name
                ));
            }
            takes.makers = names(of_kind.iter().map(|m| m.1), "or");
            takes.lifetime = first.2;
        }
    }
    for tool in tools.iter_mut() {
        let Some(made) = &tool.handles.makes else {
            continue;
        };
        let mut takers: Vec<&str> = users
            .iter()
            .filter(|u| u.0 == made.kind && u.1 != tool.name)
            .map(|u| u.1)
            .collect();
        takers.dedup();
        let to = if takers.is_empty() {
            "later calls pass back".to_owned()
        } else {
            format!("{} take", names(takers.into_iter(), "and"))
        };
        let sentence = format!(
            "Returns a `handle` that {to}; it is bound to you and {}, or when closed.",
            made.lifetime.describe()
        );
        let description = tool.tool.description.as_deref().unwrap_or_default();
        let description = if description.is_empty() {
            sentence
        } else {
            format!("{description}\n\n{sentence}")
        };
        tool.tool.description = Some(Cow::Owned(description));
    }
}

/// "`a`", "`a` or `b`", "`a`, `b` or `c`".
fn names<'a>(names: impl Iterator<Item = &'a str>, last: &str) -> String {
    let quoted: Vec<String> = names.map(|n| format!("`{n}`")).collect();
    match quoted.split_last() {
        None => String::new(),
        Some((only, [])) => only.clone(),
        Some((tail, head)) => format!("{} {last} {tail}", head.join(", ")),
    }
}

/// A lifetime as a person says it: "90 seconds", "30 minutes", "1 hour", "2 days".
fn span(ttl: Duration) -> String {
    let secs = ttl.as_secs();
    let (n, unit) = match secs {
        s if s >= 86_400 && s % 86_400 == 0 => (s / 86_400, "day"),
        s if s >= 3_600 && s % 3_600 == 0 => (s / 3_600, "hour"),
        s if s >= 60 && s % 60 == 0 => (s / 60, "minute"),
        s => (s, "second"),
    };
    if n == 1 {
        format!("1 {unit}")
    } else {
        format!("{n} {unit}s")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lifetimes_read_as_said() {
        assert_eq!(span(Duration::from_secs(90)), "90 seconds");
        assert_eq!(span(Duration::from_secs(1800)), "30 minutes");
        assert_eq!(span(Duration::from_secs(3600)), "1 hour");
        assert_eq!(span(Duration::from_secs(2 * 86_400)), "2 days");
        assert_eq!(span(Duration::from_secs(1)), "1 second");
        let sliding = Lifetime::default();
        assert_eq!(sliding.describe(), "expires after 30 minutes without use");
        let fixed = Lifetime {
            ttl: Duration::from_secs(600),
            renew: false,
        };
        assert_eq!(fixed.describe(), "expires 10 minutes after it is made");
    }

    #[test]
    fn names_are_listed_as_prose() {
        assert_eq!(names(["a"].into_iter(), "or"), "`a`");
        assert_eq!(names(["a", "b"].into_iter(), "or"), "`a` or `b`");
        assert_eq!(
            names(["a", "b", "c"].into_iter(), "and"),
            "`a`, `b` and `c`"
        );
    }
}
