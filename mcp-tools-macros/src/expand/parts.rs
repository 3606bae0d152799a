//! What the expansions of `#[tool]`, `#[prompt]` and `#[resource]` share: the parameter
//! table, the compile-time role checks, the schema's `describe` fn, the handler that
//! extracts every parameter and gathers every failure, completions, icons and `_meta`.

use mcp_tools_shared::binary::BinaryPolicy;
use proc_macro2::TokenStream;
use quote::{format_ident, quote, quote_spanned};
use syn::spanned::Spanned;

use crate::model::{Param, Source, ToolFn};

/// `static __PARAMS`, the table of every parameter, and the role checks of each.
pub(super) fn params_table(tool: &ToolFn) -> TokenStream {
    let params = tool
        .params
        .iter()
        .map(|p| param_meta(p, takes_arguments(tool, p)));
    let count = tool.params.len();
    let role_checks = tool.params.iter().filter_map(|p| role_check(tool, p));
    quote! {
        static __PARAMS: [__rt::ParamMeta; #count] = [#(#params),*];
        #(#role_checks)*
    }
}

/// `fn __describe`, which adds each parameter to the schema (or records the state it
/// needs).
pub(super) fn describe_fn(tool: &ToolFn) -> TokenStream {
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
    quote! {
        fn __describe(schema: &mut __rt::InputSchema) {
            let _ = &schema;
            #(#describes)*
        }
    }
}

/// The description: the doc comment, or `""`.
pub(super) fn description(tool: &ToolFn) -> TokenStream {
    tool.doc
        .as_ref()
        .map_or_else(|| quote!(""), crate::docs::Doc::to_expr)
}

/// `binary = "…"` as an `Option<BinaryPolicy>`.
pub(super) fn binary(tool: &ToolFn) -> TokenStream {
    // Checked when parsed: the name is one of the policies.
    match tool
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
    }
}

/// `icons(…)` as a `&[IconMeta]`.
pub(super) fn icons(tool: &ToolFn) -> TokenStream {
    let icons = tool.args.icons.iter().map(|icon| {
        let src = &icon.value;
        quote!(__rt::IconMeta { src: #src })
    });
    quote!(&[#(#icons),*])
}

/// `meta = …` as an `Option<&str>` of JSON text.
pub(super) fn json_meta(tool: &ToolFn) -> TokenStream {
    opt_str(tool.args.meta.as_ref().map(|m| m.value.as_str()))
}

/// `scopes(…)` as a `&[&str]`.
pub(super) fn scopes(tool: &ToolFn) -> TokenStream {
    let scopes = tool.args.scopes.iter().map(|s| &s.value);
    quote!(&[#(#scopes),*])
}

/// One `__complete_<i>` fn per `complete = path` key, and `static __COMPLETIONS`, the
/// table that names each with the argument it completes.
///
/// The user's fn is called at the path's span, so a fn of the wrong shape (another
/// argument type, a result that is not a list of strings) is an error there; it may be
/// `async` or not (`complete_with` tells them apart by a marker type).
pub(super) fn completions(tool: &ToolFn) -> TokenStream {
    let completed: Vec<(&Param, &crate::parse::Sp<syn::Path>)> = tool
        .params
        .iter()
        .filter_map(|p| Some((p, p.attrs.complete.as_ref()?)))
        .collect();
    let count = completed.len();
    let fns = completed.iter().enumerate().map(|(i, (_, path))| {
        let ident = format_ident!("__complete_{}", i);
        let call = &path.value;
        let body = quote_spanned! {path.span=>
            __rt::complete_with(#call, completion)
        };
        quote! {
            fn #ident(completion: __rt::Completion) -> __rt::CompleteFuture {
                #body
            }
        }
    });
    let rows = completed.iter().enumerate().map(|(i, (param, _))| {
        let ident = format_ident!("__complete_{}", i);
        let name = &param.wire_name.value;
        quote!(__rt::Completer { param: #name, complete: #ident })
    });
    quote! {
        #(#fns)*
        static __COMPLETIONS: [__rt::Completer; #count] = [#(#rows),*];
    }
}

/// `impl Item` for the marker: the key `catalog![...]` checks for collisions, and how it
/// adds the definition (`add`, with `catalog` in scope).
pub(super) fn item_impl(tool: &ToolFn, key: &TokenStream, add: &TokenStream) -> TokenStream {
    let ident = tool.ident();
    quote! {
        impl __rt::Item for #ident {
            const KEY: __rt::ItemKey = #key;
            fn add_to(catalog: &mut __rt::Catalog) {
                #add;
            }
        }
    }
}

/// Whether `param` receives the whole arguments object: with `input_schema`, the one
/// parameter the server does not supply (checked by the rules).
pub(super) fn takes_arguments(tool: &ToolFn, param: &Param) -> bool {
    tool.args.input_schema.is_some() && param.source != Source::Injected
}

/// The parameter's row of the table; `arguments` for the one that takes the whole
/// arguments object of an `input_schema` tool, which no schema lists.
pub(super) fn param_meta(param: &Param, arguments: bool) -> TokenStream {
    let name = &param.wire_name.value;
    let rust_name = &param.rust_name;
    let description = opt_expr(param.doc.as_ref().map(crate::docs::Doc::to_expr));
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
pub(super) fn role_check(tool: &ToolFn, param: &Param) -> Option<TokenStream> {
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

/// `fn __call`, the handler: `prelude`, then every parameter extracted, then the fn called
/// and its output turned into what `future` yields by `finish` (given the call's tokens).
pub(super) fn call_fn(
    tool: &ToolFn,
    future: &TokenStream,
    prelude: &TokenStream,
    finish: impl Fn(&TokenStream) -> TokenStream,
) -> TokenStream {
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
    let finished = finish(&invoke);
    // Every parameter is extracted before any error is reported, so one result names all
    // the failed ones; on success nothing is allocated.
    let body = if vars.is_empty() {
        finished
    } else {
        quote! {
            match (#(#vars,)*) {
                (#(::core::result::Result::Ok(#vars),)*) => #finished,
                (#(#vars,)*) => ::core::result::Result::Err(
                    __rt::ArgError::gather([#(#vars.err()),*]),
                ),
            }
        }
    };
    quote! {
        fn __call<'a>(call: &'a __rt::Call<'_>) -> #future {
            ::std::boxed::Box::pin(async move {
                #prelude
                #(#extracts)*
                #body
            })
        }
    }
}

pub(super) fn opt_expr(value: Option<TokenStream>) -> TokenStream {
    match value {
        Some(v) => quote!(::core::option::Option::Some(#v)),
        None => quote!(::core::option::Option::None),
    }
}

pub(super) fn opt_str(value: Option<&str>) -> TokenStream {
    opt_expr(value.map(|v| quote!(#v)))
}

pub(super) fn opt_u64(value: Option<u64>) -> TokenStream {
    opt_expr(value.map(|v| quote!(#v)))
}

pub(super) fn opt_f64(value: Option<f64>) -> TokenStream {
    opt_expr(value.map(|v| {
        let lit = proc_macro2::Literal::f64_suffixed(v);
        quote!(#lit)
    }))
}
