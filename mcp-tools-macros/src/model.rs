//! Stage 2: the tool as the rules and the expansion see it. Every node keeps its span.

use proc_macro2::{Span, TokenStream};
use quote::quote;
use syn::{
    FnArg, GenericArgument, Ident, ItemFn, Pat, PathArguments, ReturnType, Type, spanned::Spanned,
};

use crate::{
    catalog::{Level, Levels, Rule},
    config::Config,
    diag::Diagnostics,
    docs::{self, Doc},
    parse::{ParamArgs, Sp, ToolArgs, parse_param_args},
    words,
};

/// A `#[tool]` fn, resolved.
pub(crate) struct ToolFn {
    /// The user's fn with parameter docs and `#[param]` removed; emitted as is.
    pub(crate) item: ItemFn,
    pub(crate) args: ToolArgs,
    /// The namespace: the attribute's, else the crate's default (spanned at the attribute).
    pub(crate) namespace: Option<Sp<String>>,
    /// Where the namespace came from: `true` for the crate's `[package.metadata.mcp-tools]`.
    pub(crate) namespace_from_config: bool,
    /// The level of each rule for this tool.
    pub(crate) levels: Levels,
    /// The action part of the wire name: the `name` key or the fn's ident.
    pub(crate) action: Sp<String>,
    /// The action's words in `snake_case`, whatever its style (`getUser` → `get_user`),
    /// for the rules' word lists.
    pub(crate) action_key: String,
    pub(crate) doc: Option<Doc>,
    pub(crate) params: Vec<Param>,
    /// Parameters the macro cannot turn into tool arguments (`self`, patterns).
    pub(crate) receiver: Option<Span>,
    pub(crate) krate: TokenStream,
}

/// What the parameter looks like from its syntax, for the design rules.
///
/// A guess: the macro sees the type as written, not what it resolves to. The generated code
/// takes every decision that reaches the schema or the call (in the schema or not, required
/// or not, how the value is obtained) from the type's `ToolArg::ROLE`, and checks at
/// compile time that `#[param]` keys only sit on parameters whose role takes them. The
/// guess only spares `Injected` parameters the rules' demands for docs and names; a wrong
/// guess there (a user's generic `State<T>` type) changes no report, as the rules already
/// accept a user's own type without a doc.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Source {
    /// From the call's arguments; required unless it has a default.
    Argument,
    /// Written `Option<T>`: from the arguments, may be absent. Checked by the compiler: the
    /// handler passes a `core::option::Option<T>` to the fn.
    Optional,
    /// Looks like `State<T>` or `ToolContext`: supplied by the server, not in the schema.
    Injected,
}

/// One parameter of the tool fn.
pub(crate) struct Param {
    pub(crate) ident: Ident,
    /// The property name in the schema (`rename` or the ident).
    pub(crate) wire_name: Sp<String>,
    /// The wire name's words in `snake_case` (`maxResults` → `max_results`).
    pub(crate) key: String,
    pub(crate) ty: Type,
    /// `T` of `Option<T>`, else the type itself.
    pub(crate) value_ty: Type,
    pub(crate) source: Source,
    pub(crate) doc: Option<Doc>,
    pub(crate) attrs: ParamArgs,
    /// The unit from `unit = "…"` or from the name's suffix (numbers only).
    pub(crate) unit: Option<String>,
    pub(crate) is_numeric: bool,
    pub(crate) is_response_format: bool,
}

impl ToolFn {
    /// Builds the model; problems are pushed into `cx`, never returned.
    pub(crate) fn from_syn(
        args: ToolArgs,
        mut item: ItemFn,
        config: &Config,
        cx: &mut Diagnostics,
    ) -> Self {
        let ident = item.sig.ident.clone();
        let (namespace, namespace_from_config) = match (&args.namespace, &config.namespace) {
            (Some(ns), _) => (Some(ns.clone()), false),
            // A malformed `namespace = …` was reported where written; do not replace it.
            (None, Some(ns)) if !args.wrote("namespace") => {
                (Some(Sp::new(ns.clone(), Span::call_site())), true)
            }
            _ => (None, false),
        };
        let mut levels = config.levels();
        for allowed in &args.allow {
            if let Some(rule) = Rule::from_id(&allowed.value) {
                levels.set(rule, Level::Allow);
            }
        }
        let action = match &args.name {
            Some(name) => name.clone(),
            // `async fn r#loop` is the tool `loop`, as a raw parameter name is.
            None => {
                let name = ident.to_string();
                let name = name.strip_prefix("r#").unwrap_or(&name).to_owned();
                Sp::new(name, ident.span())
            }
        };
        let doc = docs::collect(&item.attrs);
        let mut params = Vec::new();
        let mut receiver = None;
        for input in &mut item.sig.inputs {
            match input {
                FnArg::Receiver(r) => receiver = Some(r.span()),
                FnArg::Typed(pat_type) => {
                    let attrs = parse_param_args(&pat_type.attrs, cx);
                    let doc = docs::collect(&pat_type.attrs);
                    docs::strip_param_attrs(&mut pat_type.attrs);
                    let Pat::Ident(pat_ident) = &*pat_type.pat else {
                        cx.error_spanned(
                            &pat_type.pat,
                            "a #[tool] parameter needs a plain name",
                            "write `name: Type`; destructure inside the body, since the name becomes the argument's name",
                        );
                        continue;
                    };
                    params.push(Param::new(
                        pat_ident.ident.clone(),
                        (*pat_type.ty).clone(),
                        doc,
                        attrs,
                    ));
                }
            }
        }
        let krate = match &args.krate {
            Some(path) => quote!(#path),
            None => quote!(::mcp_tools_runtime),
        };
        let action_key = words::normalize(&action.value);
        ToolFn {
            item,
            args,
            namespace,
            namespace_from_config,
            levels,
            action,
            action_key,
            doc,
            params,
            receiver,
            krate,
        }
    }

    pub(crate) fn ident(&self) -> &Ident {
        &self.item.sig.ident
    }

    /// `namespace_action`, or the action alone when no namespace is given.
    pub(crate) fn wire_name(&self) -> String {
        match &self.namespace {
            Some(ns) if !ns.value.is_empty() => format!("{}_{}", ns.value, self.action.value),
            _ => self.action.value.clone(),
        }
    }

    /// The type the fn's future yields.
    pub(crate) fn output_ty(&self) -> TokenStream {
        match &self.item.sig.output {
            ReturnType::Default => quote!(()),
            ReturnType::Type(_, ty) => quote!(#ty),
        }
    }

    pub(crate) fn output_span(&self) -> Span {
        match &self.item.sig.output {
            ReturnType::Default => self.item.sig.paren_token.span.close(),
            ReturnType::Type(_, ty) => ty.span(),
        }
    }
}

impl Param {
    fn new(ident: Ident, ty: Type, doc: Option<Doc>, attrs: ParamArgs) -> Self {
        let (source, value_ty) = match option_inner(&ty) {
            Some(inner) => (Source::Optional, inner.clone()),
            None if is_injected(&ty) => (Source::Injected, ty.clone()),
            None => (Source::Argument, ty.clone()),
        };
        let name = ident.to_string();
        let name = name.strip_prefix("r#").unwrap_or(&name).to_owned();
        let wire_name = match &attrs.rename {
            Some(rename) => rename.clone(),
            None => Sp::new(name, ident.span()),
        };
        let is_numeric = is_numeric(&value_ty);
        let key = words::normalize(&wire_name.value);
        let unit = match &attrs.unit {
            Some(unit) => Some(unit.value.clone()),
            None if is_numeric => words::unit_of(&key).map(ToOwned::to_owned),
            None => None,
        };
        let is_response_format = is_plain_named(&value_ty, "ResponseFormat");
        Param {
            ident,
            wire_name,
            key,
            ty,
            value_ty,
            source,
            doc,
            attrs,
            unit,
            is_numeric,
            is_response_format,
        }
    }

    /// Whether the rules take the parameter for a property of the input schema (a guess;
    /// the schema itself follows the type's role).
    pub(crate) fn in_schema(&self) -> bool {
        self.source != Source::Injected
    }

    /// The first `#[param]` key that shapes the value's schema (all but `rename`), with the
    /// span of its value: only a parameter with the role `Argument` takes one.
    pub(crate) fn first_schema_key(&self) -> Option<(&'static str, Span)> {
        let a = &self.attrs;
        [
            ("min", a.min.as_ref().map(|v| v.span)),
            ("max", a.max.as_ref().map(|v| v.span)),
            ("min_length", a.min_length.as_ref().map(|v| v.span)),
            ("max_length", a.max_length.as_ref().map(|v| v.span)),
            ("pattern", a.pattern.as_ref().map(|v| v.span)),
            ("format", a.format.as_ref().map(|v| v.span)),
            ("unit", a.unit.as_ref().map(|v| v.span)),
            ("default", a.default.as_ref().map(|v| v.span)),
            ("example", a.example.as_ref().map(|v| v.span)),
        ]
        .into_iter()
        .find_map(|(key, span)| Some((key, span?)))
    }
}

fn last_segment(ty: &Type) -> Option<String> {
    match ty {
        Type::Path(p) if p.qself.is_none() => p.path.segments.last().map(|s| s.ident.to_string()),
        Type::Group(g) => last_segment(&g.elem),
        Type::Paren(p) => last_segment(&p.elem),
        _ => None,
    }
}

/// `T` of `Option<T>`; like clap, optionality is read from the syntax.
pub(crate) fn option_inner(ty: &Type) -> Option<&Type> {
    let Type::Path(p) = ty else { return None };
    let segment = p.path.segments.last()?;
    if segment.ident != "Option" {
        return None;
    }
    let PathArguments::AngleBracketed(args) = &segment.arguments else {
        return None;
    };
    match args.args.first()? {
        GenericArgument::Type(inner) => Some(inner),
        _ => None,
    }
}

/// Whether the type is written as the runtime's `State<T>` or `ToolContext` would be (see
/// [`Source`]): `State` with a type argument, `ToolContext` without one, so a user's own
/// `enum State` is an argument to the rules as it is to the schema.
fn is_injected(ty: &Type) -> bool {
    match ty {
        Type::Path(p) if p.qself.is_none() => {
            p.path.segments.last().is_some_and(|s| match &s.arguments {
                PathArguments::AngleBracketed(args) => s.ident == "State" && args.args.len() == 1,
                PathArguments::None => s.ident == "ToolContext",
                PathArguments::Parenthesized(_) => false,
            })
        }
        Type::Group(g) => is_injected(&g.elem),
        Type::Paren(p) => is_injected(&p.elem),
        _ => false,
    }
}

/// Whether the type is written as `name` with no type arguments (`ResponseFormat`).
fn is_plain_named(ty: &Type, name: &str) -> bool {
    match ty {
        Type::Path(p) if p.qself.is_none() => p
            .path
            .segments
            .last()
            .is_some_and(|s| s.ident == name && s.arguments.is_none()),
        Type::Group(g) => is_plain_named(&g.elem, name),
        Type::Paren(p) => is_plain_named(&p.elem, name),
        _ => false,
    }
}

fn is_numeric(ty: &Type) -> bool {
    matches!(
        last_segment(ty).as_deref(),
        Some(
            "f32"
                | "f64"
                | "u8"
                | "u16"
                | "u32"
                | "u64"
                | "u128"
                | "usize"
                | "i8"
                | "i16"
                | "i32"
                | "i64"
                | "i128"
                | "isize"
                | "NonZeroU8"
                | "NonZeroU16"
                | "NonZeroU32"
                | "NonZeroU64"
                | "NonZeroUsize"
        )
    )
}
