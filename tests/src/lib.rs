//! Fixtures shared by the end-to-end tests and the fixture server.
//!
//! The fixture server serves the example's shipment tools plus the [`fixtures`] below: tools
//! that panic, fail internally, run past their timeout, need a scope, or report progress, so
//! real MCP clients can check how the runtime handles each case over a real transport.

use mcp_tools::{
    Registry, definition::ToolDefinition, registry::BuildError, registry::RegistryBuilder,
    store::MemoryStore,
};

/// The server name the fixture server announces in `initialize`.
pub const SERVER_NAME: &str = "mcp-tools-fixtures";

/// The server version the fixture server announces in `initialize`.
pub const SERVER_VERSION: &str = env!("CARGO_PKG_VERSION");

pub mod items;

pub mod fixtures {
    //! Diagnostic tools (namespace `diag`) that exercise the runtime's failure paths.

    // `#[tool]` requires an `async fn`, even where the body has nothing to wait for.
    #![allow(clippy::unused_async)]

    use std::time::Duration;

    use mcp_tools::{definition::ToolDefinition, prelude::*};

    /// What [`check_database`] hides from the model: the host it could not reach.
    pub const SECRET_DETAIL: &str = "db-7.internal:5432 refused";

    /// The scope [`purge_cache`] needs.
    pub const ADMIN_SCOPE: &str = "admin:write";

    /// The timeout of [`wait_for_job`], in milliseconds.
    pub const WAIT_TIMEOUT_MS: u64 = 200;

    /// Crash the tool handler on purpose, to check how the server reports a panic.
    ///
    /// Use only to test error handling: the call always fails with an internal error and a
    /// reference id, and the server keeps serving other calls.
    #[tool(namespace = "diag", read_only)]
    #[allow(clippy::missing_panics_doc)] // panicking is its purpose, and the doc is the tool's
    pub async fn trigger_panic(
        /// Text of the panic; it goes to the server log, never to the client.
        #[param(max_length = 200)]
        message: String,
    ) -> String {
        panic!("{message}")
    }

    /// Check that the inventory database answers, by reading one row of a table.
    ///
    /// The database of this fixture is never reachable, so the call always fails with an
    /// internal error whose details stay in the server log.
    #[tool(namespace = "diag", read_only)]
    pub async fn check_database(
        /// Table to read one row from, for example `shipments`.
        #[param(min_length = 1, max_length = 64, example = "shipments")]
        table_name: String,
    ) -> Result<String, ToolError> {
        let _ = table_name;
        Err(ToolError::internal(SECRET_DETAIL))
    }

    /// Wait for a background job to finish, for at most 200 ms.
    ///
    /// The job takes `duration_ms`; a job longer than the tool's timeout makes the call fail
    /// with a "timed out" error that says to retry or narrow the request.
    #[tool(namespace = "diag", read_only, timeout_ms = 200)]
    pub async fn wait_for_job(
        /// How long the job runs.
        #[param(min = 0, max = 60000)]
        duration_ms: u64,
    ) -> String {
        tokio::time::sleep(Duration::from_millis(duration_ms)).await;
        format!("job finished after {duration_ms} ms")
    }

    /// Empty a server cache; needs the `admin:write` scope.
    ///
    /// Callers without the scope get a permission error that names it. Entries are rebuilt
    /// on demand, so the only effect is slower calls for a while.
    #[tool(
        namespace = "diag",
        destructive = true,
        idempotent,
        scopes("admin:write")
    )]
    pub async fn purge_cache(
        /// Cache to empty: `routes` or `rates`.
        #[param(pattern = "^(routes|rates)$", example = "routes")]
        cache_name: String,
    ) -> String {
        format!("cache `{cache_name}` purged")
    }

    /// Count through a number of steps, reporting progress after each one.
    ///
    /// Use to check that a client receives progress notifications: a call with a progress
    /// token gets one notification per step, "step N of M", before the result.
    #[tool(namespace = "diag", read_only)]
    pub async fn count_steps(
        ctx: ToolContext,
        /// Number of steps to count through.
        #[param(min = 1, max = 50)]
        steps: u32,
    ) -> String {
        let total = f64::from(steps);
        for step in 1..=steps {
            ctx.progress(
                f64::from(step),
                Some(total),
                format!("step {step} of {steps}"),
            )
            .await;
        }
        format!("counted {steps} steps")
    }

    /// The fixture tools, in `tools/list` order.
    #[must_use]
    pub fn tool_list() -> Vec<ToolDefinition> {
        tools![
            trigger_panic,
            check_database,
            wait_for_job,
            purge_cache,
            count_steps
        ]
    }
}

/// The example's tools followed by the fixture tools.
#[must_use]
pub fn tool_list() -> Vec<ToolDefinition> {
    let mut tools = mcp_tools_examples::tool_list();
    tools.extend(fixtures::tool_list());
    tools
}

/// A builder with the fixture server's identity, tools and state (a freshly seeded
/// [`Depot`](mcp_tools_examples::Depot)), for tests that change a setting (page size, default caller) before building.
#[must_use]
pub fn registry_builder() -> RegistryBuilder {
    let builder = Registry::builder().server_info(SERVER_NAME, SERVER_VERSION);
    mcp_tools_examples::with_state(builder, std::sync::Arc::new(MemoryStore::new()))
        .tools(tool_list())
}

/// The fixture server's registry: the example's tools over a seeded [`Depot`](mcp_tools_examples::Depot), plus
/// [`fixtures`].
pub fn registry() -> Result<Registry, BuildError> {
    registry_builder().build()
}
