//! What every expansion emits, with or without errors: the user's fn, and the marker type
//! that `tools![...]` names.

use proc_macro2::TokenStream;
use quote::quote;
use syn::ItemFn;

use crate::model::ToolFn;

/// The user's fn as emitted. `#[tool]` requires `async`, so a body that never awaits is
/// not a smell here; silence clippy's `unused_async` on it.
pub(crate) fn emitted_fn(tool: &ToolFn) -> ItemFn {
    let mut item = tool.item.clone();
    if item.sig.asyncness.is_some() {
        item.attrs
            .push(syn::parse_quote!(#[allow(clippy::unused_async)]));
    }
    // A tool's parameters are its arguments; many of them is a schema, not a smell.
    if item.sig.inputs.len() > 7 {
        item.attrs
            .push(syn::parse_quote!(#[allow(clippy::too_many_arguments)]));
    }
    item
}

/// The type that `tools![...]` names, sharing the fn's ident in the type namespace.
pub(crate) fn marker(tool: &ToolFn) -> TokenStream {
    let vis = &tool.item.vis;
    let ident = tool.ident();
    quote! {
        #[allow(non_camel_case_types, dead_code, unreachable_pub)]
        #[doc(hidden)]
        #vis struct #ident {}
    }
}
