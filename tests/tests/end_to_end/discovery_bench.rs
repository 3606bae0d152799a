//! Progressive discovery on real tools: how well `tools_search` finds the tool a task needs
//! among the published tools of real MCP servers, beside a plain BM25 baseline.
//!
//! The catalog is every tool of the twenty design-rule corpus servers the tasks were
//! labelled against (`tests/corpus/servers/`, listed in `common_real_tools`) and
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
//! cargo test -p mcp-tools-tests --test end_to_end -- discovery_bench:: --nocapture
//! ```
//!
//! The tasks fall in two halves by a hash of their text: `dev`, the only one a change of the
//! ranker may be tuned on, and `held-out`, which tells whether it was tuned to the tasks
//! rather than to the way users word them.
//!
//! Each task's two rankings are written beside the catalog to
//! `target/tmp/discovery-bench.json` (a published request's `half` is `published`), for rankers measured outside this test
//! (`bench/discovery-embeddings` fuses embedding models with them).
//!
//! Only the catalog and the tasks are asserted; the numbers are reported, not checked, so
//! a change of the ranker shows up here as a change of the table in `BENCHMARKS.md`.

use crate::common_real_tools;

use std::{
    collections::{BTreeMap, HashMap},
    fmt::Write as _,
    fs,
    path::Path,
};

use common_real_tools::{Task, catalog, published_tasks, searchable_text, servers, tasks, words};
use mcp_tools::{
    rmcp::model::{CallToolResult, Tool},
    tokens::Encoding,
    wire::SEARCH_TOOL,
};
use serde_json::{Value, json};

const CATEGORIES: [&str; 3] = ["literal", "paraphrased", "server_named"];
/// Results asked of `tools_search`, its maximum.
const DEPTH: usize = 10;
/// The rows of the table: every task, each category, each half, each half's paraphrases.
const GROUPS: [&str; 12] = [
    "all",
    "literal",
    "paraphrased",
    "server_named",
    "dev",
    "held-out",
    "dev paraphrased",
    "held-out paraphrased",
    "published",
    "published literal",
    "published paraphrased",
    "published server_named",
];

/// The half a task falls in: FNV-1a of its text, even for `dev`, odd for `held-out`.
fn half(request: &str) -> &'static str {
    let hash = request.bytes().fold(0xcbf2_9ce4_8422_2325_u64, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    });
    if hash % 2 == 0 { "dev" } else { "held-out" }
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
    let tasks: Vec<Task> = tasks();
    let published: Vec<Task> = published_tasks();

    // The catalog and the tasks are what this asserts; the scores are reported.
    assert!(servers.len() >= 15, "{} servers", servers.len());
    assert!(names.len() >= 300, "{} tools", names.len());
    assert!(tasks.len() >= 150, "{} tasks", tasks.len());
    assert!(published.len() >= 40, "{} published tasks", published.len());
    for task in &published {
        assert!(
            task.source.is_some(),
            "{:?}: a published request names its source",
            task.request
        );
    }
    for task in tasks.iter().chain(&published) {
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
    let blind = tasks
        .iter()
        .map(|t| (t, false))
        .chain(published.iter().map(|t| (t, true)));
    for (task, is_published) in blind {
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
        if !is_published {
            let answer = text_of(&result);
            chars.push(answer.chars().count());
            tokens.push(encoding.count(&answer));
            schemas.push(answer.matches("\"inputSchema\"").count());
            let full = search("full").await.expect("tools_search answers");
            full_tokens.push(encoding.count(&text_of(&full)));
        }
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
        let half = if is_published {
            "published"
        } else {
            half(&task.request)
        };
        let groups = if is_published {
            vec![half.to_owned(), format!("{half} {}", task.category)]
        } else {
            vec![
                "all".to_owned(),
                task.category.clone(),
                half.to_owned(),
                format!("{half} {}", task.category),
            ]
        };
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
        "{} tools of {} servers, {} tasks and {} published requests\n\n| tasks | n | ranker | recall@1 | recall@3 | recall@5 | MRR@10 |\n| --- | ---: | --- | ---: | ---: | ---: | ---: |\n",
        names.len(),
        servers.len(),
        tasks.len(),
        published.len()
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
