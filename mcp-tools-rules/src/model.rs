//! The neutral model of a tool definition the rules judge: what any front end (the macro,
//! the registry, a published `tools/list`) can say of a tool, and nothing of how it said it.

use mcp_tools_shared::task::TaskSupport;

use crate::words;

/// Whose words a report's fix is written in: a `#[tool]` fn's keys and doc comments, or a
/// published definition's JSON.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Dialect {
    /// A `#[tool]` fn: `read_only`, `#[param(max = …)]`, `///` docs.
    #[default]
    Rust,
    /// A published definition: `readOnlyHint`, `"maximum"`, `"description"`.
    Json,
}

/// What a definition defines: a tool, which a model calls, or a prompt, which a user picks
/// from a client's list (mostly as a slash command) to start a conversation. The rules'
/// messages name it and say why a flaw hurts its reader; [`crate::check`] judges a tool and
/// [`crate::check_prompt`] a prompt.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Noun {
    /// A tool (`tools/list`).
    #[default]
    Tool,
    /// A prompt (`prompts/list`).
    Prompt,
}

impl Noun {
    /// The word messages use: `tool` or `prompt`.
    #[must_use]
    pub fn word(self) -> &'static str {
        match self {
            Noun::Tool => "tool",
            Noun::Prompt => "prompt",
        }
    }
}

/// What a definition says of one annotation (`read_only`, `destructive`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Declared {
    /// Not said: the client applies MCP's default.
    #[default]
    Absent,
    /// Said, with this value.
    Set(bool),
    /// Written, but not as a value the front end could read; already reported there, so
    /// the rules do not report it missing too.
    Malformed,
}

impl Declared {
    /// Whether it is said and true.
    #[must_use]
    pub fn is_true(self) -> bool {
        self == Declared::Set(true)
    }

    /// Whether it is written at all (a value, or a malformed one).
    #[must_use]
    pub fn is_written(self) -> bool {
        self != Declared::Absent
    }
}

/// A description: a tool's, or a parameter's doc.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Description {
    /// The text; `None` when it exists but is not literal (a doc written with
    /// `include_str!`), which the rules cannot read and so take as written.
    pub text: Option<String>,
}

impl Description {
    /// A literal description.
    #[must_use]
    pub fn text(text: impl Into<String>) -> Description {
        Description {
            text: Some(text.into()),
        }
    }

    /// Whether it says anything: literal text that is not blank, or text the rules cannot
    /// read.
    #[must_use]
    pub fn is_written(&self) -> bool {
        self.text.as_deref().is_none_or(|t| !t.trim().is_empty())
    }
}

/// Where an argument is described, for the words of a report's fix.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Origin {
    /// A parameter of a `#[tool]` fn: its `///` doc and `#[param]` keys.
    #[default]
    Param,
    /// A property of a JSON Schema (an `input_schema` file, a published `inputSchema`):
    /// its `description` and keywords.
    Property,
    /// A field of a `#[derive(ToolArgs)]` struct: its `///` doc and `#[param]` keys.
    Field,
}

/// What values an argument takes, as far as the rules care.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Kind {
    /// Text (`String`, `"type": "string"`).
    Text,
    /// A whole number.
    Integer,
    /// A number.
    Number,
    /// `true` or `false`: a flag named for what it switches on.
    Boolean,
    /// A list of values of a kind.
    List(Box<Kind>),
    /// An object with open keys (`HashMap`, `"type": "object"` without `properties`).
    Map,
    /// Any JSON value: the schema says nothing of it.
    Any,
    /// A type of the author's own: an enum, a struct, an object with named properties, a
    /// constant. Its schema says what its values are.
    Own,
    /// A timestamp type (`DateTime<Utc>`): a point in time in a fixed format.
    DateTime,
    /// A date type (`NaiveDate`): a day in a fixed format.
    Date,
}

impl Kind {
    /// Whether it is a number.
    #[must_use]
    pub fn is_numeric(&self) -> bool {
        matches!(self, Kind::Integer | Kind::Number)
    }

    /// Whether its schema describes its values, or a list of such: an enum, a struct, a
    /// typed time.
    #[must_use]
    pub fn describes_itself(&self) -> bool {
        match self {
            Kind::Own | Kind::DateTime | Kind::Date => true,
            Kind::List(item) => item.describes_itself(),
            _ => false,
        }
    }

    /// Whether its schema says nothing of what a value means: text, numbers, flags, lists,
    /// maps and untyped values.
    #[must_use]
    pub fn is_plain(&self) -> bool {
        !matches!(self, Kind::Own | Kind::DateTime | Kind::Date)
    }
}

/// One argument a model fills: a parameter, a property, a field; with its nested fields.
#[derive(Clone, Debug)]
pub struct Param {
    /// The front end's handle for it, unique in its tool: reports name it in
    /// [`crate::Target::Param`].
    pub id: usize,
    /// The property name on the wire.
    pub name: String,
    /// The dotted path from the tool's arguments (`filters.created_at`); the name at the
    /// top level.
    pub path: String,
    /// The name's words in `snake_case`, whatever its style (`maxResults` → `max_results`).
    pub key: String,
    /// Where it is described, for the words of a fix.
    pub origin: Origin,
    /// What values it takes.
    pub kind: Kind,
    /// Its own description; `None` when it has none.
    pub doc: Option<Description>,
    /// The schema's `minimum` (or `min`).
    pub min: Option<f64>,
    /// The schema's `maximum` (or `max`).
    pub max: Option<f64>,
    /// The values an `enum` allows, where the front end knows them.
    pub values: Vec<String>,
    /// The schema's `format`.
    pub format: Option<String>,
    /// The schema's `pattern`, for text.
    pub pattern: Option<String>,
    /// Whether a `format` was written that the front end could not read (and reported
    /// there): the rules do not ask for one again.
    pub format_unread: bool,
    /// A unit stated by a key (`#[param(unit = "kg")]`).
    pub unit: Option<String>,
    /// The fields of an object argument (or of its list's items), judged as arguments.
    pub fields: Vec<Param>,
}

impl Param {
    /// An argument named `name` at the top level, with nothing known of it but its kind.
    #[must_use]
    pub fn new(id: usize, name: impl Into<String>, origin: Origin, kind: Kind) -> Param {
        let name = name.into();
        Param {
            id,
            key: words::normalize(&name),
            path: name.clone(),
            name,
            origin,
            kind,
            doc: None,
            min: None,
            max: None,
            values: Vec::new(),
            format: None,
            pattern: None,
            format_unread: false,
            unit: None,
            fields: Vec::new(),
        }
    }

    /// Whether it is a number.
    #[must_use]
    pub fn is_numeric(&self) -> bool {
        self.kind.is_numeric()
    }

    /// The unit a key or the name's suffix states (`timeout_ms` → `ms`), for a number.
    #[must_use]
    pub fn stated_unit(&self) -> Option<&str> {
        match &self.unit {
            Some(unit) => Some(unit),
            None if self.is_numeric() => words::unit_of(&self.key),
            None => None,
        }
    }

    /// Its own doc's text, lower-cased; empty when there is none or it is not literal.
    #[must_use]
    pub fn doc_lower(&self) -> String {
        self.doc
            .as_ref()
            .and_then(|d| d.text.as_deref())
            .unwrap_or("")
            .to_lowercase()
    }

    /// Whether it has a doc of its own with anything in it.
    #[must_use]
    pub fn is_documented(&self) -> bool {
        self.doc.as_ref().is_some_and(Description::is_written)
    }
}

/// One tool definition, as the rules judge it.
#[derive(Clone, Debug, Default)]
pub struct Tool {
    /// Whose words the fixes are written in.
    pub dialect: Dialect,
    /// The namespace, when the tool has one: its own, or its crate's default.
    pub namespace: Option<String>,
    /// Whether the namespace is the crate's default (`[package.metadata.mcp-tools]`).
    pub namespace_from_config: bool,
    /// Whether a namespace was written, even one the front end could not read (then already
    /// reported there).
    pub namespace_written: bool,
    /// The action: the wire name after the namespace.
    pub action: String,
    /// The description; `None` when the tool has none at all.
    pub description: Option<Description>,
    /// The arguments a model fills, in order; each with its nested fields.
    pub params: Vec<Param>,
    /// `read_only` (`readOnlyHint`).
    pub read_only: Declared,
    /// `destructive` (`destructiveHint`).
    pub destructive: Declared,
    /// Deprecated names that still route to the tool.
    pub aliases: Vec<String>,
    /// Whether the handler is an `async fn`; `None` where the front end cannot tell.
    pub is_async: Option<bool>,
    /// Whether calls run as tasks.
    pub task: Option<TaskSupport>,
    /// The promised bound on a call, in milliseconds.
    pub timeout_ms: Option<u64>,
}

impl Tool {
    /// `namespace_action`, or the action alone when there is no namespace.
    #[must_use]
    pub fn wire_name(&self) -> String {
        match &self.namespace {
            Some(ns) if !ns.is_empty() => format!("{ns}_{}", self.action),
            _ => self.action.clone(),
        }
    }

    /// The action's words in `snake_case` (`getUser` → `get_user`).
    #[must_use]
    pub fn action_key(&self) -> String {
        words::normalize(&self.action)
    }

    /// The description's literal text, if any.
    #[must_use]
    pub fn description_text(&self) -> Option<&str> {
        self.description.as_ref().and_then(|d| d.text.as_deref())
    }

    /// Every argument, nested fields after the argument that holds them.
    pub fn all_params(&self) -> impl Iterator<Item = &Param> {
        let mut stack: Vec<&Param> = self.params.iter().rev().collect();
        std::iter::from_fn(move || {
            let next = stack.pop()?;
            stack.extend(next.fields.iter().rev());
            Some(next)
        })
    }
}
