//! On error: the user's fn as written, a stub `ToolSpec` (or `PromptSpec`, `ResourceSpec`)
//! and `Item`, and the errors.
//!
//! Emitting the fn and its marker keeps callers, `tools![...]` and `catalog![...]`
//! compiling, so one mistake gives one error instead of a cascade of "cannot find" errors.

use proc_macro2::TokenStream;
use quote::quote;

use crate::{diag::Diagnostics, emit, expand, kind::Kind, model::ToolFn};

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
    // Unreachable: the compile errors below stop the build first.
    let spec = match tool.kind() {
        Kind::Tool => quote! {
            impl #krate::__private::v1::ToolSpec for #ident {
                const NAME: &'static str = #name;
                const ALIASES: &'static [&'static str] = &[];
                fn definition() -> #krate::__private::v1::ToolDefinition {
                    ::core::unreachable!()
                }
            }
        },
        Kind::Prompt => quote! {
            impl #krate::__private::v1::PromptSpec for #ident {
                const NAME: &'static str = #name;
                fn definition() -> #krate::__private::v1::PromptDefinition {
                    ::core::unreachable!()
                }
            }
        },
        Kind::Resource => {
            let uri = expand::resource_uri(tool);
            quote! {
                impl #krate::__private::v1::ResourceSpec for #ident {
                    const URI: &'static str = #uri;
                    fn definition() -> #krate::__private::v1::ResourceDefinition {
                        ::core::unreachable!()
                    }
                }
            }
        }
    };
    let item_impl = expand::item_impl(tool);
    quote! {
        #item
        #marker
        #spec
        const _: () = {
            use #krate::__private::v1 as __rt;
            #item_impl
        };
        #errors
    }
}
