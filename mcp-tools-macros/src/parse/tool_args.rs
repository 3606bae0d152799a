//! `#[tool(...)]`, `#[prompt(...)]` and `#[resource("…", ...)]`: one parser, since most keys
//! are shared; each kind accepts its own list of them.

use mcp_tools_shared::{binary::BinaryPolicy, suggest, task::TaskSupport};
use proc_macro2::{Span, TokenStream};

use super::{
    item_keys, keys,
    value::{self, Sp},
};
use crate::{diag::Diagnostics, kind::Kind};

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
    "alias",
    "scopes",
    "keywords",
    "icons",
    "meta",
    "timeout_ms",
    "handle_ttl_secs",
    "handle_renew",
    "task",
    "task_ttl_secs",
    "task_deferred",
    "max_response_tokens",
    "binary",
    "input_schema",
    "allow",
    "crate",
];

/// The parsed `#[tool(...)]` (or `#[prompt(...)]`, `#[resource(...)]`) attribute; absent
/// keys are `None` or empty.
pub(crate) struct ToolArgs {
    /// Which attribute this is.
    pub(crate) kind: Kind,
    pub(crate) namespace: Option<Sp<String>>,
    pub(crate) name: Option<Sp<String>>,
    pub(crate) title: Option<Sp<String>>,
    pub(crate) read_only: Option<Sp<bool>>,
    pub(crate) destructive: Option<Sp<bool>>,
    pub(crate) idempotent: Option<Sp<bool>>,
    pub(crate) open_world: Option<Sp<bool>>,
    /// From `aliases("a", "b")` and each `alias(name = "c", …)`, in order.
    pub(crate) aliases: Vec<AliasArg>,
    pub(crate) scopes: Vec<Sp<String>>,
    /// `keywords("refund", "money back")`: words a user may search for the tool by, checked.
    pub(crate) keywords: Vec<Sp<String>>,
    /// `icons("https://…/a.png", …)`, each an `https:` URL or a `data:` URI.
    pub(crate) icons: Vec<Sp<String>>,
    /// `meta = r#"{…}"#`: the `_meta` object's JSON text, checked to be an object.
    pub(crate) meta: Option<Sp<String>>,
    /// A resource's URI or URI template, the attribute's first item.
    pub(crate) uri: Option<syn::LitStr>,
    /// `mime_type = "text/markdown"` (resources).
    pub(crate) mime_type: Option<Sp<String>>,
    /// `size = 1024`, in bytes (fixed resources).
    pub(crate) size: Option<Sp<u64>>,
    /// `audience("user", "assistant")` (resources).
    pub(crate) audience: Vec<Sp<String>>,
    /// `priority = 0.8`, in [0, 1] (resources).
    pub(crate) priority: Option<Sp<f64>>,
    pub(crate) timeout_ms: Option<Sp<u64>>,
    /// `handle_ttl_secs = 1800`: how long the state handle the tool returns lives.
    pub(crate) handle_ttl_secs: Option<Sp<u64>>,
    /// `handle_renew = false`: the handle's lifetime runs from when it is made.
    pub(crate) handle_renew: Option<Sp<bool>>,
    /// `task = "optional" | "required"`, checked: calls run as tasks (MCP's Tasks extension).
    pub(crate) task: Option<Sp<TaskSupport>>,
    /// `task_ttl_secs = 3600`: how long a finished task (its status and result) is kept.
    pub(crate) task_ttl_secs: Option<Sp<u64>>,
    /// `task_deferred`: the call becomes a task only when the handler calls
    /// `ctx.continue_as_task().await`.
    pub(crate) task_deferred: Option<Sp<bool>>,
    pub(crate) max_response_tokens: Option<Sp<u64>>,
    /// `max_response_tokens(concise = …)`.
    pub(crate) concise_tokens: Option<Sp<u64>>,
    /// `max_response_tokens(detailed = …)`.
    pub(crate) detailed_tokens: Option<Sp<u64>>,
    /// `binary = "count" | "drop" | "link"`, checked.
    pub(crate) binary: Option<Sp<String>>,
    /// `input_schema = "schemas/order.json"`: a JSON Schema file, relative to the crate's
    /// directory, published instead of the schema built from the parameters.
    pub(crate) input_schema: Option<Sp<String>>,
    pub(crate) allow: Vec<Sp<String>>,
    pub(crate) krate: Option<syn::Path>,
    /// Keys written, even if misspelt or malformed, each spanned at the key.
    pub(crate) written: Vec<Sp<String>>,
    /// The whole attribute argument list, for errors about a missing key.
    pub(crate) span: Span,
}

pub(crate) fn parse_tool_args(tokens: TokenStream, cx: &mut Diagnostics) -> ToolArgs {
    parse_item_args(Kind::Tool, tokens, cx)
}

/// Reads the attribute of a `kind` fn; a key of another kind is unknown here.
pub(crate) fn parse_item_args(kind: Kind, tokens: TokenStream, cx: &mut Diagnostics) -> ToolArgs {
    let mut args = ToolArgs {
        kind,
        namespace: None,
        name: None,
        title: None,
        read_only: None,
        destructive: None,
        idempotent: None,
        open_world: None,
        aliases: Vec::new(),
        scopes: Vec::new(),
        keywords: Vec::new(),
        icons: Vec::new(),
        meta: None,
        uri: None,
        mime_type: None,
        size: None,
        audience: Vec::new(),
        priority: None,
        timeout_ms: None,
        handle_ttl_secs: None,
        handle_renew: None,
        task: None,
        task_ttl_secs: None,
        task_deferred: None,
        max_response_tokens: None,
        concise_tokens: None,
        detailed_tokens: None,
        binary: None,
        input_schema: None,
        allow: Vec::new(),
        krate: None,
        written: Vec::new(),
        span: span_of(&tokens),
    };
    let mut items = match value::items(tokens) {
        Ok(items) => items,
        Err(err) => {
            cx.push(err);
            return args;
        }
    };
    if kind == Kind::Resource {
        args.uri = item_keys::take_uri(&mut items, args.span, cx);
    }
    let example = match kind {
        Kind::Tool => r#"#[tool(namespace = "shipment", read_only)]"#,
        Kind::Prompt => r#"#[prompt(namespace = "library")]"#,
        Kind::Resource => {
            r#"#[resource("library://loans/{loan_id}", mime_type = "text/markdown")]"#
        }
    };
    let valid = item_keys::keys_of(kind);
    let mut aliases: Option<Vec<AliasArg>> = None;
    let mut detailed_aliases = Vec::new();
    let mut scopes = None;
    let mut keywords = None;
    let mut allow = None;
    let mut icons = None;
    let mut audience = None;
    for meta in value::metas(items, kind.attr_list(), example, cx) {
        let key = value::key_of(&meta);
        let k = key.as_str();
        // A key that is present (or misspelt) but broken counts as written, so the design
        // rules do not report it missing: one mistake, one error.
        args.written.push(Sp::new(
            suggest::closest(k, valid.iter().copied())
                .unwrap_or(k)
                .to_owned(),
            syn::spanned::Spanned::span(meta.path()),
        ));
        if !valid.contains(&k) {
            keys::unknown(&meta, k, kind.attr_list(), valid, cx);
            continue;
        }
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
                value::set_once(&mut args.read_only, value::flag(&meta, k, cx), &meta, k, cx);
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
                let v = v.into_iter().map(AliasArg::named).collect();
                value::set_once(&mut aliases, Some(v), &meta, k, cx);
            }
            "alias" => {
                if let Some(alias) = parse_alias(&meta, cx) {
                    detailed_aliases.push(alias);
                }
            }
            "scopes" => {
                let v = value::string_list(&meta, k, r#"scopes("shipments:write")"#, cx);
                value::set_once(&mut scopes, Some(v), &meta, k, cx);
            }
            "keywords" => {
                let v = value::string_list(&meta, k, r#"keywords("refund", "money back")"#, cx);
                let v = check_keywords(v, cx);
                value::set_once(&mut keywords, Some(v), &meta, k, cx);
            }
            "icons" => {
                let v =
                    value::string_list(&meta, k, r#"icons("https://example.com/icon.png")"#, cx);
                let v = item_keys::check_icons(v, cx);
                value::set_once(&mut icons, Some(v), &meta, k, cx);
            }
            "meta" => {
                let v = value::string(&meta, k, item_keys::META_EXAMPLE, cx)
                    .filter(|v| item_keys::check_meta(v, cx));
                value::set_once(&mut args.meta, v, &meta, k, cx);
            }
            "mime_type" => {
                let v = value::string(&meta, k, r#"mime_type = "text/markdown""#, cx)
                    .filter(|v| item_keys::check_mime_type(v, cx));
                value::set_once(&mut args.mime_type, v, &meta, k, cx);
            }
            "size" => {
                let v = value::integer(&meta, k, "size = 1024", cx);
                value::set_once(&mut args.size, v, &meta, k, cx);
            }
            "audience" => {
                let v = value::string_list(&meta, k, r#"audience("user", "assistant")"#, cx);
                let v = item_keys::check_audience(v, cx);
                value::set_once(&mut audience, Some(v), &meta, k, cx);
            }
            "priority" => {
                let v = value::number(&meta, k, "priority = 0.8", cx)
                    .and_then(|v| item_keys::check_priority(&v, cx));
                value::set_once(&mut args.priority, v, &meta, k, cx);
            }
            "timeout_ms" => {
                let v = value::integer(&meta, k, "timeout_ms = 5000", cx).filter(|v| {
                    let zero = v.value == 0;
                    if zero {
                        cx.error(
                            v.span,
                            "`timeout_ms = 0` times out every call that awaits anything",
                            "give the longest a call may take, e.g. `timeout_ms = 5000`, or leave the key out for no timeout",
                        );
                    }
                    !zero
                });
                value::set_once(&mut args.timeout_ms, v, &meta, k, cx);
            }
            "handle_ttl_secs" => {
                let v = value::integer(&meta, k, "handle_ttl_secs = 1800", cx).filter(|v| {
                    let zero = v.value == 0;
                    if zero {
                        cx.error(
                            v.span,
                            "`handle_ttl_secs = 0` makes handles that expire before any call can use them",
                            "give how long the state may go unused, e.g. `handle_ttl_secs = 1800` (30 minutes), or leave the key out for the default of 30 minutes",
                        );
                    }
                    !zero
                });
                value::set_once(&mut args.handle_ttl_secs, v, &meta, k, cx);
            }
            "handle_renew" => value::set_once(
                &mut args.handle_renew,
                value::flag(&meta, k, cx),
                &meta,
                k,
                cx,
            ),
            "task" => {
                let v = value::string(&meta, k, r#"task = "optional""#, cx)
                    .and_then(|v| check_task(&v, cx));
                value::set_once(&mut args.task, v, &meta, k, cx);
            }
            "task_ttl_secs" => {
                let v = value::integer(&meta, k, "task_ttl_secs = 3600", cx).filter(|v| {
                    let zero = v.value == 0;
                    if zero {
                        cx.error(
                            v.span,
                            "`task_ttl_secs = 0` drops a task's result as soon as it finishes, before the client can fetch it",
                            "give how long a finished task's result is kept for the client to fetch, e.g. `task_ttl_secs = 3600` (an hour), or leave the key out for the server's default",
                        );
                    }
                    !zero
                });
                value::set_once(&mut args.task_ttl_secs, v, &meta, k, cx);
            }
            "task_deferred" => value::set_once(
                &mut args.task_deferred,
                value::flag(&meta, k, cx),
                &meta,
                k,
                cx,
            ),
            "binary" => {
                let v = value::string(&meta, k, r#"binary = "drop""#, cx)
                    .filter(|v| check_binary(v, cx));
                value::set_once(&mut args.binary, v, &meta, k, cx);
            }
            "input_schema" => {
                let v = value::string(&meta, k, r#"input_schema = "schemas/order.json""#, cx);
                value::set_once(&mut args.input_schema, v, &meta, k, cx);
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
            // Every key of `valid` has its arm above.
            _ => keys::unknown(&meta, k, kind.attr_list(), valid, cx),
        }
    }
    args.aliases = aliases.unwrap_or_default();
    args.aliases.extend(detailed_aliases);
    args.scopes = scopes.unwrap_or_default();
    args.keywords = keywords.unwrap_or_default();
    args.allow = allow.unwrap_or_default();
    args.icons = icons.unwrap_or_default();
    args.audience = audience.unwrap_or_default();
    args
}

impl ToolArgs {
    /// Whether `key` was written, even if it did not parse.
    pub(crate) fn wrote(&self, key: &str) -> bool {
        self.key_span(key).is_some()
    }

    /// Where `key` was first written, for errors about the key itself rather than its value.
    pub(crate) fn key_span(&self, key: &str) -> Option<Span> {
        self.written.iter().find(|k| k.value == key).map(|k| k.span)
    }
}

/// A deprecated name of the tool.
pub(crate) struct AliasArg {
    pub(crate) name: Sp<String>,
    /// The version that deprecated it.
    pub(crate) since: Option<Sp<String>>,
    /// The version that will remove it.
    pub(crate) remove_in: Option<Sp<String>>,
    /// `redirect`: calls fail with directions to the new tool, since its arguments differ;
    /// the optional text says how.
    pub(crate) redirect: Option<Sp<Option<String>>>,
}

impl AliasArg {
    fn named(name: Sp<String>) -> Self {
        AliasArg {
            name,
            since: None,
            remove_in: None,
            redirect: None,
        }
    }
}

/// `alias(name = "old", since = "1.4", remove_in = "2.0", redirect [= "how arguments differ"])`.
fn parse_alias(meta: &syn::Meta, cx: &mut Diagnostics) -> Option<AliasArg> {
    const KEYS: &[&str] = &["name", "since", "remove_in", "redirect"];
    let example = r#"alias(name = "set_weight", since = "1.4", remove_in = "2.0")"#;
    let syn::Meta::List(list) = meta else {
        cx.error_spanned(
            meta,
            "`alias` takes a list of keys",
            format!("write `{example}`"),
        );
        return None;
    };
    let items = match value::items(list.tokens.clone()) {
        Ok(items) => items,
        Err(err) => {
            cx.push(err);
            return None;
        }
    };
    let (mut name, mut since, mut remove_in, mut redirect) = (None, None, None, None);
    for meta in value::metas(items, "alias(...)", example, cx) {
        let key = value::key_of(&meta);
        let k = key.as_str();
        match k {
            "name" => value::set_once(
                &mut name,
                value::string(&meta, k, example, cx),
                &meta,
                k,
                cx,
            ),
            "since" => value::set_once(
                &mut since,
                value::string(&meta, k, r#"since = "1.4""#, cx),
                &meta,
                k,
                cx,
            ),
            "remove_in" => value::set_once(
                &mut remove_in,
                value::string(&meta, k, r#"remove_in = "2.0""#, cx),
                &meta,
                k,
                cx,
            ),
            "redirect" => {
                let v = match &meta {
                    syn::Meta::Path(path) => Some(Sp::new(None, syn::spanned::Spanned::span(path))),
                    _ => value::string(&meta, k, r#"redirect = "weight is now weight_kg""#, cx)
                        .map(|s| Sp::new(Some(s.value), s.span)),
                };
                value::set_once(&mut redirect, v, &meta, k, cx);
            }
            _ => keys::unknown(&meta, k, "alias(...)", KEYS, cx),
        }
    }
    let Some(name) = name else {
        cx.error_spanned(
            list,
            "`alias(...)` needs `name = \"…\"`",
            format!("write `{example}`"),
        );
        return None;
    };
    Some(AliasArg {
        name,
        since,
        remove_in,
        redirect,
    })
}

/// `max_response_tokens(concise = 500, detailed = 4000)`, optionally with `max = …`.
fn parse_format_budgets(list: &syn::MetaList, args: &mut ToolArgs, cx: &mut Diagnostics) {
    const KEYS: &[&str] = &["concise", "detailed", "max"];
    let example = "max_response_tokens(concise = 500, detailed = 4000)";
    let items = match value::items(list.tokens.clone()) {
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

/// The longest keyword: a word or a short phrase, not a description.
const MAX_KEYWORD_CHARS: usize = 40;

/// Keeps the keywords a search can use: words or short phrases, each once; reports the rest
/// at their literal.
fn check_keywords(keywords: Vec<Sp<String>>, cx: &mut Diagnostics) -> Vec<Sp<String>> {
    let mut kept: Vec<Sp<String>> = Vec::with_capacity(keywords.len());
    for keyword in keywords {
        let text = keyword.value.trim();
        let problem = if text.is_empty() {
            Some("a keyword is empty".to_owned())
        } else if text.chars().count() > MAX_KEYWORD_CHARS {
            Some(format!(
                "a keyword is a word or a short phrase, at most {MAX_KEYWORD_CHARS} characters"
            ))
        } else if !text.chars().any(char::is_alphanumeric) {
            Some(format!("`{text}` has no letter or digit to search by"))
        } else if kept.iter().any(|k| k.value.eq_ignore_ascii_case(text)) {
            Some(format!("`{text}` is listed twice"))
        } else {
            None
        };
        match problem {
            Some(problem) => cx.error(
                keyword.span,
                problem,
                "list the words a user would search for this tool by, e.g. `keywords(\"refund\", \"money back\")`",
            ),
            None => kept.push(Sp::new(text.to_owned(), keyword.span)),
        }
    }
    kept
}

fn check_binary(value: &Sp<String>, cx: &mut Diagnostics) -> bool {
    if BinaryPolicy::from_name(&value.value).is_some() {
        return true;
    }
    let names = BinaryPolicy::ALL.iter().map(|p| p.name());
    let near = match suggest::closest(&value.value, names) {
        Some(near) => format!("did you mean `{near}`? "),
        None => String::new(),
    };
    let each = BinaryPolicy::ALL
        .iter()
        .map(|p| format!("`{}` {}", p.name(), p.describe()))
        .collect::<Vec<_>>()
        .join(", ");
    cx.error(
        value.span,
        format!("unknown binary policy `{}`", value.value),
        format!("{near}{each}"),
    );
    false
}

fn check_task(value: &Sp<String>, cx: &mut Diagnostics) -> Option<Sp<TaskSupport>> {
    if let Some(task) = TaskSupport::from_name(&value.value) {
        return Some(Sp::new(task, value.span));
    }
    let names = TaskSupport::ALL.iter().map(|t| t.name());
    let near = match suggest::closest(&value.value, names) {
        Some(near) => format!("did you mean `{near}`? "),
        None => String::new(),
    };
    let each = TaskSupport::ALL
        .iter()
        .map(|t| format!("`{}` ({})", t.name(), t.describe()))
        .collect::<Vec<_>>()
        .join(", ");
    cx.error(
        value.span,
        format!("unknown task mode `{}`", value.value),
        format!("{near}{each}"),
    );
    None
}
