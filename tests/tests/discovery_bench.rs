//! Progressive discovery on real tools: how well `tools_search` finds the tool a task needs
//! among the published tools of real MCP servers, beside a plain BM25 baseline.
//!
//! The catalog is every tool of `tests/corpus/servers/*.json` (the design-rule corpus) and
//! `tests/tests/discovery_corpus/servers/*.json`, as each server lists it, registered under
//! the name a port to this crate would give it (`discovery_corpus/README.md` says how). A
//! tool is built at run time through the definition hook `#[tool(input_schema = …)]`
//! expands to, so the registry and its index hold it exactly as they would a port. The tasks
//! (`discovery_corpus/tasks.json`) are requests as a user words them, each with the tools
//! that do it. Every task goes through `tools_search` (top 10) and through BM25 over
//! the same text (name, title, description, parameter names and docs; k1 = 1.2, b = 0.75,
//! lower-cased words, no stemming, no stop words). Recall@1/3/5 and MRR@10, overall, per
//! category and per half, and the size of a 10-result `tools_search` answer (concise, and
//! with `detail: "full"`) are printed:
//!
//! ```sh
//! cargo test -p mcp-tools-tests --test discovery_bench -- --nocapture
//! ```
//!
//! The tasks fall in two halves by a hash of their text: `dev`, the only one a change of the
//! ranker may be tuned on, and `held-out`, which tells whether it was tuned to the tasks
//! rather than to the way users word them.
//!
//! Each task's two rankings are written beside the catalog to
//! `target/tmp/discovery-bench.json`, for rankers measured outside this test
//! (`bench/discovery-embeddings` fuses embedding models with them).
//!
//! Only the catalog and the tasks are asserted; the numbers are reported, not checked, so
//! a change of the ranker shows up here as a change of the table in `BENCHMARKS.md`.

use std::{
    collections::{BTreeMap, HashMap},
    fmt::Write as _,
    fs,
    path::{Path, PathBuf},
    sync::Mutex,
};

use mcp_tools_runtime::{
    __private::v1::{Call, CallFuture, InputSchema, RawSchema, ToolDefinition, ToolMeta},
    Caller, Encoding, OutputSchema, Registry, ToolOutput,
    rmcp::model::{CallToolResult, JsonObject, Tool},
    wire::SEARCH_TOOL,
};
use mcp_tools_shared::title::title_case;
use serde::Deserialize;
use serde_json::{Value, json};

/// Folders of server files, relative to this crate.
const SERVER_DIRS: [&str; 2] = ["corpus/servers", "tests/discovery_corpus/servers"];
const TASKS: &str = "tests/discovery_corpus/tasks.json";
const CATEGORIES: [&str; 3] = ["literal", "paraphrased", "server_named"];
/// Results asked of `tools_search`, its maximum.
const DEPTH: usize = 10;
/// The rows of the table: every task, each category, each half, each half's paraphrases.
const GROUPS: [&str; 8] = [
    "all",
    "literal",
    "paraphrased",
    "server_named",
    "dev",
    "held-out",
    "dev paraphrased",
    "held-out paraphrased",
];

/// The half a task falls in: FNV-1a of its text, even for `dev`, odd for `held-out`.
fn half(request: &str) -> &'static str {
    let hash = request.bytes().fold(0xcbf2_9ce4_8422_2325_u64, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    });
    if hash % 2 == 0 { "dev" } else { "held-out" }
}

/// One server's `tools/list`, as stored.
#[derive(Deserialize)]
struct ServerFile {
    server: String,
    source: String,
    tools: Vec<Value>,
}

#[derive(Deserialize)]
struct Task {
    /// The request, as a user words it.
    #[serde(rename = "task")]
    request: String,
    expect: Vec<String>,
    category: String,
}

fn crate_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn servers() -> Vec<ServerFile> {
    let mut files = Vec::new();
    for dir in SERVER_DIRS {
        let mut paths: Vec<PathBuf> = fs::read_dir(crate_dir().join(dir))
            .unwrap_or_else(|e| panic!("{dir}: {e}"))
            .map(|entry| entry.expect("a directory entry").path())
            .filter(|p| p.extension().is_some_and(|e| e == "json"))
            .collect();
        paths.sort();
        files.extend(paths.iter().map(|p| read_json::<ServerFile>(p)));
    }
    files
}

fn read_json<T: for<'de> Deserialize<'de>>(path: &Path) -> T {
    let text = fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The wire names of a server's tools. A server whose tools all share a first word has its
/// namespace already (`browser_click`, `maps_geocode`), as does a lone tool named after its
/// server (`fetch`); the others get the server's name in front (`github_get_me`).
fn wire_names(server: &ServerFile) -> Vec<String> {
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
fn definition(wire_name: &str, published: &Value) -> ToolDefinition {
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
        max_response_tokens: None,
        concise_tokens: None,
        detailed_tokens: None,
        binary: None,
        input_schema: Some(RawSchema {
            path: leak(wire_name),
            text: leak(&schema.to_string()),
            properties: Box::leak(properties.into_boxed_slice()),
        }),
        params: &[],
    }));
    *NEXT_OUTPUT_SCHEMA.lock().expect("not poisoned") =
        published["outputSchema"].as_object().cloned();
    ToolDefinition::from_spec(meta, describe_nothing, take_output_schema, answer)
}

/// Every tool of every server, in file order, and the registry serving them in
/// progressive-discovery mode.
fn catalog(servers: &[ServerFile]) -> (Vec<String>, Registry) {
    let mut names = Vec::new();
    let mut definitions = Vec::new();
    for server in servers {
        for (name, tool) in wire_names(server).into_iter().zip(&server.tools) {
            definitions.push(definition(&name, tool));
            names.push(name);
        }
    }
    let registry = Registry::builder()
        .server_info("discovery-bench", "1.0.0")
        .default_caller(Caller::anonymous())
        .tools(definitions)
        .progressive_discovery(Vec::<String>::new())
        .build()
        .unwrap_or_else(|e| panic!("the catalog builds: {e}"));
    (names, registry)
}

/// Lower-cased runs of letters and digits.
fn words(text: &str) -> impl Iterator<Item = String> + '_ {
    text.split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(str::to_lowercase)
}

/// What both rankers read of a tool: its name, title, description, and each top-level
/// parameter's name and description.
fn searchable_text(tool: &Tool) -> String {
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

/// Okapi BM25 over whole documents, k1 = 1.2, b = 0.75.
struct Bm25 {
    docs: Vec<HashMap<String, f64>>,
    lengths: Vec<f64>,
    document_frequency: HashMap<String, f64>,
    average_length: f64,
}

impl Bm25 {
    const K1: f64 = 1.2;
    const B: f64 = 0.75;

    fn new(texts: &[String]) -> Self {
        let mut docs = Vec::with_capacity(texts.len());
        let mut lengths = Vec::with_capacity(texts.len());
        let mut document_frequency: HashMap<String, f64> = HashMap::new();
        for text in texts {
            let mut terms: HashMap<String, f64> = HashMap::new();
            let mut length = 0.0;
            for word in words(text) {
                *terms.entry(word).or_default() += 1.0;
                length += 1.0;
            }
            for term in terms.keys() {
                *document_frequency.entry(term.clone()).or_default() += 1.0;
            }
            docs.push(terms);
            lengths.push(length);
        }
        let average_length = lengths.iter().sum::<f64>() / lengths.len().max(1) as f64;
        Bm25 {
            docs,
            lengths,
            document_frequency,
            average_length,
        }
    }

    /// Document indexes by score, best first; ties keep catalog order; zero scores left out.
    fn rank(&self, query: &str) -> Vec<usize> {
        let n = self.docs.len() as f64;
        let mut terms: Vec<String> = words(query).collect();
        terms.sort();
        terms.dedup();
        let mut scored: Vec<(f64, usize)> = self
            .docs
            .iter()
            .zip(&self.lengths)
            .enumerate()
            .map(|(i, (doc, length))| {
                let score = terms
                    .iter()
                    .filter_map(|t| Some((doc.get(t)?, self.document_frequency[t])))
                    .map(|(tf, df)| {
                        let idf = ((n - df + 0.5) / (df + 0.5) + 1.0).ln();
                        let norm =
                            Self::K1 * (1.0 - Self::B + Self::B * length / self.average_length);
                        idf * tf * (Self::K1 + 1.0) / (tf + norm)
                    })
                    .sum::<f64>();
                (score, i)
            })
            .filter(|(score, _)| *score > 0.0)
            .collect();
        scored.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.1.cmp(&b.1)));
        scored.into_iter().map(|(_, i)| i).collect()
    }
}

/// The 1-based rank of the first acceptable tool within the top `DEPTH`, if any.
fn rank_of(found: &[String], expect: &[String]) -> Option<usize> {
    found
        .iter()
        .take(DEPTH)
        .position(|name| expect.contains(name))
        .map(|i| i + 1)
}

/// Recall@1/3/5 and MRR@10 of a set of ranks.
fn scores(ranks: &[Option<usize>]) -> [f64; 4] {
    let n = ranks.len().max(1) as f64;
    let recall = |k: usize| ranks.iter().filter(|r| r.is_some_and(|r| r <= k)).count() as f64 / n;
    let mrr = ranks
        .iter()
        .map(|r| r.map_or(0.0, |r| 1.0 / r as f64))
        .sum::<f64>()
        / n;
    [recall(1), recall(3), recall(5), mrr]
}

/// The text blocks of a result, joined: what a model reads of it.
fn text_of(result: &CallToolResult) -> String {
    result
        .content
        .iter()
        .filter_map(|b| b.as_text().map(|t| t.text.as_str()))
        .collect()
}

fn median(values: &mut [usize]) -> usize {
    values.sort_unstable();
    values[values.len() / 2]
}

#[tokio::test]
async fn discovery_on_real_tools() {
    let servers = servers();
    let (names, registry) = catalog(&servers);
    let tasks: Vec<Task> = read_json(&crate_dir().join(TASKS));

    // The catalog and the tasks are what this asserts; the scores are reported.
    assert!(servers.len() >= 15, "{} servers", servers.len());
    assert!(names.len() >= 300, "{} tools", names.len());
    assert!(tasks.len() >= 150, "{} tasks", tasks.len());
    for task in &tasks {
        assert!(
            CATEGORIES.contains(&task.category.as_str()),
            "{:?}: unknown category `{}`",
            task.request,
            task.category
        );
        assert!(
            !task.expect.is_empty(),
            "{:?} expects no tool",
            task.request
        );
        for name in &task.expect {
            assert!(
                registry.definition(name).is_some(),
                "{:?} expects `{name}`, which is not in the catalog",
                task.request
            );
        }
    }

    let tools: Vec<&Tool> = names
        .iter()
        .map(|n| registry.definition(n).expect("registered").tool())
        .collect();
    let bm25 = Bm25::new(&tools.iter().map(|t| searchable_text(t)).collect::<Vec<_>>());
    let encoding = Encoding::default();

    let mut ranks: BTreeMap<(String, &str), Vec<Option<usize>>> = BTreeMap::new();
    let (mut chars, mut tokens, mut full_tokens) = (Vec::new(), Vec::new(), Vec::new());
    let mut schemas = Vec::new();
    let mut misses = Vec::new();
    let mut rankings = Vec::new();
    for task in &tasks {
        let search = |detail: &'static str| {
            registry.call(
                SEARCH_TOOL,
                json!({ "query": task.request, "limit": DEPTH, "detail": detail }),
            )
        };
        let result = search("concise").await.expect("tools_search answers");
        assert_ne!(
            result.is_error,
            Some(true),
            "{:?}: {result:?}",
            task.request
        );
        let answer = text_of(&result);
        chars.push(answer.chars().count());
        tokens.push(encoding.count(&answer));
        schemas.push(answer.matches("\"inputSchema\"").count());
        let full = search("full").await.expect("tools_search answers");
        full_tokens.push(encoding.count(&text_of(&full)));
        let found: Vec<String> = result
            .structured_content
            .as_ref()
            .and_then(|s| s["tools"].as_array())
            .map(|tools| {
                tools
                    .iter()
                    .map(|t| t["name"].as_str().unwrap_or_default().to_owned())
                    .collect()
            })
            .unwrap_or_default();
        let baseline: Vec<String> = bm25
            .rank(&task.request)
            .into_iter()
            .take(DEPTH)
            .map(|i| names[i].clone())
            .collect();
        let (ours, theirs) = (
            rank_of(&found, &task.expect),
            rank_of(&baseline, &task.expect),
        );
        let half = half(&task.request);
        let groups = [
            "all".to_owned(),
            task.category.clone(),
            half.to_owned(),
            format!("{half} {}", task.category),
        ];
        for group in groups {
            ranks
                .entry((group.clone(), "tools_search"))
                .or_default()
                .push(ours);
            ranks.entry((group, "BM25")).or_default().push(theirs);
        }
        rankings.push(json!({
            "task": task.request,
            "expect": task.expect,
            "category": task.category,
            "half": half,
            "tools_search": found,
            "bm25": baseline,
        }));
        if ours.is_none_or(|r| r > 3) {
            let show = |r: Option<usize>| r.map_or_else(|| "-".to_owned(), |r| r.to_string());
            misses.push(format!(
                "  [{half}, {}] {:?}\n    want {:?}: tools_search rank {}, BM25 rank {}; tools_search top 3: {:?}",
                task.category,
                task.request,
                task.expect,
                show(ours),
                show(theirs),
                &found[..found.len().min(3)]
            ));
        }
    }

    let mut table = format!(
        "{} tools of {} servers, {} tasks\n\n| tasks | n | ranker | recall@1 | recall@3 | recall@5 | MRR@10 |\n| --- | ---: | --- | ---: | ---: | ---: | ---: |\n",
        names.len(),
        servers.len(),
        tasks.len()
    );
    for group in GROUPS {
        for ranker in ["tools_search", "BM25"] {
            let of = &ranks[&(group.to_owned(), ranker)];
            let [r1, r3, r5, mrr] = scores(of);
            let _ = writeln!(
                table,
                "| {group} | {} | {ranker} | {r1:.3} | {r3:.3} | {r5:.3} | {mrr:.3} |",
                of.len()
            );
        }
    }
    let _ = writeln!(
        table,
        "\ntools_search answer for {DEPTH} results: median {} characters ({} o200k tokens), max {} characters ({} tokens); with `detail: \"full\"`: median {} tokens, max {}; input schemas in a concise answer: median {}, fewest {}",
        median(&mut chars.clone()),
        median(&mut tokens.clone()),
        chars.iter().max().copied().unwrap_or_default(),
        tokens.iter().max().copied().unwrap_or_default(),
        median(&mut full_tokens.clone()),
        full_tokens.iter().max().copied().unwrap_or_default(),
        median(&mut schemas.clone()),
        schemas.iter().min().copied().unwrap_or_default()
    );
    println!("{table}");
    let dump = Path::new(env!("CARGO_TARGET_TMPDIR")).join("discovery-bench.json");
    let catalog: Vec<Value> = tools
        .iter()
        .map(|t| json!({ "name": t.name, "title": t.title, "description": t.description }))
        .collect();
    fs::write(
        &dump,
        serde_json::to_string(&json!({ "tools": catalog, "tasks": rankings })).expect("serializes"),
    )
    .unwrap_or_else(|e| panic!("{}: {e}", dump.display()));
    println!("rankings written to {}", dump.display());
    println!(
        "tools_search misses at 3 ({}):\n{}",
        misses.len(),
        misses.join("\n")
    );
    println!("sources:");
    for server in &servers {
        println!(
            "  {} ({} tools): {}",
            server.server,
            server.tools.len(),
            server.source
        );
    }
}

/// Behaviour on the real catalog, apart from the benchmark's numbers (these requests are
/// not among its tasks): a short request that says all of a tool's name finds that tool
/// first, where tools that share a word of it and say it more often would otherwise win
/// (`get_issue_proforma_forms` for "get … issue", `get_create_fields` for "create … issue").
#[tokio::test]
async fn a_request_that_says_a_tools_whole_name_finds_it_first() {
    let (_, registry) = catalog(&servers());
    for (query, tool) in [
        (
            "Create an issue in the Jira project OPS about the failing backup",
            "atlassian_jira_create_issue",
        ),
        (
            "Create a Jira issue for the login bug",
            "atlassian_jira_create_issue",
        ),
        ("Get Jira issue OPS-7", "atlassian_jira_get_issue"),
    ] {
        let result = registry
            .call(SEARCH_TOOL, json!({ "query": query, "limit": 3 }))
            .await
            .expect("tools_search answers");
        let first = result
            .structured_content
            .as_ref()
            .and_then(|s| s["tools"][0]["name"].as_str())
            .unwrap_or_default()
            .to_owned();
        assert_eq!(first, tool, "{query}");
    }
}
