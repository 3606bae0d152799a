//! A `#[prompt]` fn's expansion: its `PromptMeta`, `PromptSpec` and `Item` impls.

use mcp_tools_shared::title::tool_title;
use proc_macro2::TokenStream;
use quote::{quote, quote_spanned};

use super::parts;
use crate::{emit, model::ToolFn};

pub(super) fn expand(prompt: &ToolFn) -> TokenStream {
    let item = emit::emitted_fn(prompt);
    let marker = emit::marker(prompt);
    let krate = &prompt.krate;
    let ident = prompt.ident();
    let name = prompt.wire_name();
    let params = parts::params_table(prompt);
    let completions = parts::completions(prompt);
    let meta = prompt_meta(prompt);
    let describe = parts::describe_fn(prompt);
    let output_ty = prompt.output_ty();
    let into_prompt =
        quote_spanned!(prompt.output_span()=> <#output_ty as __rt::PromptReturn>::into_prompt);
    let call = parts::call_fn(
        prompt,
        &quote!(__rt::PromptFuture<'a>),
        &TokenStream::new(),
        |invoke| quote!(#into_prompt(#invoke)),
    );
    let item_impl = item_impl(prompt);
    quote! {
        #item
        #marker
        const _: () = {
            use #krate::__private::v1 as __rt;
            #params
            #completions
            static __META: __rt::PromptMeta = #meta;
            #describe
            #call
            impl __rt::PromptSpec for #ident {
                const NAME: &'static str = #name;
                fn definition() -> __rt::PromptDefinition {
                    __rt::PromptDefinition::from_spec(&__META, __describe, __call)
                }
            }
            #item_impl
        };
    }
}

/// `impl Item` for the marker (see [`super::tool::item_impl`]).
pub(crate) fn item_impl(prompt: &ToolFn) -> TokenStream {
    parts::item_impl(
        prompt,
        &quote!(__rt::ItemKey::Prompt {
            name: <Self as __rt::PromptSpec>::NAME
        }),
        &quote!(catalog.push_prompt(<Self as __rt::PromptSpec>::definition())),
    )
}

fn prompt_meta(prompt: &ToolFn) -> TokenStream {
    let name = prompt.wire_name();
    let title = match &prompt.args.title {
        Some(title) => title.value.clone(),
        None => tool_title(
            prompt.namespace.as_ref().map(|ns| ns.value.as_str()),
            &prompt.action.value,
        ),
    };
    let description = parts::description(prompt);
    let ident = prompt.ident().to_string();
    let scopes = parts::scopes(prompt);
    let icons = parts::icons(prompt);
    let meta = parts::json_meta(prompt);
    quote! {
        __rt::PromptMeta {
            name: #name,
            title: #title,
            description: #description,
            fn_path: ::core::concat!(::core::module_path!(), "::", #ident),
            scopes: #scopes,
            icons: #icons,
            meta: #meta,
            params: &__PARAMS,
            completions: &__COMPLETIONS,
        }
    }
}
