#![doc = include_str!("../../README.md")]

mod arg;
mod call;
pub mod catalog;
mod collision;
mod complete;
pub mod context;
mod counter;
pub mod definition;
mod discovery;
mod error;
mod extras;
mod fields;
mod handle;
mod handler;
mod item;
mod items;
pub mod limits;
pub mod lint;
mod listing;
pub mod meta;
mod optimizer;
pub mod output;
mod page;
mod plan;
pub mod prompt;
pub mod registry;
pub mod resource;
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
pub use complete::{Completion, IntoCompletions, MAX_COMPLETIONS};
pub use context::{Caller, ToolContext};
pub use error::{ErrorKind, ToolError};
pub use extras::Extras;
pub use fields::Args;
pub use handle::Handle;
pub use listing::Catalog;
pub use meta::ResponseFormat;
pub use output::{Json, LineStart, ToolOutput};
pub use page::{Page, PageCursor};
pub use plan::{IdempotencyKey, Plan, PlanHandle};
pub use prompt::PromptReturn;
pub use registry::Registry;
pub use resource::{ResourceBody, ResourceReturn, ResourceUpdates};
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

/// Turns a documented `async fn` into an MCP prompt: the doc comment is its description,
/// each parameter an argument with its own `///` doc, `Option<T>` optional.
///
/// Clients send arguments as strings; each is parsed by its parameter's type (`"9"` for a
/// `u32`) and checked as a tool's arguments are, every problem named at once. `State<T>` and
/// `ToolContext` are injected as for a tool. The fn returns the text of one user message
/// (`String`), a `PromptMessage`, a `Vec<PromptMessage>` or a `GetPromptResult`, or any of
/// them in a `Result<_, ToolError>`. See the README's "Prompts and resources".
///
/// ```
/// use mcp_tools::prelude::*;
///
/// /// The borrowers whose names start with what the user typed.
/// async fn borrowers(c: Completion) -> Vec<String> {
///     let known = ["Ada", "Alan", "Grace"];
///     known.iter().filter(|b| b.starts_with(c.value())).map(|b| (*b).to_owned()).collect()
/// }
///
/// /// Draft a friendly reminder for an overdue loan, in the library's voice.
/// #[prompt(namespace = "library")]
/// async fn overdue_reminder(
///     /// The borrower's first name.
///     #[param(complete = borrowers)]
///     borrower: String,
///     /// Days overdue; the tone firms up after a week.
///     #[param(min = 1)]
///     days_overdue: Option<u32>,
/// ) -> String {
///     let days = days_overdue.map_or_else(|| "some".to_owned(), |d| d.to_string());
///     format!("Write to {borrower}, kindly: their book is {days} days late.")
/// }
///
/// # tokio::runtime::Builder::new_current_thread().build().unwrap().block_on(async {
/// let registry = Registry::builder().catalog(catalog![overdue_reminder]).build().unwrap();
/// let args = serde_json::json!({"borrower": "Ada", "days_overdue": "9"});
/// let prompt = registry.get_prompt_with("library_overdue_reminder", args).await.unwrap();
/// assert_eq!(prompt.messages.len(), 1);
/// # });
/// ```
///
/// Keys of `#[prompt(...)]`:
///
/// | key | meaning |
/// |---|---|
/// | `namespace = "library"` | prefix of the wire name: `library_overdue_reminder` |
/// | `name = "…"` | the action part of the wire name, instead of the fn's name |
/// | `title = "…"` | display title (default: from the name, "Overdue Reminder") |
/// | `scopes("a:b", …)` | scopes the caller must hold; without them the prompt is hidden and refused |
/// | `icons("https://…/remind.png", …)` | icons a client may show: `https:` URLs or `data:image/…` URIs |
/// | `meta = r#"{"com.example/tone": "kind"}"#` | the listing's `_meta`, checked to be a JSON object |
/// | `allow(rule, …)` | waives design rules for this prompt |
/// | `crate = path` | where the runtime crate is, if renamed |
///
/// `#[param(...)]` on an argument takes a tool parameter's keys (but `narrows`: a prompt's
/// result is not cut) and `complete = path::to_fn`, an `async fn(Completion) -> Vec<String>`
/// or `fn(&Completion) -> Vec<String>` (either may return `Result<Vec<String>, ToolError>`)
/// that offers values while a user types. The design rules that fit prompts (a description,
/// documented arguments, names, a namespace, `async_fn`) report at the token, with the
/// crate's levels.
pub use mcp_tools_macros::prompt;

/// Turns a documented `async fn` into an MCP resource: a fixed URI, or an RFC 6570 template
/// whose variables are the fn's parameters.
///
/// A template takes level 1 `{name}` (a value without `/`, `?` or `#`) and level 2's
/// `{+name}` (any value); a query is literal text with variables in it
/// (`search://books?q={query}`). Each variable is the parameter of its name (or of its
/// `#[param(rename = "…")]`), parsed by its type; every other parameter is `State<T>` or
/// `ToolContext`. A malformed template, a variable without a parameter and a parameter that
/// is no variable fail the build at the token. A variable whose decoded value holds a `..`
/// segment, an absolute path or a NUL is refused before the fn runs, unless the parameter
/// says why it is safe with `#[param(unchecked = "…")]`. The fn returns `String`, `Vec<u8>`,
/// `Json<T>`, `ResourceContents` or a `Vec` of them, or any of these in a
/// `Result<_, ToolError>`. See the README's "Prompts and resources".
///
/// ```
/// use mcp_tools::prelude::*;
///
/// /// The library's loan rules: loan periods, renewals and fines.
/// #[resource("library://policy/loans", mime_type = "text/markdown")]
/// async fn loan_policy() -> String {
///     "# Loans\nThree weeks; two renewals.".to_owned()
/// }
///
/// /// One loan: its due date and the renewals left.
/// #[resource("library://loans/{loan_id}", mime_type = "text/plain")]
/// async fn loan(loan_id: String) -> Result<String, ToolError> {
///     match loan_id.as_str() {
///         "L-1042" => Ok("due 2026-05-01, one renewal left".to_owned()),
///         other => Err(ToolError::not_found(format!("no loan {other}"))),
///     }
/// }
///
/// # tokio::runtime::Builder::new_current_thread().build().unwrap().block_on(async {
/// let registry = Registry::builder().catalog(catalog![loan_policy, loan]).build().unwrap();
/// let read = registry.read_resource_at("library://loans/L-1042").await.unwrap();
/// assert_eq!(read.contents.len(), 1);
/// # });
/// ```
///
/// Keys of `#[resource("uri", ...)]`, after the URI:
///
/// | key | meaning |
/// |---|---|
/// | `name = "…"` | the resource's name (default: the fn's name) |
/// | `title = "…"` | display title (default: from the name) |
/// | `mime_type = "text/markdown"` | the contents' MIME type |
/// | `size = 1024` | size in bytes; fixed URIs only |
/// | `audience("user", "assistant")` | whom the contents are for |
/// | `priority = 0.8` | how much it matters, from 0 to 1 |
/// | `scopes("a:b", …)` | scopes the caller must hold; without them the resource is hidden and refused |
/// | `icons("https://…", …)` | icons a client may show: `https:` URLs or `data:image/…` URIs |
/// | `meta = r#"{…}"#` | the listing's `_meta`, checked to be a JSON object |
/// | `max_response_tokens = 2000` | budget of what a read returns; the rest is cut with a notice that says how to read on |
/// | `binary = "drop"` | what the budget does with bytes: `count` (default), `drop`, `link` |
/// | `allow(rule, …)` | waives design rules for this resource |
/// | `crate = path` | where the runtime crate is, if renamed |
///
/// `#[param(...)]` on a variable takes a tool parameter's keys (but `narrows`),
/// `complete = path::to_fn` (as on a prompt's argument) and `unchecked = "why it is safe"`. A resource without a doc
/// comment is a warning (`description_required`), a placeholder in it an error.
pub use mcp_tools_macros::resource;

/// Lists `#[tool]`, `#[prompt]` and `#[resource]` fns by path for
/// [`RegistryBuilder::catalog`](registry::RegistryBuilder::catalog), and fails to compile
/// when two of them collide: `catalog![set_weight, loan_policy, overdue_reminder]`.
///
/// Two tools (or an alias and a tool) of one name, two prompts of one name, or two
/// resources whose URIs or templates can match one URI fail the build with a message that
/// names both fns; `catalog![crate = path; …]` names a renamed runtime crate.
///
/// ```compile_fail
/// use mcp_tools::prelude::*;
///
/// /// One loan: its due date and the renewals left.
/// #[resource("library://loans/{loan_id}")]
/// async fn loan(loan_id: String) -> String {
///     loan_id
/// }
///
/// /// The library's loan rules: loan periods, renewals and fines.
/// #[resource("library://loans/policy")]
/// async fn loan_policy() -> String {
///     "# Loans".to_owned()
/// }
///
/// // `library://loans/policy` is a loan id too: the build fails.
/// let catalog = catalog![loan, loan_policy];
/// ```
pub use mcp_tools_macros::catalog;

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
        Args, Caller, Catalog, Completion, ErrorKind, Handle, IdempotencyKey, Json, LineStart,
        Page, PageCursor, Plan, PlanHandle, Registry, ResourceUpdates, ResponseFormat, Serve,
        State, ToolArgs, ToolContext, ToolError, ToolOutput, catalog,
        context::LogLevel,
        output::IntoToolOutput,
        prompt, resource, tool, tools,
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
            complete::{
                CompleteFn, CompleteFuture, CompleteWith, Completer, Completion, IntoCompletions,
                complete_with,
            },
            definition::{CallFuture, ToolDefinition, ToolSpec},
            item::{ItemKey, find_item_collision_at},
            listing::{Catalog, Item},
            meta::{
                AliasMeta, BinaryPolicy, IconMeta, ParamMeta, RawSchema, ResponseFormat,
                TaskSupport, ToolMeta,
            },
            output::ToolReturn,
            prompt::{PromptDefinition, PromptFuture, PromptMeta, PromptReturn, PromptSpec},
            resource::{
                ResourceBody, ResourceDefinition, ResourceFuture, ResourceMeta, ResourceReturn,
                ResourceSpec,
            },
            schema::InputSchema,
        };
        /// For `#[derive(ToolArgs)]`, which writes a struct's schema with schemars.
        pub use ::schemars;
    }
}
