//! Resources: `#[resource("scheme://…")]` fns, fixed URIs and URI templates, listed by
//! `resources/list` and `resources/templates/list`, read by `resources/read`.

mod body;
mod read;
mod updates;

pub use body::{ResourceBody, ResourceReturn};
pub(crate) use read::{Reading, continuation};
pub use updates::ResourceUpdates;

use std::{future::Future, pin::Pin};

use mcp_tools_shared::uri_template::{self, Template};
use rmcp::model::{Annotations, Resource, ResourceTemplate, Role};

use crate::{
    arg::Call,
    complete::Completer,
    error::ToolError,
    item::{ItemArgs, icons, meta_object},
    meta::{BinaryPolicy, IconMeta, ParamMeta},
    schema::InputSchema,
};

/// What `#[resource]` knows about a resource, as static data.
#[doc(hidden)]
#[derive(Debug)]
pub struct ResourceMeta {
    /// A fixed URI, or an RFC 6570 template (levels 1 and 2's `{+var}`).
    pub uri: &'static str,
    pub name: &'static str,
    pub title: &'static str,
    pub description: &'static str,
    pub fn_path: &'static str,
    pub mime_type: Option<&'static str>,
    /// Bytes of a fixed resource, if known.
    pub size: Option<u64>,
    /// `audience("user", "assistant")`.
    pub audience: &'static [&'static str],
    pub priority: Option<f64>,
    pub scopes: &'static [&'static str],
    pub icons: &'static [IconMeta],
    pub meta: Option<&'static str>,
    pub max_response_tokens: Option<u64>,
    pub binary: Option<BinaryPolicy>,
    /// One per template variable, plus the injected `State<T>` and `ToolContext`.
    pub params: &'static [ParamMeta],
    /// The variables `#[param(unchecked = "…")]` opted out of the path checks.
    pub unchecked: &'static [&'static str],
    pub completions: &'static [Completer],
}

/// The future a generated resource handler returns; it borrows the [`Call`].
#[doc(hidden)]
pub type ResourceFuture<'a> =
    Pin<Box<dyn Future<Output = Result<ResourceBody, ToolError>> + Send + 'a>>;

/// A generated resource handler.
pub(crate) type ResourceHandler = for<'a, 'r> fn(&'a Call<'r>) -> ResourceFuture<'a>;

/// Implemented by `#[resource]` for the marker type that shares the fn's name.
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a #[resource] fn",
    label = "this lists a fn that carries no #[resource]",
    note = "add #[resource(\"scheme://…\")] to the fn, or remove it from the list"
)]
#[doc(hidden)]
pub trait ResourceSpec {
    /// The URI or URI template.
    const URI: &'static str;
    /// Builds the definition.
    fn definition() -> ResourceDefinition;
}

/// How a resource is listed: by `resources/list`, or by `resources/templates/list`.
#[derive(Clone, Debug)]
pub(crate) enum Listing {
    Fixed(Resource),
    Template(ResourceTemplate),
}

/// A resource ready for the registry: its listing, its template, its variables' checks
/// and its handler.
pub struct ResourceDefinition {
    pub(crate) meta: &'static ResourceMeta,
    pub(crate) template: Template<'static>,
    pub(crate) listing: Listing,
    pub(crate) args: ItemArgs,
    pub(crate) handler: ResourceHandler,
    /// Its budget in tokens, resolved against the registry's when the registry is built.
    pub(crate) budget: usize,
    pub(crate) binary: BinaryPolicy,
    pub(crate) problems: Vec<String>,
}

impl ResourceDefinition {
    /// Assembles a definition from the tables `#[resource]` generated.
    #[doc(hidden)]
    pub fn from_spec(
        meta: &'static ResourceMeta,
        describe: fn(&mut InputSchema),
        handler: ResourceHandler,
    ) -> Self {
        let mut problems = Vec::new();
        let args = ItemArgs::new(meta.params, describe, &mut problems);
        let template = uri_template::parse(meta.uri).unwrap_or_else(|err| {
            problems.push(format!(
                "its URI template `{}` is malformed: {}",
                meta.uri, err.message
            ));
            // Matches nothing a client can send, so the registry's refusal is the only effect.
            uri_template::parse("invalid:").expect("a fixed URI parses")
        });
        let variables: Vec<&str> = template.variables().collect();
        let listed: Vec<&str> = args.listed().map(|(name, _, _)| name).collect();
        for variable in &variables {
            if !listed.contains(variable) {
                problems.push(format!(
                    "its template variable `{variable}` has no parameter"
                ));
            }
        }
        for name in &listed {
            if !variables.contains(name) {
                problems.push(format!(
                    "its parameter `{name}` is not a variable of `{}`",
                    meta.uri
                ));
            }
        }
        let annotations = annotations(meta);
        let description = (!meta.description.is_empty()).then(|| meta.description.to_owned());
        let listing = if template.is_fixed() {
            let mut resource = Resource::new(meta.uri, meta.name).with_title(meta.title);
            resource.description = description;
            resource.mime_type = meta.mime_type.map(str::to_owned);
            resource.size = meta.size;
            resource.icons = icons(meta.icons);
            resource.meta = meta_object(meta.meta, &mut problems);
            resource.annotations = annotations;
            Listing::Fixed(resource)
        } else {
            let mut resource = ResourceTemplate::new(meta.uri, meta.name).with_title(meta.title);
            resource.description = description;
            resource.mime_type = meta.mime_type.map(str::to_owned);
            resource.icons = icons(meta.icons);
            resource.meta = meta_object(meta.meta, &mut problems);
            resource.annotations = annotations;
            Listing::Template(resource)
        };
        ResourceDefinition {
            meta,
            template,
            listing,
            args,
            handler,
            budget: 0,
            binary: meta.binary.unwrap_or_default(),
            problems,
        }
    }

    /// The URI or URI template.
    #[must_use]
    pub fn uri(&self) -> &'static str {
        self.meta.uri
    }

    /// Whether it is a URI template (listed by `resources/templates/list`).
    #[must_use]
    pub fn is_template(&self) -> bool {
        !self.template.is_fixed()
    }

    /// The path of the fn that defines it, for messages.
    #[must_use]
    pub fn fn_path(&self) -> &'static str {
        self.meta.fn_path
    }

    /// The scopes a caller needs to see and read it.
    #[must_use]
    pub fn scopes(&self) -> &'static [&'static str] {
        self.meta.scopes
    }

    /// Its budget: its own `max_response_tokens`, within the registry's cap.
    pub(crate) fn resolve_budget(&self, cap: usize) -> usize {
        self.meta.max_response_tokens.map_or(cap, |own| {
            usize::try_from(own).unwrap_or(usize::MAX).min(cap)
        })
    }

    pub(crate) fn completer(&self, variable: &str) -> Option<&'static Completer> {
        self.meta.completions.iter().find(|c| c.param == variable)
    }
}

impl std::fmt::Debug for ResourceDefinition {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ResourceDefinition")
            .field("uri", &self.meta.uri)
            .field("fn_path", &self.meta.fn_path)
            .finish_non_exhaustive()
    }
}

fn annotations(meta: &ResourceMeta) -> Option<Annotations> {
    if meta.audience.is_empty() && meta.priority.is_none() {
        return None;
    }
    let audience: Vec<Role> = meta
        .audience
        .iter()
        .filter_map(|a| match *a {
            "user" => Some(Role::User),
            "assistant" => Some(Role::Assistant),
            _ => None,
        })
        .collect();
    #[allow(clippy::cast_possible_truncation)] // a priority is in [0, 1]
    let priority = meta.priority.map(|p| p as f32);
    let mut annotations = Annotations::default();
    annotations.audience = (!audience.is_empty()).then_some(audience);
    annotations.priority = priority;
    Some(annotations)
}
