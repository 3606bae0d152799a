//! The keys each of `#[tool]`, `#[prompt]` and `#[resource]` accepts, and the values that
//! only the newer two use (and `icons`, `meta`, which all three share): a resource's URI,
//! its MIME type, audience and priority. Each value is checked where it is written.

use mcp_tools_shared::suggest;
use syn::{Expr, Lit, LitStr, Meta};

use super::value::{Item, Number, Sp};
use crate::{diag::Diagnostics, kind::Kind};

/// Every key `#[prompt(...)]` accepts, in the order the docs list them.
pub(crate) const PROMPT_KEYS: &[&str] = &[
    "namespace",
    "name",
    "title",
    "scopes",
    "icons",
    "meta",
    "allow",
    "crate",
];

/// Every key `#[resource("…", ...)]` accepts after its URI, in the order the docs list them.
pub(crate) const RESOURCE_KEYS: &[&str] = &[
    "name",
    "title",
    "mime_type",
    "size",
    "audience",
    "priority",
    "scopes",
    "icons",
    "meta",
    "max_response_tokens",
    "binary",
    "allow",
    "crate",
];

/// The keys `kind` accepts.
pub(crate) fn keys_of(kind: Kind) -> &'static [&'static str] {
    match kind {
        Kind::Tool => super::tool_args::TOOL_KEYS,
        Kind::Prompt => PROMPT_KEYS,
        Kind::Resource => RESOURCE_KEYS,
    }
}

/// How `meta = …` is written, for help lines.
pub(crate) const META_EXAMPLE: &str = r##"meta = r#"{"com.example/shelf": "B2"}"#"##;

/// The roles MCP's `audience` annotation names.
const AUDIENCES: &[&str] = &["user", "assistant"];

/// Takes the resource's URI, the attribute's first item: a string literal. One written as
/// `uri = "…"` is taken too, after saying where it belongs, so the rest is still checked.
pub(crate) fn take_uri(
    items: &mut Vec<Item>,
    span: proc_macro2::Span,
    cx: &mut Diagnostics,
) -> Option<LitStr> {
    let example = r#"#[resource("library://loans/{loan_id}")]"#;
    if let Some(Item::Lit(lit)) = items.first() {
        let lit = lit.clone();
        items.remove(0);
        if let Lit::Str(s) = lit {
            return Some(s);
        }
        cx.error_spanned(
            &lit,
            "the URI of a #[resource] is a string literal",
            format!("write `{example}`: a fixed URI, or an RFC 6570 template whose variables are the fn's parameters"),
        );
        return None;
    }
    let keyed = items.iter().position(
        |item| matches!(item, Item::Meta(Meta::NameValue(nv)) if nv.path.is_ident("uri")),
    );
    if let Some(i) = keyed
        && let Item::Meta(Meta::NameValue(nv)) = items.remove(i)
    {
        cx.error_spanned(
            &nv.path,
            "the URI of a #[resource] comes first, without a key",
            format!("write `{example}`"),
        );
        if let Expr::Lit(lit) = &nv.value
            && let Lit::Str(s) = &lit.lit
        {
            return Some(s.clone());
        }
        return None;
    }
    cx.error(
        span,
        "#[resource] needs the resource's URI first",
        format!(
            "write a fixed URI (`#[resource(\"library://policy/loans\")]`) or an RFC 6570 template whose variables are the fn's parameters (`{example}`)"
        ),
    );
    None
}

/// Keeps the icons a client may load: `https:` URLs and `data:` URIs, as the MCP spec asks;
/// reports the rest at their literal.
pub(crate) fn check_icons(icons: Vec<Sp<String>>, cx: &mut Diagnostics) -> Vec<Sp<String>> {
    icons
        .into_iter()
        .filter(|icon| {
            let src = icon.value.trim();
            let fine = src.len() > "https://".len() && src.starts_with("https://")
                || src.starts_with("data:image/");
            if !fine {
                cx.error(
                    icon.span,
                    format!("icon `{src}` is neither an `https:` URL nor a `data:image/…` URI"),
                    "clients load icons over https or inline: write `icons(\"https://example.com/icon.png\")` or a `data:image/png;base64,…` URI",
                );
            }
            fine
        })
        .collect()
}

/// Whether `meta = "…"` holds a JSON object (what `_meta` is), reporting it otherwise.
pub(crate) fn check_meta(meta: &Sp<String>, cx: &mut Diagnostics) -> bool {
    let problem = match serde_json::from_str::<serde_json::Value>(&meta.value) {
        Ok(serde_json::Value::Object(_)) => return true,
        Ok(other) => format!("`meta` holds {}, not a JSON object", json_kind(&other)),
        Err(err) => format!("`meta` is not JSON: {err}"),
    };
    cx.error(
        meta.span,
        problem,
        format!("write the `_meta` object as JSON text: `{META_EXAMPLE}`"),
    );
    false
}

fn json_kind(value: &serde_json::Value) -> &'static str {
    match value {
        serde_json::Value::Null => "`null`",
        serde_json::Value::Bool(_) => "a boolean",
        serde_json::Value::Number(_) => "a number",
        serde_json::Value::String(_) => "a string",
        serde_json::Value::Array(_) => "an array",
        serde_json::Value::Object(_) => "an object",
    }
}

/// Whether `mime_type = "…"` reads `type/subtype` (parameters after `;` allowed).
pub(crate) fn check_mime_type(mime: &Sp<String>, cx: &mut Diagnostics) -> bool {
    let essence = mime.value.split(';').next().unwrap_or_default().trim();
    let token = |part: &str| {
        !part.is_empty()
            && part
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || "!#$&-^_.+".contains(c))
    };
    let fine = essence
        .split_once('/')
        .is_some_and(|(kind, sub)| token(kind) && token(sub));
    if !fine {
        cx.error(
            mime.span,
            format!("`{}` is not a MIME type", mime.value),
            "write `type/subtype`, e.g. `mime_type = \"text/markdown\"` or `\"application/json\"`",
        );
    }
    fine
}

/// Keeps the audiences MCP names (`user`, `assistant`), each once.
pub(crate) fn check_audience(audience: Vec<Sp<String>>, cx: &mut Diagnostics) -> Vec<Sp<String>> {
    let mut kept: Vec<Sp<String>> = Vec::with_capacity(audience.len());
    for role in audience {
        let problem = if !AUDIENCES.contains(&role.value.as_str()) {
            let near = suggest::closest(&role.value, AUDIENCES.iter().copied())
                .map(|near| format!("did you mean `{near}`? "))
                .unwrap_or_default();
            Some((
                format!("unknown audience `{}`", role.value),
                format!("{near}the audiences are `\"user\"` and `\"assistant\"`"),
            ))
        } else if kept.iter().any(|k| k.value == role.value) {
            Some((
                format!("`{}` is listed twice", role.value),
                "list each audience once".to_owned(),
            ))
        } else {
            None
        };
        match problem {
            Some((message, help)) => cx.error(role.span, message, help),
            None => kept.push(role),
        }
    }
    kept
}

/// `priority` in [0, 1], as MCP's annotation takes it.
pub(crate) fn check_priority(priority: &Sp<Number>, cx: &mut Diagnostics) -> Option<Sp<f64>> {
    let value = priority.value.value;
    if (0.0..=1.0).contains(&value) {
        return Some(Sp::new(value, priority.span));
    }
    cx.error(
        priority.span,
        format!("`priority = {value}` is outside [0, 1]"),
        "write a number from 0 (optional) to 1 (the client should include it), e.g. `priority = 0.8`",
    );
    None
}
