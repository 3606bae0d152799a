//! A `#[resource("…")]` URI or URI template, read when the model is built: parsed by the
//! parser the runtime matches URIs with (`mcp_tools_shared::uri_template`), each variable
//! kept with where it is in the literal, so a report can point at it.
//!
//! Proc macros on stable Rust cannot span part of a literal (`Literal::subspan` returns
//! `None` there), so a report spans the whole literal and its message repeats the template
//! with carets under the offending bytes; where `subspan` works, the span is the bytes.

use std::ops::Range;

use mcp_tools_shared::uri_template;
use proc_macro2::Span;
use syn::LitStr;

use crate::diag::Diagnostics;

/// The rule id of a malformed template.
pub(crate) const RULE_SYNTAX: &str = "resource_template";

/// The resource's URI as written, parsed.
pub(crate) struct UriTemplate {
    pub(crate) lit: LitStr,
    pub(crate) text: String,
    /// Each variable once, in order of first appearance, with its bytes in `text`.
    pub(crate) variables: Vec<Variable>,
}

/// One variable of the template.
pub(crate) struct Variable {
    pub(crate) name: String,
    pub(crate) range: Range<usize>,
}

impl UriTemplate {
    /// Parses the literal, reporting a malformed template at the offending bytes.
    pub(crate) fn read(lit: &LitStr, cx: &mut Diagnostics) -> Option<UriTemplate> {
        let text = lit.value();
        let uri = UriTemplate {
            lit: lit.clone(),
            text,
            variables: Vec::new(),
        };
        match uri_template::parse(&uri.text) {
            Ok(_) => Some(UriTemplate {
                variables: variables(&uri.text),
                ..uri
            }),
            Err(err) => {
                let range = err.offset..err.offset + err.len.max(1);
                cx.error(
                    uri.span_of(&range),
                    format!(
                        "the URI template is malformed: {}{}",
                        err.message,
                        uri.pointing(&range)
                    ),
                    format!("{} [rule: {RULE_SYNTAX}]", err.help),
                );
                None
            }
        }
    }

    /// Whether the URI has no variables: a fixed resource, not a template.
    pub(crate) fn is_fixed(&self) -> bool {
        self.variables.is_empty()
    }

    /// The bytes `range` of the template: their own span where the compiler gives one,
    /// else the literal's.
    pub(crate) fn span_of(&self, range: &Range<usize>) -> Span {
        let token = self.lit.token();
        let written = token.to_string();
        // Byte offsets in the value are offsets in the source only when nothing before them
        // is escaped: a plain or raw literal whose text holds the value verbatim.
        let opening = match written.strip_prefix('r') {
            Some(raw) => 2 + raw.chars().take_while(|c| *c == '#').count(),
            None => 1,
        };
        let verbatim = written
            .get(opening..opening + self.text.len())
            .is_some_and(|inner| inner == self.text);
        if verbatim {
            token
                .subspan(opening + range.start..opening + range.end)
                .unwrap_or_else(|| self.lit.span())
        } else {
            self.lit.span()
        }
    }

    /// The template on a line of its own with carets under `range`, for messages.
    pub(crate) fn pointing(&self, range: &Range<usize>) -> String {
        let end = range.end.min(self.text.len());
        let start = range.start.min(end);
        let before = self.text[..start].chars().count();
        let width = self.text[start..end].chars().count().max(1);
        format!(
            "\n    {}\n    {}{}",
            self.text,
            " ".repeat(before),
            "^".repeat(width)
        )
    }

    pub(crate) fn variable(&self, name: &str) -> Option<&Variable> {
        self.variables.iter().find(|v| v.name == name)
    }
}

/// The variables of a template the parser accepted, each once, with its name's bytes: in
/// `{+path}`, `{?q,page}`, `{var:3}` and `{list*}` the names are `path`, `q`, `page`, `var`
/// and `list`.
fn variables(text: &str) -> Vec<Variable> {
    let mut found: Vec<Variable> = Vec::new();
    let mut rest = 0;
    while let Some(open) = text[rest..].find('{').map(|i| rest + i) {
        let Some(close) = text[open..].find('}').map(|i| open + i) else {
            break;
        };
        let mut start = open + 1;
        if text[start..close].starts_with(['+', '#', '.', '/', ';', '?', '&']) {
            start += 1;
        }
        for spec in text[start..close].split(',') {
            let name_len = spec.find([':', '*']).unwrap_or(spec.len());
            let name = &spec[..name_len];
            if !name.is_empty() && !found.iter().any(|v| v.name == name) {
                found.push(Variable {
                    name: name.to_owned(),
                    range: start..start + name_len,
                });
            }
            start += spec.len() + 1;
        }
        rest = close + 1;
    }
    found
}

#[cfg(test)]
mod tests {
    use super::variables;

    fn names(text: &str) -> Vec<(String, String)> {
        variables(text)
            .into_iter()
            .map(|v| (v.name, text[v.range].to_owned()))
            .collect()
    }

    #[test]
    fn finds_each_variable_once_with_its_bytes() {
        let found = names("file:///{+path}{?q,page}/{var:3}/{list*}/{q}");
        let found: Vec<&str> = found.iter().map(|(n, _)| n.as_str()).collect();
        assert_eq!(found, ["path", "q", "page", "var", "list"]);
        for (name, bytes) in names("a://{x}/{+y}{?z:2,w*}") {
            assert_eq!(name, bytes);
        }
        assert!(variables("library://policy/loans").is_empty());
    }
}
