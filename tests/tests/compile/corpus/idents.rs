//! Rust identifiers for published names: as written where Rust allows, raw where a keyword
//! allows it, else a sanitized form that the generator pairs with `name`/`rename`.

use std::collections::BTreeSet;

/// Keywords, strict and reserved, of edition 2024.
const KEYWORDS: &[&str] = &[
    "as", "async", "await", "break", "const", "continue", "crate", "dyn", "else", "enum", "extern",
    "false", "fn", "for", "gen", "if", "impl", "in", "let", "loop", "match", "mod", "move", "mut",
    "pub", "ref", "return", "self", "Self", "static", "struct", "super", "trait", "true", "type",
    "unsafe", "use", "where", "while", "abstract", "become", "box", "do", "final", "macro",
    "override", "priv", "try", "typeof", "unsized", "virtual", "yield",
];

/// Keywords that cannot be raw identifiers.
const NOT_RAW: &[&str] = &["crate", "self", "Self", "super", "_"];

/// Names a tool's marker type must not take, since it would shadow them in the crate.
const TYPE_NAMES: &[&str] = &[
    "bool", "char", "str", "i8", "i16", "i32", "i64", "i128", "isize", "u8", "u16", "u32", "u64",
    "u128", "usize", "f32", "f64", "tool",
];

/// ASCII `[A-Za-z_][A-Za-z0-9_]*`, not `_` alone.
fn is_ascii_ident(s: &str) -> bool {
    let mut chars = s.chars();
    chars
        .next()
        .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_')
        && s != "_"
}

/// `snake_case` ASCII: what a tool fn may be called without a `name = "…"`.
pub(crate) fn is_snake_ident(s: &str) -> bool {
    is_ascii_ident(s)
        && !s.chars().any(|c| c.is_ascii_uppercase())
        && !KEYWORDS.contains(&s)
        && !TYPE_NAMES.contains(&s)
}

/// A parameter's ident for a property name, and whether it needs `rename`.
pub(crate) fn param_ident(name: &str, taken: &mut BTreeSet<String>) -> (String, bool) {
    if is_ascii_ident(name) && !taken.contains(name) {
        if !KEYWORDS.contains(&name) {
            taken.insert(name.to_owned());
            return (name.to_owned(), false);
        }
        if !NOT_RAW.contains(&name) {
            taken.insert(name.to_owned());
            return (format!("r#{name}"), false);
        }
    }
    (unique(snake(name), taken), true)
}

/// A tool fn's ident for a published action that is not a plain `snake_case` ident.
pub(crate) fn fn_ident(action: &str, taken: &mut BTreeSet<String>) -> String {
    let mut ident = snake(action);
    if KEYWORDS.contains(&ident.as_str()) || TYPE_NAMES.contains(&ident.as_str()) {
        ident.push_str("_tool");
    }
    unique(ident, taken)
}

/// `ident`, or `ident_2`, `ident_3`, … if taken; records the result.
pub(crate) fn unique(ident: String, taken: &mut BTreeSet<String>) -> String {
    let mut candidate = ident.clone();
    let mut n = 2;
    while taken.contains(&candidate) {
        candidate = format!("{ident}_{n}");
        n += 1;
    }
    taken.insert(candidate.clone());
    candidate
}

/// `API-get-user` → `api_get_user`, `getUser` → `get_user`, `$ref` → `ref_`.
pub(crate) fn snake(s: &str) -> String {
    let mut out = String::new();
    let mut prev_lower = false;
    for c in s.chars() {
        if c.is_ascii_uppercase() {
            if prev_lower {
                out.push('_');
            }
            out.push(c.to_ascii_lowercase());
            prev_lower = false;
        } else if c.is_ascii_alphanumeric() {
            out.push(c);
            prev_lower = c.is_ascii_lowercase() || c.is_ascii_digit();
        } else {
            if !out.is_empty() && !out.ends_with('_') {
                out.push('_');
            }
            prev_lower = false;
        }
    }
    let mut out = out.trim_matches('_').to_owned();
    if out.is_empty() {
        out.push('x');
    }
    if out.starts_with(|c: char| c.is_ascii_digit()) {
        out.insert(0, '_');
    }
    if KEYWORDS.contains(&out.as_str()) {
        out.push('_');
    }
    out
}

/// `image/jpeg` → `ImageJpeg`, `2d` → `V2d`, an empty value → `Empty`.
pub(crate) fn variant(value: &str, taken: &mut BTreeSet<String>) -> String {
    let mut ident: String = snake(value)
        .split('_')
        .filter(|w| !w.is_empty())
        .map(|w| {
            let mut chars = w.chars();
            chars
                .next()
                .map(|c| c.to_ascii_uppercase().to_string() + chars.as_str())
                .unwrap_or_default()
        })
        .collect();
    if value.trim().is_empty() {
        "Empty".clone_into(&mut ident);
    } else if ident.is_empty() || ident.starts_with(|c: char| c.is_ascii_digit()) {
        ident.insert(0, 'V');
    }
    if ident == "Self" {
        ident.push('_');
    }
    unique(ident, taken)
}

/// `browser_take_screenshot`, `type` → `BrowserTakeScreenshotType`.
pub(crate) fn type_name(tool: &str, param: &str) -> String {
    let tool = variant(tool, &mut BTreeSet::new());
    let param = variant(param, &mut BTreeSet::new());
    format!("{tool}{param}")
}
