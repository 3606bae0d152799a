//! `#[tool(...)]`.

use darling::ast::NestedMeta;
use proc_macro2::{Span, TokenStream};

use super::{
    keys,
    value::{self, Sp},
};
use crate::diag::Diagnostics;

/// Every key `#[tool(...)]` accepts, in the order the docs list them.
pub(crate) const TOOL_KEYS: &[&str] = &[
    "namespace",
    "name",
    "title",
    "read_only",
    "destructive",
    "idempotent",
    "open_world",
    "aliases",
    "scopes",
    "timeout_ms",
    "max_response_tokens",
    "allow",
    "crate",
];

/// The parsed `#[tool(...)]` attribute; absent keys are `None` or empty.
pub(crate) struct ToolArgs {
    pub(crate) namespace: Option<Sp<String>>,
    pub(crate) name: Option<Sp<String>>,
    pub(crate) title: Option<Sp<String>>,
    pub(crate) read_only: Option<Sp<bool>>,
    pub(crate) destructive: Option<Sp<bool>>,
    pub(crate) idempotent: Option<Sp<bool>>,
    pub(crate) open_world: Option<Sp<bool>>,
    pub(crate) aliases: Vec<Sp<String>>,
    pub(crate) scopes: Vec<Sp<String>>,
    pub(crate) timeout_ms: Option<Sp<u64>>,
    pub(crate) max_response_tokens: Option<Sp<u64>>,
    /// `max_response_tokens(concise = …)`.
    pub(crate) concise_tokens: Option<Sp<u64>>,
    /// `max_response_tokens(detailed = …)`.
    pub(crate) detailed_tokens: Option<Sp<u64>>,
    pub(crate) allow: Vec<Sp<String>>,
    pub(crate) krate: Option<syn::Path>,
    /// The whole attribute argument list, for errors about a missing key.
    pub(crate) span: Span,
}

pub(crate) fn parse_tool_args(tokens: TokenStream, cx: &mut Diagnostics) -> ToolArgs {
    let mut args = ToolArgs {
        namespace: None,
        name: None,
        title: None,
        read_only: None,
        destructive: None,
        idempotent: None,
        open_world: None,
        aliases: Vec::new(),
        scopes: Vec::new(),
        timeout_ms: None,
        max_response_tokens: None,
        concise_tokens: None,
        detailed_tokens: None,
        allow: Vec::new(),
        krate: None,
        span: span_of(&tokens),
    };
    let items = match NestedMeta::parse_meta_list(tokens) {
        Ok(items) => items,
        Err(err) => {
            cx.push(err);
            return args;
        }
    };
    let example = r#"#[tool(namespace = "shipment", read_only)]"#;
    let mut aliases = None;
    let mut scopes = None;
    let mut allow = None;
    for meta in value::metas(items, "#[tool(...)]", example, cx) {
        let key = value::key_of(&meta);
        let k = key.as_str();
        match k {
            "namespace" => {
                let v = value::string(&meta, k, r#"namespace = "shipment""#, cx);
                value::set_once(&mut args.namespace, v, &meta, k, cx);
            }
            "name" => {
                let v = value::string(&meta, k, r#"name = "set_weight""#, cx);
                value::set_once(&mut args.name, v, &meta, k, cx);
            }
            "title" => {
                let v = value::string(&meta, k, r#"title = "Set Weight""#, cx);
                value::set_once(&mut args.title, v, &meta, k, cx);
            }
            "read_only" => {
                value::set_once(&mut args.read_only, value::flag(&meta, k, cx), &meta, k, cx)
            }
            "destructive" => value::set_once(
                &mut args.destructive,
                value::flag(&meta, k, cx),
                &meta,
                k,
                cx,
            ),
            "idempotent" => value::set_once(
                &mut args.idempotent,
                value::flag(&meta, k, cx),
                &meta,
                k,
                cx,
            ),
            "open_world" => value::set_once(
                &mut args.open_world,
                value::flag(&meta, k, cx),
                &meta,
                k,
                cx,
            ),
            "aliases" => {
                let v = value::string_list(&meta, k, r#"aliases("old_name")"#, cx);
                value::set_once(&mut aliases, Some(v), &meta, k, cx);
            }
            "scopes" => {
                let v = value::string_list(&meta, k, r#"scopes("shipments:write")"#, cx);
                value::set_once(&mut scopes, Some(v), &meta, k, cx);
            }
            "timeout_ms" => {
                let v = value::integer(&meta, k, "timeout_ms = 5000", cx);
                value::set_once(&mut args.timeout_ms, v, &meta, k, cx);
            }
            "max_response_tokens" => {
                if let syn::Meta::List(list) = &meta {
                    parse_format_budgets(list, &mut args, cx);
                } else {
                    let v = value::integer(&meta, k, "max_response_tokens = 2000", cx);
                    value::set_once(&mut args.max_response_tokens, v, &meta, k, cx);
                }
            }
            "allow" => {
                let v = value::ident_list(&meta, k, "allow(verb_first)", cx);
                value::set_once(&mut allow, Some(v), &meta, k, cx);
            }
            "crate" => {
                let v = value::path(&meta, k, "crate = ::my_runtime", cx);
                value::set_once(&mut args.krate, v, &meta, k, cx);
            }
            _ => keys::unknown(&meta, k, "#[tool(...)]", TOOL_KEYS, cx),
        }
    }
    args.aliases = aliases.unwrap_or_default();
    args.scopes = scopes.unwrap_or_default();
    args.allow = allow.unwrap_or_default();
    args
}

/// `max_response_tokens(concise = 500, detailed = 4000)`, optionally with `max = …`.
fn parse_format_budgets(list: &syn::MetaList, args: &mut ToolArgs, cx: &mut Diagnostics) {
    const KEYS: &[&str] = &["concise", "detailed", "max"];
    let example = "max_response_tokens(concise = 500, detailed = 4000)";
    let items = match NestedMeta::parse_meta_list(list.tokens.clone()) {
        Ok(items) => items,
        Err(err) => {
            cx.push(err);
            return;
        }
    };
    for meta in value::metas(items, "max_response_tokens(...)", example, cx) {
        let key = value::key_of(&meta);
        let k = key.as_str();
        let slot = match k {
            "concise" => &mut args.concise_tokens,
            "detailed" => &mut args.detailed_tokens,
            "max" => &mut args.max_response_tokens,
            _ => {
                keys::unknown(&meta, k, "max_response_tokens(...)", KEYS, cx);
                continue;
            }
        };
        let v = value::integer(&meta, k, example, cx);
        value::set_once(slot, v, &meta, k, cx);
    }
}

fn span_of(tokens: &TokenStream) -> Span {
    let mut iter = tokens.clone().into_iter();
    let first = iter.next().map(|t| t.span());
    let last = iter.last().map(|t| t.span());
    match (first, last) {
        (Some(first), Some(last)) => first.join(last).unwrap_or(first),
        (Some(first), None) => first,
        _ => Span::call_site(),
    }
}
