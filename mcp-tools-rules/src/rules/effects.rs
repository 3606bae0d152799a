//! Rules on what a tool declares about its effects (the MCP annotations).

use crate::{
    catalog::{Evidence, Rule},
    model::{Declared, Dialect, Tool},
    report::{Hint, Reports, Target},
    words,
};

/// What the name's verbs say the tool does.
#[derive(Debug, PartialEq, Eq)]
enum Effect {
    /// A word of the name deletes, removes, resets or overwrites: the verb that names it.
    Destroys(String),
    /// Every verb of the name only reads: the first of them.
    Reads(String),
    /// The name only adds (`create_issue`, `add_comment`, `fork_repository`).
    Adds(String),
}

/// Reads the effect from the name's verbs, wherever they stand: `delete_file`,
/// `cookie_delete`, `memory_delete_entities`; `get_user`, `cookie_get`, `actions_list`.
/// `None` when the verbs are mixed (`get_or_create`) or none is known.
fn effect_of(action_key: &str) -> Option<Effect> {
    if words::STATEFUL_PHRASES
        .iter()
        .any(|p| action_key == *p || action_key.starts_with(&format!("{p}_")))
    {
        return None;
    }
    let parts: Vec<&str> = action_key.split('_').collect();
    let first = parts[0];
    let is_read = |w: &str| words::READ_ONLY_VERBS.contains(&w);
    let clear_verb = |w: &str| words::is_verb(w) && !words::NOUN_VERBS.contains(&w);
    // `find_and_replace`, `get_or_create`, `search_and_delete`: the second verb decides.
    let second = parts
        .windows(2)
        .find(|w| matches!(w[0], "and" | "or" | "then") && words::is_verb(w[1]))
        .map(|w| w[1]);
    // A read verb first (`get_user`), or anywhere among nouns (`cookie_get`,
    // `API-query-data-source`; not `update_search`).
    let read = if is_read(first) {
        Some(first)
    } else {
        parts.iter().copied().find(|w| is_read(w)).filter(|read| {
            !parts
                .iter()
                .any(|w| w != read && clear_verb(w) && !is_read(w))
        })
    };
    if let Some(read) = read {
        return match second {
            Some(verb) if words::DESTRUCTIVE_VERBS.contains(&verb) => {
                Some(Effect::Destroys(verb.to_owned()))
            }
            Some(verb) if !is_read(verb) => None,
            _ => Some(Effect::Reads(read.to_owned())),
        };
    }
    if let Some(verb) = parts.iter().find(|w| words::DESTRUCTIVE_VERBS.contains(w)) {
        return Some(Effect::Destroys((*verb).to_owned()));
    }
    // `create_issue`, `add_comment`; not `create_or_update_file`.
    let adds = parts
        .iter()
        .copied()
        .find(|w| words::ADDITIVE_VERBS.contains(w))?;
    let other_change = parts
        .iter()
        .any(|w| *w != adds && clear_verb(w) && !words::ADDITIVE_VERBS.contains(w) && !is_read(w));
    (!other_change).then(|| Effect::Adds(adds.to_owned()))
}

/// Whether a word of the name says the tool overwrites what is there (`update_issue`,
/// `kv_put`, `create_or_update_file`): then MCP's destructive default is the right guess.
fn overwrites(action_key: &str) -> bool {
    action_key
        .split('_')
        .any(|w| words::OVERWRITE_VERBS.contains(&w))
}

/// How a dialect writes each declaration a fix asks for.
struct Keys {
    read_only: &'static str,
    not_destructive: &'static str,
    destructive: &'static str,
    read_only_false: &'static str,
}

fn keys(dialect: Dialect) -> Keys {
    match dialect {
        Dialect::Rust => Keys {
            read_only: "`read_only`",
            not_destructive: "`destructive = false`",
            destructive: "`destructive = true`",
            read_only_false: "`read_only = false`",
        },
        Dialect::Json => Keys {
            read_only: "`\"readOnlyHint\": true`",
            not_destructive: "`\"destructiveHint\": false`",
            destructive: "`\"destructiveHint\": true`",
            read_only_false: "`\"readOnlyHint\": false`",
        },
    }
}

/// `effect_declared`: `read_only`, or `destructive = true/false`.
pub(crate) fn check_effect_declared(tool: &Tool, cx: &mut Reports<'_>) {
    // A malformed key was reported where it was written; do not report it missing too.
    let malformed =
        tool.read_only == Declared::Malformed || tool.destructive == Declared::Malformed;
    if tool.read_only.is_true() || tool.destructive.is_written() || malformed {
        return;
    }
    // An undeclared tool is destructive by MCP's default: right for one whose name says it
    // deletes or overwrites, and wrong for every other, whose calls a client then confirms
    // one by one. What a tool declares is certain; what an unknown verb does is not, so a
    // tool whose verbs say nothing known is asked to declare too.
    let action_key = tool.action_key();
    if overwrites(&action_key) {
        return;
    }
    // A tool of several actions (`action: "get" | "create" | "delete"`) does what its
    // actions do: one that deletes is destructive by the default, rightly; others that
    // differ in what they change leave the declaration to a judgment.
    let actions = actions_of(tool);
    if actions
        .iter()
        .any(|a| matches!(effect_of(a), Some(Effect::Destroys(_))) || overwrites(a))
    {
        return;
    }
    let mixed = actions
        .iter()
        .any(|a| !matches!(effect_of(a), Some(Effect::Reads(_))));
    let k = keys(tool.dialect);
    let (what, fix) = match effect_of(&action_key) {
        Some(Effect::Reads(verb)) => (
            format!("only reads (`{verb}`)"),
            format!("say {}", k.read_only),
        ),
        Some(Effect::Adds(verb)) => (
            format!("only adds (`{verb}`)"),
            format!(
                "say {} (it adds, never deletes or overwrites); {} if it does overwrite",
                k.not_destructive, k.destructive
            ),
        ),
        Some(Effect::Destroys(_)) => return,
        None => (
            "does not say whether it only reads".to_owned(),
            format!(
                "say {} if it changes nothing, {} if it never deletes or overwrites, {} if it does",
                k.read_only, k.not_destructive, k.destructive
            ),
        ),
    };
    // The name's verbs say it only reads or only adds: the default is wrong for certain.
    // Verbs that say nothing known leave what it does to a judgment.
    let evidence = match effect_of(&action_key) {
        Some(Effect::Reads(_) | Effect::Adds(_)) if !mixed => Evidence::Certain,
        _ => Evidence::Judgment,
    };
    let name = tool.wire_name();
    match tool.read_only {
        // `read_only = false` says what the tool is not, and leaves the rest to the
        // client's default: destructive.
        Declared::Set(false) => cx.on(
            evidence,
            Rule::EffectDeclared,
            Target::Hint(Hint::ReadOnly),
            format!("`{name}` {what}, but {} alone leaves it destructive by MCP's default: clients ask the user to confirm every call", k.read_only_false),
            fix,
        ),
        _ => cx.on(
            evidence,
            Rule::EffectDeclared,
            // The problem is a key that is not there.
            Target::Tool,
            format!("`{name}` {what}, but declares no effect, so it is destructive by MCP's default: clients ask the user to confirm every call"),
            fix,
        ),
    }
}

/// `annotation_conflict`: a read-only tool cannot be destructive.
///
/// `read_only` with `idempotent` or `destructive = false` is redundant, not a conflict:
/// the MCP spec gives those hints no meaning on a read-only tool.
pub(crate) fn check_annotation_conflict(tool: &Tool, cx: &mut Reports<'_>) {
    if tool.read_only.is_true() && tool.destructive.is_true() {
        let k = keys(tool.dialect);
        cx.rule(
            Rule::AnnotationConflict,
            Target::Hint(Hint::Destructive),
            format!("{} with {}: a tool cannot both change nothing and destroy data, and clients that trust {} skip the confirmation", k.read_only, k.destructive, k.read_only),
            format!("remove {} if the tool deletes or overwrites, else remove {}", k.read_only, k.destructive),
        );
    }
}

/// `destructive_verb`: a tool whose name deletes says `destructive = true`; one whose
/// name only reads says `read_only`.
pub(crate) fn check_destructive_verb(tool: &Tool, cx: &mut Reports<'_>) {
    let destructive_set = matches!(tool.destructive, Declared::Set(_));
    let declared = tool.read_only.is_true() || destructive_set;
    if !declared {
        return; // effect_declared already asks for it, with the verb's advice.
    }
    let action = &tool.action;
    let target = if destructive_set {
        Target::Hint(Hint::Destructive)
    } else {
        Target::Hint(Hint::ReadOnly)
    };
    let k = keys(tool.dialect);
    // The name and the author's declaration disagree. Where the description says the same
    // as the name, the declaration is wrong for certain; where it does not, the word may
    // mean something else in the tool's domain (`git fetch` writes refs): a judgment, and
    // the fix offers both ways, so that taking it never makes a declaration false.
    let description = tool.description_text().unwrap_or("").to_lowercase();
    match effect_of(&tool.action_key()) {
        Some(Effect::Destroys(verb)) if !tool.destructive.is_true() => cx.on(
            // "Remove an issue from a cycle" unlinks: whether that destroys anything is the
            // domain's to say.
            if says_it_destroys(&description) && !detaches(&tool.action_key(), &description) {
                Evidence::Certain
            } else {
                Evidence::Judgment
            },
            Rule::DestructiveVerb,
            target,
            format!("`{action}` says `{verb}` but is not marked destructive: clients skip the confirmation a destructive call needs"),
            format!("if it deletes or overwrites anything, write {}; if it does not, rename it with a verb that says what it does (not `{verb}`)", k.destructive),
        ),
        Some(Effect::Reads(verb)) if !tool.read_only.is_true() => cx.on(
            if says_it_only_reads(&description) {
                Evidence::Certain
            } else {
                Evidence::Judgment
            },
            Rule::DestructiveVerb,
            target,
            format!("`{action}` says `{verb}` but is not read-only: clients ask the user to confirm a harmless read"),
            format!("if it changes nothing, write {} instead; if it changes something, rename it with a verb that says what (not `{verb}`)", k.read_only),
        ),
        _ => {}
    }
}

/// The values of a tool's action argument (`action`, `operation`, `command`), each in
/// `snake_case`: the actions a tool of several actions performs.
fn actions_of(tool: &Tool) -> Vec<String> {
    tool.params
        .iter()
        .filter(|p| matches!(p.key.as_str(), "action" | "operation" | "op" | "command"))
        .flat_map(|p| p.values.iter().map(|v| words::normalize(v)))
        .collect()
}

/// Whether a description says the tool deletes or overwrites.
fn says_it_destroys(description: &str) -> bool {
    description
        .split(|c: char| !c.is_ascii_alphanumeric())
        .any(|w| {
            matches!(
                w,
                "delete"
                    | "deletes"
                    | "deleted"
                    | "deleting"
                    | "remove"
                    | "removes"
                    | "removed"
                    | "erase"
                    | "erases"
                    | "destroy"
                    | "destroys"
                    | "purge"
                    | "purges"
                    | "drop"
                    | "drops"
                    | "overwrite"
                    | "overwrites"
                    | "permanently"
                    | "wipe"
                    | "wipes"
                    | "revoke"
                    | "revokes"
                    | "truncate"
                    | "truncates"
                    | "reset"
                    | "resets"
            )
        })
}

/// Whether the tool takes something out of a container rather than destroying it:
/// `remove_issue_from_cycle`, "Remove a member from the team".
fn detaches(action_key: &str, description: &str) -> bool {
    let first = description.split(". ").next().unwrap_or("");
    action_key.split('_').any(|w| w == "from") || first.contains(" from ")
}

/// Whether a description says in so many words that the tool changes nothing.
fn says_it_only_reads(description: &str) -> bool {
    [
        "read-only",
        "read only",
        "does not modify",
        "doesn't modify",
        "without modifying",
        "does not change",
        "without changing",
        "no side effects",
        "makes no changes",
    ]
    .iter()
    .any(|phrase| description.contains(phrase))
}

#[cfg(test)]
mod tests {
    use super::{Effect, effect_of};

    #[test]
    fn any_word_of_the_name_carries_the_effect() {
        assert_eq!(
            effect_of("delete_file"),
            Some(Effect::Destroys("delete".into()))
        );
        assert_eq!(
            effect_of("cookie_delete"),
            Some(Effect::Destroys("delete".into()))
        );
        assert_eq!(
            effect_of("delete_entities"),
            Some(Effect::Destroys("delete".into()))
        );
        assert_eq!(
            effect_of("get_file_contents"),
            Some(Effect::Reads("get".into()))
        );
        assert_eq!(
            effect_of("actions_list"),
            Some(Effect::Reads("list".into()))
        );
        assert_eq!(effect_of("get_or_create_profile"), None);
        assert_eq!(effect_of("find_and_replace"), None);
        assert_eq!(effect_of("check_in_guest"), None);
        assert_eq!(
            effect_of("create_issue"),
            Some(Effect::Adds("create".into()))
        );
        assert_eq!(effect_of("create_or_update_file"), None);
        assert_eq!(
            effect_of("api_query_data_source"),
            Some(Effect::Reads("query".into()))
        );
        assert_eq!(effect_of("set_weight"), None);
        assert_eq!(
            effect_of("get_deleted_items"),
            Some(Effect::Reads("get".into()))
        );
        assert_eq!(
            effect_of("get_password_reset_link"),
            Some(Effect::Reads("get".into()))
        );
        assert_eq!(effect_of("update_search"), None);
        assert_eq!(effect_of("issue_read"), Some(Effect::Reads("read".into())));
        assert_eq!(
            effect_of("search_and_delete"),
            Some(Effect::Destroys("delete".into()))
        );
    }
}
