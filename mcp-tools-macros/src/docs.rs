//! Doc comments, turned into the descriptions a model reads.
//!
//! rustdoc wraps prose at a fixed width; a model gains nothing from those breaks, so lines of
//! one paragraph are joined with spaces. Paragraphs, list items and code blocks keep theirs.

use proc_macro2::{Span, TokenStream};
use quote::{ToTokens, quote};
use syn::{Attribute, Expr, Lit, Meta};

/// The doc comment of an item or parameter.
pub(crate) struct Doc {
    /// The description, when every line is a literal (the usual `///`).
    pub(crate) text: Option<String>,
    /// The raw `#[doc = …]` values, for docs written with `include_str!` or `concat!`.
    raw: Vec<TokenStream>,
    /// The first doc line (proc macros cannot join spans on stable).
    pub(crate) span: Span,
    /// Each `///` line's text and span, to point at the line a problem is on.
    pub(crate) lines: Vec<(String, Span)>,
}

impl Doc {
    /// The span of the first line containing `needle` (in any case), else the first line
    /// with text.
    pub(crate) fn span_of(&self, needle: &str) -> Span {
        let needle = needle.to_lowercase();
        self.lines
            .iter()
            .find(|(text, _)| text.to_lowercase().contains(&needle))
            .map_or_else(|| self.first_text_span(), |(_, span)| *span)
    }

    /// The span of the first line that is not blank, else the first line.
    pub(crate) fn first_text_span(&self) -> Span {
        self.lines
            .iter()
            .find(|(text, _)| !text.trim().is_empty())
            .map_or(self.span, |(_, span)| *span)
    }
}

impl Doc {
    /// The `description` of an `input_schema` property, as the rules read a doc comment;
    /// reported at `span`, the `input_schema` path.
    pub(crate) fn described(text: &str, span: Span) -> Doc {
        Doc {
            text: Some(text.to_owned()),
            raw: Vec::new(),
            span,
            lines: vec![(text.to_owned(), span)],
        }
    }

    /// An expression of type `&'static str` holding the description.
    pub(crate) fn to_expr(&self) -> TokenStream {
        match &self.text {
            Some(text) => quote!(#text),
            None => {
                let raw = &self.raw;
                quote!(::core::concat!(#(#raw, "\n"),*))
            }
        }
    }
}

/// Reads the `#[doc]` attributes among `attrs`; `None` if there are none.
pub(crate) fn collect(attrs: &[Attribute]) -> Option<Doc> {
    let docs: Vec<&Attribute> = attrs.iter().filter(|a| a.path().is_ident("doc")).collect();
    let first = docs.first()?;
    let last = docs.last()?;
    let span = first
        .pound_token
        .span
        .join(last.bracket_token.span.close())
        .unwrap_or(first.pound_token.span);
    let mut lines = Vec::new();
    let mut spanned = Vec::new();
    let mut raw = Vec::new();
    let mut literal = true;
    for attr in &docs {
        let Meta::NameValue(nv) = &attr.meta else {
            continue;
        };
        raw.push(nv.value.to_token_stream());
        match &nv.value {
            Expr::Lit(lit) if matches!(lit.lit, Lit::Str(_)) => {
                if let Lit::Str(s) = &lit.lit {
                    let value = s.value();
                    spanned.push((value.clone(), attr.pound_token.span));
                    // `///` comments are one line each (an empty `///` is a blank line);
                    // `/** */` blocks hold several.
                    lines.extend(
                        value
                            .split('\n')
                            .map(|l| l.strip_prefix(' ').unwrap_or(l).trim_end().to_owned()),
                    );
                }
            }
            _ => literal = false,
        }
    }
    let text = literal.then(|| reflow(&lines));
    Some(Doc {
        text,
        raw,
        span,
        lines: spanned,
    })
}

pub(crate) use mcp_tools_rules::doc::reflow;

/// Removes `#[doc]` and our helper attributes from a parameter, so rustc accepts it.
pub(crate) fn strip_param_attrs(attrs: &mut Vec<Attribute>) {
    attrs.retain(|a| !a.path().is_ident("doc") && !a.path().is_ident("param"));
}

#[cfg(test)]
mod tests {
    use super::reflow;

    fn lines(text: &str) -> Vec<String> {
        text.lines().map(ToOwned::to_owned).collect()
    }

    #[test]
    fn joins_wrapped_lines_and_keeps_paragraphs() {
        let text = reflow(&lines(
            "Record a weight.\n\nUse after weighing\na parcel.\n\n- one\n- two",
        ));
        assert_eq!(
            text,
            "Record a weight.\n\nUse after weighing a parcel.\n\n- one\n- two"
        );
    }

    #[test]
    fn empty_doc_lines_separate_paragraphs() {
        let item: syn::ItemFn = syn::parse_quote! {
            #[doc = " Summary line."]
            #[doc = ""]
            #[doc = " Second paragraph,"]
            #[doc = " wrapped."]
            fn f() {}
        };
        let doc = super::collect(&item.attrs).unwrap();
        assert_eq!(
            doc.text.as_deref(),
            Some("Summary line.\n\nSecond paragraph, wrapped.")
        );
    }

    #[test]
    fn keeps_code_blocks_verbatim() {
        let text = reflow(&lines("Call it:\n\n```\nfoo(1)\n  bar\n```\nDone."));
        assert_eq!(text, "Call it:\n\n```\nfoo(1)\n  bar\n```\n\nDone.");
    }
}
