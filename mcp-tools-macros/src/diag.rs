//! One collector for everything a macro call reports, so a build shows it all at once.
//!
//! Errors become `compile_error!`. Stable Rust gives proc macros no warnings of their own, so
//! a warning becomes a use of a `#[deprecated]` constant named after the rule, spanned at the
//! offending token: rustc then prints a real `warning:` there, with our message as the note,
//! and `-D warnings` (or `#![deny(deprecated)]`) turns it into an error like any other lint.
//! The constant lives in a fn `rule` of the tool's marker type, so rustc names it
//! `<tool>::rule::<rule id>` (where a bare `const _` block would read `_::<rule id>`).

use proc_macro2::{Ident, Span, TokenStream};
use quote::{ToTokens, quote};

use mcp_tools_rules::{Level, Rule};

/// A rule report at warning level.
struct Warning {
    rule: Rule,
    span: Span,
    message: String,
}

/// Collects errors and warnings; nothing returns early on a violation.
///
/// Dropping it with reports in it is a bug of the macro (they would vanish, and a tool
/// that breaks a rule would build): it panics, which rustc shows as an error at the macro
/// call, as `serde_derive`'s context does.
#[derive(Default)]
pub(crate) struct Diagnostics {
    errors: Vec<syn::Error>,
    warnings: Vec<Warning>,
    /// Set when the reports were turned into tokens (or read, in tests).
    emitted: std::cell::Cell<bool>,
}

impl Drop for Diagnostics {
    fn drop(&mut self) {
        let unsaid = !self.errors.is_empty() || !self.warnings.is_empty();
        assert!(
            !unsaid || self.emitted.get() || std::thread::panicking(),
            "mcp-tools-macros dropped {} report(s) without emitting them; please report this bug",
            self.errors.len() + self.warnings.len()
        );
    }
}

impl Diagnostics {
    /// An attribute or syntax mistake: what is wrong, then how to fix it.
    pub(crate) fn error(&mut self, span: Span, message: impl AsRef<str>, help: impl AsRef<str>) {
        self.errors.push(syn::Error::new(
            span,
            format_message(message.as_ref(), help.as_ref()),
        ));
    }

    /// Like [`Self::error`], spanning every token of `tokens`.
    pub(crate) fn error_spanned(
        &mut self,
        tokens: &dyn ToTokens,
        message: impl AsRef<str>,
        help: impl AsRef<str>,
    ) {
        self.errors.push(syn::Error::new_spanned(
            tokens.to_token_stream(),
            format_message(message.as_ref(), help.as_ref()),
        ));
    }

    /// A design rule's report at its level: `text` is the message, the help and the rule
    /// id, as [`mcp_tools_rules::Report`] displays them.
    pub(crate) fn report(&mut self, level: Level, rule: Rule, span: Span, text: String) {
        match level {
            Level::Allow => {}
            Level::Warn => self.warnings.push(Warning {
                rule,
                span,
                message: text,
            }),
            Level::Error => self.errors.push(syn::Error::new(span, text)),
        }
    }

    /// Keeps an error produced by syn as it is.
    pub(crate) fn push(&mut self, error: syn::Error) {
        self.errors.push(error);
    }

    /// Whether any error was found; warnings do not stop the expansion.
    pub(crate) fn has_errors(&self) -> bool {
        !self.errors.is_empty()
    }

    /// The messages collected so far, errors then warnings, for tests.
    #[cfg(test)]
    pub(crate) fn messages(&self) -> Vec<String> {
        self.emitted.set(true);
        self.errors
            .iter()
            .map(ToString::to_string)
            .chain(
                self.warnings
                    .iter()
                    .map(|w| format!("warning: {}", w.message)),
            )
            .collect()
    }

    /// The errors alone, where no item may follow (an impl block).
    pub(crate) fn into_error_tokens(mut self) -> TokenStream {
        self.emitted.set(true);
        std::mem::take(&mut self.errors)
            .into_iter()
            .map(|e| e.to_compile_error())
            .collect()
    }

    /// Every error as a `compile_error!` and every warning as a deprecated use, in the
    /// order found. With the tool's `marker` type, the warnings read
    /// ``use of deprecated constant `get_status::rule::verb_first`: …``.
    pub(crate) fn into_tokens(mut self, marker: Option<&Ident>) -> TokenStream {
        self.emitted.set(true);
        let errors = std::mem::take(&mut self.errors).into_iter();
        let mut tokens: TokenStream = errors.map(|e| e.to_compile_error()).collect();
        let warnings = std::mem::take(&mut self.warnings);
        if warnings.is_empty() {
            return tokens;
        }
        // One block per warning: two reports of one rule are two constants of one name.
        let uses = warnings.into_iter().map(|w| {
            let ident = Ident::new(w.rule.id(), w.span);
            let note = w.message;
            quote! {
                {
                    #[deprecated(note = #note)]
                    #[allow(non_upper_case_globals)]
                    const #ident: () = ();
                    let _ = #ident;
                }
            }
        });
        tokens.extend(match marker {
            Some(marker) => quote! {
                impl #marker {
                    #[allow(dead_code, clippy::unused_unit)]
                    fn rule() { #(#uses)* }
                }
            },
            None => quote! { const _: () = { #(#uses)* }; },
        });
        tokens
    }
}

// Stable rustc has no help sub-diagnostics for proc macros yet, so the help goes in the text.
fn format_message(message: &str, help: &str) -> String {
    format!("{message}\n= help: {help}")
}

#[cfg(test)]
mod tests {
    use proc_macro2::Span;

    use super::Diagnostics;

    #[test]
    #[should_panic(expected = "dropped 1 report(s) without emitting them")]
    fn reports_dropped_unemitted_are_a_bug() {
        let mut cx = Diagnostics::default();
        cx.error(Span::call_site(), "a mistake", "fix it");
        drop(cx);
    }

    #[test]
    fn an_empty_collector_or_an_emitted_one_drops_quietly() {
        drop(Diagnostics::default());
        let mut cx = Diagnostics::default();
        cx.error(Span::call_site(), "a mistake", "fix it");
        assert!(!cx.into_tokens(None).is_empty());
    }
}
