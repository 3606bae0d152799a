//! Typed values of attribute keys, each with the span of the token it came from.

use proc_macro2::Span;
use proc_macro2::TokenStream;
use syn::{
    Expr, Lit, Meta, Token,
    parse::{Parse, ParseStream, Parser as _},
    punctuated::Punctuated,
    spanned::Spanned,
};

use crate::diag::Diagnostics;

/// A value and the span of the token that wrote it.
#[derive(Clone, Debug)]
pub(crate) struct Sp<T> {
    pub(crate) value: T,
    pub(crate) span: Span,
}

impl<T> Sp<T> {
    pub(crate) fn new(value: T, span: Span) -> Self {
        Self { value, span }
    }
}

/// A numeric literal such as `0.1`, `30000`, or `-273.15`.
#[derive(Clone, Debug)]
pub(crate) struct Number {
    pub(crate) value: f64,
    pub(crate) is_integer: bool,
}

/// The key's name as written (`read_only`, `crate`).
pub(crate) fn key_of(meta: &Meta) -> String {
    let path = meta.path();
    path.get_ident().map_or_else(
        || quote::quote!(#path).to_string().replace(' ', ""),
        ToString::to_string,
    )
}

fn expr_of<'a>(meta: &'a Meta, key: &str, example: &str, cx: &mut Diagnostics) -> Option<&'a Expr> {
    if let Meta::NameValue(nv) = meta {
        return Some(unwrap_group(&nv.value));
    }
    cx.error_spanned(
        meta,
        format!("`{key}` needs a value"),
        format!("write `{example}`"),
    );
    None
}

fn unwrap_group(expr: &Expr) -> &Expr {
    match expr {
        Expr::Group(group) => unwrap_group(&group.expr),
        Expr::Paren(paren) => unwrap_group(&paren.expr),
        other => other,
    }
}

/// `key = "text"`.
pub(crate) fn string(
    meta: &Meta,
    key: &str,
    example: &str,
    cx: &mut Diagnostics,
) -> Option<Sp<String>> {
    let expr = expr_of(meta, key, example, cx)?;
    if let Expr::Lit(lit) = expr
        && let Lit::Str(s) = &lit.lit
    {
        return Some(Sp::new(s.value(), s.span()));
    }
    cx.error_spanned(
        expr,
        format!("`{key}` expects a string literal"),
        format!("write `{example}`"),
    );
    None
}

/// `key` (true) or `key = true|false`.
pub(crate) fn flag(meta: &Meta, key: &str, cx: &mut Diagnostics) -> Option<Sp<bool>> {
    match meta {
        Meta::Path(path) => Some(Sp::new(true, path.span())),
        Meta::NameValue(nv) => {
            if let Expr::Lit(lit) = unwrap_group(&nv.value)
                && let Lit::Bool(b) = &lit.lit
            {
                return Some(Sp::new(b.value, b.span()));
            }
            cx.error_spanned(
                &nv.value,
                format!("`{key}` expects `true` or `false`"),
                format!("write `{key}` or `{key} = false`"),
            );
            None
        }
        Meta::List(list) => {
            cx.error_spanned(
                list,
                format!("`{key}` takes no list"),
                format!("write `{key}` or `{key} = false`"),
            );
            None
        }
    }
}

/// `key = 5000`.
pub(crate) fn integer(
    meta: &Meta,
    key: &str,
    example: &str,
    cx: &mut Diagnostics,
) -> Option<Sp<u64>> {
    let expr = expr_of(meta, key, example, cx)?;
    if let Expr::Lit(lit) = expr
        && let Lit::Int(int) = &lit.lit
        && let Ok(value) = int.base10_parse::<u64>()
    {
        return Some(Sp::new(value, int.span()));
    }
    cx.error_spanned(
        expr,
        format!("`{key}` expects a non-negative integer literal"),
        format!("write `{example}`"),
    );
    None
}

/// `key = 0.1`, `key = 30000`, `key = -40`.
pub(crate) fn number(
    meta: &Meta,
    key: &str,
    example: &str,
    cx: &mut Diagnostics,
) -> Option<Sp<Number>> {
    let expr = expr_of(meta, key, example, cx)?;
    if let Some(number) = number_of(expr) {
        return Some(Sp::new(number, expr.span()));
    }
    cx.error_spanned(
        expr,
        format!("`{key}` expects a number literal"),
        format!("write `{example}`"),
    );
    None
}

pub(crate) fn number_of(expr: &Expr) -> Option<Number> {
    match unwrap_group(expr) {
        Expr::Lit(lit) => match &lit.lit {
            Lit::Int(int) => int.base10_parse::<i128>().ok().map(|v| Number {
                value: v as f64,
                is_integer: true,
            }),
            Lit::Float(float) => float
                .base10_parse::<f64>()
                .ok()
                .filter(|v| v.is_finite())
                .map(|value| Number {
                    value,
                    is_integer: false,
                }),
            _ => None,
        },
        Expr::Unary(unary) if matches!(unary.op, syn::UnOp::Neg(_)) => {
            number_of(&unary.expr).map(|n| Number {
                value: -n.value,
                ..n
            })
        }
        _ => None,
    }
}

/// `key("a", "b")`.
pub(crate) fn string_list(
    meta: &Meta,
    key: &str,
    example: &str,
    cx: &mut Diagnostics,
) -> Vec<Sp<String>> {
    let Meta::List(list) = meta else {
        cx.error_spanned(
            meta,
            format!("`{key}` expects a list of strings"),
            format!("write `{example}`"),
        );
        return Vec::new();
    };
    match list.parse_args_with(Punctuated::<syn::LitStr, syn::Token![,]>::parse_terminated) {
        Ok(items) => items.iter().map(|s| Sp::new(s.value(), s.span())).collect(),
        Err(err) => {
            cx.error(
                err.span(),
                format!("`{key}` expects a list of string literals"),
                format!("write `{example}`"),
            );
            Vec::new()
        }
    }
}

/// `key(a, b)`.
pub(crate) fn ident_list(
    meta: &Meta,
    key: &str,
    example: &str,
    cx: &mut Diagnostics,
) -> Vec<Sp<String>> {
    let Meta::List(list) = meta else {
        cx.error_spanned(
            meta,
            format!("`{key}` expects a list"),
            format!("write `{example}`"),
        );
        return Vec::new();
    };
    match list.parse_args_with(Punctuated::<syn::Ident, syn::Token![,]>::parse_terminated) {
        Ok(items) => items
            .iter()
            .map(|i| Sp::new(i.to_string(), i.span()))
            .collect(),
        Err(err) => {
            cx.error(
                err.span(),
                format!("`{key}` expects a list of names"),
                format!("write `{example}`"),
            );
            Vec::new()
        }
    }
}

/// `crate = path` or `crate = "path"`.
pub(crate) fn path(
    meta: &Meta,
    key: &str,
    example: &str,
    cx: &mut Diagnostics,
) -> Option<syn::Path> {
    let expr = expr_of(meta, key, example, cx)?;
    let parsed = match expr {
        Expr::Path(p) => Ok(p.path.clone()),
        Expr::Lit(lit) => match &lit.lit {
            Lit::Str(s) => s.parse::<syn::Path>(),
            _ => Err(syn::Error::new(lit.span(), "")),
        },
        _ => Err(syn::Error::new(expr.span(), "")),
    };
    parsed
        .map_err(|_| {
            cx.error_spanned(
                expr,
                format!("`{key}` expects a path"),
                format!("write `{example}`"),
            );
        })
        .ok()
}

/// One item of an attribute's list: `key`, `key = value` or `key(…)`, or a literal where
/// a key belongs.
pub(crate) enum Item {
    Meta(Meta),
    Lit(Lit),
}

impl Parse for Item {
    fn parse(input: ParseStream<'_>) -> syn::Result<Self> {
        if input.peek(Lit) {
            input.parse().map(Item::Lit)
        } else {
            input.parse().map(Item::Meta)
        }
    }
}

/// The items of an attribute's list (`a = 1, b, c("x")`), a trailing comma allowed.
pub(crate) fn items(tokens: TokenStream) -> syn::Result<Vec<Item>> {
    Punctuated::<Item, Token![,]>::parse_terminated
        .parse2(tokens)
        .map(|items| items.into_iter().collect())
}

/// Splits a parsed attribute list into its metas, reporting stray literals.
pub(crate) fn metas(
    items: Vec<Item>,
    what: &str,
    example: &str,
    cx: &mut Diagnostics,
) -> Vec<Meta> {
    items
        .into_iter()
        .filter_map(|item| match item {
            Item::Meta(meta) => Some(meta),
            Item::Lit(lit) => {
                cx.error_spanned(
                    &lit,
                    format!("expected `key = value` in {what}, found a literal"),
                    format!("write `{example}`"),
                );
                None
            }
        })
        .collect()
}

/// Stores a key's value, reporting a second occurrence.
pub(crate) fn set_once<T>(
    slot: &mut Option<T>,
    value: Option<T>,
    meta: &Meta,
    key: &str,
    cx: &mut Diagnostics,
) {
    let Some(value) = value else { return };
    if slot.is_some() {
        cx.error_spanned(
            meta.path(),
            format!("`{key}` is given twice"),
            format!("keep one `{key}`"),
        );
    } else {
        *slot = Some(value);
    }
}
