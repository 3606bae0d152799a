#![doc = include_str!("../../README.md")]

mod arg;
mod call;
mod catalog;
mod collision;
mod compose;
mod context;
mod definition;
mod discovery;
mod error;
mod extras;
pub mod limits;
mod meta;
mod optimizer;
mod output;
mod page;
mod registry;
mod schema;
mod seal;
mod server;
#[cfg(feature = "testing")]
pub mod testing;
mod tokens;
mod transport;
mod validate;
pub mod view;
pub mod wire;

pub use arg::State;
pub use catalog::DefinitionReport;
pub use compose::Server;
pub use context::{Caller, LogLevel, ResultBudget, ToolContext};
pub use definition::ToolDefinition;
pub use error::{ErrorKind, ToolError};
pub use extras::Extras;
pub use meta::{AliasMeta, BinaryPolicy, ResponseFormat};
pub use output::{IntoToolOutput, Json, OffsetUnit, Resume, ToolOutput};
pub use page::{Page, PageCursor};
pub use registry::{AliasListing, BuildError, Registry, RegistryBuilder};
pub use schema::{OutputSchema, output_schema_for};
pub use tokens::{Encoding, Prefix};
#[cfg(feature = "http")]
pub use transport::MCP_PATH;
pub use transport::ServeError;

/// The MCP SDK the runtime serves through, for its model types (`CallToolResult`, …).
pub use rmcp;

/// Turns a documented `async fn` into an MCP tool.
///
/// ```
/// use mcp_tools_runtime::prelude::*;
///
/// /// Look up where a shipment is and when it is due.
/// ///
/// /// Use before promising a delivery date to a customer.
/// #[tool(namespace = "shipment", read_only)]
/// async fn get_status(
///     /// Shipment number, like `SH-2026-000123`.
///     #[param(pattern = r"^SH-\d{4}-\d{6}$", example = "SH-2026-000123")]
///     shipment_number: String,
/// ) -> String {
///     format!("{shipment_number}: in transit")
/// }
///
/// # tokio::runtime::Builder::new_current_thread().build().unwrap().block_on(async {
/// // The fn stays callable as written.
/// assert_eq!(get_status("SH-2026-000123".into()).await, "SH-2026-000123: in transit");
/// # });
/// ```
///
/// Keys of `#[tool(...)]`:
///
/// | key | meaning |
/// |---|---|
/// | `namespace = "shipment"` | prefix of the wire name: `shipment_get_status` |
/// | `name = "…"` | the action part of the wire name, instead of the fn's name |
/// | `title = "…"` | display title (default: from the name, "Get Status") |
/// | `read_only` | `readOnlyHint`: changes nothing |
/// | `destructive [= bool]` | `destructiveHint`: may destroy or overwrite data |
/// | `idempotent` | `idempotentHint`: repeating a call has no further effect |
/// | `open_world [= bool]` | `openWorldHint`: reaches systems outside the server's domain |
/// | `aliases("old", …)` | deprecated names that still route here, hidden from `tools/list` |
/// | `scopes("a:b", …)` | scopes the caller must hold |
/// | `timeout_ms = 5000` | the call fails (retry later, or outcome unknown) after this long |
/// | `max_response_tokens = 2000` | budget of the tool's results |
/// | `binary = "drop"` | what budgets do with images, audio and blobs: `count` (default), `drop`, `link` |
/// | `allow(rule, …)` | waives design rules for this tool |
/// | `crate = path` | where the runtime crate is, if renamed |
///
/// Keys of `#[param(...)]` on a parameter: `min`, `max` (numbers), `min_length`,
/// `max_length` (text, or items of a list), `pattern`, `format` (`date-time`, `date`,
/// `time`, `email`, `uri`, `uuid`, `ipv4`, `ipv6`, `hostname`), `unit`, `default`,
/// `example`, `rename`. Each parameter's `///` comment becomes its description.
///
/// The design rules (the repository's RULES.md) report at the offending token: an error
/// where a violation misleads a model or a client, a compiler warning for style. The
/// crate's `Cargo.toml` sets their levels and a default namespace in one place:
///
/// ```toml
/// [package.metadata.mcp-tools]
/// namespace = "shipment"            # for tools that give none
/// strict = true                     # every rule warning is an error
///
/// [package.metadata.mcp-tools.rules]
/// namespace_required = "allow"      # "allow", "warn" or "error"
/// ```
pub use mcp_tools_macros::tool;

/// Lists `#[tool]` fns by path for [`RegistryBuilder::tools`]: `tools![set_weight, orders::cancel]`.
pub use mcp_tools_macros::tools;

/// What a tool module usually imports.
pub mod prelude {
    pub use crate::{
        Caller, ErrorKind, IntoToolOutput, Json, LogLevel, Page, PageCursor, Registry,
        ResponseFormat, State, ToolContext, ToolError, ToolOutput, tool, tools,
        view::{detailed_only, detailed_only_some},
    };
}

/// The contract between the code `#[tool]` and `tools![]` generate and this crate; not an
/// API. The module is versioned so that a macro crate and a runtime crate that disagree
/// fail to build instead of misbehaving (the workspace pins them to the same version).
#[doc(hidden)]
pub mod __private {
    pub mod v1 {
        pub use crate::{
            ToolError,
            arg::{ArgError, Call, ParamRole, ToolArg, ToolArguments, extract_optional},
            collision::{Collision, Listed, find_collision, same as same_name},
            definition::{CallFuture, ToolDefinition, ToolSpec},
            meta::{AliasMeta, BinaryPolicy, ParamMeta, RawSchema, ResponseFormat, ToolMeta},
            output::ToolReturn,
            schema::InputSchema,
        };
    }
}
