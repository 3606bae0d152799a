//! A `#[resource]` fn's expansion: its `ResourceMeta`, `ResourceSpec` and `Item` impls.

use mcp_tools_shared::title::tool_title;
use proc_macro2::TokenStream;
use quote::{quote, quote_spanned};

use super::parts::{self, opt_f64, opt_str, opt_u64};
use crate::{emit, model::ToolFn};

pub(super) fn expand(resource: &ToolFn) -> TokenStream {
    let item = emit::emitted_fn(resource);
    let marker = emit::marker(resource);
    let krate = &resource.krate;
    let ident = resource.ident();
    let uri = uri(resource);
    let params = parts::params_table(resource);
    let completions = parts::completions(resource);
    let meta = resource_meta(resource);
    let describe = parts::describe_fn(resource);
    let output_ty = resource.output_ty();
    let into_body =
        quote_spanned!(resource.output_span()=> <#output_ty as __rt::ResourceReturn>::into_body);
    let call = parts::call_fn(
        resource,
        &quote!(__rt::ResourceFuture<'a>),
        &TokenStream::new(),
        |invoke| quote!(#into_body(#invoke)),
    );
    let item_impl = item_impl(resource);
    quote! {
        #item
        #marker
        const _: () = {
            use #krate::__private::v1 as __rt;
            #params
            #completions
            static __META: __rt::ResourceMeta = #meta;
            #describe
            #call
            impl __rt::ResourceSpec for #ident {
                const URI: &'static str = #uri;
                fn definition() -> __rt::ResourceDefinition {
                    __rt::ResourceDefinition::from_spec(&__META, __describe, __call)
                }
            }
            #item_impl
        };
    }
}

/// `impl Item` for the marker (see [`super::tool::item_impl`]).
pub(crate) fn item_impl(resource: &ToolFn) -> TokenStream {
    parts::item_impl(
        resource,
        &quote!(__rt::ItemKey::Resource {
            uri: <Self as __rt::ResourceSpec>::URI
        }),
        &quote!(catalog.push_resource(<Self as __rt::ResourceSpec>::definition())),
    )
}

/// The URI or template as written (the literal's value).
pub(crate) fn uri(resource: &ToolFn) -> String {
    resource
        .args
        .uri
        .as_ref()
        .map(syn::LitStr::value)
        .unwrap_or_default()
}

fn resource_meta(resource: &ToolFn) -> TokenStream {
    let a = &resource.args;
    let uri = uri(resource);
    let name = &resource.action.value;
    let title = match &a.title {
        Some(title) => title.value.clone(),
        None => tool_title(None, name),
    };
    let description = parts::description(resource);
    let ident = resource.ident().to_string();
    let mime_type = opt_str(a.mime_type.as_ref().map(|m| m.value.as_str()));
    let size = opt_u64(a.size.as_ref().map(|s| s.value));
    let audience = a.audience.iter().map(|r| &r.value);
    let priority = opt_f64(a.priority.as_ref().map(|p| p.value));
    let scopes = parts::scopes(resource);
    let icons = parts::icons(resource);
    let meta = parts::json_meta(resource);
    let max_tokens = opt_u64(a.max_response_tokens.as_ref().map(|v| v.value));
    let binary = parts::binary(resource);
    let unchecked = resource
        .params
        .iter()
        .filter(|p| p.attrs.unchecked.is_some())
        .map(|p| &p.wire_name.value);
    quote! {
        __rt::ResourceMeta {
            uri: #uri,
            name: #name,
            title: #title,
            description: #description,
            fn_path: ::core::concat!(::core::module_path!(), "::", #ident),
            mime_type: #mime_type,
            size: #size,
            audience: &[#(#audience),*],
            priority: #priority,
            scopes: #scopes,
            icons: #icons,
            meta: #meta,
            max_response_tokens: #max_tokens,
            binary: #binary,
            params: &__PARAMS,
            unchecked: &[#(#unchecked),*],
            completions: &__COMPLETIONS,
        }
    }
}
