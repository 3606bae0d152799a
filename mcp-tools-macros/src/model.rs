//! Stage 2: the tool (or prompt, or resource) as the rules and the expansion see it. Every
//! node keeps its span.

use mcp_tools_rules::{Level, Levels, Rule, words};
use proc_macro2::{Span, TokenStream};
use quote::quote;
use serde_json::Value;
use syn::{
    FnArg, GenericArgument, Ident, ItemFn, Pat, PathArguments, ReturnType, Type, parse_quote,
    spanned::Spanned,
};

use crate::{
    config::Config,
    diag::Diagnostics,
    docs::{self, Doc},
    kind::Kind,
    parse::{ParamArgs, Sp, ToolArgs, parse_param_args, value::Number},
    schema_file,
    template::UriTemplate,
};

/// A `#[tool]` fn, resolved; or a `#[prompt]` or `#[resource]` fn, which share its model
/// (`args.kind` tells which).
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
    pub(crate) doc: Option<Doc>,
    pub(crate) params: Vec<Param>,
    /// With `input_schema`, the top-level properties of the file's schema, which the
    /// rules judge as they judge parameters; empty otherwise.
    pub(crate) properties: Vec<Param>,
    /// Parameters the macro cannot turn into tool arguments (`self`, patterns).
    pub(crate) receiver: Option<Span>,
    /// A resource's URI, parsed; `None` for a tool or prompt, or when it is malformed
    /// (reported where it is written).
    pub(crate) template: Option<UriTemplate>,
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
    /// Looks like `Args<T>`: the fields of `T` are the arguments, judged where `T` derives
    /// `ToolArgs`; the parameter itself is no property.
    Fields,
}

pub(crate) use mcp_tools_rules::Origin;

/// One parameter of the tool fn, or one property of its `input_schema` file.
pub(crate) struct Param {
    /// The Rust name of the parameter (the property's name for a property).
    pub(crate) rust_name: String,
    /// Where reports about it point: the parameter's name, or the `input_schema` path.
    pub(crate) span: Span,
    pub(crate) origin: Origin,
    /// The property name in the schema (`rename` or the ident).
    pub(crate) wire_name: Sp<String>,
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
        let kind = args.kind;
        let (namespace, namespace_from_config) = match (&args.namespace, &config.namespace) {
            // A resource is named by its URI; its name takes no namespace.
            _ if kind == Kind::Resource => (None, false),
            (Some(ns), _) => (Some(ns.clone()), false),
            // A malformed `namespace = …` was reported where written; do not replace it.
            (None, Some(ns)) if !args.wrote("namespace") => {
                (Some(Sp::new(ns.clone(), Span::call_site())), true)
            }
            _ => (None, false),
        };
        let mut levels = config.levels_for(kind);
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
                    let attrs = parse_param_args(&pat_type.attrs, kind, cx);
                    let doc = docs::collect(&pat_type.attrs);
                    docs::strip_param_attrs(&mut pat_type.attrs);
                    let Pat::Ident(pat_ident) = &*pat_type.pat else {
                        cx.error_spanned(
                            &pat_type.pat,
                            format!("a {} parameter needs a plain name", kind.attr()),
                            "write `name: Type`; destructure inside the body, since the name becomes the argument's name",
                        );
                        continue;
                    };
                    params.push(Param::new(
                        &pat_ident.ident,
                        (*pat_type.ty).clone(),
                        doc,
                        attrs,
                    ));
                }
            }
        }
        let properties = match &args.input_schema {
            Some(path) => schema_file::load(path, cx)
                .map(|root| Param::properties_of(&root, path.span))
                .unwrap_or_default(),
            None => Vec::new(),
        };
        let krate = match &args.krate {
            Some(path) => quote!(#path),
            None => quote!(::mcp_tools),
        };
        let template = args.uri.as_ref().and_then(|lit| UriTemplate::read(lit, cx));
        ToolFn {
            item,
            args,
            namespace,
            namespace_from_config,
            levels,
            action,
            doc,
            params,
            properties,
            receiver,
            template,
            krate,
        }
    }

    pub(crate) fn kind(&self) -> Kind {
        self.args.kind
    }

    /// The arguments a model fills, as the rules judge them: the parameters in the schema
    /// (but `ResponseFormat`, which brings its own doc), or with `input_schema` the file's
    /// top-level properties.
    pub(crate) fn arguments(&self) -> impl Iterator<Item = &Param> {
        let from_fn = self.args.input_schema.is_none();
        self.params
            .iter()
            .filter(move |p| from_fn && p.in_schema() && !p.is_response_format)
            .chain(&self.properties)
    }

    /// Whether a parameter is written as the runtime's `ToolContext` (a guess from the
    /// syntax, as [`Source`] explains): the handle through which a `task_deferred` call
    /// becomes a task.
    pub(crate) fn takes_context(&self) -> bool {
        self.params
            .iter()
            .any(|p| is_plain_named(&p.ty, "ToolContext"))
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
    fn new(ident: &Ident, ty: Type, doc: Option<Doc>, attrs: ParamArgs) -> Self {
        let (source, value_ty) = match option_inner(&ty) {
            Some(inner) => (Source::Optional, inner.clone()),
            None if is_injected(&ty) => (Source::Injected, ty.clone()),
            None if is_fields(&ty) => (Source::Fields, ty.clone()),
            None => (Source::Argument, ty.clone()),
        };
        let name = ident.to_string();
        let name = name.strip_prefix("r#").unwrap_or(&name).to_owned();
        let wire_name = match &attrs.rename {
            Some(rename) => rename.clone(),
            None => Sp::new(name, ident.span()),
        };
        Param::assemble(
            ident.to_string(),
            ident.span(),
            Origin::Param,
            wire_name,
            (ty, value_ty, source),
            doc,
            attrs,
        )
    }

    /// The top-level properties of an `input_schema` file (its root), in order, all
    /// reported at `span`.
    fn properties_of(root: &Value, span: Span) -> Vec<Param> {
        let required: Vec<&str> = root
            .get("required")
            .and_then(Value::as_array)
            .map(|names| names.iter().filter_map(Value::as_str).collect())
            .unwrap_or_default();
        let Some(properties) = root.get("properties").and_then(Value::as_object) else {
            return Vec::new();
        };
        properties
            .iter()
            .map(|(name, schema)| {
                Param::from_property(name, schema, root, required.contains(&name.as_str()), span)
            })
            .collect()
    }

    /// A property of an `input_schema` file, as the rules judge a parameter: its
    /// `description` is its doc, its `maximum` and `format` are its `max` and `format` keys,
    /// and its schema reads as the Rust type that would produce it (`"type": "string"` as
    /// `String`, `"integer"` as `i64`, no `type` as `Value`; an `enum`, a `const` or an
    /// object with `properties` as `Described`, a type of the user's own, whose schema
    /// describes it). A local `$ref` stands for its target, whose keywords count where the
    /// property has none of its own; a `$ref` the macro cannot follow reads as `Described`.
    fn from_property(
        name: &str,
        schema: &Value,
        root: &Value,
        required: bool,
        span: Span,
    ) -> Param {
        let target = schema
            .get("$ref")
            .and_then(Value::as_str)
            .and_then(|r| schema_file::target(root, r));
        let get = |key: &str| schema.get(key).or_else(|| target?.get(key));
        let doc = get("description")
            .and_then(Value::as_str)
            .map(|text| Doc::described(text, span));
        let own_type = ["enum", "const", "properties"]
            .iter()
            .any(|k| get(k).is_some())
            || (target.is_none() && schema.get("$ref").is_some());
        let json_type = match get("type") {
            Some(Value::String(t)) => Some(t.as_str()),
            Some(Value::Array(types)) => types
                .iter()
                .filter_map(Value::as_str)
                .find(|t| *t != "null"),
            _ => None,
        };
        let ty: Type = match json_type {
            _ if own_type => parse_quote!(Described),
            Some("string") => parse_quote!(String),
            Some("integer") => parse_quote!(i64),
            Some("number") => parse_quote!(f64),
            Some("boolean") => parse_quote!(bool),
            Some("array") => parse_quote!(Vec<Value>),
            Some("object") => parse_quote!(Map<String, Value>),
            _ => parse_quote!(Value),
        };
        let mut attrs = ParamArgs::default();
        if let Some(max) = get("maximum").or_else(|| get("exclusiveMaximum")) {
            attrs.written.push("max".to_owned());
            attrs.max = max.as_f64().map(|value| {
                let number = Number {
                    value,
                    is_integer: max.is_i64() || max.is_u64(),
                };
                Sp::new(number, span)
            });
        }
        if let Some(format) = get("format") {
            attrs.written.push("format".to_owned());
            attrs.format = format.as_str().map(|f| Sp::new(f.to_owned(), span));
        }
        let source = if required {
            Source::Argument
        } else {
            Source::Optional
        };
        Param::assemble(
            name.to_owned(),
            span,
            Origin::Property,
            Sp::new(name.to_owned(), span),
            (ty.clone(), ty, source),
            doc,
            attrs,
        )
    }

    /// What both kinds have in common: the facts the rules read, from the name and type.
    fn assemble(
        rust_name: String,
        span: Span,
        origin: Origin,
        wire_name: Sp<String>,
        (ty, value_ty, source): (Type, Type, Source),
        doc: Option<Doc>,
        attrs: ParamArgs,
    ) -> Self {
        let is_numeric = is_numeric(&value_ty);
        let key = words::normalize(&wire_name.value);
        let unit = match &attrs.unit {
            Some(unit) => Some(unit.value.clone()),
            None if is_numeric => words::unit_of(&key).map(ToOwned::to_owned),
            None => None,
        };
        let is_response_format = is_plain_named(&value_ty, "ResponseFormat");
        Param {
            rust_name,
            span,
            origin,
            wire_name,
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
        matches!(self.source, Source::Argument | Source::Optional)
    }

    /// The first `#[param]` key that describes the value (all but `rename`), with the span
    /// of its value: only a parameter with the role `Argument` takes one.
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
            ("narrows", a.narrows.as_ref().map(|v| v.span)),
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

/// Whether the type is written as the runtime's `Args<T>` would be: `Args` with one type
/// argument.
fn is_fields(ty: &Type) -> bool {
    match ty {
        Type::Path(p) if p.qself.is_none() => p.path.segments.last().is_some_and(|s| {
            s.ident == "Args"
                && matches!(&s.arguments, PathArguments::AngleBracketed(args) if args.args.len() == 1)
        }),
        Type::Group(g) => is_fields(&g.elem),
        Type::Paren(p) => is_fields(&p.elem),
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
