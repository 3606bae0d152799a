//! A `#[tool]` fn's expansion: its `ToolMeta`, `ToolSpec` and `Item` impls.

use mcp_tools_shared::title::tool_title;
use proc_macro2::TokenStream;
use quote::{format_ident, quote, quote_spanned};

use super::parts::{self, opt_str, opt_u64};
use crate::{emit, model::ToolFn};

pub(super) fn expand(tool: &ToolFn) -> TokenStream {
    let item = emit::emitted_fn(tool);
    let marker = emit::marker(tool);
    let krate = &tool.krate;
    let ident = tool.ident();
    let name = tool.wire_name();
    let aliases: Vec<&String> = tool.args.aliases.iter().map(|a| &a.name.value).collect();
    let params = parts::params_table(tool);
    let meta = tool_meta(tool);
    let describe = parts::describe_fn(tool);
    let output_ty = tool.output_ty();
    let into_output =
        quote_spanned!(tool.output_span()=> <#output_ty as __rt::ToolReturn>::into_output);
    let call = parts::call_fn(
        tool,
        &quote!(__rt::CallFuture<'a>),
        &quote!(let __format = call.response_format();),
        |invoke| quote!(#into_output(#invoke, __format)),
    );
    let output =
        quote_spanned!(tool.output_span()=> <#output_ty as __rt::ToolReturn>::output_schema);
    let handle_kind =
        quote_spanned!(tool.output_span()=> <#output_ty as __rt::ToolReturn>::handle_kind);
    let item_impl = item_impl(tool);
    quote! {
        #item
        #marker
        const _: () = {
            use #krate::__private::v1 as __rt;
            #params
            static __META: __rt::ToolMeta = #meta;
            #describe
            #call
            impl __rt::ToolSpec for #ident {
                const NAME: &'static str = #name;
                const ALIASES: &'static [&'static str] = &[#(#aliases),*];
                fn definition() -> __rt::ToolDefinition {
                    __rt::ToolDefinition::from_spec(&__META, __describe, #output, #handle_kind, __call)
                }
            }
            #item_impl
        };
    }
}

/// `impl Item` for the marker, which `catalog![...]` lists; in a scope where `__rt` is the
/// runtime's contract and the marker implements `ToolSpec` (the stub one too, on error).
pub(crate) fn item_impl(tool: &ToolFn) -> TokenStream {
    parts::item_impl(
        tool,
        &quote! {
            __rt::ItemKey::Tool {
                name: <Self as __rt::ToolSpec>::NAME,
                aliases: <Self as __rt::ToolSpec>::ALIASES,
            }
        },
        &quote!(catalog.push_tool(<Self as __rt::ToolSpec>::definition())),
    )
}

/// The `RawSchema` of an `input_schema` tool: the file as `include_str!` reads it (so rustc
/// tracks it), and its top-level property names as the macro read them.
fn raw_schema(tool: &ToolFn) -> TokenStream {
    let Some(path) = &tool.args.input_schema else {
        return quote!(::core::option::Option::None);
    };
    let written = &path.value;
    let file = format!("/{written}");
    let text = quote_spanned! {path.span=>
        ::core::include_str!(::core::concat!(::core::env!("CARGO_MANIFEST_DIR"), #file))
    };
    let properties = tool.properties.iter().map(|p| &p.wire_name.value);
    quote! {
        ::core::option::Option::Some(__rt::RawSchema {
            path: #written,
            text: #text,
            properties: &[#(#properties),*],
        })
    }
}

fn tool_meta(tool: &ToolFn) -> TokenStream {
    let name = tool.wire_name();
    let title = match &tool.args.title {
        Some(title) => title.value.clone(),
        None => tool_title(
            tool.namespace.as_ref().map(|ns| ns.value.as_str()),
            &tool.action.value,
        ),
    };
    let description = parts::description(tool);
    let ident = tool.ident().to_string();
    let opt_bool = |v: &Option<crate::parse::Sp<bool>>| match v {
        Some(v) => {
            let b = v.value;
            quote!(::core::option::Option::Some(#b))
        }
        None => quote!(::core::option::Option::None),
    };
    let read_only = opt_bool(&tool.args.read_only);
    let destructive = opt_bool(&tool.args.destructive);
    let idempotent = opt_bool(&tool.args.idempotent);
    let open_world = opt_bool(&tool.args.open_world);
    let aliases = tool.args.aliases.iter().map(alias_meta);
    let scopes = tool.args.scopes.iter().map(|s| &s.value);
    let keywords = tool.args.keywords.iter().map(|s| &s.value);
    let timeout_ms = opt_u64(tool.args.timeout_ms.as_ref().map(|v| v.value));
    let handle_ttl_secs = opt_u64(tool.args.handle_ttl_secs.as_ref().map(|v| v.value));
    let handle_renew = opt_bool(&tool.args.handle_renew);
    let max_tokens = opt_u64(tool.args.max_response_tokens.as_ref().map(|v| v.value));
    let concise_tokens = opt_u64(tool.args.concise_tokens.as_ref().map(|v| v.value));
    let detailed_tokens = opt_u64(tool.args.detailed_tokens.as_ref().map(|v| v.value));
    let binary = parts::binary(tool);
    // Parsed as a `TaskSupport`, so the variant exists.
    let task = match &tool.args.task {
        Some(task) => {
            let variant = format_ident!("{}", format!("{:?}", task.value));
            quote!(::core::option::Option::Some(__rt::TaskSupport::#variant))
        }
        None => quote!(::core::option::Option::None),
    };
    let task_ttl_secs = opt_u64(tool.args.task_ttl_secs.as_ref().map(|v| v.value));
    let task_deferred = tool.args.task_deferred.as_ref().is_some_and(|v| v.value);
    let input_schema = raw_schema(tool);
    let icons = parts::icons(tool);
    let json_meta = parts::json_meta(tool);
    // The levels the crate's settings and `allow(...)` gave, for `Registry::lint`.
    let rule_levels = tool.levels.settings().map(|(rule, level)| {
        let (id, level) = (rule.id(), level.name());
        quote!((#id, #level))
    });
    let rules_strict = tool.levels.is_strict();
    quote! {
        __rt::ToolMeta {
            name: #name,
            title: #title,
            description: #description,
            fn_path: ::core::concat!(::core::module_path!(), "::", #ident),
            read_only: #read_only,
            destructive: #destructive,
            idempotent: #idempotent,
            open_world: #open_world,
            aliases: &[#(#aliases),*],
            scopes: &[#(#scopes),*],
            keywords: &[#(#keywords),*],
            timeout_ms: #timeout_ms,
            handle_ttl_secs: #handle_ttl_secs,
            handle_renew: #handle_renew,
            task: #task,
            task_ttl_secs: #task_ttl_secs,
            task_deferred: #task_deferred,
            max_response_tokens: #max_tokens,
            concise_tokens: #concise_tokens,
            detailed_tokens: #detailed_tokens,
            binary: #binary,
            input_schema: #input_schema,
            icons: #icons,
            meta: #json_meta,
            rule_levels: &[#(#rule_levels),*],
            rules_strict: #rules_strict,
            params: &__PARAMS,
        }
    }
}

fn alias_meta(alias: &crate::parse::AliasArg) -> TokenStream {
    let name = &alias.name.value;
    let since = opt_str(alias.since.as_ref().map(|v| v.value.as_str()));
    let remove_in = opt_str(alias.remove_in.as_ref().map(|v| v.value.as_str()));
    let redirect = alias.redirect.is_some();
    let note = opt_str(alias.redirect.as_ref().and_then(|r| r.value.as_deref()));
    quote! {
        __rt::AliasMeta { name: #name, since: #since, remove_in: #remove_in, redirect: #redirect, note: #note }
    }
}
