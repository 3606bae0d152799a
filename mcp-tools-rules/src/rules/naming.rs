//! Rules on the tool's wire name and aliases.

use crate::{
    catalog::{Evidence, Rule},
    model::{Declared, Tool},
    report::{Reports, Target},
    words,
};

/// What LLM APIs accept as a tool name: 64 characters of `[a-zA-Z0-9_-]`.
pub(crate) const MAX_NAME_LEN: usize = 64;

fn is_snake(s: &str) -> bool {
    let mut chars = s.chars();
    chars.next().is_some_and(|c| c.is_ascii_lowercase())
        && chars.all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_')
}

/// Lower-case words joined by `_` or `-` (`summarize_paper`, `find-places-nearby`): the
/// slash commands clients list, where kebab-case is as usual as `snake_case`.
fn is_command_style(s: &str) -> bool {
    let mut chars = s.chars();
    chars.next().is_some_and(|c| c.is_ascii_lowercase())
        && chars.all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_' || c == '-')
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

fn action_span(_tool: &Tool) -> Target {
    Target::Name
}

/// What every LLM API accepts in a tool name: `[a-zA-Z0-9_-]`.
fn is_name_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_' || c == '-'
}

/// `get env!` → `get_env_`: the name with every character clients refuse replaced.
fn accepted_form(s: &str) -> String {
    s.chars()
        .map(|c| if is_name_char(c) { c } else { '_' })
        .collect()
}

/// `name_charset`: the wire name uses only `[a-zA-Z0-9_-]`, which every LLM API accepts.
pub(crate) fn check_name_charset(tool: &Tool, cx: &mut Reports<'_>) {
    let (noun, why, empty) = if cx.is_prompt() {
        (
            "prompt",
            "clients offer prompts as slash commands, and a name outside ^[a-zA-Z0-9_-]+$ is not one word a user can type after `/`",
            "the prompt name is empty: clients list it as a slash command with no name",
        )
    } else {
        (
            "tool",
            "LLM APIs accept only ^[a-zA-Z0-9_-]{1,64}$ in tool names, and clients drop or rename a tool that breaks it",
            "the tool name is empty: LLM APIs need at least one character",
        )
    };
    if let Some(ns) = &tool.namespace
        && !ns.chars().all(is_name_char)
    {
        cx.rule(
            Rule::NameCharset,
            Target::Namespace,
            format!("namespace `{ns}` has characters {noun} names cannot hold: {why}"),
            format!("write `namespace = \"{}\"`", to_snake(ns)),
        );
    }
    let action = &tool.action;
    let action = action.strip_prefix("r#").unwrap_or(action);
    if action.is_empty() {
        cx.rule(
            Rule::NameCharset,
            action_span(tool),
            empty,
            "remove `name = \"\"` to use the fn's name, or write the name",
        );
    } else if !action.chars().all(is_name_char) {
        cx.rule(
            Rule::NameCharset,
            action_span(tool),
            format!("{noun} name `{action}` has characters {noun} names cannot hold: {why}"),
            format!("name it `{}`", accepted_form(action)),
        );
    }
}

/// `name_style`: the wire name is `snake_case`, like the tools around it.
pub(crate) fn check_name_style(tool: &Tool, cx: &mut Reports<'_>) {
    if cx.is_prompt() {
        check_prompt_name_style(tool, cx);
        return;
    }
    let accepted = |s: &str| s.chars().all(is_name_char);
    if let Some(ns) = &tool.namespace
        && accepted(ns)
        && !ns.is_empty()
        && !is_snake(ns)
    {
        cx.rule(
            Rule::NameStyle,
            Target::Namespace,
            format!("namespace `{}` is not snake_case: tool names are snake_case by convention, and a model that has seen `{}` writes it that way", ns, to_snake(ns)),
            format!("write `namespace = \"{}\"`; a published name that must stay can allow `name_style` in Cargo.toml: `[package.metadata.mcp-tools.rules] name_style = \"allow\"`", to_snake(ns)),
        );
    }
    let action = &tool.action;
    let action = action.strip_prefix("r#").unwrap_or(action);
    if accepted(action) && !action.is_empty() && !is_snake(action) {
        cx.rule(
            Rule::NameStyle,
            action_span(tool),
            format!("tool name `{action}` is not snake_case: tool names are snake_case by convention, and a model that has seen `{}` writes it that way", to_snake(action)),
            format!("name it `{}`; a published name that must stay can allow `name_style` in Cargo.toml: `[package.metadata.mcp-tools.rules] name_style = \"allow\"`", to_snake(action)),
        );
    }
}

/// `name_style` of a prompt: lower-case words joined by `_` or `-`, as slash commands are
/// written. A judgment: a client may show the name as it is, and a careful reviewer may
/// accept `AssignCodingAgent` as a command.
fn check_prompt_name_style(prompt: &Tool, cx: &mut Reports<'_>) {
    const WHY: &str = "users type prompt names as slash commands, and clients list them beside other servers' lower-case ones";
    const ALLOW: &str = "a published name that must stay can allow `name_style` in Cargo.toml: `[package.metadata.mcp-tools.rules] name_style = \"allow\"`";
    let accepted = |s: &str| !s.is_empty() && s.chars().all(is_name_char);
    if let Some(ns) = &prompt.namespace
        && accepted(ns)
        && !is_command_style(ns)
    {
        cx.on(
            Evidence::Judgment,
            Rule::NameStyle,
            Target::Namespace,
            format!("namespace `{ns}` is not lower-case words joined by `_` or `-`: {WHY}"),
            format!("write `namespace = \"{}\"`; {ALLOW}", to_snake(ns)),
        );
    }
    let action = prompt.action.strip_prefix("r#").unwrap_or(&prompt.action);
    if accepted(action) && !is_command_style(action) {
        cx.on(
            Evidence::Judgment,
            Rule::NameStyle,
            action_span(prompt),
            format!("prompt name `{action}` is not lower-case words joined by `_` or `-`: {WHY}"),
            format!("name it `{}`; {ALLOW}", to_snake(action)),
        );
    }
}

/// `name_length`: the wire name fits the 64 characters LLM APIs accept.
pub(crate) fn check_name_length(tool: &Tool, cx: &mut Reports<'_>) {
    let name = tool.wire_name();
    if name.len() > MAX_NAME_LEN {
        cx.rule(
            Rule::NameLength,
            action_span(tool),
            if cx.is_prompt() {
                format!(
                    "prompt name `{name}` is {} characters, over {MAX_NAME_LEN}: users type it as a slash command, after the server prefix clients add",
                    name.len()
                )
            } else {
                format!(
                    "tool name `{name}` is {} characters; LLM APIs reject tool names over {MAX_NAME_LEN}, and clients add their own server prefix",
                    name.len()
                )
            },
            {
                let over = name.len() - MAX_NAME_LEN;
                format!("shorten the namespace or the fn name by {over} character{}", if over == 1 { "" } else { "s" })
            },
        );
    }
}

/// `namespace_required`: every tool names the system it acts on.
pub(crate) fn check_namespace_required(tool: &Tool, cx: &mut Reports<'_>) {
    if cx.is_prompt() {
        check_prompt_namespace_required(tool, cx);
        return;
    }
    match &tool.namespace {
        Some(ns) if ns.is_empty() => cx.rule(
            Rule::NamespaceRequired,
            Target::Namespace,
            if tool.namespace_from_config {
                "the crate's default namespace (`namespace` in `[package.metadata.mcp-tools]`) is empty: an agent with several servers cannot tell which system a bare name acts on"
            } else {
                "the namespace is empty: an agent with several servers cannot tell which system a bare name acts on"
            },
            "name the resource or service, e.g. `namespace = \"shipment\"`",
        ),
        Some(_) => {}
        None if tool.namespace_written => {}
        None => cx.rule(
            Rule::NamespaceRequired,
            // The problem is a key that is not there.
            Target::Tool,
            format!(
                "tool `{}` has no namespace: an agent with several servers loaded cannot tell which system a bare name acts on, and bare names collide",
                tool.action
            ),
            "add the resource or service it acts on: `#[tool(namespace = \"shipment\", …)]`, or give the crate a default namespace in Cargo.toml; a port whose tool names are a published contract allows the rule there once: `[package.metadata.mcp-tools.rules] namespace_required = \"allow\"`",
        ),
    }
}

/// `namespace_required` of a prompt: clients list every server's prompts together, as
/// they do tools.
fn check_prompt_namespace_required(prompt: &Tool, cx: &mut Reports<'_>) {
    const WHY: &str = "clients list the prompts of every server together, and bare names collide";
    match &prompt.namespace {
        Some(ns) if ns.is_empty() => cx.rule(
            Rule::NamespaceRequired,
            Target::Namespace,
            if prompt.namespace_from_config {
                format!("the crate's default namespace (`namespace` in `[package.metadata.mcp-tools]`) is empty: {WHY}")
            } else {
                format!("the namespace is empty: {WHY}")
            },
            "name the resource or service, e.g. `namespace = \"shipment\"`",
        ),
        Some(_) => {}
        None if prompt.namespace_written => {}
        // A judgment, unlike a tool's: a user picks a prompt, and many clients show the
        // server beside it (`/mcp__library__remind`), so a bare name misleads only some.
        None => cx.on(
            Evidence::Judgment,
            Rule::NamespaceRequired,
            Target::Tool,
            format!(
                "prompt `{}` has no namespace: {WHY}, so a user cannot tell whose `/{}` it is",
                prompt.action, prompt.action
            ),
            "add the resource or service it is about: `#[prompt(namespace = \"shipment\", …)]`, or give the crate a default namespace in Cargo.toml; a port whose prompt names are a published contract allows the rule there once: `[package.metadata.mcp-tools.rules] namespace_required = \"allow\"`",
        ),
    }
}

/// `redundant_namespace`: `shipment_shipment_get` repeats itself.
pub(crate) fn check_redundant_namespace(tool: &Tool, cx: &mut Reports<'_>) {
    let Some(ns) = &tool.namespace else {
        return;
    };
    let ns_key = words::normalize(ns);
    if ns_key.is_empty() {
        return;
    }
    let action = &tool.action_key();
    let first = words::first_word(action);
    let repeats = action.starts_with(&format!("{ns_key}_"))
        || *action == ns_key
        || names_namespace(first, &ns_key);
    if repeats {
        let rest = action.strip_prefix(&format!("{first}_")).unwrap_or(action);
        cx.rule(
            Rule::RedundantNamespace,
            action_span(tool),
            if cx.is_prompt() {
                format!(
                    "`{}` repeats the namespace `{}`: the prompt name is already prefixed, and users read the word twice in every command list",
                    tool.wire_name(),
                    ns
                )
            } else {
                format!(
                    "`{}` repeats the namespace `{}`: the wire name is already prefixed, and the repeat costs tokens on every listing",
                    tool.wire_name(),
                    ns
                )
            },
            format!("name the fn `{rest}`, which gives `{ns}_{rest}`"),
        );
    }
}

/// `verb_first`: the name states its action, in either order (`get_cookie`, `cookie_get`).
///
/// A name with no action word reads as "get" on a read-only tool (`directory_tree`), so
/// it only misleads in two cases: a read-only tool whose one action-like word reads as a
/// change (`git_branch` lists branches, and reads as "create a branch"), and a tool that
/// changes state but whose name states no action (`shipment_status`: get it or set it?).
pub(crate) fn check_verb_first(tool: &Tool, cx: &mut Reports<'_>) {
    let action = tool.action.strip_prefix("r#").unwrap_or(&tool.action);
    // `web_search` under `web`, `email_receipt` under `email`: either part may carry it.
    let mut all_words: Vec<String> = tool.action_key().split('_').map(str::to_owned).collect();
    if let Some(ns) = &tool.namespace {
        all_words.extend(words::normalize(ns).split('_').map(str::to_owned));
    }
    let noun_verb = |w: &String| words::NOUN_VERBS.contains(&w.as_str());
    let read_only = tool.read_only.is_true();
    // On a tool that changes state, `commit` in `git_commit` is the verb it reads as.
    if all_words
        .iter()
        .any(|w| (words::states_action(w) && !noun_verb(w)) || (!read_only && noun_verb(w)))
    {
        return;
    }
    if read_only {
        let Some(word) = all_words.iter().find(|w| noun_verb(w)) else {
            return;
        };
        cx.rule(
            Rule::VerbFirst,
            action_span(tool),
            format!("`{action}` reads as an action (to {word} something) but the tool only reads: a model asked to {word} something may call it, and one asking what exists may pass it over"),
            format!("name what it returns with a read verb, e.g. `list_{}` or `get_{word}`", words::plural(word)),
        );
    } else if matches!(tool.destructive, Declared::Set(_)) {
        // Reporting undeclared tools too (two readings: read or set?) was measured: on the
        // held-out servers reviewers agreed with 0.59 of those reports, too few for a
        // warning; an undeclared tool is `effect_declared`'s to report.
        cx.rule(
            Rule::VerbFirst,
            action_span(tool),
            format!("`{action}` states no action, yet the tool changes state: a model cannot tell whether it reads `{action}` or sets it"),
            format!("put the action in the name, e.g. `set_{action}` or `update_{action}`: a model picks tools by the action a name states"),
        );
    }
}

/// `alias_valid`: aliases follow the name rules and collide with nothing of their own tool.
pub(crate) fn check_alias_valid(tool: &Tool, cx: &mut Reports<'_>) {
    let name = tool.wire_name();
    for (i, a) in tool.aliases.iter().enumerate() {
        if a.is_empty() || !a.chars().all(is_name_char) {
            cx.rule(
                Rule::AliasValid,
                Target::Alias(i),
                format!("alias `{a}` has characters tool names cannot hold (LLM APIs accept ^[a-zA-Z0-9_-]{{1,64}}$), so clients cannot call it"),
                format!("write `\"{}\"`", accepted_form(a)),
            );
        } else if a.len() > MAX_NAME_LEN {
            cx.rule(
                Rule::AliasValid,
                Target::Alias(i),
                format!("alias `{a}` is over {MAX_NAME_LEN} characters, so LLM APIs reject it"),
                "shorten it to the name the old clients used",
            );
        }
        if *a == name {
            cx.rule(
                Rule::AliasValid,
                Target::Alias(i),
                format!("alias `{a}` is the tool's own name, so it would route nowhere new"),
                "remove it",
            );
        }
        if tool.aliases[..i].contains(a) {
            cx.rule(
                Rule::AliasValid,
                Target::Alias(i),
                format!("alias `{a}` is listed twice"),
                "keep one",
            );
        }
    }
}

/// `search_not_list`: a `list_*` tool narrows or pages what it returns.
pub(crate) fn check_search_not_list(tool: &Tool, cx: &mut Reports<'_>) {
    let action = &tool.action;
    let key = &tool.action_key();
    if words::first_word(key) != "list" {
        return;
    }
    // `list_allowed_directories`, `list_supported_languages`: a set the server's
    // configuration bounds, not data that grows.
    if key.split('_').any(|w| words::CONFIGURED_SETS.contains(&w)) {
        return;
    }
    let narrows = tool.params.iter().any(|p| {
        let limit = words::LIMIT_NAMES.contains(&p.key.as_str());
        !limit || p.max.is_some()
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
