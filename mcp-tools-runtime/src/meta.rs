//! The static tables `#[tool]` generates for each tool: plain data, imported by every layer
//! above and importing nothing of the crate.

use std::any::TypeId;

use serde_json::{Value, json};

pub use mcp_tools_shared::binary::BinaryPolicy;
pub use mcp_tools_shared::task::TaskSupport;

/// What `#[tool]` knows about a tool, as static data.
#[doc(hidden)]
#[derive(Debug)]
#[doc(hidden)]
pub struct ToolMeta {
    pub name: &'static str,
    pub title: &'static str,
    pub description: &'static str,
    pub fn_path: &'static str,
    pub read_only: Option<bool>,
    pub destructive: Option<bool>,
    pub idempotent: Option<bool>,
    pub open_world: Option<bool>,
    pub aliases: &'static [AliasMeta],
    pub scopes: &'static [&'static str],
    /// `keywords(…)`: words a user may search for the tool by, beyond its name and docs.
    pub keywords: &'static [&'static str],
    pub timeout_ms: Option<u64>,
    /// `handle_ttl_secs = …`: how long the state handle the tool makes lives.
    pub handle_ttl_secs: Option<u64>,
    /// `handle_renew = false`: the handle's lifetime runs from when it was made, not from
    /// its last use.
    pub handle_renew: Option<bool>,
    /// `task = "optional" | "required"`: calls run as tasks (MCP's Tasks extension).
    pub task: Option<TaskSupport>,
    /// `task_ttl_secs = …`: how long a finished task's result is kept.
    pub task_ttl_secs: Option<u64>,
    /// `task_deferred`: the call becomes a task only when its handler calls
    /// `ToolContext::continue_as_task`; until then it is a plain call.
    pub task_deferred: bool,
    pub max_response_tokens: Option<u64>,
    pub concise_tokens: Option<u64>,
    pub detailed_tokens: Option<u64>,
    pub binary: Option<BinaryPolicy>,
    /// `input_schema = "…"`: the hand-written schema published instead of one built from
    /// `params`.
    pub input_schema: Option<RawSchema>,
    /// The levels the crate's `[package.metadata.mcp-tools.rules]` and the tool's
    /// `allow(...)` gave design rules (`("path_format", "allow")`), which `Registry::lint`
    /// judges the tool at.
    pub rule_levels: &'static [(&'static str, &'static str)],
    /// The crate's `strict = true`: every rule that warns is an error.
    pub rules_strict: bool,
    /// `icons("https://…", …)`: the listing's icons.
    pub icons: &'static [IconMeta],
    /// `meta = r#"{…}"#`: the listing's `_meta`, as JSON text.
    pub meta: Option<&'static str>,
    pub params: &'static [ParamMeta],
}

/// One icon from `icons("https://…/loan.png", …)`.
#[doc(hidden)]
#[derive(Debug)]
pub struct IconMeta {
    /// Where the icon is: an `https:` URL or a `data:` URI.
    pub src: &'static str,
}

/// A hand-written input schema, from `#[tool(input_schema = "schemas/order.json")]`.
#[doc(hidden)]
#[derive(Debug)]
#[doc(hidden)]
pub struct RawSchema {
    /// The path as written, relative to the crate's directory; for messages.
    pub path: &'static str,
    /// The file's text (`include_str!`), published as written.
    pub text: &'static str,
    /// The names of the root's `properties`, in order, as the macro read them.
    pub properties: &'static [&'static str],
}

/// A deprecated name of a tool, from `aliases("…")` or `alias(name = "…", …)`.
#[derive(Debug)]
pub struct AliasMeta {
    /// The old name.
    pub name: &'static str,
    /// The version that deprecated it.
    pub since: Option<&'static str>,
    /// The version that will remove it.
    pub remove_in: Option<&'static str>,
    /// Calls through it fail with directions to the new tool, whose arguments differ.
    pub redirect: bool,
    /// How the arguments differ, for `redirect`.
    pub note: Option<&'static str>,
}

impl AliasMeta {
    /// The record of this alias in a result's or a listing's `_meta`.
    pub(crate) fn detail(&self, replacement: &str) -> Value {
        let mut detail = json!({ "alias": self.name, "use": replacement });
        if let Some(since) = self.since {
            detail["since"] = since.into();
        }
        if let Some(remove_in) = self.remove_in {
            detail["remove_in"] = remove_in.into();
        }
        if self.redirect {
            detail["redirect"] = true.into();
        }
        detail
    }
}

/// What `#[tool]` knows about one parameter.
#[derive(Debug)]
#[doc(hidden)]
pub struct ParamMeta {
    /// The argument's name on the wire.
    pub name: &'static str,
    /// The Rust identifier.
    pub rust_name: &'static str,
    /// The parameter's doc comment.
    pub description: Option<&'static str>,
    /// Whether the schema lists it as required.
    pub required: bool,
    /// The unit, from `unit = "…"` or the name's suffix.
    pub unit: Option<&'static str>,
    /// `min = …`.
    pub minimum: Option<f64>,
    /// `max = …`.
    pub maximum: Option<f64>,
    /// `min_length = …` (characters, or items for lists).
    pub min_length: Option<u64>,
    /// `max_length = …`.
    pub max_length: Option<u64>,
    /// `pattern = …`.
    pub pattern: Option<&'static str>,
    /// `format = …`.
    pub format: Option<&'static str>,
    /// JSON text of `default = …`.
    pub default: Option<&'static str>,
    /// JSON text of `example = …`.
    pub example: Option<&'static str>,
    /// `narrows [= bool]`: whether setting it asks for less; `None` leaves it to the name,
    /// type and doc.
    pub narrows: Option<bool>,
}

impl ParamMeta {
    /// The default as JSON.
    #[must_use]
    pub fn default_value(&self) -> Option<Value> {
        self.default.and_then(|d| serde_json::from_str(d).ok())
    }

    /// The example as JSON.
    #[must_use]
    pub fn example_value(&self) -> Option<Value> {
        self.example.and_then(|e| serde_json::from_str(e).ok())
    }
}

/// A state type a tool needs, checked when the registry is built.
#[derive(Clone, Debug)]
pub(crate) struct StateNeed {
    pub(crate) type_id: TypeId,
    pub(crate) type_name: &'static str,
}

/// How much a result says: `concise` (the default) for the fields an agent usually needs,
/// `detailed` for everything. Take it as `response_format: ResponseFormat`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum ResponseFormat {
    /// The few fields the next step usually needs.
    #[default]
    Concise,
    /// Every field, ids and timestamps included.
    Detailed,
}

impl ResponseFormat {
    /// `"concise"` or `"detailed"`.
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            ResponseFormat::Concise => "concise",
            ResponseFormat::Detailed => "detailed",
        }
    }

    pub(crate) fn parse(value: &Value) -> Option<Self> {
        match value.as_str()? {
            "concise" => Some(ResponseFormat::Concise),
            "detailed" => Some(ResponseFormat::Detailed),
            _ => None,
        }
    }
}
