//! Rules on what a tool declares about its effects (the MCP annotations).

use super::Rule;
use crate::{diag::Diagnostics, model::ToolFn, parse::Sp, words};

fn is_set(flag: Option<&Sp<bool>>) -> bool {
    flag.is_some_and(|f| f.value)
}

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

/// `effect_declared`: `read_only`, or `destructive = true/false`.
pub(crate) fn check_effect_declared(tool: &ToolFn, cx: &mut Diagnostics) {
    let args = &tool.args;
    // A malformed key was reported where it was written; do not report it missing too.
    let malformed = (args.wrote("read_only") && args.read_only.is_none())
        || (args.wrote("destructive") && args.destructive.is_none());
    if is_set(args.read_only.as_ref()) || args.destructive.is_some() || malformed {
        return;
    }
    // An undeclared tool is destructive by MCP's default: right for one whose name says it
    // deletes or overwrites, and wrong for every other, whose calls a client then confirms
    // one by one. What a tool declares is certain; what an unknown verb does is not, so a
    // tool whose verbs say nothing known is asked to declare too.
    if overwrites(&tool.action_key) {
        return;
    }
    let (what, fix) = match effect_of(&tool.action_key) {
        Some(Effect::Reads(verb)) => (
            format!("only reads (`{verb}`)"),
            "say `read_only`".to_owned(),
        ),
        Some(Effect::Adds(verb)) => (
            format!("only adds (`{verb}`)"),
            "say `destructive = false` (it adds, never deletes or overwrites); `destructive = true` if it does overwrite".to_owned(),
        ),
        Some(Effect::Destroys(_)) => return,
        None => (
            "does not say whether it only reads".to_owned(),
            "say `read_only` if it changes nothing, `destructive = false` if it never deletes or overwrites, `destructive = true` if it does".to_owned(),
        ),
    };
    let name = tool.wire_name();
    match &args.read_only {
        // `read_only = false` says what the tool is not, and leaves the rest to the
        // client's default: destructive.
        Some(flag) => cx.rule(
            Rule::EffectDeclared,
            flag.span,
            format!("`{name}` {what}, but `read_only = false` alone leaves it destructive by MCP's default: clients ask the user to confirm every call"),
            fix,
        ),
        None => cx.rule(
            Rule::EffectDeclared,
            // The whole `#[tool(...)]`: the problem is a key that is not there.
            proc_macro2::Span::call_site(),
            format!("`{name}` {what}, but declares no effect, so it is destructive by MCP's default: clients ask the user to confirm every call"),
            fix,
        ),
    }
}

/// `annotation_conflict`: a read-only tool cannot be destructive.
///
/// `read_only` with `idempotent` or `destructive = false` is redundant, not a conflict:
/// the MCP spec gives those hints no meaning on a read-only tool.
pub(crate) fn check_annotation_conflict(tool: &ToolFn, cx: &mut Diagnostics) {
    let args = &tool.args;
    if !is_set(args.read_only.as_ref()) {
        return;
    }
    if let Some(flag) = args.destructive.as_ref().filter(|d| d.value) {
        cx.rule(
            Rule::AnnotationConflict,
            flag.span,
            "`read_only` with `destructive = true`: a tool cannot both change nothing and destroy data, and clients that trust `read_only` skip the confirmation",
            "remove `read_only` if the tool deletes or overwrites, else remove `destructive = true`",
        );
    }
}

/// `destructive_verb`: a tool whose name deletes says `destructive = true`; one whose
/// name only reads says `read_only`.
pub(crate) fn check_destructive_verb(tool: &ToolFn, cx: &mut Diagnostics) {
    let args = &tool.args;
    let declared = is_set(args.read_only.as_ref()) || args.destructive.is_some();
    if !declared {
        return; // effect_declared already asks for it, with the verb's advice.
    }
    let action = &tool.action.value;
    let span = args
        .destructive
        .as_ref()
        .or(args.read_only.as_ref())
        .map_or(tool.action.span, |d| d.span);
    match effect_of(&tool.action_key) {
        Some(Effect::Destroys(verb)) if !is_set(args.destructive.as_ref()) => cx.rule(
            Rule::DestructiveVerb,
            span,
            format!("`{action}` says `{verb}` but is not marked destructive: clients skip the confirmation a destructive call needs"),
            "write `destructive = true`, or rename the tool if it does not destroy anything",
        ),
        Some(Effect::Reads(verb)) if !is_set(args.read_only.as_ref()) => cx.rule(
            Rule::DestructiveVerb,
            span,
            format!("`{action}` says `{verb}` but is not read-only: clients ask the user to confirm a harmless read"),
            format!("write `read_only` instead, or rename the tool with a verb that says what it changes (not `{verb}`)"),
        ),
        _ => {}
    }
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
