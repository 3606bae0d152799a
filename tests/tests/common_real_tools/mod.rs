//! The real-tools catalog: every tool of the twenty servers of the design-rule corpus
//! (`tests/corpus/servers/`) the discovery tasks were written for, and of
//! `tests/tests/discovery_corpus/servers/*.json`, as each server lists it,
//! registered under the name a port to this crate would give it, and the discovery tasks
//! (`discovery_corpus/tasks.json`). Shared by the discovery benchmark (a test) and the
//! search-latency bench.

#![allow(dead_code, reason = "each user takes what it needs")]

use std::{
    fmt::Write as _,
    fs,
    path::{Path, PathBuf},
    sync::Mutex,
};

use mcp_tools::{
    __private::v1::{Call, CallFuture, InputSchema, RawSchema, ToolDefinition, ToolMeta},
    Caller, Registry, ToolOutput,
    rmcp::model::{JsonObject, Tool},
    schema::OutputSchema,
};
use mcp_tools_shared::title::title_case;
use serde::Deserialize;
use serde_json::Value;

/// Folders of server files, relative to this crate.
pub(crate) const SERVER_DIRS: [&str; 2] = ["corpus/servers", "tests/discovery_corpus/servers"];
/// The servers of `corpus/servers` in the catalog: those the tasks were labelled against.
/// The design-rule corpus has grown since; a server added there is not a tool the tasks
/// could expect, and some are the same products as `discovery_corpus/servers`.
const CORPUS_SERVERS: &[&str] = &[
    "brave-search",
    "context7",
    "everything",
    "fetch",
    "filesystem",
    "git",
    "github",
    "github-reference",
    "gitlab",
    "google-maps",
    "memory",
    "notion",
    "playwright",
    "postgres",
    "puppeteer",
    "sentry",
    "sequential-thinking",
    "slack",
    "stripe",
    "time",
];
pub(crate) const TASKS: &str = "tests/discovery_corpus/tasks.json";
/// Requests the servers' own documentation gives as examples, labelled without running a
/// ranker: a blind set.
pub(crate) const PUBLISHED: &str = "tests/discovery_corpus/published_tasks.json";

/// One server's `tools/list`, as stored.
#[derive(Deserialize)]
pub(crate) struct ServerFile {
    pub(crate) server: String,
    pub(crate) source: String,
    pub(crate) tools: Vec<Value>,
}

#[derive(Deserialize)]
pub(crate) struct Task {
    /// The request, as a user words it.
    #[serde(rename = "task")]
    pub(crate) request: String,
    pub(crate) expect: Vec<String>,
    pub(crate) category: String,
    /// Where a published request was published.
    #[serde(default)]
    pub(crate) source: Option<String>,
}

/// The tasks, as stored.
pub(crate) fn tasks() -> Vec<Task> {
    read_json(&crate_dir().join(TASKS))
}

/// The published requests, as stored.
pub(crate) fn published_tasks() -> Vec<Task> {
    read_json(&crate_dir().join(PUBLISHED))
}

pub(crate) fn crate_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

pub(crate) fn servers() -> Vec<ServerFile> {
    let mut files = Vec::new();
    for dir in SERVER_DIRS {
        let mut paths: Vec<PathBuf> = fs::read_dir(crate_dir().join(dir))
            .unwrap_or_else(|e| panic!("{dir}: {e}"))
            .map(|entry| entry.expect("a directory entry").path())
            .filter(|p| p.extension().is_some_and(|e| e == "json"))
            .filter(|p| {
                dir != SERVER_DIRS[0]
                    || p.file_stem()
                        .is_some_and(|s| CORPUS_SERVERS.iter().any(|c| *c == s))
            })
            .collect();
        paths.sort();
        files.extend(paths.iter().map(|p| read_json::<ServerFile>(p)));
    }
    files
}

pub(crate) fn read_json<T: for<'de> Deserialize<'de>>(path: &Path) -> T {
    let text = fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The wire names of a server's tools. A server whose tools all share a first word has its
/// namespace already (`browser_click`, `maps_geocode`), as does a lone tool named after its
/// server (`fetch`); the others get the server's name in front (`github_get_me`).
pub(crate) fn wire_names(server: &ServerFile) -> Vec<String> {
    let namespace = server.server.replace('-', "_");
    let published: Vec<&str> = server
        .tools
        .iter()
        .map(|t| t["name"].as_str().expect("every tool has a name"))
        .collect();
    let first_word = |name: &str| name.split('_').next().unwrap_or_default().to_owned();
    let shared = published.len() > 1
        && published.iter().all(|n| n.contains('_'))
        && published
            .iter()
            .all(|n| first_word(n) == first_word(published[0]));
    published
        .iter()
        .map(|name| {
            if shared || *name == namespace {
                (*name).to_owned()
            } else {
                format!("{namespace}_{name}")
            }
        })
        .collect()
}

/// The output schema of the definition being built: `from_spec` takes a plain fn for it.
static NEXT_OUTPUT_SCHEMA: Mutex<Option<JsonObject>> = Mutex::new(None);

fn take_output_schema() -> Option<OutputSchema> {
    NEXT_OUTPUT_SCHEMA
        .lock()
        .expect("not poisoned")
        .take()
        .map(|schema| OutputSchema {
            schema,
            wrapped: false,
        })
}

fn describe_nothing(_: &mut InputSchema) {}

fn answer<'a>(_: &'a Call<'_>) -> CallFuture<'a> {
    Box::pin(async { Ok(ToolOutput::text("done")) })
}

fn leak(text: &str) -> &'static str {
    Box::leak(text.to_owned().into_boxed_str())
}

/// The JSON Schema dialect the registry enforces, and so the one its input schemas declare.
const DIALECT: &str = "https://json-schema.org/draft/2020-12/schema";

/// A published tool as the registry holds it: what `#[tool(input_schema = …)]` builds, so
/// its name, title, description, input schema (as written), output schema and annotations
/// are the server's. Its handler answers a fixed line; only the definition is ranked.
///
/// The one change: a schema that declares draft-07 declares 2020-12 instead, as a port must,
/// since the registry refuses a dialect it does not enforce (their other keywords mean the
/// same in both). Tools without a title get the one `#[tool]` would give them.
pub(crate) fn definition(wire_name: &str, published: &Value) -> ToolDefinition {
    let hint = |key: &str| published["annotations"][key].as_bool();
    let mut schema = published["inputSchema"].clone();
    if schema.get("$schema").is_some_and(|d| d != DIALECT) {
        schema["$schema"] = DIALECT.into();
    }
    let properties: Vec<&'static str> = schema["properties"]
        .as_object()
        .map(|p| p.keys().map(|k| leak(k)).collect())
        .unwrap_or_default();
    let name = published["name"].as_str().unwrap_or_default();
    let title = published["title"]
        .as_str()
        .map_or_else(|| title_case(name), str::to_owned);
    let meta: &'static ToolMeta = Box::leak(Box::new(ToolMeta {
        name: leak(wire_name),
        title: leak(&title),
        description: leak(published["description"].as_str().unwrap_or_default()),
        fn_path: "discovery_bench::definition",
        read_only: hint("readOnlyHint"),
        destructive: hint("destructiveHint"),
        idempotent: hint("idempotentHint"),
        open_world: hint("openWorldHint"),
        aliases: &[],
        scopes: &[],
        keywords: &[],
        timeout_ms: None,
        handle_ttl_secs: None,
        handle_renew: None,
        task: None,
        task_ttl_secs: None,
        task_deferred: false,
        max_response_tokens: None,
        concise_tokens: None,
        detailed_tokens: None,
        binary: None,
        input_schema: Some(RawSchema {
            path: leak(wire_name),
            text: leak(&schema.to_string()),
            properties: Box::leak(properties.into_boxed_slice()),
        }),
        rule_levels: &[],
        rules_strict: false,
        icons: &[],
        meta: None,
        params: &[],
    }));
    *NEXT_OUTPUT_SCHEMA.lock().expect("not poisoned") =
        published["outputSchema"].as_object().cloned();
    ToolDefinition::from_spec(
        meta,
        describe_nothing,
        take_output_schema,
        no_handle,
        answer,
    )
}

/// The published tools make no state handles.
fn no_handle() -> Option<String> {
    None
}

/// Every tool of every server, in file order, and the registry serving them in
/// progressive-discovery mode.
pub(crate) fn catalog(servers: &[ServerFile]) -> (Vec<String>, Registry) {
    let (names, definitions) = definitions(servers);
    let registry = Registry::builder()
        .server_info("discovery-bench", "1.0.0")
        .default_caller(Caller::anonymous())
        .tools(definitions)
        .progressive_discovery(Vec::<String>::new())
        .build()
        .unwrap_or_else(|e| panic!("the catalog builds: {e}"));
    (names, registry)
}

/// Every tool of every server, in file order: wire names and definitions.
pub(crate) fn definitions(servers: &[ServerFile]) -> (Vec<String>, Vec<ToolDefinition>) {
    let mut names = Vec::new();
    let mut definitions = Vec::new();
    for server in servers {
        for (name, tool) in wire_names(server).into_iter().zip(&server.tools) {
            definitions.push(definition(&name, tool));
            names.push(name);
        }
    }
    (names, definitions)
}

/// Lower-cased runs of letters and digits.
pub(crate) fn words(text: &str) -> impl Iterator<Item = String> + '_ {
    text.split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(str::to_lowercase)
}

/// What both rankers read of a tool: its name, title, description, and each top-level
/// parameter's name and description.
pub(crate) fn searchable_text(tool: &Tool) -> String {
    let mut text = format!(
        "{} {} {}",
        tool.name,
        tool.title.as_deref().unwrap_or_default(),
        tool.description.as_deref().unwrap_or_default()
    );
    if let Some(properties) = tool
        .input_schema
        .get("properties")
        .and_then(Value::as_object)
    {
        for (name, property) in properties {
            let doc = property
                .get("description")
                .and_then(Value::as_str)
                .unwrap_or_default();
            let _ = write!(text, " {name} {doc}");
        }
    }
    text
}
