//! `#[param(...)]` on a parameter.

use mcp_tools_shared::{format::Format, suggest};
use syn::{Attribute, Meta};

use super::{
    json, keys,
    value::{self, Number, Sp},
};
use crate::{diag::Diagnostics, kind::Kind};

/// Every key `#[param(...)]` accepts.
pub(crate) const PARAM_KEYS: &[&str] = &[
    "min",
    "max",
    "min_length",
    "max_length",
    "pattern",
    "format",
    "unit",
    "default",
    "example",
    "rename",
    "narrows",
];

/// `#[param(...)]` on a prompt's argument: a tool parameter's keys but `narrows` (which
/// says what asks a tool's cut result for less; a prompt's result is not cut), and
/// `complete`.
const PROMPT_PARAM_KEYS: &[&str] = &[
    "min",
    "max",
    "min_length",
    "max_length",
    "pattern",
    "format",
    "unit",
    "default",
    "example",
    "rename",
    "complete",
];

/// `#[param(...)]` on a resource template's variable: a prompt argument's keys, and
/// `unchecked`.
const RESOURCE_PARAM_KEYS: &[&str] = &[
    "min",
    "max",
    "min_length",
    "max_length",
    "pattern",
    "format",
    "unit",
    "default",
    "example",
    "rename",
    "complete",
    "unchecked",
];

fn param_keys(kind: Kind) -> &'static [&'static str] {
    match kind {
        Kind::Tool => PARAM_KEYS,
        Kind::Prompt => PROMPT_PARAM_KEYS,
        Kind::Resource => RESOURCE_PARAM_KEYS,
    }
}

/// The merged `#[param(...)]` attributes of one parameter.
#[derive(Default)]
pub(crate) struct ParamArgs {
    pub(crate) min: Option<Sp<Number>>,
    pub(crate) max: Option<Sp<Number>>,
    pub(crate) min_length: Option<Sp<u64>>,
    pub(crate) max_length: Option<Sp<u64>>,
    pub(crate) pattern: Option<Sp<String>>,
    pub(crate) format: Option<Sp<String>>,
    pub(crate) unit: Option<Sp<String>>,
    /// JSON text of the default value.
    pub(crate) default: Option<Sp<String>>,
    /// JSON text of the example value.
    pub(crate) example: Option<Sp<String>>,
    pub(crate) rename: Option<Sp<String>>,
    /// `narrows [= bool]`: whether setting the argument asks for less, where its name and
    /// type cannot tell.
    pub(crate) narrows: Option<Sp<bool>>,
    /// `complete = path::to_fn`: the fn that completes the argument's value (prompts and
    /// resource templates), spanned at the path.
    pub(crate) complete: Option<Sp<syn::Path>>,
    /// `unchecked = "why it is safe"`: a template variable the runtime does not refuse
    /// `..`, absolute paths and NUL in (resources).
    pub(crate) unchecked: Option<Sp<String>>,
    /// Keys written, even if misspelt or malformed (see `ToolArgs::written`).
    pub(crate) written: Vec<String>,
    /// The first `#[param(...)]` attribute, for errors about the attribute as a whole.
    pub(crate) attr: Option<Attribute>,
}

/// Reads every `#[param(...)]` among `attrs` (there may be several) on a parameter of a
/// `kind` fn.
pub(crate) fn parse_param_args(attrs: &[Attribute], kind: Kind, cx: &mut Diagnostics) -> ParamArgs {
    let mut args = ParamArgs::default();
    let example = "#[param(min = 1, max = 100)]";
    for attr in attrs.iter().filter(|a| a.path().is_ident("param")) {
        if args.attr.is_none() {
            args.attr = Some(attr.clone());
        }
        let Meta::List(list) = &attr.meta else {
            cx.error_spanned(
                attr,
                "`#[param]` needs a list of keys",
                format!("write `{example}`"),
            );
            continue;
        };
        let items = match value::items(list.tokens.clone()) {
            Ok(items) => items,
            Err(err) => {
                cx.push(err);
                continue;
            }
        };
        for meta in value::metas(items, "#[param(...)]", example, cx) {
            parse_key(&meta, param_keys(kind), &mut args, cx);
        }
    }
    args
}

fn parse_key(meta: &Meta, valid: &[&str], args: &mut ParamArgs, cx: &mut Diagnostics) {
    let key = value::key_of(meta);
    let k = key.as_str();
    args.written.push(
        suggest::closest(k, valid.iter().copied())
            .unwrap_or(k)
            .to_owned(),
    );
    if !valid.contains(&k) {
        keys::unknown(meta, k, "#[param(...)]", valid, cx);
        return;
    }
    match k {
        "min" => value::set_once(
            &mut args.min,
            value::number(meta, k, "min = 1", cx),
            meta,
            k,
            cx,
        ),
        "max" => value::set_once(
            &mut args.max,
            value::number(meta, k, "max = 100", cx),
            meta,
            k,
            cx,
        ),
        "min_length" => {
            let v = value::integer(meta, k, "min_length = 1", cx);
            value::set_once(&mut args.min_length, v, meta, k, cx);
        }
        "max_length" => {
            let v = value::integer(meta, k, "max_length = 200", cx);
            value::set_once(&mut args.max_length, v, meta, k, cx);
        }
        "pattern" => {
            let v = value::string(meta, k, r#"pattern = r"^SH-\d{4}-\d{6}$""#, cx);
            let v = v.filter(|p| check_pattern(p, cx));
            value::set_once(&mut args.pattern, v, meta, k, cx);
        }
        "format" => {
            let v = value::string(meta, k, r#"format = "date-time""#, cx);
            let v = v.filter(|f| check_format(f, cx));
            value::set_once(&mut args.format, v, meta, k, cx);
        }
        "unit" => value::set_once(
            &mut args.unit,
            value::string(meta, k, r#"unit = "kg""#, cx),
            meta,
            k,
            cx,
        ),
        "rename" => {
            let v = value::string(meta, k, r#"rename = "weight_kg""#, cx);
            value::set_once(&mut args.rename, v, meta, k, cx);
        }
        "default" => value::set_once(
            &mut args.default,
            literal(meta, k, "default = 20", cx),
            meta,
            k,
            cx,
        ),
        "example" => {
            let v = literal(meta, k, r#"example = "SH-2026-004211""#, cx);
            value::set_once(&mut args.example, v, meta, k, cx);
        }
        "narrows" => value::set_once(&mut args.narrows, value::flag(meta, k, cx), meta, k, cx),
        "complete" => {
            let v = value::path(meta, k, "complete = cities", cx)
                .map(|p| Sp::new(p.clone(), syn::spanned::Spanned::span(&p)));
            value::set_once(&mut args.complete, v, meta, k, cx);
        }
        "unchecked" => {
            let v = value::string(
                meta,
                k,
                r#"unchecked = "the handler joins it under a fixed root""#,
                cx,
            )
            .filter(|v| check_unchecked(v, cx));
            value::set_once(&mut args.unchecked, v, meta, k, cx);
        }
        // Every key of `valid` has its arm above.
        _ => keys::unknown(meta, k, "#[param(...)]", valid, cx),
    }
}

/// `unchecked` says why the variable is safe without the runtime's refusal: a reason, not a
/// switch.
fn check_unchecked(reason: &Sp<String>, cx: &mut Diagnostics) -> bool {
    let given = !reason.value.trim().is_empty();
    if !given {
        cx.error(
            reason.span,
            "`unchecked` needs the reason the variable is safe without the runtime's check",
            "say why `..`, an absolute path or NUL in it cannot reach anything it should not, e.g. `unchecked = \"looked up as a key, never used as a path\"`",
        );
    }
    given
}

fn literal(meta: &Meta, key: &str, example: &str, cx: &mut Diagnostics) -> Option<Sp<String>> {
    let Meta::NameValue(nv) = meta else {
        cx.error_spanned(
            meta,
            format!("`{key}` needs a value"),
            format!("write `{example}`"),
        );
        return None;
    };
    match json::literal_json(&nv.value) {
        Ok(text) => Some(Sp::new(text, syn::spanned::Spanned::span(&nv.value))),
        Err(_) => {
            cx.error_spanned(
                &nv.value,
                format!("`{key}` must be a literal: a string, number, bool, or an array of them"),
                format!("write `{example}`"),
            );
            None
        }
    }
}

/// `pattern` as the runtime compiles it (`validate/compile.rs`, `Pattern::new`): ECMA-262
/// with the `u` flag, else the web-compatible grammar of Annex B.
pub(crate) fn compile_pattern(pattern: &str) -> Result<regress::Regex, regress::Error> {
    regress::Regex::with_flags(pattern, "u").or_else(|_| regress::Regex::new(pattern))
}

fn check_pattern(pattern: &Sp<String>, cx: &mut Diagnostics) -> bool {
    match compile_pattern(&pattern.value) {
        Ok(_) => true,
        Err(err) => {
            let detail = err
                .to_string()
                .lines()
                .last()
                .unwrap_or_default()
                .trim()
                .to_owned();
            cx.error(
                pattern.span,
                format!("`pattern` is not a valid regular expression: {detail}"),
                "use ECMA-262 syntax that JSON Schema validators share, e.g. `^[A-Z]{2}-\\d+$`",
            );
            false
        }
    }
}

fn check_format(format: &Sp<String>, cx: &mut Diagnostics) -> bool {
    if Format::from_name(&format.value).is_some() {
        return true;
    }
    let names = Format::ALL.iter().map(|f| f.name());
    let listed = names
        .clone()
        .map(|f| format!("`{f}`"))
        .collect::<Vec<_>>()
        .join(", ");
    let help = match suggest::closest(&format.value, names) {
        Some(near) => format!("did you mean `{near}`? supported formats: {listed}"),
        None => format!("supported formats: {listed}"),
    };
    cx.error(
        format.span,
        format!("unsupported format `{}`", format.value),
        help,
    );
    false
}
