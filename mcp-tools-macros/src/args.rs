//! `#[derive(ToolArgs)]`: the design rules and the `#[param(...)]` keys on the fields of an
//! argument struct, as on the parameters of a tool fn.
//!
//! The fields are read through the same model as a fn's parameters (a fn with one parameter
//! per field, each keeping the field's tokens, so every report points at the field), and
//! the parameter rules run on them. The struct's `JsonSchema` is that of a shadow struct
//! with the same fields, docs and serde attributes, where each `#[param]` key is written as
//! the schemars attribute with the same effect on the schema (`max` → `range(max)`, `unit`
//! → the description's "Unit: …"); `narrows`, which the runtime reads, as the keyword
//! `x-narrows`.

use mcp_tools_rules::{Level, Rule};
use proc_macro2::TokenStream;
use quote::{format_ident, quote};
use syn::{Attribute, Data, DeriveInput, Fields, ItemFn};

use crate::{
    config::Config,
    diag::Diagnostics,
    model::{Origin, Param, ToolFn},
    parse::parse_tool_args,
    rules,
};

/// The rules about one argument. `absolute_value` is left to the tool: a struct does not
/// know whether the tool it is passed to changes state.
const FIELD_RULES: &[Rule] = &[
    Rule::ParamDescriptionRequired,
    Rule::PathFormat,
    Rule::GenericParamName,
    Rule::UnitInName,
    Rule::BoundedLimit,
    Rule::BoundedLimitUnenforced,
    Rule::TimestampFormat,
];

/// `#[derive(ToolArgs)] struct …`.
pub(crate) fn derive(input: TokenStream) -> TokenStream {
    let mut cx = Diagnostics::default();
    let input: DeriveInput = match syn::parse2(input) {
        Ok(input) => input,
        Err(e) => return e.to_compile_error(),
    };
    let ident = &input.ident;
    let Data::Struct(data) = &input.data else {
        return syn::Error::new_spanned(
            ident,
            "#[derive(ToolArgs)] applies to a struct with named fields\n= help: derive `schemars::JsonSchema` for an enum; its values describe it",
        )
        .to_compile_error();
    };
    let Fields::Named(fields) = &data.fields else {
        return syn::Error::new_spanned(
            ident,
            "#[derive(ToolArgs)] applies to a struct with named fields\n= help: name each field: its name is the argument's name in the schema",
        )
        .to_compile_error();
    };
    if !input.generics.params.is_empty() {
        return syn::Error::new_spanned(
            &input.generics,
            "#[derive(ToolArgs)] takes a struct without generic parameters\n= help: derive it on a concrete struct, one per shape of arguments",
        )
        .to_compile_error();
    }

    // The fields as a fn's parameters, keeping their tokens (and so their spans).
    let params = fields.named.iter().map(|f| {
        let attrs = f
            .attrs
            .iter()
            .filter(|a| a.path().is_ident("doc") || a.path().is_ident("param"));
        let name = &f.ident;
        let ty = &f.ty;
        quote!(#(#attrs)* #name: #ty)
    });
    let item: ItemFn =
        syn::parse_quote!(#[doc = " Arguments."] async fn arguments(#(#params),*) {});
    let config = Config::load();
    let tool_args = parse_tool_args(quote!(namespace = "arguments", read_only), &mut cx);
    let mut tool = ToolFn::from_syn(tool_args, item, &config, &mut cx);
    for param in &mut tool.params {
        param.origin = Origin::Field;
    }
    for rule in Rule::ALL {
        if !FIELD_RULES.contains(rule) {
            tool.levels.set(*rule, Level::Allow);
        }
    }
    rules::check(&tool, &mut cx);
    for param in &tool.params {
        refuse_serde_keys(param, &mut cx);
    }

    let shadow_fields = fields.named.iter().zip(&tool.params).map(|(field, param)| {
        let name = &field.ident;
        let ty = &field.ty;
        let kept = field.attrs.iter().filter(|a| kept_attr(a));
        let description = param.unit.as_ref().and_then(|unit| {
            let text = param.doc.as_ref().and_then(|d| d.text.as_deref());
            Some(match text {
                Some(doc) => format!("{} Unit: {unit}.", doc.trim_end()),
                None if param.doc.is_none() => format!("Unit: {unit}."),
                None => return None,
            })
        });
        let description = description.map(|d| quote!(#[schemars(description = #d)]));
        let keys = schema_keys(param);
        quote! {
            #(#kept)*
            #description
            #(#keys)*
            #name: #ty,
        }
    });
    let container = input.attrs.iter().filter(|a| kept_attr(a));
    let renamed = input.attrs.iter().any(|a| {
        (a.path().is_ident("serde") || a.path().is_ident("schemars")) && attr_mentions(a, "rename")
    });
    let name = ident.to_string();
    let rename = (!renamed).then(|| quote!(#[schemars(rename = #name)]));
    let shadow = format_ident!("__McpToolsArgs{}", ident);
    let schemars = quote!(::mcp_tools::__private::v1::schemars);
    let diagnostics = cx.into_tokens(Some(ident));
    quote! {
        const _: () = {
            #[derive(#schemars::JsonSchema)]
            #[schemars(crate = "::mcp_tools::__private::v1::schemars")]
            #rename
            #(#container)*
            #[allow(dead_code, non_camel_case_types, clippy::all, clippy::pedantic)]
            struct #shadow {
                #(#shadow_fields)*
            }

            impl #schemars::JsonSchema for #ident {
                fn inline_schema() -> bool {
                    <#shadow as #schemars::JsonSchema>::inline_schema()
                }

                fn schema_name() -> ::std::borrow::Cow<'static, str> {
                    <#shadow as #schemars::JsonSchema>::schema_name()
                }

                fn schema_id() -> ::std::borrow::Cow<'static, str> {
                    ::std::borrow::Cow::Borrowed(::core::concat!(::core::module_path!(), "::", #name))
                }

                fn json_schema(generator: &mut #schemars::SchemaGenerator) -> #schemars::Schema {
                    <#shadow as #schemars::JsonSchema>::json_schema(generator)
                }
            }
        };
        // The rules' reports, each at its field; a warning names `<struct>::rule::<id>`.
        const _: () = {
            #[allow(dead_code, non_camel_case_types)]
            struct #ident;
            #diagnostics
        };
    }
}

/// Docs, serde's and schemars' own attributes: what the schema follows.
fn kept_attr(attr: &Attribute) -> bool {
    ["doc", "serde", "schemars"]
        .iter()
        .any(|name| attr.path().is_ident(name))
}

fn attr_mentions(attr: &Attribute, word: &str) -> bool {
    quote!(#attr).to_string().contains(word)
}

/// `default` and `rename` change how serde reads the field, which only the struct's own
/// `#[serde(...)]` can do; the schema follows serde's attributes.
fn refuse_serde_keys(param: &Param, cx: &mut Diagnostics) {
    let a = &param.attrs;
    let refused = [
        (
            a.default.as_ref().map(|d| d.span),
            "default",
            "`#[serde(default)]` (with `Default`) or `#[serde(default = \"path\")]`",
        ),
        (
            a.rename.as_ref().map(|r| r.span),
            "rename",
            "`#[serde(rename = \"…\")]`",
        ),
    ];
    for (span, key, fix) in refused {
        if let Some(span) = span {
            cx.error(
                span,
                format!("`{key}` on a field of a `ToolArgs` struct would change the schema but not how the field deserializes"),
                format!("write {fix} on the field: serde reads it, and the schema follows it"),
            );
        }
    }
}

/// The schemars attributes with the schema effect of the field's `#[param]` keys.
fn schema_keys(param: &Param) -> Vec<TokenStream> {
    let a = &param.attrs;
    let mut keys = Vec::new();
    let number = |n: &crate::parse::Sp<crate::parse::value::Number>| {
        let v = n.value.value;
        if n.value.is_integer && v.fract() == 0.0 && v.abs() < 9.0e15 {
            let i = v as i64;
            quote!(#i)
        } else {
            quote!(#v)
        }
    };
    let range: Vec<TokenStream> = [("min", a.min.as_ref()), ("max", a.max.as_ref())]
        .into_iter()
        .filter_map(|(k, v)| {
            let k = format_ident!("{k}");
            v.map(|v| {
                let n = number(v);
                quote!(#k = #n)
            })
        })
        .collect();
    if !range.is_empty() {
        keys.push(quote!(#[schemars(range(#(#range),*))]));
    }
    let length: Vec<TokenStream> = [
        ("min", a.min_length.as_ref()),
        ("max", a.max_length.as_ref()),
    ]
    .into_iter()
    .filter_map(|(k, v)| {
        let k = format_ident!("{k}");
        v.map(|v| {
            let n = v.value;
            quote!(#k = #n)
        })
    })
    .collect();
    if !length.is_empty() {
        keys.push(quote!(#[schemars(length(#(#length),*))]));
    }
    if let Some(pattern) = &a.pattern {
        let p = &pattern.value;
        keys.push(quote!(#[schemars(regex(pattern = #p))]));
    }
    if let Some(format) = &a.format {
        let f = &format.value;
        keys.push(quote!(#[schemars(extend("format" = #f))]));
    }
    if let Some(narrows) = &a.narrows {
        // No schema effect of its own: the runtime reads the keyword and lists the schema
        // without it.
        let (keyword, b) = (mcp_tools_shared::narrows::KEYWORD, narrows.value);
        keys.push(quote!(#[schemars(extend(#keyword = #b))]));
    }
    if let Some(example) = &a.example {
        // The key holds the example's JSON text; JSON literals are Rust tokens too.
        if let Ok(tokens) = syn::parse_str::<TokenStream>(&example.value) {
            keys.push(quote!(#[schemars(extend("examples" = [#tokens]))]));
        }
    }
    keys
}
