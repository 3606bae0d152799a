#![doc = include_str!("../../README.md")]

mod arg;
mod call;
pub mod catalog;
mod collision;
pub mod context;
mod counter;
pub mod definition;
mod discovery;
mod error;
mod extras;
mod fields;
mod handle;
mod handler;
pub mod limits;
pub mod lint;
pub mod meta;
mod optimizer;
pub mod output;
mod page;
mod plan;
pub mod registry;
pub mod schema;
mod seal;
mod server;
pub mod store;
mod task;
#[cfg(feature = "testing")]
pub mod testing;
pub mod tokens;
mod transport;
mod validate;
pub mod view;
mod visible;
pub mod wire;

// What a tool fn and a `main` write; the rest is in the modules above.
pub use arg::State;
pub use context::{Caller, ToolContext};
pub use error::{ErrorKind, ToolError};
pub use extras::Extras;
pub use fields::Args;
pub use handle::Handle;
pub use meta::ResponseFormat;
pub use output::{Json, LineStart, ToolOutput};
pub use page::{Page, PageCursor};
pub use plan::{IdempotencyKey, Plan, PlanHandle};
pub use registry::Registry;
pub use server::Server;
#[cfg(feature = "cli")]
pub use transport::ServeArgs;
#[cfg(feature = "http")]
pub use transport::http;
pub use transport::{Serve, ServeError};

/// The MCP SDK the runtime serves through, for its model types (`CallToolResult`, …).
pub use rmcp;

/// What `http_router` stops on, and what a tool's [`ToolContext::cancellation_token`]
/// returns: tokio-util's, re-exported so a server needs no dependency of its own on it.
pub use tokio_util::sync::CancellationToken;

/// Turns a documented `async fn` into an MCP tool.
///
/// ```
/// use mcp_tools::prelude::*;
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
/// | `keywords("refund", "money back", …)` | words a user may search for the tool by in progressive discovery, beyond its name and docs |
/// | `timeout_ms = 5000` | the call fails (retry later, or outcome unknown) after this long |
/// | `max_response_tokens = 2000` | budget of the tool's results |
/// | `binary = "drop"` | what budgets do with images, audio and blobs: `count` (default), `drop`, `link` |
/// | `input_schema = "schemas/order.json"` | a hand-written JSON Schema 2020-12 file, relative to the crate's directory: listed as written and enforced on every call, instead of the schema built from the parameters (see below) |
/// | `allow(rule, …)` | waives design rules for this tool |
/// | `crate = path` | where the runtime crate is, if renamed |
///
/// Keys of `#[param(...)]` on a parameter: `min`, `max` (numbers), `min_length`,
/// `max_length` (text, or items of a list), `pattern`, `format` (`date-time`, `date`,
/// `time`, `email`, `uri`, `uuid`, `ipv4`, `ipv6`, `hostname`), `unit`, `default`,
/// `example`, `rename`. Each parameter's `///` comment becomes its description.
///
/// **A hand-written input schema.** Where a Rust type cannot say it (a field required only
/// for one method, `$defs` shared with other services, a schema another team owns), write the
/// schema as a file and name it with `input_schema`. `tools/list` publishes the file as
/// written (`$schema`, `$id`, `$defs`, `$ref`, `allOf`, `if`/`then`/`else`, key order), and
/// the runtime checks every call against it before the fn runs; the registry refuses to
/// build if the file uses a keyword the check does not enforce. The fn takes the arguments
/// as one parameter of any type that deserializes from the arguments object
/// (`serde_json::Value`, `rmcp::model::JsonObject`, a struct that derives `Deserialize`),
/// beside injected `State<T>` and `ToolContext`; it takes no `#[param]`, since the file
/// describes each argument. The file's top-level properties meet the same design rules as
/// parameters (a `description` for each, units, bounds, time formats), reported at the path.
///
/// `schemas/book_shipment.json`, beside the crate's Cargo.toml:
///
/// ```json
/// {
///   "$schema": "https://json-schema.org/draft/2020-12/schema",
///   "type": "object",
///   "properties": {
///     "method": {"description": "`standard`, or `express` for next-day delivery.", "enum": ["standard", "express"]},
///     "deadline": {"description": "Latest delivery time, RFC 3339.", "type": "string", "format": "date-time"}
///   },
///   "required": ["method"],
///   "additionalProperties": false,
///   "if": {"properties": {"method": {"const": "express"}}, "required": ["method"]},
///   "then": {"required": ["deadline"]}
/// }
/// ```
///
/// ```
/// use mcp_tools::prelude::*;
/// use serde::Deserialize;
///
/// #[derive(Deserialize)]
/// struct Booking {
///     method: String,
///     deadline: Option<String>,
/// }
///
/// /// Book a shipment; express shipments need a deadline.
/// ///
/// /// Use once the sender has chosen a delivery method.
/// #[tool(namespace = "shipment", destructive = false, input_schema = "schemas/book_shipment.json")]
/// async fn book(booking: Booking, ctx: ToolContext) -> String {
///     format!("{} booked through {}, due {:?}", booking.method, ctx.tool_name(), booking.deadline)
/// }
///
/// # tokio::runtime::Builder::new_current_thread().build().unwrap().block_on(async {
/// let registry = Registry::builder().tools(tools![book]).build().unwrap();
/// let result = registry
///     .call("shipment_book", serde_json::json!({"method": "express"}))
///     .await
///     .unwrap();
/// assert_eq!(result.is_error, Some(true));
/// // invalid input: missing required argument `deadline` (when `method` is "express")
/// # });
/// ```
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

/// Lists `#[tool]` fns by path for [`RegistryBuilder::tools`](registry::RegistryBuilder::tools): `tools![set_weight, orders::cancel]`.
pub use mcp_tools_macros::tools;

/// The design rules and `#[param(...)]` keys on the fields of an argument struct, as on a
/// tool fn's parameters: derive it instead of `schemars::JsonSchema` on a struct a tool
/// takes (`filters: SearchFilters`).
///
/// Each field is judged by the parameter rules (`param_description_required`,
/// `path_format`, `generic_param_name`, `unit_in_name`, `bounded_limit`,
/// `bounded_limit_unenforced`, `timestamp_format`), at the field's token, with the crate's
/// rule levels. `#[param(min, max, min_length, max_length, pattern, format, unit,
/// example)]` shape the field's schema as they shape a parameter's, and every call is
/// checked against it. Write `#[serde(default)]` and `#[serde(rename)]` where a parameter
/// would take `default` and `rename`: serde reads the field, and the schema follows serde.
///
/// ```
/// use mcp_tools::prelude::*;
/// use serde::Deserialize;
///
/// /// Which orders to return.
/// #[derive(Deserialize, ToolArgs)]
/// struct OrderFilters {
///     /// Only orders placed at or after this instant, RFC 3339.
///     #[param(format = "date-time")]
///     placed_after: Option<String>,
///     /// Most orders to return.
///     #[param(min = 1, max = 100)]
///     #[serde(default = "twenty")]
///     limit: u32,
/// }
///
/// fn twenty() -> u32 {
///     20
/// }
///
/// /// Search orders and return the newest first.
/// #[tool(namespace = "order", read_only)]
/// async fn search(
///     /// Words to look for in an order's items.
///     text: String,
///     filters: OrderFilters,
/// ) -> String {
///     format!("{text}: {} orders", filters.limit)
/// }
/// # let _ = tools![search];
/// ```
pub use mcp_tools_macros::ToolArgs;

/// What a tool module usually imports.
pub mod prelude {
    pub use crate::{
        Args, Caller, ErrorKind, Handle, IdempotencyKey, Json, LineStart, Page, PageCursor, Plan,
        PlanHandle, Registry, ResponseFormat, Serve, State, ToolArgs, ToolContext, ToolError,
        ToolOutput,
        context::LogLevel,
        output::IntoToolOutput,
        tool, tools,
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
            meta::{
                AliasMeta, BinaryPolicy, ParamMeta, RawSchema, ResponseFormat, TaskSupport,
                ToolMeta,
            },
            output::ToolReturn,
            schema::InputSchema,
        };
        /// For `#[derive(ToolArgs)]`, which writes a struct's schema with schemars.
        pub use ::schemars;
    }
}
