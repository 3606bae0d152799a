//! The tool as `mcp-tools-rules` judges it: the neutral model built from the spanned one.
//!
//! Each argument's id is its position in [`ToolFn::arguments`], through which
//! `rules::span_of` finds the span a report points at.

use mcp_tools_rules::{Declared, Description, Dialect, Kind, Param as Argument, Tool};
use syn::{GenericArgument, PathArguments, Type};

use crate::{
    model::{Param, ToolFn},
    parse::Sp,
};

impl ToolFn {
    /// The neutral model of this tool, for the design rules.
    pub(crate) fn judged(&self) -> Tool {
        let args = &self.args;
        let declared = |flag: &Option<Sp<bool>>, key: &str| match flag {
            Some(flag) => Declared::Set(flag.value),
            None if args.wrote(key) => Declared::Malformed,
            None => Declared::Absent,
        };
        Tool {
            dialect: Dialect::Rust,
            namespace: self.namespace.as_ref().map(|ns| ns.value.clone()),
            namespace_from_config: self.namespace_from_config,
            namespace_written: args.wrote("namespace"),
            action: self.action.value.clone(),
            description: self.doc.as_ref().map(|d| Description {
                text: d.text.clone(),
            }),
            params: self
                .arguments()
                .enumerate()
                .map(|(id, p)| p.judged(id))
                .collect(),
            read_only: declared(&args.read_only, "read_only"),
            destructive: declared(&args.destructive, "destructive"),
            aliases: args.aliases.iter().map(|a| a.name.value.clone()).collect(),
            is_async: Some(self.item.sig.asyncness.is_some()),
            task: args.task.as_ref().map(|t| t.value),
            timeout_ms: args.timeout_ms.as_ref().map(|t| t.value),
        }
    }
}

impl Param {
    fn judged(&self, id: usize) -> Argument {
        let a = &self.attrs;
        let mut argument = Argument::new(
            id,
            &self.wire_name.value,
            self.origin,
            kind_of(&self.value_ty),
        );
        argument.doc = self.doc.as_ref().map(|d| Description {
            text: d.text.clone(),
        });
        argument.min = a.min.as_ref().map(|m| m.value.value);
        argument.max = a.max.as_ref().map(|m| m.value.value);
        argument.format = a.format.as_ref().map(|f| f.value.clone());
        argument.pattern = a.pattern.as_ref().map(|p| p.value.clone());
        argument.format_unread = a.written.iter().any(|k| k == "format") && a.format.is_none();
        argument.unit = a.unit.as_ref().map(|u| u.value.clone());
        argument
    }
}

/// What values a Rust type takes, read from its syntax (the macro cannot resolve it): the
/// standard library's and `serde_json`'s types by name, a time type by its name, anything
/// else a type of the user's own.
fn kind_of(ty: &Type) -> Kind {
    match ty {
        Type::Reference(r) => kind_of(&r.elem),
        Type::Group(g) => kind_of(&g.elem),
        Type::Paren(p) => kind_of(&p.elem),
        Type::Slice(s) => Kind::List(Box::new(kind_of(&s.elem))),
        Type::Array(a) => Kind::List(Box::new(kind_of(&a.elem))),
        Type::Path(p) if p.qself.is_none() => {
            let Some(last) = p.path.segments.last() else {
                return Kind::Any;
            };
            let inner = || match &last.arguments {
                PathArguments::AngleBracketed(args) => args.args.iter().find_map(|a| match a {
                    GenericArgument::Type(t) => Some(kind_of(t)),
                    _ => None,
                }),
                _ => None,
            };
            let name = last.ident.to_string();
            match name.as_str() {
                "u8" | "u16" | "u32" | "u64" | "u128" | "usize" | "i8" | "i16" | "i32" | "i64"
                | "i128" | "isize" | "NonZeroU8" | "NonZeroU16" | "NonZeroU32" | "NonZeroU64"
                | "NonZeroUsize" => Kind::Integer,
                "f32" | "f64" => Kind::Number,
                "String" | "str" | "char" | "Cow" => Kind::Text,
                "bool" => Kind::Boolean,
                "Value" => Kind::Any,
                "Map" | "HashMap" | "BTreeMap" | "IndexMap" => Kind::Map,
                "Vec" | "VecDeque" | "HashSet" | "BTreeSet" | "IndexSet" => {
                    Kind::List(Box::new(inner().unwrap_or(Kind::Any)))
                }
                "Box" | "Arc" | "Rc" => inner().unwrap_or(Kind::Own),
                _ if ["DateTime", "Timestamp", "OffsetDateTime", "Zoned"]
                    .iter()
                    .any(|t| name.contains(t)) =>
                {
                    Kind::DateTime
                }
                _ if name.contains("Date") => Kind::Date,
                _ => Kind::Own,
            }
        }
        _ => Kind::Any,
    }
}
