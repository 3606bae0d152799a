//! `catalog![...]`'s list: tools, prompts and resources for one registry, and the
//! registry's build checks of the prompts and resources in it.

use mcp_tools_shared::uri_template::overlap;

use crate::{
    arg::StateMap, definition::ToolDefinition, item::ItemKey, prompt::PromptDefinition,
    resource::ResourceDefinition,
};

/// Tools, prompts and resources for one registry, from `catalog![...]`: pass it to
/// [`RegistryBuilder::catalog`](crate::registry::RegistryBuilder::catalog).
///
/// ```
/// use mcp_tools::prelude::*;
///
/// /// Summarise the loan rules a librarian applies.
/// #[resource("library://policy/loans", mime_type = "text/markdown")]
/// async fn loan_policy() -> String {
///     "# Loans\nThree weeks; two renewals.".to_owned()
/// }
///
/// /// Draft a friendly reminder for an overdue loan.
/// #[prompt(namespace = "library")]
/// async fn overdue_reminder(
///     /// The borrower's first name.
///     borrower: String,
/// ) -> String {
///     format!("Write a short, kind reminder to {borrower} that their book is overdue.")
/// }
///
/// let catalog = catalog![loan_policy, overdue_reminder];
/// assert_eq!((catalog.tools().len(), catalog.prompts().len(), catalog.resources().len()), (0, 1, 1));
/// let registry = Registry::builder().catalog(catalog).build().unwrap();
/// # let _ = registry;
/// ```
#[derive(Default)]
pub struct Catalog {
    pub(crate) tools: Vec<ToolDefinition>,
    pub(crate) prompts: Vec<PromptDefinition>,
    pub(crate) resources: Vec<ResourceDefinition>,
}

impl Catalog {
    /// An empty catalog.
    #[must_use]
    pub fn new() -> Self {
        Self::default()
    }

    /// Adds `T`, a `#[tool]`, `#[prompt]` or `#[resource]` fn (what `catalog![T]` does).
    #[must_use]
    pub fn with<T: Item>(mut self) -> Self {
        T::add_to(&mut self);
        self
    }

    /// Adds the tools of a `tools![...]` list, or tools built another way.
    #[must_use]
    pub fn with_tools(mut self, tools: impl IntoIterator<Item = ToolDefinition>) -> Self {
        self.tools.extend(tools);
        self
    }

    /// Adds the items of another catalog.
    #[must_use]
    pub fn merge(mut self, other: Catalog) -> Self {
        self.tools.extend(other.tools);
        self.prompts.extend(other.prompts);
        self.resources.extend(other.resources);
        self
    }

    /// The tools, in the order listed.
    #[must_use]
    pub fn tools(&self) -> &[ToolDefinition] {
        &self.tools
    }

    /// The prompts, in the order listed.
    #[must_use]
    pub fn prompts(&self) -> &[PromptDefinition] {
        &self.prompts
    }

    /// The resources and resource templates, in the order listed.
    #[must_use]
    pub fn resources(&self) -> &[ResourceDefinition] {
        &self.resources
    }

    #[doc(hidden)]
    pub fn push_tool(&mut self, tool: ToolDefinition) {
        self.tools.push(tool);
    }

    #[doc(hidden)]
    pub fn push_prompt(&mut self, prompt: PromptDefinition) {
        self.prompts.push(prompt);
    }

    #[doc(hidden)]
    pub fn push_resource(&mut self, resource: ResourceDefinition) {
        self.resources.push(resource);
    }
}

impl std::fmt::Debug for Catalog {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Catalog")
            .field(
                "tools",
                &self
                    .tools
                    .iter()
                    .map(ToolDefinition::name)
                    .collect::<Vec<_>>(),
            )
            .field(
                "prompts",
                &self
                    .prompts
                    .iter()
                    .map(PromptDefinition::name)
                    .collect::<Vec<_>>(),
            )
            .field(
                "resources",
                &self
                    .resources
                    .iter()
                    .map(ResourceDefinition::uri)
                    .collect::<Vec<_>>(),
            )
            .finish()
    }
}

/// A `#[tool]`, `#[prompt]` or `#[resource]` fn, as `catalog![...]` lists it: implemented by
/// the macros for the marker type that shares the fn's name.
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a #[tool], #[prompt] or #[resource] fn",
    label = "`catalog![...]` lists fns that carry one of these attributes",
    note = "add #[tool(...)], #[prompt(...)] or #[resource(\"…\")] to the fn, or remove it from the list"
)]
#[doc(hidden)]
pub trait Item {
    /// What the compile-time collision check compares.
    const KEY: ItemKey;
    /// Adds the item's definition to `catalog`.
    fn add_to(catalog: &mut Catalog);
}

/// Pushes a line to `problems` for each prompt or resource the registry cannot serve.
pub(crate) fn check_items(
    prompts: &[PromptDefinition],
    resources: &[ResourceDefinition],
    state: &StateMap,
    problems: &mut Vec<String>,
) {
    let needs = prompts
        .iter()
        .map(|p| {
            (
                format!("prompt `{}` ({})", p.name(), p.fn_path()),
                &p.problems,
                &p.args.needs,
            )
        })
        .chain(resources.iter().map(|r| {
            (
                format!("resource `{}` ({})", r.uri(), r.fn_path()),
                &r.problems,
                &r.args.needs,
            )
        }));
    for (what, own, needs) in needs {
        problems.extend(own.iter().map(|p| format!("{what}: {p}")));
        for need in needs {
            if !state.contains(need.type_id) {
                problems.push(format!(
                    "{what} takes `State<{}>`, but the registry has no such state; add `.state(…)` with a `{}` to the builder",
                    need.type_name, need.type_name
                ));
            }
        }
    }
    for (i, a) in prompts.iter().enumerate() {
        if let Some(b) = prompts[i + 1..].iter().find(|b| b.name() == a.name()) {
            problems.push(format!(
                "prompts `{}` ({}) and ({}) share the name; rename one of them",
                a.name(),
                a.fn_path(),
                b.fn_path()
            ));
        }
    }
    for (i, a) in resources.iter().enumerate() {
        if let Some(b) = resources[i + 1..]
            .iter()
            .find(|b| overlap(a.uri(), b.uri()))
        {
            problems.push(format!(
                "resources `{}` ({}) and `{}` ({}) can match the same URI; give one a literal part the other cannot match",
                a.uri(),
                a.fn_path(),
                b.uri(),
                b.fn_path()
            ));
        }
    }
}
