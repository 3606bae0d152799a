//! The state handles a tool makes and takes: read from its tables when the definition is
//! made, and linked across the registry when it is built, so that every handle parameter
//! knows the tool that makes it (its refusals name that tool) and every making tool's
//! description says who takes the handle back and how long it lives.

use std::{borrow::Cow, time::Duration};

use rmcp::model::{JsonObject, Tool};
use serde_json::Value;

use crate::{handle, limits, meta::ToolMeta, schema::InputSchema, seal};

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
/// tool's description who takes the handle, as which parameter, and how long it lives; a
/// parameter no tool makes, makers that disagree on the lifetime, and a making tool whose
/// outputSchema has no place for its handle are problems of the build.
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
    let mut users: Vec<Taker> = Vec::new();
    for tool in tools.iter_mut() {
        let name = tool.name;
        for takes in &mut tool.handles.takes {
            users.push(Taker {
                kind: takes.kind,
                tool: name,
                param: takes.param,
            });
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
    let fields = (!makers.is_empty()).then(handle::handle_fields);
    for tool in tools.iter_mut() {
        let Some(made) = &tool.handles.makes else {
            continue;
        };
        if let Some(fields) = &fields
            && let Some(problem) = unlisted_handle(tool.name, tool.tool, fields)
        {
            problems.push(problem);
        }
        let takers: Vec<&Taker> = users
            .iter()
            .filter(|u| u.kind == made.kind && u.tool != tool.name)
            .collect();
        let sentence = format!(
            "{}; the handle is bound to you and {}, or when closed.",
            pass_to(&takers),
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

/// A `Handle<T>` parameter, as the sentence of its maker names it.
struct Taker {
    kind: u64,
    tool: &'static str,
    param: &'static str,
}

/// "Pass its `handle` as `cart` to `cart_add_item` or `cart_checkout`", each parameter
/// name with the tools that take the handle by it: "…, or as `into` to `cart_merge`".
fn pass_to(takers: &[&Taker]) -> String {
    let mut by_param: Vec<(&str, Vec<&str>)> = Vec::new();
    for taker in takers {
        match by_param.iter_mut().find(|(param, _)| *param == taker.param) {
            Some((_, tools)) if tools.contains(&taker.tool) => {}
            Some((_, tools)) => tools.push(taker.tool),
            None => by_param.push((taker.param, vec![taker.tool])),
        }
    }
    let each: Vec<String> = by_param
        .iter()
        .map(|(param, tools)| format!("as `{param}` to {}", names(tools.iter().copied(), "or")))
        .collect();
    match each.split_last() {
        None => "Later calls pass back its `handle`".to_owned(),
        Some((only, [])) => format!("Pass its `handle` {only}"),
        Some((last, rest)) => format!("Pass its `handle` {}, or {last}", rest.join(", ")),
    }
}

/// Why a making tool's outputSchema does not list the `handle` and `expires_at` the
/// runtime adds to its result as [`handle_fields`](handle::handle_fields) says, if it
/// does not: a view with a field of one of those names, or a view that is an object for
/// some values and not for others.
fn unlisted_handle(name: &str, tool: &Tool, fields: &JsonObject) -> Option<String> {
    let listed = tool
        .output_schema
        .as_deref()
        .and_then(|s| s.get("properties"))
        .and_then(Value::as_object);
    let taken: Vec<&str> = fields
        .iter()
        .filter(|(key, field)| listed.and_then(|l| l.get(*key)) != Some(*field))
        .map(|(key, _)| key.as_str())
        .collect();
    let clash: Vec<String> = taken
        .iter()
        .filter(|key| listed.is_some_and(|l| l.contains_key(**key)))
        .map(|key| format!("`{key}`"))
        .collect();
    if taken.is_empty() {
        None
    } else if clash.is_empty() {
        Some(format!(
            "`{name}` returns a view beside its handle that is an object for some values and not for others (an enum, an `Option` of a struct, a `serde_json::Value`), so the handle has no one place beside it; return a struct that holds the view"
        ))
    } else {
        let (fields, them) = match clash.as_slice() {
            [one] => (format!("a field {one}"), "the field"),
            many => (format!("fields {}", many.join(" and ")), "the fields"),
        };
        Some(format!(
            "`{name}` returns a view with {fields}, where its handle goes; rename {them} (`#[serde(rename = \"…\")]`)"
        ))
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
    fn the_sentence_names_each_parameter_with_its_tools() {
        let taker = |tool, param| Taker {
            kind: 1,
            tool,
            param,
        };
        let (add, checkout, merge, merge_from, split) = (
            taker("cart_add_item", "cart"),
            taker("cart_checkout", "cart"),
            taker("cart_merge", "into"),
            taker("cart_merge", "from"),
            taker("cart_split", "into"),
        );
        assert_eq!(pass_to(&[]), "Later calls pass back its `handle`");
        assert_eq!(
            pass_to(&[&add]),
            "Pass its `handle` as `cart` to `cart_add_item`"
        );
        assert_eq!(
            pass_to(&[&add, &checkout, &add]),
            "Pass its `handle` as `cart` to `cart_add_item` or `cart_checkout`"
        );
        assert_eq!(
            pass_to(&[&add, &merge, &merge_from, &split]),
            "Pass its `handle` as `cart` to `cart_add_item`, as `into` to `cart_merge` or `cart_split`, or as `from` to `cart_merge`"
        );
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
