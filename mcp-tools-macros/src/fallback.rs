//! On error: the user's fn as written, a stub `ToolSpec`, and the errors.
//!
//! Emitting the fn and its marker keeps callers and `tools![...]` compiling, so one mistake
//! gives one error instead of a cascade of "cannot find" errors.

use proc_macro2::TokenStream;
use quote::quote;

use crate::{diag::Diagnostics, emit, model::ToolFn};

pub(crate) fn expand(tool: &ToolFn, cx: Diagnostics) -> TokenStream {
    let item = emit::emitted_fn(tool);
    let marker = emit::marker(tool);
    let krate = &tool.krate;
    let ident = tool.ident();
    let name = tool.wire_name();
    if tool.receiver.is_some() {
        // A method: no item (marker, warning) can live in an impl block; the error says why.
        let errors = cx.into_error_tokens();
        return quote!(#item #errors);
    }
    let errors = cx.into_tokens(Some(ident));
    quote! {
        #item
        #marker
        impl #krate::__private::v1::ToolSpec for #ident {
            const NAME: &'static str = #name;
            const ALIASES: &'static [&'static str] = &[];
            fn definition() -> #krate::__private::v1::ToolDefinition {
                // Unreachable: the compile errors below stop the build first.
                ::core::unreachable!()
            }
        }
        #errors
    }
}
