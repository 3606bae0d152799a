//! Checks that make the fn usable as a tool at all: its shape and its attributes' coherence.

use mcp_tools_shared::suggest;
use quote::ToTokens;
use syn::spanned::Spanned;

use crate::{
    config::rules_for,
    diag::Diagnostics,
    model::{Param, Source, ToolFn},
};
use mcp_tools_rules::Rule;

/// `allow(...)` names only rules that exist, and that judge this kind of fn.
pub(crate) fn check_allow_ids(tool: &ToolFn, cx: &mut Diagnostics) {
    let ids: Vec<&str> = Rule::ALL.iter().map(|r| r.id()).collect();
    let judging = rules_for(tool.kind());
    for allowed in &tool.args.allow {
        if let Some(rule) = Rule::from_id(&allowed.value) {
            if !judging.contains(&rule) {
                let attr = tool.kind().attr();
                let listed = judging
                    .iter()
                    .map(|r| format!("`{}`", r.id()))
                    .collect::<Vec<_>>()
                    .join(", ");
                cx.error(
                    allowed.span,
                    format!(
                        "rule `{}` does not judge a {attr} fn, so there is nothing to waive",
                        allowed.value
                    ),
                    format!("remove it; the rules that judge a {attr} fn: {listed}"),
                );
            }
            continue;
        }
        let listed = ids
            .iter()
            .map(|i| format!("`{i}`"))
            .collect::<Vec<_>>()
            .join(", ");
        let help = match suggest::closest(&allowed.value, ids.iter().copied()) {
            Some(near) => format!("did you mean `{near}`? rule ids: {listed}"),
            None => format!("rule ids: {listed}"),
        };
        cx.error(
            allowed.span,
            format!("unknown rule `{}` in `allow(...)`", allowed.value),
            help,
        );
    }
}

/// No `self`, no generics, no C ABI or const fn.
pub(crate) fn check_signature(tool: &ToolFn, cx: &mut Diagnostics) {
    let sig = &tool.item.sig;
    let attr = tool.kind().attr();
    if let Some(span) = tool.receiver {
        cx.error(
            span,
            format!("{attr} goes on a free fn, not a method"),
            "move the fn out of the impl block and take shared state as `State<T>`",
        );
    }
    if !sig.generics.params.is_empty() || sig.generics.where_clause.is_some() {
        cx.error_spanned(
            &sig.generics,
            format!("a {attr} fn cannot be generic: its schema is fixed when the server starts"),
            "use concrete parameter types",
        );
    }
    if let Some(c) = &sig.constness {
        cx.error(
            c.span,
            format!("a {attr} fn cannot be `const`"),
            "remove `const`",
        );
    }
    if let Some(abi) = &sig.abi {
        cx.error_spanned(
            abi,
            format!("a {attr} fn cannot declare an ABI"),
            "remove the `extern` ABI",
        );
    }
    if let Some(variadic) = &sig.variadic {
        cx.error_spanned(
            variadic,
            format!("a {attr} fn cannot be variadic"),
            "remove `...`",
        );
    }
}

/// Token budgets are usable: non-zero, and concise within detailed.
pub(crate) fn check_budgets(tool: &ToolFn, cx: &mut Diagnostics) {
    let a = &tool.args;
    for budget in [
        &a.max_response_tokens,
        &a.concise_tokens,
        &a.detailed_tokens,
    ]
    .into_iter()
    .flatten()
    {
        if budget.value < 200 {
            cx.error(budget.span, format!("a budget of {} tokens leaves no room for a result and the notice of what was cut", budget.value), "allow at least 200 tokens");
        }
    }
    if let (Some(concise), Some(detailed)) = (&a.concise_tokens, &a.detailed_tokens)
        && concise.value > detailed.value
    {
        cx.error(
            concise.span,
            "the `concise` budget is larger than the `detailed` one",
            "make `concise` the smaller budget",
        );
    }
    if (a.concise_tokens.is_some() || a.detailed_tokens.is_some())
        && !tool.params.iter().any(|p| p.is_response_format)
    {
        let span = a
            .concise_tokens
            .as_ref()
            .or(a.detailed_tokens.as_ref())
            .map_or(a.span, |b| b.span);
        cx.error(span, "per-format budgets need a `response_format: ResponseFormat` parameter to choose between them", "add the parameter, or write `max_response_tokens = N`");
    }
}

/// The task keys fit together: `task_ttl_secs` and `task_deferred` only mean something on a
/// tool whose calls run as tasks, and a deferred call becomes one only through its
/// `ToolContext`.
pub(crate) fn check_task(tool: &ToolFn, cx: &mut Diagnostics) {
    let a = &tool.args;
    // A malformed `task = …` was reported where written: one mistake, one error.
    let no_task = !a.wrote("task");
    let needs_task = [
        (
            "task_ttl_secs",
            a.task_ttl_secs.is_some(),
            "only a task's result is kept after its call",
        ),
        (
            "task_deferred",
            a.task_deferred.is_some(),
            "only a call that may run as a task can become one part way through",
        ),
    ];
    for (key, written, why) in needs_task {
        if no_task
            && written
            && let Some(span) = a.key_span(key)
        {
            cx.error(
                span,
                format!("`{key}` needs `task = \"optional\"` or `task = \"required\"`"),
                format!("{why}: add `task = \"optional\"` (a task where the client supports tasks, a plain call elsewhere), or remove `{key}`"),
            );
        }
    }
    // Without `task` the key is already reported above; its fix may be to remove it.
    if !no_task
        && a.task_deferred.as_ref().is_some_and(|d| d.value)
        && !tool.takes_context()
        && let Some(span) = a.key_span("task_deferred")
    {
        cx.error(
            span,
            format!(
                "tool `{}` is `task_deferred` but takes no `ToolContext`: its calls become tasks only through `ctx.continue_as_task().await`, so none ever would",
                tool.ident()
            ),
            "take a `ctx: ToolContext` parameter and call `ctx.continue_as_task().await?` where the slow part starts, or remove `task_deferred` to make every call a task",
        );
    }
}

/// `#[param(...)]` keys that contradict each other or the parameter's type.
///
/// Keys on a parameter that takes none (`State<T>`, `ToolContext`, `ResponseFormat`,
/// `PageCursor`) are refused by the generated code, through the type's `ToolArg::ROLE`:
/// the macro cannot tell a user's own `State` from the runtime's.
pub(crate) fn check_param_attrs(tool: &ToolFn, cx: &mut Diagnostics) {
    for param in &tool.params {
        let a = &param.attrs;
        let name = &param.wire_name.value;
        if param.source == Source::Fields
            && let Some(doc) = &param.doc
        {
            cx.error(
                doc.span,
                format!("`{name}` is no argument of its own: the fields of its struct are, so this doc describes nothing a model reads"),
                "document each field of the struct instead; the struct's own doc is for Rust readers",
            );
        }
        for (key, value) in [("default", &a.default), ("example", &a.example)] {
            if let Some(value) = value {
                check_literal_bounds(name, key, value, a, cx);
            }
        }
        if let (Some(min), Some(max)) = (&a.min, &a.max)
            && min.value.value > max.value.value
        {
            cx.error(
                max.span,
                format!("`max` of `{name}` is below its `min`"),
                "swap `min` and `max`",
            );
        }
        if let (Some(min), Some(max)) = (&a.min_length, &a.max_length)
            && min.value > max.value
        {
            cx.error(
                max.span,
                format!("`max_length` of `{name}` is below its `min_length`"),
                "swap `min_length` and `max_length`",
            );
        }
        if param.is_numeric {
            for length in [&a.min_length, &a.max_length].into_iter().flatten() {
                cx.error(
                    length.span,
                    format!("`{name}` is a number; `min_length`/`max_length` bound text and lists"),
                    "use `min`/`max` for numbers",
                );
            }
            if let Some(pattern) = &a.pattern {
                cx.error(
                    pattern.span,
                    format!("`{name}` is a number; `pattern` applies to text"),
                    "remove `pattern`, or bound the number with `min`/`max`",
                );
            }
        } else {
            for bound in [&a.min, &a.max].into_iter().flatten() {
                if is_plainly_textual(&param.value_ty) {
                    cx.error(
                        bound.span,
                        format!("`{name}` is text; `min`/`max` bound numbers"),
                        "use `min_length`/`max_length` for text, or make the parameter a number",
                    );
                }
            }
        }
        if param.source == Source::Optional
            && let Some(default) = &a.default
        {
            cx.error(
                default.span,
                format!(
                    "`{name}` is an `Option` and has a `default`: with a default it is never absent"
                ),
                format!(
                    "make the type `{}` and keep the default, or drop the default",
                    param.value_ty.to_token_stream()
                ),
            );
        }
        if let Some(unit) = &a.unit
            && unit.value.trim().is_empty()
        {
            cx.error(
                unit.span,
                "`unit` is empty",
                r#"write the unit, e.g. `unit = "kg"`"#,
            );
        }
        let _ = param.ty.span();
    }
}

/// A `default` or `example` that breaks the bounds written beside it in the same attribute:
/// the literals are all here, so the build says so rather than `build()` at run time.
fn check_literal_bounds(
    name: &str,
    key: &str,
    value: &crate::parse::Sp<String>,
    a: &crate::parse::ParamArgs,
    cx: &mut Diagnostics,
) {
    let Ok(json) = serde_json::from_str::<serde_json::Value>(&value.value) else {
        return;
    };
    let mut problems = Vec::new();
    if let Some(n) = json.as_f64() {
        if let Some(min) = a.min.as_ref().filter(|m| n < m.value.value) {
            problems.push(format!("below its `min` ({})", min.value.value));
        }
        if let Some(max) = a.max.as_ref().filter(|m| n > m.value.value) {
            problems.push(format!("above its `max` ({})", max.value.value));
        }
    }
    // Lengths count characters of text and items of a list, as the schema's do.
    let length = match &json {
        serde_json::Value::String(text) => Some((text.chars().count(), ["shorter", "longer"])),
        serde_json::Value::Array(items) => Some((items.len(), ["fewer items", "more items"])),
        _ => None,
    };
    if let Some((len, [fewer, more])) = length {
        let len = len as u64;
        if let Some(min) = a.min_length.as_ref().filter(|m| len < m.value) {
            problems.push(format!("{fewer} than its `min_length` ({})", min.value));
        }
        if let Some(max) = a.max_length.as_ref().filter(|m| len > m.value) {
            problems.push(format!("{more} than its `max_length` ({})", max.value));
        }
    }
    if let (Some(text), Some(pattern)) = (json.as_str(), &a.pattern)
        && let Ok(re) = crate::parse::compile_pattern(&pattern.value)
        && re.find(text).is_none()
    {
        problems.push(format!(
            "not matched by its `pattern` (`{}`)",
            pattern.value
        ));
    }
    if !problems.is_empty() {
        cx.error(
            value.span,
            format!(
                "the `{key}` of `{name}` is {}: every call {} would be refused",
                problems.join(" and "),
                if key == "default" {
                    "that leaves it out"
                } else {
                    "that follows the example"
                }
            ),
            format!("make the `{key}` meet the bounds, or widen them"),
        );
    }
}

/// With `input_schema`, the file describes every argument and one parameter receives them
/// all: exactly one parameter besides those the server supplies, and no `#[param]`.
///
/// Which parameters the server supplies is read from the syntax (`State<…>`,
/// `ToolContext`), as [`Source`] explains; the expansion checks the guess through each
/// type's role, so a wrong one fails to compile rather than misroutes a value.
pub(crate) fn check_input_schema(tool: &ToolFn, cx: &mut Diagnostics) {
    let Some(path) = &tool.args.input_schema else {
        return;
    };
    let takers: Vec<&Param> = tool
        .params
        .iter()
        .filter(|p| p.source != Source::Injected)
        .collect();
    match &takers[..] {
        [] => cx.error(
            path.span,
            format!("tool `{}` has `input_schema` but no parameter to take its arguments", tool.ident()),
            "add one, such as `args: serde_json::Value` or a type that derives `Deserialize`: it receives the whole arguments object, checked against the file",
        ),
        [_] => {}
        [first, extra @ ..] => {
            for param in extra {
                cx.error(
                    param.span,
                    format!(
                        "`{}` is a second parameter for the arguments: with `input_schema` the file describes every argument, and `{}` receives them all",
                        param.rust_name, first.rust_name
                    ),
                    format!(
                        "remove `{}` and read the value from `{}`; values the server supplies come as `State<T>` or `ToolContext`",
                        param.rust_name, first.rust_name
                    ),
                );
            }
        }
    }
    for param in &tool.params {
        if let Some(attr) = &param.attrs.attr {
            cx.error_spanned(
                attr,
                format!(
                    "`#[param]` on `{}` has no effect with `input_schema`: the file describes the arguments",
                    param.rust_name
                ),
                format!(
                    "remove it, and write the constraint (`minimum`, `pattern`, `description`, …) in `{}`",
                    path.value
                ),
            );
        }
    }
}

fn is_plainly_textual(ty: &syn::Type) -> bool {
    let text = ty.to_token_stream().to_string();
    matches!(text.as_str(), "String" | "& str" | "&'static str" | "bool")
}
