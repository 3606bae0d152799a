//! A resource's URI against its fn: every template variable is one parameter, every
//! parameter the server does not supply is a variable, `size` only on a fixed URI; and the
//! keys of `#[param(...)]` that only some parameters take (`unchecked`, `complete`).
//!
//! These are not design rules with levels: a read could not fill the fn's parameters, so
//! they cannot be waived. Their ids name them in the reports and in RULES.md.

use crate::{
    diag::Diagnostics,
    model::{Param, Source, ToolFn},
};

/// A template variable with no parameter, or with two.
const RULE_VARIABLE: &str = "resource_template_variable";
/// A parameter that is no template variable.
const RULE_PARAM: &str = "resource_template_param";

/// Every variable of the template has exactly one parameter of its wire name, and every
/// parameter the server does not supply is a variable. Nothing to check where the URI is
/// missing or malformed (reported where it is written).
pub(crate) fn check_template(tool: &ToolFn, cx: &mut Diagnostics) {
    let Some(template) = &tool.template else {
        return;
    };
    let read: Vec<&Param> = tool
        .params
        .iter()
        .filter(|p| p.source != Source::Injected)
        .collect();
    for variable in &template.variables {
        let taking: Vec<&&Param> = read
            .iter()
            .filter(|p| p.wire_name.value == variable.name)
            .collect();
        let name = &variable.name;
        match &taking[..] {
            [] => cx.error(
                template.span_of(&variable.range),
                format!(
                    "template variable `{name}` has no parameter: a read could not pass its value to the fn{}",
                    template.pointing(&variable.range)
                ),
                format!(
                    "add a parameter `{name}: String` (or another type its text parses as), or `#[param(rename = \"{name}\")]` on the one that takes it [rule: {RULE_VARIABLE}]"
                ),
            ),
            [_] => {}
            [first, rest @ ..] => {
                for param in rest {
                    cx.error(
                        param.wire_name.span,
                        format!(
                            "template variable `{name}` is taken by two parameters, `{}` and `{}`",
                            first.rust_name, param.rust_name
                        ),
                        format!(
                            "keep one parameter per variable: remove `{}` or rename it [rule: {RULE_VARIABLE}]",
                            param.rust_name
                        ),
                    );
                }
            }
        }
    }
    for param in read {
        let wire = &param.wire_name.value;
        if template.variable(wire).is_some() {
            continue;
        }
        let (what, fix) = if template.is_fixed() {
            (
                format!("the URI `{}` is fixed, with no variables", template.text),
                format!("make the URI a template with `{{{wire}}}` in it"),
            )
        } else {
            let listed = template
                .variables
                .iter()
                .map(|v| format!("`{}`", v.name))
                .collect::<Vec<_>>()
                .join(", ");
            (
                format!("the template's variables are {listed}"),
                format!(
                    "add `{{{wire}}}` to the template, or `#[param(rename = \"…\")]` to the variable it reads"
                ),
            )
        };
        cx.error(
            param.wire_name.span,
            format!("parameter `{wire}` is not a variable of the resource's URI: {what}, so a read has nothing to fill it with"),
            format!("{fix}; a value the server supplies is taken as `State<T>` or `ToolContext` [rule: {RULE_PARAM}]"),
        );
    }
    if let Some(size) = &tool.args.size
        && !template.is_fixed()
    {
        cx.error(
            size.span,
            "`size` on a resource template: each URI it matches is a resource of its own size",
            "remove `size`; give it on fixed resources only, where one size is known before reading",
        );
    }
}

/// `unchecked` and `complete` go on a parameter read from the request: `complete` on a
/// prompt's argument or a template variable, `unchecked` on a template variable only.
pub(crate) fn check_param_keys(tool: &ToolFn, cx: &mut Diagnostics) {
    for param in &tool.params {
        let a = &param.attrs;
        let name = &param.rust_name;
        if param.source == Source::Injected {
            if let Some(complete) = &a.complete {
                cx.error(
                    complete.span,
                    format!(
                        "`{name}` is supplied by the server, so a client has nothing to complete"
                    ),
                    "remove `complete`; put it on an argument the client fills",
                );
            }
            if let Some(unchecked) = &a.unchecked {
                cx.error(
                    unchecked.span,
                    format!("`{name}` is supplied by the server, not read from the URI: `unchecked` applies to template variables"),
                    "remove `unchecked`",
                );
            }
        }
    }
}
