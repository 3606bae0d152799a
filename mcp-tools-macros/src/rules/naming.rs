//! Rules on the tool's wire name and aliases.

use proc_macro2::Span;

use super::Rule;
use crate::{diag::Diagnostics, model::ToolFn, words};

/// What LLM APIs accept as a tool name: 64 characters of `[a-zA-Z0-9_-]`.
pub(crate) const MAX_NAME_LEN: usize = 64;

fn is_snake(s: &str) -> bool {
    let mut chars = s.chars();
    chars.next().is_some_and(|c| c.is_ascii_lowercase())
        && chars.all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_')
}

/// `Get-Weather` → `get_weather`.
pub(crate) fn to_snake(s: &str) -> String {
    let mut out = String::new();
    let mut prev_lower = false;
    for c in s.chars() {
        if c.is_ascii_uppercase() {
            if prev_lower {
                out.push('_');
            }
            out.push(c.to_ascii_lowercase());
            prev_lower = false;
        } else if c.is_ascii_alphanumeric() {
            out.push(c);
            prev_lower = c.is_ascii_lowercase() || c.is_ascii_digit();
        } else {
            if !out.ends_with('_') && !out.is_empty() {
                out.push('_');
            }
            prev_lower = false;
        }
    }
    let trimmed = out
        .trim_matches('_')
        .trim_start_matches(|c: char| c.is_ascii_digit())
        .to_owned();
    if trimmed.is_empty() {
        "tool".to_owned()
    } else {
        trimmed
    }
}

/// Whether `word` is the namespace's resource again, singular or plural (`shipments`).
fn names_namespace(word: &str, namespace: &str) -> bool {
    let resource = words::last_word(namespace);
    word == resource || word == format!("{resource}s") || format!("{word}s") == resource
}

fn action_span(tool: &ToolFn) -> Span {
    tool.action.span
}

/// `name_charset`: namespace and action are `snake_case` ASCII.
pub(crate) fn check_name_charset(tool: &ToolFn, cx: &mut Diagnostics) {
    if let Some(ns) = &tool.args.namespace
        && !is_snake(&ns.value)
    {
        cx.rule(
            Rule::NameCharset,
            ns.span,
            format!("namespace `{}` is not snake_case ASCII: tool names must match ^[a-z][a-z0-9_]*$ or some clients drop the tool", ns.value),
            format!("write `namespace = \"{}\"`", to_snake(&ns.value)),
        );
    }
    let action = &tool.action.value;
    let action = action.strip_prefix("r#").unwrap_or(action);
    if !is_snake(action) {
        cx.rule(
            Rule::NameCharset,
            action_span(tool),
            format!("tool name `{action}` is not snake_case ASCII: tool names must match ^[a-z][a-z0-9_]*$ or some clients drop the tool"),
            format!("name it `{}`", to_snake(action)),
        );
    }
}

/// `name_length`: the wire name fits the 64 characters LLM APIs accept.
pub(crate) fn check_name_length(tool: &ToolFn, cx: &mut Diagnostics) {
    let name = tool.wire_name();
    if name.len() > MAX_NAME_LEN {
        cx.rule(
            Rule::NameLength,
            action_span(tool),
            format!(
                "tool name `{name}` is {} characters; LLM APIs reject tool names over {MAX_NAME_LEN}, and clients add their own server prefix",
                name.len()
            ),
            {
                let over = name.len() - MAX_NAME_LEN;
                format!("shorten the namespace or the fn name by {over} character{}", if over == 1 { "" } else { "s" })
            },
        );
    }
}

/// `namespace_required`: every tool names the system it acts on.
pub(crate) fn check_namespace_required(tool: &ToolFn, cx: &mut Diagnostics) {
    match &tool.args.namespace {
        Some(ns) if ns.value.is_empty() => cx.rule(
            Rule::NamespaceRequired,
            ns.span,
            "the namespace is empty: an agent with several servers cannot tell which system a bare name acts on",
            "name the resource or service, e.g. `namespace = \"shipment\"`",
        ),
        Some(_) => {}
        None if tool.args.wrote("namespace") => {}
        None => cx.rule(
            Rule::NamespaceRequired,
            // The whole `#[tool(...)]`: the problem is a key that is not there.
            Span::call_site(),
            format!(
                "tool `{}` has no namespace: an agent with several servers loaded cannot tell which system a bare name acts on, and bare names collide",
                tool.action.value
            ),
            "add the resource or service it acts on: `#[tool(namespace = \"shipment\", …)]`",
        ),
    }
}

/// `redundant_namespace`: `shipment_shipment_get` repeats itself.
pub(crate) fn check_redundant_namespace(tool: &ToolFn, cx: &mut Diagnostics) {
    let Some(ns) = &tool.args.namespace else {
        return;
    };
    if ns.value.is_empty() {
        return;
    }
    let action = &tool.action.value;
    let first = words::first_word(action);
    let repeats = action.starts_with(&format!("{}_", ns.value))
        || action == &ns.value
        || names_namespace(first, &ns.value);
    if repeats {
        let rest = action.strip_prefix(&format!("{first}_")).unwrap_or(action);
        cx.rule(
            Rule::RedundantNamespace,
            action_span(tool),
            format!(
                "`{}` repeats the namespace `{}`: the wire name is already prefixed, and the repeat costs tokens on every listing",
                tool.wire_name(),
                ns.value
            ),
            format!("name the fn `{rest}`, which gives `{}_{rest}`", ns.value),
        );
    }
}

/// `verb_first`: the action says what it does, first.
pub(crate) fn check_verb_first(tool: &ToolFn, cx: &mut Diagnostics) {
    let action = tool
        .action
        .value
        .strip_prefix("r#")
        .unwrap_or(&tool.action.value);
    // `email_receipt` under `email` starts with the verb `email`; `shipment_get_status`
    // under `shipment` has its verb after the repeat: either form may carry the verb.
    let stripped = without_namespace(action, tool);
    if words::VERBS.contains(&words::first_word(stripped))
        || words::VERBS.contains(&words::first_word(action))
        || !is_snake(action)
    {
        return;
    }
    let guess = if action.contains("list") || action.contains("all") {
        "search"
    } else {
        "get"
    };
    cx.rule(
        Rule::VerbFirst,
        action_span(tool),
        format!("tool name `{action}` does not start with a verb: models pick tools by the action a name states"),
        format!("start with what it does, e.g. `{guess}_{action}`; with a resource namespace a bare verb works too (`search`)"),
    );
}

/// The action without a repeat of the namespace: `shipment_get_status` under `shipment` is
/// `redundant_namespace`'s to report, and its verb is `get`.
fn without_namespace<'a>(action: &'a str, tool: &ToolFn) -> &'a str {
    let Some(ns) = tool
        .args
        .namespace
        .as_ref()
        .filter(|ns| !ns.value.is_empty())
    else {
        return action;
    };
    let action = action
        .strip_prefix(&format!("{}_", ns.value))
        .unwrap_or(action);
    let first = words::first_word(action);
    if names_namespace(first, &ns.value) {
        action.strip_prefix(&format!("{first}_")).unwrap_or(action)
    } else {
        action
    }
}

/// `alias_valid`: aliases follow the name rules and collide with nothing of their own tool.
pub(crate) fn check_alias_valid(tool: &ToolFn, cx: &mut Diagnostics) {
    let name = tool.wire_name();
    for (i, alias) in tool.args.aliases.iter().map(|a| &a.name).enumerate() {
        let a = &alias.value;
        if !is_snake(a) {
            cx.rule(
                Rule::AliasValid,
                alias.span,
                format!("alias `{a}` is not snake_case ASCII, so clients may refuse to call it"),
                format!("write `\"{}\"`", to_snake(a)),
            );
        } else if a.len() > MAX_NAME_LEN {
            cx.rule(
                Rule::AliasValid,
                alias.span,
                format!("alias `{a}` is over {MAX_NAME_LEN} characters, so LLM APIs reject it"),
                "shorten it to the name the old clients used",
            );
        }
        if *a == name {
            cx.rule(
                Rule::AliasValid,
                alias.span,
                format!("alias `{a}` is the tool's own name, so it would route nowhere new"),
                "remove it",
            );
        }
        if tool.args.aliases[..i]
            .iter()
            .any(|earlier| earlier.name.value == *a)
        {
            cx.rule(
                Rule::AliasValid,
                alias.span,
                format!("alias `{a}` is listed twice"),
                "keep one",
            );
        }
    }
}

/// `search_not_list`: a `list_*` tool narrows or pages what it returns.
pub(crate) fn check_search_not_list(tool: &ToolFn, cx: &mut Diagnostics) {
    let action = &tool.action.value;
    if words::first_word(action) != "list" {
        return;
    }
    let narrows = tool
        .params
        .iter()
        .filter(|p| p.in_schema() && !p.is_response_format)
        .any(|p| {
            let limit = words::LIMIT_NAMES.contains(&p.wire_name.value.as_str());
            !limit || p.attrs.max.is_some()
        });
    if !narrows {
        cx.rule(
            Rule::SearchNotList,
            action_span(tool),
            format!("`{action}` returns everything: an unbounded list floods the agent's context as the data grows"),
            format!(
                "add a filter (`query`) or a bounded `limit` and a `cursor`; or rename it `search{}` with a `query`",
                action.strip_prefix("list").unwrap_or("")
            ),
        );
    }
}
