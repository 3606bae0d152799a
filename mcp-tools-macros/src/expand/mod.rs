//! Stage 4: the code a `#[tool]` fn expands to.
//!
//! The fn is emitted unchanged (so it stays callable as written), next to a zero-sized type
//! of the same name in the type namespace (as Rocket does for routes) that implements
//! `ToolSpec`. Everything is static data plus two small fns; the work is done by generic
//! runtime code, which keeps compile time per tool low.
//!
//! What a parameter is comes from its type, never from its name: the parameter table asks
//! `<T as ToolArg>::ROLE` whether the schema requires it, `describe` adds it to the schema
//! (or records the state it needs), and `extract` produces its value. A `#[param]` key on a
//! parameter whose role takes none is a compile error from a `const` check at the key.
//! For `set_weight(depot: State<Depot>, weight_kg: f64, cursor: Option<PageCursor>,
//! response_format: ResponseFormat)` the expansion holds:
//!
//! ```text
//! static __PARAMS: [ParamMeta; 4] = [
//!     ParamMeta { name: "depot", required: ParamRole::required(<State<Depot> as ToolArg>::ROLE, false), .. },
//!     ParamMeta { name: "weight_kg", required: ParamRole::required(<f64 as ToolArg>::ROLE, false), .. },
//!     ParamMeta { name: "cursor", required: ParamRole::required(<PageCursor as ToolArg>::ROLE, true), .. },
//!     ParamMeta { name: "response_format", required: ParamRole::required(<ResponseFormat as ToolArg>::ROLE, false), .. },
//! ];
//! // `#[param(min = 0.1)]` on `depot` would add, spanned at `0.1`:
//! // const _: () = match <State<Depot> as ToolArg>::ROLE { ParamRole::Argument => {}, .. => panic!("`depot` is supplied by the server …") };
//! fn __call<'a>(call: &'a Call<'_>) -> CallFuture<'a> {
//!     Box::pin(async move {
//!         let __format = call.response_format();
//!         let __a0 = <State<Depot> as ToolArg>::extract(&__PARAMS[0], call);
//!         let __a1 = <f64 as ToolArg>::extract(&__PARAMS[1], call);
//!         let __a2 = extract_optional::<PageCursor>(&__PARAMS[2], call);
//!         let __a3 = <ResponseFormat as ToolArg>::extract(&__PARAMS[3], call);
//!         match (__a0, __a1, __a2, __a3) {
//!             (Ok(__a0), Ok(__a1), Ok(__a2), Ok(__a3)) =>
//!                 <R as ToolReturn>::into_output(set_weight(__a0, __a1, __a2, __a3).await, __format),
//!             // Every failed parameter, one line each, in one `isError` result.
//!             (__a0, __a1, __a2, __a3) => Err(ArgError::gather([__a0.err(), __a1.err(), __a2.err(), __a3.err()])),
//!         }
//!     })
//! }
//! ```
//!
//! With `input_schema = "schemas/order.json"`, `ToolMeta::input_schema` holds the file's
//! text through `include_str!` (so rustc tracks the file and an edit rebuilds the crate)
//! and its top-level property names; `__describe` describes only the injected parameters,
//! the one parameter left takes the whole arguments object through
//! `<T as ToolArguments>::from_arguments`, and every other parameter is checked at compile
//! time to have the role `Injected`:
//!
//! ```text
//! const _: () = assert!(matches!(<State<Depot> as ToolArg>::ROLE, ParamRole::Injected), "…");
//! let __a1 = <Booking as ToolArguments>::from_arguments(&__PARAMS[1], call);
//! ```

use mcp_tools_shared::{binary::BinaryPolicy, title::tool_title};
use proc_macro2::{Span, TokenStream};
use quote::{format_ident, quote, quote_spanned};
use syn::{ItemFn, spanned::Spanned};

use crate::{
    config::Config,
    diag::Diagnostics,
    emit, fallback,
    model::{Param, Source, ToolFn},
    parse::parse_tool_args,
    rules,
};

/// `#[tool(args)] item`.
pub(crate) fn tool(args: TokenStream, item: TokenStream) -> TokenStream {
    let mut cx = Diagnostics::default();
    let config = Config::load();
    config.report(&mut cx);
    let tool_args = parse_tool_args(args, &mut cx);
    let item: ItemFn = match syn::parse2(item.clone()) {
        Ok(item) => item,
        Err(_) => {
            cx.error(
                Span::call_site(),
                "#[tool] applies to an `async fn`",
                "put #[tool] on a free `async fn` whose parameters are the tool's arguments",
            );
            let errors = cx.into_tokens(None);
            return quote!(#item #errors);
        }
    };
    let tool = ToolFn::from_syn(tool_args, item, &config, &mut cx);
    rules::check(&tool, &mut cx);
    // Items cannot stand in an impl block, where a method gets its error.
    let tracking = if tool.receiver.is_none() {
        config.tracking()
    } else {
        TokenStream::new()
    };
    let expanded = if cx.has_errors() {
        fallback::expand(&tool, cx)
    } else {
        // A method has no marker type, and no item can stand beside it in its impl block.
        let marker = tool.receiver.is_none().then(|| tool.ident());
        let warnings = cx.into_tokens(marker);
        let code = expand(&tool);
        quote!(#code #warnings)
    };
    quote!(#expanded #tracking)
}

fn expand(tool: &ToolFn) -> TokenStream {
    let item = emit::emitted_fn(tool);
    let marker = emit::marker(tool);
    let krate = &tool.krate;
    let ident = tool.ident();
    let name = tool.wire_name();
    let aliases = tool.args.aliases.iter().map(|a| &a.name.value);
    let params = tool
        .params
        .iter()
        .map(|p| param_meta(p, takes_arguments(tool, p)));
    let count = tool.params.len();
    let meta = tool_meta(tool);
    let role_checks = tool.params.iter().filter_map(|p| role_check(tool, p));
    // The parameter that takes the arguments of an `input_schema` tool adds nothing to a
    // schema: the file is the schema.
    let describes = tool
        .params
        .iter()
        .enumerate()
        .filter(|(_, p)| !takes_arguments(tool, p))
        .map(|(i, p)| {
            let ty = &p.value_ty;
            quote_spanned!(ty.span()=> <#ty as __rt::ToolArg>::describe(&__PARAMS[#i], schema);)
        });
    let call = call_fn(tool);
    let output_ty = tool.output_ty();
    let output =
        quote_spanned!(tool.output_span()=> <#output_ty as __rt::ToolReturn>::output_schema);
    let handle_kind =
        quote_spanned!(tool.output_span()=> <#output_ty as __rt::ToolReturn>::handle_kind);
    quote! {
        #item
        #marker
        const _: () = {
            use #krate::__private::v1 as __rt;
            static __PARAMS: [__rt::ParamMeta; #count] = [#(#params),*];
            #(#role_checks)*
            static __META: __rt::ToolMeta = #meta;
            fn __describe(schema: &mut __rt::InputSchema) {
                let _ = &schema;
                #(#describes)*
            }
            #call
            impl __rt::ToolSpec for #ident {
                const NAME: &'static str = #name;
                const ALIASES: &'static [&'static str] = &[#(#aliases),*];
                fn definition() -> __rt::ToolDefinition {
                    __rt::ToolDefinition::from_spec(&__META, __describe, #output, #handle_kind, __call)
                }
            }
        };
    }
}

/// Whether `param` receives the whole arguments object: with `input_schema`, the one
/// parameter the server does not supply (checked by the rules).
fn takes_arguments(tool: &ToolFn, param: &Param) -> bool {
    tool.args.input_schema.is_some() && param.source != Source::Injected
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
    let description = tool
        .doc
        .as_ref()
        .map_or_else(|| quote!(""), super::docs::Doc::to_expr);
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
    // Checked when parsed: the name is one of the policies.
    let binary = match tool
        .args
        .binary
        .as_ref()
        .and_then(|v| BinaryPolicy::from_name(&v.value))
    {
        Some(policy) => {
            let variant = format_ident!("{}", format!("{policy:?}"));
            quote!(::core::option::Option::Some(__rt::BinaryPolicy::#variant))
        }
        None => quote!(::core::option::Option::None),
    };
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

/// The parameter's row of the table; `arguments` for the one that takes the whole
/// arguments object of an `input_schema` tool, which no schema lists.
fn param_meta(param: &Param, arguments: bool) -> TokenStream {
    let name = &param.wire_name.value;
    let rust_name = &param.rust_name;
    let description = opt_expr(param.doc.as_ref().map(super::docs::Doc::to_expr));
    let a = &param.attrs;
    let ty = &param.value_ty;
    let optional_or_default = param.source == Source::Optional || a.default.is_some();
    let required = if arguments {
        quote!(false)
    } else {
        quote_spanned! {ty.span()=>
            __rt::ParamRole::required(<#ty as __rt::ToolArg>::ROLE, #optional_or_default)
        }
    };
    let unit = opt_str(param.unit.as_deref());
    let minimum = opt_f64(a.min.as_ref().map(|n| n.value.value));
    let maximum = opt_f64(a.max.as_ref().map(|n| n.value.value));
    let min_length = opt_u64(a.min_length.as_ref().map(|v| v.value));
    let max_length = opt_u64(a.max_length.as_ref().map(|v| v.value));
    let pattern = opt_str(a.pattern.as_ref().map(|v| v.value.as_str()));
    let format = opt_str(a.format.as_ref().map(|v| v.value.as_str()));
    let default = opt_str(a.default.as_ref().map(|v| v.value.as_str()));
    let example = opt_str(a.example.as_ref().map(|v| v.value.as_str()));
    let narrows = opt_expr(a.narrows.as_ref().map(|v| {
        let b = v.value;
        quote!(#b)
    }));
    quote! {
        __rt::ParamMeta {
            name: #name,
            rust_name: #rust_name,
            description: #description,
            required: #required,
            unit: #unit,
            minimum: #minimum,
            maximum: #maximum,
            min_length: #min_length,
            max_length: #max_length,
            pattern: #pattern,
            format: #format,
            default: #default,
            example: #example,
            narrows: #narrows,
        }
    }
}

/// The compile-time check that the type's role takes what was written on the parameter:
/// `#[param]` keys need an `Argument`, `Option` needs a value the model may leave out, and
/// beside an `input_schema` tool's arguments only the server's values may stand.
/// `None` when there is nothing to check.
fn role_check(tool: &ToolFn, param: &Param) -> Option<TokenStream> {
    let ty = &param.value_ty;
    let name = &param.wire_name.value;
    if tool.args.input_schema.is_some() {
        if takes_arguments(tool, param) {
            return None;
        }
        let message = format!(
            "`{name}` is not supplied by the server: with `input_schema`, the parameters beside the one taking the arguments are `State<T>` and `ToolContext`"
        );
        return Some(quote_spanned! {param.ty.span()=>
            const _: () = ::core::assert!(
                ::core::matches!(<#ty as __rt::ToolArg>::ROLE, __rt::ParamRole::Injected),
                #message
            );
        });
    }
    if let Some((key, span)) = param.first_schema_key() {
        let injected = format!(
            "`{name}` is supplied by the server, not by the model, so it takes no `#[param({key} = …)]`; remove the key"
        );
        let own_schema = format!(
            "`{name}` brings its own schema (`ResponseFormat`, `PageCursor`, `PlanHandle`, `IdempotencyKey`), so it takes no `#[param({key} = …)]`; remove the key"
        );
        let fields = format!(
            "`{name}` takes its arguments from the fields of its struct, so it takes no `#[param({key} = …)]`; write the key on the field it bounds"
        );
        return Some(quote_spanned! {span=>
            const _: () = match <#ty as __rt::ToolArg>::ROLE {
                __rt::ParamRole::Argument => {}
                __rt::ParamRole::Injected => ::core::panic!(#injected),
                __rt::ParamRole::Cursor | __rt::ParamRole::Format | __rt::ParamRole::Token => {
                    ::core::panic!(#own_schema)
                }
                __rt::ParamRole::Fields => ::core::panic!(#fields),
            };
        });
    }
    if param.source == Source::Optional {
        let injected = format!(
            "`{name}` is supplied by the server and always present; take it without `Option`"
        );
        let fields = format!(
            "`{name}` is never absent: its struct is the arguments object; take it without `Option` and make the fields that may be left out `Option`s"
        );
        return Some(quote_spanned! {param.ty.span()=>
            const _: () = match <#ty as __rt::ToolArg>::ROLE {
                __rt::ParamRole::Injected => ::core::panic!(#injected),
                __rt::ParamRole::Fields => ::core::panic!(#fields),
                __rt::ParamRole::Argument
                | __rt::ParamRole::Cursor
                | __rt::ParamRole::Format
                | __rt::ParamRole::Token => {}
            };
        });
    }
    None
}

fn call_fn(tool: &ToolFn) -> TokenStream {
    let ident = tool.ident();
    let vars: Vec<_> = (0..tool.params.len())
        .map(|i| format_ident!("__a{}", i))
        .collect();
    let extracts = tool
        .params
        .iter()
        .zip(&vars)
        .enumerate()
        .map(|(i, (p, var))| {
            let ty = &p.value_ty;
            if takes_arguments(tool, p) {
                let ty = &p.ty;
                return quote_spanned! {ty.span()=>
                    let #var = <#ty as __rt::ToolArguments>::from_arguments(&__PARAMS[#i], call);
                };
            }
            match p.source {
                Source::Optional => quote_spanned! {ty.span()=>
                    let #var = __rt::extract_optional::<#ty>(&__PARAMS[#i], call);
                },
                Source::Argument | Source::Injected | Source::Fields => quote_spanned! {ty.span()=>
                    let #var = <#ty as __rt::ToolArg>::extract(&__PARAMS[#i], call);
                },
            }
        });
    let invoke = if tool.item.sig.asyncness.is_some() {
        quote!(#ident(#(#vars),*).await)
    } else {
        quote!(#ident(#(#vars),*))
    };
    let output_ty = tool.output_ty();
    let into_output =
        quote_spanned!(tool.output_span()=> <#output_ty as __rt::ToolReturn>::into_output);
    // Every parameter is extracted before any error is reported, so one result names all
    // the failed ones; on success nothing is allocated.
    let body = if vars.is_empty() {
        quote!(#into_output(#invoke, __format))
    } else {
        quote! {
            match (#(#vars,)*) {
                (#(::core::result::Result::Ok(#vars),)*) => #into_output(#invoke, __format),
                (#(#vars,)*) => ::core::result::Result::Err(
                    __rt::ArgError::gather([#(#vars.err()),*]),
                ),
            }
        }
    };
    quote! {
        fn __call<'a>(call: &'a __rt::Call<'_>) -> __rt::CallFuture<'a> {
            ::std::boxed::Box::pin(async move {
                let __format = call.response_format();
                #(#extracts)*
                #body
            })
        }
    }
}

fn opt_expr(value: Option<TokenStream>) -> TokenStream {
    match value {
        Some(v) => quote!(::core::option::Option::Some(#v)),
        None => quote!(::core::option::Option::None),
    }
}

fn opt_str(value: Option<&str>) -> TokenStream {
    opt_expr(value.map(|v| quote!(#v)))
}

fn opt_u64(value: Option<u64>) -> TokenStream {
    opt_expr(value.map(|v| quote!(#v)))
}

fn opt_f64(value: Option<f64>) -> TokenStream {
    opt_expr(value.map(|v| {
        let lit = proc_macro2::Literal::f64_suffixed(v);
        quote!(#lit)
    }))
}
