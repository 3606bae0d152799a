//! `default = …` and `example = …` literals, turned into JSON text at compile time.

use syn::{Expr, Lit, spanned::Spanned};

use super::value::number_of;

/// The JSON text of a literal expression: strings, numbers, booleans, and arrays of them.
pub(crate) fn literal_json(expr: &Expr) -> Result<String, syn::Error> {
    if let Some(n) = number_of(expr) {
        return Ok(if n.is_integer {
            format!("{}", n.value as i128)
        } else {
            format_float(n.value)
        });
    }
    match expr {
        Expr::Group(group) => literal_json(&group.expr),
        Expr::Lit(lit) => match &lit.lit {
            Lit::Str(s) => Ok(quote_json(&s.value())),
            Lit::Bool(b) => Ok(b.value.to_string()),
            Lit::Char(c) => Ok(quote_json(&c.value().to_string())),
            other => Err(syn::Error::new(other.span(), "unsupported literal")),
        },
        Expr::Array(array) => {
            let items = array
                .elems
                .iter()
                .map(literal_json)
                .collect::<Result<Vec<_>, _>>()?;
            Ok(format!("[{}]", items.join(",")))
        }
        other => Err(syn::Error::new(other.span(), "not a literal")),
    }
}

fn format_float(value: f64) -> String {
    let text = format!("{value}");
    if text.contains(['.', 'e', 'E']) {
        text
    } else {
        format!("{text}.0")
    }
}

/// A JSON string literal.
pub(crate) fn quote_json(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 2);
    out.push('"');
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if (c as u32) < 0x20 => {
                use std::fmt::Write as _;
                let _ = write!(out, "\\u{:04x}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}
