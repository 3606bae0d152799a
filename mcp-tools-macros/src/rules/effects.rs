//! Rules on what a tool declares about its effects (the MCP annotations).

use super::Rule;
use crate::{diag::Diagnostics, model::ToolFn, words};

fn is_set(flag: Option<&crate::parse::Sp<bool>>) -> bool {
    flag.is_some_and(|f| f.value)
}

fn verb_kind(action: &str) -> Option<bool> {
    if words::STATEFUL_PHRASES
        .iter()
        .any(|p| action == *p || action.starts_with(&format!("{p}_")))
    {
        return None;
    }
    // `find_and_replace`, `get_or_create`: a second verb that is not a read changes state.
    let parts: Vec<&str> = action.split('_').collect();
    if parts.windows(2).any(|w| {
        matches!(w[0], "and" | "or" | "then")
            && !words::READ_ONLY_VERBS.contains(&w[1])
            && words::VERBS.contains(&w[1])
    }) {
        return None;
    }
    let first = words::first_word(action);
    if words::DESTRUCTIVE_VERBS.contains(&first) {
        Some(true)
    } else if words::READ_ONLY_VERBS.contains(&first) {
        Some(false)
    } else {
        None
    }
}

/// `effect_declared`: `read_only`, or `destructive = true/false`.
pub(crate) fn check_effect_declared(tool: &ToolFn, cx: &mut Diagnostics) {
    let args = &tool.args;
    if is_set(args.read_only.as_ref())
        || args.destructive.is_some()
        || args.wrote("read_only")
        || args.wrote("destructive")
    {
        return;
    }
    let help = match verb_kind(&tool.action.value) {
        Some(true) => "a tool that deletes or overwrites says `destructive = true`".to_owned(),
        Some(false) => "a tool that only reads says `read_only`".to_owned(),
        None => "add `read_only` if it changes nothing, else `destructive = true` (deletes or overwrites) or `destructive = false` (only adds)".to_owned(),
    };
    cx.rule(
        Rule::EffectDeclared,
        // The whole `#[tool(...)]`: the problem is a key that is not there.
        proc_macro2::Span::call_site(),
        format!(
            "`{}` does not say whether it changes anything: clients then assume the worst and ask the user to confirm every call",
            tool.wire_name()
        ),
        help,
    );
}

/// `annotation_conflict`: `read_only` excludes `destructive` and `idempotent`.
pub(crate) fn check_annotation_conflict(tool: &ToolFn, cx: &mut Diagnostics) {
    let args = &tool.args;
    if !is_set(args.read_only.as_ref()) {
        return;
    }
    for (key, flag) in [
        ("destructive", &args.destructive),
        ("idempotent", &args.idempotent),
    ] {
        if let Some(flag) = flag {
            cx.rule(
                Rule::AnnotationConflict,
                flag.span,
                format!("`read_only` with `{key}`: a read-only tool changes nothing, so `{key}` means nothing and confuses clients"),
                format!("remove `{key}`, or remove `read_only` if the tool does change state"),
            );
        }
    }
}

/// `destructive_verb`: `delete_*` tools say `destructive = true`; `get_*` tools say `read_only`.
pub(crate) fn check_destructive_verb(tool: &ToolFn, cx: &mut Diagnostics) {
    let args = &tool.args;
    let declared = is_set(args.read_only.as_ref()) || args.destructive.is_some();
    if !declared {
        return; // effect_declared already asks for it, with the verb's advice.
    }
    let action = &tool.action.value;
    let verb = words::first_word(action);
    match verb_kind(action) {
        Some(true) if !is_set(args.destructive.as_ref()) => {
            let span = args
                .destructive
                .as_ref()
                .map_or(tool.action.span, |d| d.span);
            cx.rule(
                Rule::DestructiveVerb,
                span,
                format!("`{action}` starts with `{verb}` but is not marked destructive: clients skip the confirmation a destructive call needs"),
                "write `destructive = true`, or rename the tool if it does not destroy anything",
            );
        }
        Some(false) if !is_set(args.read_only.as_ref()) => {
            let span = args
                .destructive
                .as_ref()
                .map_or(tool.action.span, |d| d.span);
            cx.rule(
                Rule::DestructiveVerb,
                span,
                format!("`{action}` starts with `{verb}` but is not read-only: clients ask for confirmation before a harmless read"),
                format!("write `read_only` instead, or rename the tool with a verb that says what it changes (not `{verb}`)"),
            );
        }
        _ => {}
    }
}
