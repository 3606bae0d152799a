//! One collector for every error a macro call finds, so a build reports them all at once.

use proc_macro2::{Span, TokenStream};
use quote::ToTokens;

use crate::rules::Rule;

/// Collects errors; nothing returns early on a violation.
#[derive(Default)]
pub(crate) struct Diagnostics {
    errors: Vec<syn::Error>,
}

impl Diagnostics {
    /// An attribute or syntax mistake: what is wrong, then how to fix it.
    pub(crate) fn error(&mut self, span: Span, message: impl AsRef<str>, help: impl AsRef<str>) {
        self.errors.push(syn::Error::new(
            span,
            format_message(message.as_ref(), help.as_ref(), None),
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
            format_message(message.as_ref(), help.as_ref(), None),
        ));
    }

    /// A design-rule violation; the message ends with the rule id.
    pub(crate) fn rule(
        &mut self,
        rule: Rule,
        span: Span,
        message: impl AsRef<str>,
        help: impl AsRef<str>,
    ) {
        self.errors.push(syn::Error::new(
            span,
            format_message(message.as_ref(), help.as_ref(), Some(rule)),
        ));
    }

    /// Keeps an error produced by syn or darling as it is.
    pub(crate) fn push(&mut self, error: syn::Error) {
        self.errors.push(error);
    }

    pub(crate) fn is_empty(&self) -> bool {
        self.errors.is_empty()
    }

    /// The messages collected so far, for tests.
    #[cfg(test)]
    pub(crate) fn messages(&self) -> Vec<String> {
        self.errors.iter().map(ToString::to_string).collect()
    }

    /// Every collected error as `compile_error!` invocations, in the order found.
    pub(crate) fn into_compile_errors(self) -> TokenStream {
        self.errors
            .into_iter()
            .map(|e| e.to_compile_error())
            .collect()
    }
}

// Stable rustc has no help sub-diagnostics for proc macros yet, so the help goes in the text.
fn format_message(message: &str, help: &str, rule: Option<Rule>) -> String {
    match rule {
        Some(rule) => format!("{message}\n= help: {help} [rule: {}]", rule.id()),
        None => format!("{message}\n= help: {help}"),
    }
}
