//! The registry: every tool of a server, checked once, served many times.

use std::{
    collections::HashMap,
    fmt,
    sync::{Arc, atomic::AtomicBool},
};

use rmcp::model::Tool;

use crate::{
    arg::StateMap,
    context::Caller,
    context::log::SessionLevel,
    definition::{self, ToolDefinition},
    discovery::{self, Index},
    limits,
    lint::{self, Level, Levels, Lint, LintPolicy},
    meta::{AliasMeta, BinaryPolicy},
    optimizer::Budgets,
    seal::Sealer,
    store::Store,
    task,
    tokens::Encoding,
    validate::Validator,
    wire::{self, CALL_TOOL, SEARCH_TOOL},
};

/// Tools, state and server identity; cheap to clone (an `Arc`).
///
/// ```
/// use mcp_tools::prelude::*;
///
/// /// Echo a message back, to check that the server answers.
/// ///
/// /// Use it to test a connection; it has no effect.
/// #[tool(namespace = "diag", read_only)]
/// async fn echo_message(
///     /// The text to send back.
///     #[param(max_length = 200)]
///     message: String,
/// ) -> String {
///     message
/// }
///
/// let registry = Registry::builder()
///     .server_info("diag-server", "1.0.0")
///     .tools(tools![echo_message])
///     .build()
///     .unwrap();
/// assert_eq!(registry.tool_definitions()[0].name, "diag_echo_message");
/// ```
///
/// A clone shares the tools and the client session (the log level a client set); each
/// Streamable HTTP session is served by a registry of its own session.
#[derive(Clone)]
pub struct Registry {
    pub(crate) inner: Arc<Inner>,
    pub(crate) session: Arc<Session>,
}

/// What one client session set: the level of the log messages it wants.
#[derive(Debug)]
pub(crate) struct Session {
    pub(crate) log_level: SessionLevel,
    /// Tells this session's resource subscriptions from other sessions'.
    pub(crate) id: u64,
}

impl Default for Session {
    fn default() -> Self {
        static NEXT: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(1);
        Session {
            log_level: SessionLevel::default(),
            id: NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed),
        }
    }
}

/// Each callable name (tool or alias) to its tool. Looked up on every call, so hashed with
/// `foldhash` rather than `SipHash`: the keys are the server's own names, fixed at build.
pub(crate) type Routes = HashMap<&'static str, Route, foldhash::fast::RandomState>;

pub(crate) struct Inner {
    pub(crate) entries: Vec<ToolDefinition>,
    pub(crate) encoding: Encoding,
    /// Set when `tools/list` shows only the discovery tools (and pinned ones).
    pub(crate) discovery: Option<Discovery>,
    pub(crate) routes: Routes,
    pub(crate) listed: Vec<Tool>,
    /// The scopes each of `listed` needs, in the same order (none for the discovery tools).
    pub(crate) listed_scopes: Vec<&'static [&'static str]>,
    /// Every scope some listed tool needs: a caller holding them all sees the whole list.
    pub(crate) listed_needs: Vec<&'static str>,
    pub(crate) state: Arc<StateMap>,
    pub(crate) name: String,
    pub(crate) version: String,
    pub(crate) instructions: Option<String>,
    pub(crate) page_size: usize,
    pub(crate) default_caller: Caller,
    /// The levels `Registry::lint` judges every tool at, where the builder set them.
    pub(crate) rule_levels: Option<Levels>,
    /// Changes whenever the listed catalog does, so stale cursors are refused.
    pub(crate) catalog_tag: u32,
    /// Mints and checks the cursors clients hand back.
    pub(crate) sealer: Sealer,
    /// Plans, commits and idempotency records.
    pub(crate) store: Arc<dyn Store>,
    pub(crate) idempotency_retention: std::time::Duration,
    pub(crate) limits: limits::Limits,
    /// How tasks poll and prove their runner alive.
    pub(crate) tasks: task::Settings,
    /// The tasks this process runs.
    pub(crate) runners: task::Runners,
    /// The names (and aliases) of the tools that run as tasks, with their entries: a call
    /// compares its name with these few instead of routing twice.
    pub(crate) task_routes: Vec<(&'static str, usize)>,
    /// The prompts, in the order listed.
    pub(crate) prompts: Vec<crate::prompt::PromptDefinition>,
    /// The fixed resources and templates, fixed ones first.
    pub(crate) resources: Vec<crate::resource::ResourceDefinition>,
    /// The subscribers to the resources' changes.
    pub(crate) updates: crate::resource::ResourceUpdates,
}

impl Inner {
    /// Whether any tool runs as a task, so the server declares the Tasks extension.
    pub(crate) fn has_tasks(&self) -> bool {
        !self.task_routes.is_empty()
    }
}

/// The search index and the listings of the discovery tools.
pub(crate) struct Discovery {
    pub(crate) index: Index,
    pub(crate) search: Tool,
    pub(crate) call: Tool,
    pub(crate) search_validator: Validator,
    pub(crate) call_validator: Validator,
}

/// Where a called name leads: a tool, possibly through a deprecated alias.
pub(crate) struct Route {
    pub(crate) index: usize,
    pub(crate) alias: Option<AliasUse>,
}

pub(crate) struct AliasUse {
    pub(crate) meta: &'static AliasMeta,
    /// Set after the first call, so the deprecation warning is logged once per alias.
    pub(crate) warned: AtomicBool,
}

/// Builds a [`Registry`]; see [`Registry::builder`].
pub struct RegistryBuilder {
    state: StateMap,
    tools: Vec<ToolDefinition>,
    prompts: Vec<crate::prompt::PromptDefinition>,
    resources: Vec<crate::resource::ResourceDefinition>,
    name: Option<String>,
    version: Option<String>,
    instructions: Option<String>,
    page_size: usize,
    default_caller: Caller,
    budgets: Budgets,
    encoding: Encoding,
    binary: BinaryPolicy,
    alias_listing: AliasListing,
    discovery: Option<Vec<String>>,
    sealer: Option<Sealer>,
    store: Option<Arc<dyn Store>>,
    idempotency_retention: std::time::Duration,
    limits: limits::Limits,
    tasks: task::Settings,
    lint: LintPolicy,
    rule_levels: Option<Levels>,
}

/// Each tool with the levels it is judged at: `levels` where given, else its own.
fn judged<'a>(
    tools: &'a [ToolDefinition],
    levels: Option<&'a Levels>,
) -> impl Iterator<Item = (&'a Tool, Levels)> + 'a {
    tools.iter().map(move |tool| {
        let levels = levels
            .cloned()
            .unwrap_or_else(|| lint::levels_of(tool.meta));
        (tool.tool(), levels)
    })
}

/// Whether deprecated aliases appear in `tools/list`. Either way, calls through them work.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum AliasListing {
    /// Aliases are not listed: models see only current names (the default).
    #[default]
    Hidden,
    /// Each alias is listed after its tool with a `[DEPRECATED: use …]` banner, for clients
    /// that pinned old names in prompts or allow-lists. Redirect aliases are never listed.
    Listed,
}

/// The `tools/list` entry of a listed alias.
fn deprecated_listing(tool: &ToolDefinition, alias: &AliasMeta) -> Tool {
    let mut listing = tool.tool().clone();
    listing.name = alias.name.into();
    let banner = format!("[DEPRECATED: use {}] ", tool.name());
    listing.description = Some(
        format!(
            "{banner}{}",
            listing.description.as_deref().unwrap_or_default()
        )
        .into(),
    );
    listing.title = listing.title.map(|t| format!("{t} (deprecated)"));
    let meta = listing.meta.get_or_insert_with(Default::default);
    meta.0.insert(
        wire::DEPRECATION_META_KEY.to_owned(),
        alias.detail(tool.name()),
    );
    listing
}

/// Why a registry could not be built: every problem found, one per line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BuildError {
    problems: Vec<String>,
}

impl BuildError {
    pub(crate) fn new(problems: Vec<String>) -> Self {
        BuildError { problems }
    }

    /// The problems, one sentence each.
    #[must_use]
    pub fn problems(&self) -> &[String] {
        &self.problems
    }
}

impl fmt::Display for BuildError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("cannot build the tool registry:")?;
        for problem in &self.problems {
            write!(f, "\n- {problem}")?;
        }
        Ok(())
    }
}

impl std::error::Error for BuildError {}

/// The smallest budget that leaves room for a truncation notice.
const MIN_BUDGET: usize = 200;

impl Registry {
    /// The same tools, for another client session.
    #[cfg_attr(not(feature = "http"), allow(dead_code))]
    pub(crate) fn for_session(&self) -> Registry {
        Registry {
            inner: Arc::clone(&self.inner),
            session: Arc::default(),
        }
    }

    /// Starts a registry.
    #[must_use]
    pub fn builder() -> RegistryBuilder {
        RegistryBuilder {
            state: StateMap::default(),
            tools: Vec::new(),
            prompts: Vec::new(),
            resources: Vec::new(),
            name: None,
            version: None,
            instructions: None,
            page_size: limits::DEFAULT_PAGE_SIZE,
            default_caller: Caller::local(),
            budgets: Budgets::default(),
            encoding: Encoding::default(),
            binary: BinaryPolicy::default(),
            alias_listing: AliasListing::Hidden,
            discovery: None,
            sealer: None,
            store: None,
            idempotency_retention: limits::DEFAULT_IDEMPOTENCY_RETENTION,
            tasks: task::Settings::default(),
            limits: limits::Limits::default(),
            lint: LintPolicy::Off,
            rule_levels: None,
        }
    }

    /// The design rules on every tool of the registry, as clients get it from `tools/list`
    /// (`mcp-tools-lint` would report the same of the served registry at the same levels):
    /// each tool at the levels its crate's settings and its `allow(...)` gave, or at those
    /// of [`RegistryBuilder::rule_levels`].
    #[must_use]
    pub fn lint(&self) -> Vec<Lint> {
        lint::lint(judged(&self.inner.entries, self.inner.rule_levels.as_ref()))
    }

    /// The tools exactly as `tools/list` sends them, all pages in order.
    #[must_use]
    pub fn tool_definitions(&self) -> &[Tool] {
        &self.inner.listed
    }

    /// The definition of a tool, by wire name (aliases are not names).
    #[must_use]
    pub fn definition(&self, name: &str) -> Option<&ToolDefinition> {
        self.inner.entries.iter().find(|e| e.name() == name)
    }

    /// The server's name and version, as sent in `initialize`.
    #[must_use]
    pub fn server_info(&self) -> (&str, &str) {
        (&self.inner.name, &self.inner.version)
    }

    /// Every tool's definition, in `tools/list` order.
    #[must_use]
    pub fn definitions(&self) -> &[ToolDefinition] {
        &self.inner.entries
    }

    /// The bounds every transport applies.
    #[cfg_attr(not(any(feature = "stdio", feature = "http")), allow(dead_code))]
    pub(crate) fn limits(&self) -> &limits::Limits {
        &self.inner.limits
    }

    /// The tool a call of `name` reaches: by name or deprecated alias, or through
    /// `tools_call` (`through` is its `arguments.name`) when discovery is on.
    #[cfg_attr(not(feature = "oauth"), allow(dead_code))]
    pub(crate) fn tool_reached(
        &self,
        name: &str,
        through: Option<&str>,
    ) -> Option<&ToolDefinition> {
        let name = match through {
            Some(through) if self.inner.discovery.is_some() && name == CALL_TOOL => through,
            _ => name,
        };
        self.inner
            .routes
            .get(name)
            .map(|r| &self.inner.entries[r.index])
    }
}

impl fmt::Debug for Registry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Registry")
            .field("name", &self.inner.name)
            .field("version", &self.inner.version)
            .field(
                "tools",
                &self
                    .inner
                    .entries
                    .iter()
                    .map(ToolDefinition::name)
                    .collect::<Vec<_>>(),
            )
            .finish_non_exhaustive()
    }
}

impl RegistryBuilder {
    /// What [`RegistryBuilder::build`] does with the design rules' reports on the tools:
    /// nothing (the default: `#[tool]` checked them at compile time), log them, or refuse
    /// to build on an error. See [`crate::lint`].
    #[must_use]
    pub fn lint(mut self, policy: LintPolicy) -> Self {
        self.lint = policy;
        self
    }

    /// The levels the rules judge every tool of the registry at, at build and in
    /// [`Registry::lint`], instead of each tool's own: by default a tool is judged at a
    /// published server's levels (every rule at its default but `namespace_required`) with
    /// what its crate's `[package.metadata.mcp-tools.rules]`, `strict` and its
    /// `allow(...)` changed, as `#[tool]` recorded them.
    #[must_use]
    pub fn rule_levels(mut self, levels: Levels) -> Self {
        self.rule_levels = Some(levels);
        self
    }

    /// Runs the rules as the lint policy says; errors are problems under `Refuse`.
    fn apply_lint(&self, problems: &mut Vec<String>) {
        if self.lint == LintPolicy::Off {
            return;
        }
        for found in lint::lint(judged(&self.tools, self.rule_levels.as_ref())) {
            if self.lint == LintPolicy::Refuse && found.report.level == Level::Error {
                problems.push(found.to_string());
            } else {
                tracing::warn!(
                    tool = %found.tool,
                    rule = found.report.rule.id(),
                    level = found.report.level.name(),
                    "{found}"
                );
            }
        }
    }

    /// Adds a value that tools take as `State<T>`; one value per type.
    #[must_use]
    pub fn state<T: Send + Sync + 'static>(mut self, value: T) -> Self {
        self.state.insert(Arc::new(value));
        self
    }

    /// Like [`RegistryBuilder::state`], for a value already shared elsewhere.
    #[must_use]
    pub fn shared_state<T: Send + Sync + 'static>(mut self, value: Arc<T>) -> Self {
        self.state.insert(value);
        self
    }

    /// Adds tools, usually `tools![a, b, c]`. `tools/list` keeps this order.
    #[must_use]
    pub fn tools(mut self, tools: impl IntoIterator<Item = ToolDefinition>) -> Self {
        self.tools.extend(tools);
        self
    }

    /// Adds the tools, prompts and resources of a `catalog![...]` (see [`Catalog`](crate::listing::Catalog)).
    #[must_use]
    pub fn catalog(mut self, catalog: crate::listing::Catalog) -> Self {
        self.tools.extend(catalog.tools);
        self.prompts.extend(catalog.prompts);
        self.resources.extend(catalog.resources);
        self
    }

    /// The server's name and version, as clients see them in `initialize`.
    #[must_use]
    pub fn server_info(mut self, name: impl Into<String>, version: impl Into<String>) -> Self {
        self.name = Some(name.into());
        self.version = Some(version.into());
        self
    }

    /// Instructions for the model, sent in `initialize`.
    #[must_use]
    pub fn instructions(mut self, text: impl Into<String>) -> Self {
        self.instructions = Some(text.into());
        self
    }

    /// The secret that keys the tokens this server hands out: `tools/list` pages,
    /// [`PageCursor`](crate::page::PageCursor)s and plan handles ([`Plan`](crate::plan::Plan)). By
    /// default each registry draws a random key, so a token survives neither a restart nor a
    /// trip to another replica; servers behind a load balancer give every replica the same
    /// secret (32 random bytes or more, kept out of the source).
    #[must_use]
    pub fn token_secret(mut self, secret: impl AsRef<[u8]>) -> Self {
        self.sealer = Some(Sealer::from_secret(secret.as_ref()));
        self
    }

    /// Where plans, commits and idempotency records live between calls (default: a
    /// [`MemoryStore`](crate::store::MemoryStore) of this process). Replicas behind a load
    /// balancer share one, such as Redis, and a [`token_secret`](Self::token_secret).
    #[must_use]
    pub fn store(mut self, store: impl Store) -> Self {
        self.store = Some(Arc::new(store));
        self
    }

    /// How long the result of a commit, or of a call with an idempotency key, is kept to
    /// answer retries (default [`DEFAULT_IDEMPOTENCY_RETENTION`](crate::limits::DEFAULT_IDEMPOTENCY_RETENTION),
    /// 24 hours). A retry after it runs the call again.
    #[must_use]
    pub fn idempotency_retention(mut self, retention: std::time::Duration) -> Self {
        self.idempotency_retention = retention;
        self
    }

    /// How often clients are told to poll a task (`pollIntervalMs`, default 1 second).
    #[must_use]
    pub fn task_poll_interval(mut self, interval: std::time::Duration) -> Self {
        self.tasks.poll = interval.max(std::time::Duration::from_millis(1));
        self
    }

    /// How long a replica may go without proving it still runs a task before the task is
    /// reported failed with its outcome unknown (default 15 seconds). The runner renews it
    /// every third of it, so a shorter lease finds a dead replica sooner and writes to the
    /// store more often.
    #[must_use]
    pub fn task_lease(mut self, lease: std::time::Duration) -> Self {
        self.tasks.lease = lease.max(std::time::Duration::from_millis(30));
        self
    }

    /// Tools per `tools/list` page (default [`DEFAULT_PAGE_SIZE`](crate::limits::DEFAULT_PAGE_SIZE)).
    #[must_use]
    pub fn page_size(mut self, size: usize) -> Self {
        self.page_size = size;
        self
    }

    /// The hard cap on any result, in tokens (default 25,000). Per-tool limits and format
    /// budgets never exceed it.
    #[must_use]
    pub fn max_response_tokens(mut self, tokens: usize) -> Self {
        self.budgets.max = tokens;
        self
    }

    /// The budgets of `concise` and `detailed` results, for tools that take a
    /// `ResponseFormat` and set none of their own (defaults: 4,000 and the cap).
    #[must_use]
    pub fn format_budgets(mut self, concise_tokens: usize, detailed_tokens: usize) -> Self {
        self.budgets.concise = concise_tokens;
        self.budgets.detailed = Some(detailed_tokens);
        self
    }

    /// For large catalogs: `tools/list` shows only `tools_search` and `tools_call`, plus the
    /// tools named in `pinned`; every tool stays callable, through `tools_call` or by name.
    #[must_use]
    pub fn progressive_discovery<I, S>(mut self, pinned: I) -> Self
    where
        I: IntoIterator<Item = S>,
        S: Into<String>,
    {
        self.discovery = Some(pinned.into_iter().map(Into::into).collect());
        self
    }

    /// Whether deprecated aliases appear in `tools/list` (default: hidden).
    #[must_use]
    pub fn alias_listing(mut self, listing: AliasListing) -> Self {
        self.alias_listing = listing;
        self
    }

    /// The tokenizer budgets are counted with (default `o200k_base`). Its vocabulary loads
    /// when a result first needs an exact count; [`Encoding::warm`] loads it ahead.
    #[must_use]
    pub fn encoding(mut self, encoding: Encoding) -> Self {
        self.encoding = encoding;
        self
    }

    /// What results' binary blocks get, for tools without `#[tool(binary = …)]` (default
    /// [`BinaryPolicy::Count`]).
    #[must_use]
    pub fn binary_policy(mut self, policy: BinaryPolicy) -> Self {
        self.binary = policy;
        self
    }

    /// The caller of stdio sessions and of in-process calls ([`Registry::call`]), which
    /// carry none (default [`Caller::local`], the user who started the server). HTTP
    /// requests never get it: see
    /// [`Http::unauthenticated_caller`](crate::http::Http::unauthenticated_caller).
    #[must_use]
    pub fn default_caller(mut self, caller: Caller) -> Self {
        self.default_caller = caller;
        self
    }

    /// Bounds on request size, requests in flight and error size, on every transport; see
    /// [`Limits`](crate::limits::Limits) for each and its default. HTTP's own bounds
    /// (sessions, slow clients) are [`Http`](crate::http::Http)'s.
    #[must_use]
    pub fn limits(mut self, limits: limits::Limits) -> Self {
        self.limits = limits;
        self
    }

    /// Checks everything at once and builds the registry.
    pub fn build(mut self) -> Result<Registry, BuildError> {
        let mut problems = Vec::new();
        // Tools and resources take it as `State<ResourceUpdates>`, to say what changed.
        let updates = crate::resource::ResourceUpdates::default();
        if !self.resources.is_empty() {
            self.state.insert(Arc::new(updates.clone()));
        }
        if self.page_size == 0 {
            problems.push("page_size must be at least 1".to_owned());
        }
        for (what, tokens) in [
            ("max_response_tokens", Some(self.budgets.max)),
            ("the concise budget", Some(self.budgets.concise)),
            ("the detailed budget", self.budgets.detailed),
        ] {
            if let Some(tokens) = tokens
                && tokens < MIN_BUDGET
            {
                problems.push(format!("{what} is {tokens} tokens; at least {MIN_BUDGET} are needed to say what was cut"));
            }
        }
        let mut routes = Routes::default();
        let mut owners: HashMap<&'static str, (usize, bool)> = HashMap::new();
        for (index, tool) in self.tools.iter().enumerate() {
            for problem in &tool.problems {
                problems.push(format!(
                    "tool `{}` ({}): {problem}",
                    tool.name(),
                    tool.fn_path()
                ));
            }
            for need in &tool.needs {
                if !self.state.contains(need.type_id) {
                    problems.push(format!(
                        "tool `{}` ({}) takes `State<{}>`, but the registry has no such state; add `.state(…)` with a `{}` to the builder",
                        tool.name(),
                        tool.fn_path(),
                        need.type_name,
                        need.type_name
                    ));
                }
            }
            let names = std::iter::once((tool.name(), None))
                .chain(tool.aliases().iter().map(|a| (a.name, Some(a))));
            for (name, alias_meta) in names {
                let is_alias = alias_meta.is_some();
                if let Some(&(other, other_alias)) = owners.get(name) {
                    let other = &self.tools[other];
                    let what = |alias: bool| if alias { "an alias" } else { "the name" };
                    problems.push(format!(
                        "`{name}` is {} of `{}` ({}) and {} of `{}` ({}); rename one of them",
                        what(other_alias),
                        other.name(),
                        other.fn_path(),
                        what(is_alias),
                        tool.name(),
                        tool.fn_path()
                    ));
                    continue;
                }
                owners.insert(name, (index, is_alias));
                let alias = alias_meta.map(|meta| AliasUse {
                    meta,
                    warned: AtomicBool::new(false),
                });
                routes.insert(name, Route { index, alias });
            }
        }
        crate::listing::check_items(&self.prompts, &self.resources, &self.state, &mut problems);
        definition::link_handles(&mut self.tools, &mut problems);
        self.apply_lint(&mut problems);
        if let Some(pinned) = &self.discovery {
            for name in [SEARCH_TOOL, CALL_TOOL] {
                if owners.contains_key(name) {
                    problems.push(format!("`{name}` is a tool of this registry, but progressive discovery needs the name for itself; rename the tool"));
                }
            }
            for name in pinned {
                if !self.tools.iter().any(|t| t.name() == name) {
                    problems.push(format!("pinned tool `{name}` is not in the registry"));
                }
            }
        }
        if !problems.is_empty() {
            return Err(BuildError::new(problems));
        }
        for tool in &mut self.tools {
            tool.budget = tool.resolve_budget(self.budgets);
            tool.binary = tool.meta.binary.unwrap_or(self.binary);
            let meta = tool.tool.meta.get_or_insert_with(Default::default);
            meta.0.insert(
                wire::MAX_RESULT_CHARS_META_KEY.to_owned(),
                tool.budget.max_chars().into(),
            );
        }
        for resource in &mut self.resources {
            resource.budget = resource.resolve_budget(self.budgets.max);
            resource.binary = resource.meta.binary.unwrap_or(self.binary);
        }
        // Fixed URIs are matched before templates.
        self.resources
            .sort_by_key(crate::resource::ResourceDefinition::is_template);
        let mut listed: Vec<Tool> = Vec::with_capacity(self.tools.len());
        for tool in &self.tools {
            listed.push(tool.tool().clone());
            if self.alias_listing == AliasListing::Listed {
                listed.extend(
                    tool.aliases()
                        .iter()
                        .filter(|a| !a.redirect)
                        .map(|a| deprecated_listing(tool, a)),
                );
            }
        }
        let discovery = self.discovery.as_ref().map(|pinned| {
            let search = discovery::search_tool(self.tools.len());
            let call = discovery::call_tool();
            let index = Index::build(
                &self
                    .tools
                    .iter()
                    .map(|t| discovery::Entry {
                        tool: t.tool(),
                        keywords: t.keywords(),
                    })
                    .collect::<Vec<_>>(),
            );
            let shown: Vec<Tool> = listed
                .iter()
                .filter(|t| pinned.iter().any(|p| *p == t.name))
                .cloned()
                .collect();
            listed = [search.clone(), call.clone()]
                .into_iter()
                .chain(shown)
                .collect();
            Discovery {
                index,
                // Our own schemas, enforced in full (the discovery tests call both tools).
                search_validator: Validator::compile(&search.input_schema, &[])
                    .unwrap_or_else(|_| Validator::refusing()),
                call_validator: Validator::compile(&call.input_schema, &[])
                    .unwrap_or_else(|_| Validator::refusing()),
                search,
                call,
            }
        });
        let listed_scopes: Vec<&'static [&'static str]> = listed
            .iter()
            .map(|t| {
                routes
                    .get(t.name.as_ref())
                    .map_or(&[][..], |r| self.tools[r.index].scopes())
            })
            .collect();
        let mut listed_needs: Vec<&'static str> = listed_scopes
            .iter()
            .flat_map(|s| s.iter().copied())
            .collect();
        listed_needs.sort_unstable();
        listed_needs.dedup();
        // Defined here, not by the standard library's hasher (whose algorithm may change
        // between Rust releases): replicas built by different compilers agree on cursors.
        let names: Vec<&[u8]> = listed.iter().map(|t| t.name.as_bytes()).collect();
        let catalog_tag = crate::seal::digest64(&names) as u32;
        let name = self.name.unwrap_or_else(|| {
            tracing::warn!(
                "no server_info(name, version) on the registry; clients will see `mcp-tools`"
            );
            "mcp-tools".to_owned()
        });
        let version = self
            .version
            .unwrap_or_else(|| env!("CARGO_PKG_VERSION").to_owned());
        let task_routes = routes
            .iter()
            .filter(|(_, route)| self.tools[route.index].meta.task.is_some())
            .map(|(name, route)| (*name, route.index))
            .collect();
        Ok(Registry {
            session: Arc::default(),
            inner: Arc::new(Inner {
                entries: self.tools,
                encoding: self.encoding,
                discovery,
                routes,
                listed,
                listed_scopes,
                listed_needs,
                state: Arc::new(self.state),
                name,
                version,
                instructions: self.instructions,
                page_size: self.page_size,
                default_caller: self.default_caller,
                rule_levels: self.rule_levels,
                catalog_tag,
                sealer: self.sealer.unwrap_or_else(Sealer::random),
                store: self
                    .store
                    .unwrap_or_else(|| Arc::new(crate::store::MemoryStore::new())),
                idempotency_retention: self.idempotency_retention,
                tasks: self.tasks,
                runners: task::Runners::default(),
                task_routes,
                limits: self.limits,
                prompts: self.prompts,
                resources: self.resources,
                updates,
            }),
        })
    }
}
