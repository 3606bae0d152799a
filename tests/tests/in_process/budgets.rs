//! Response budgets end to end: the shapes real MCP servers return, served in process and
//! called through rmcp's own client, as an agent's host would call them.
//!
//! The tools below are ports of public servers' tools, faithful to the shape of their
//! results: the filesystem server's `read_text_file` (the file's text twice, as a text block
//! and as structured `content`), the memory server's `read_graph` (two big lists in one
//! structured value, no arguments), the fetch server's `fetch` (a window of a long page from
//! `start_index`), tools that return images, a paged search whose items hold lists, and tools
//! that size their own answers from `ToolContext::budget`; then shapes that stress the cut: a
//! padded psql table (few tokens per character), a log line longer than the budget, and a
//! next call (a presigned URL) longer than the budget. Each test checks what a user relies
//! on: the whole result, counted exactly, is within the tool's token budget and its published
//! character bound; what is kept is true to the original; the notice says what was cut and
//! names a next call only when there is one; and following next calls recovers everything
//! exactly once.

// `#[tool]` requires an `async fn`, even where the body has nothing to wait for.
#![allow(clippy::unused_async)]

use std::{collections::HashSet, fmt::Write as _, sync::LazyLock};

use crate::common_client;

use common_client::{call, connect, within};
use mcp_tools::{
    Registry,
    prelude::*,
    rmcp::model::{ContentBlock, ResourceContents},
    schema::OutputSchema,
    schema::output_schema_for,
    tokens::Encoding,
    wire::{MAX_RESULT_CHARS_META_KEY, TRUNCATION_META_KEY},
};
use rmcp::{
    Peer, RoleClient,
    model::{CallToolResult, Tool},
};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

/// The registry's default budget, in tokens.
const DEFAULT_BUDGET: usize = 25_000;

// ---------------------------------------------------------------------------------------
// Filesystem: `read_text_file`
// ---------------------------------------------------------------------------------------

/// The path of the big file the filesystem tool serves.
const LOG_PATH: &str = "/data/depot/scans.log";

/// A 1.2 MB log of parcel scans, one event a line.
static SCAN_LOG: LazyLock<String> = LazyLock::new(|| {
    let mut log = String::new();
    let mut i = 0u64;
    while log.len() < 1_200_000 {
        let _ = writeln!(
            log,
            "2026-04-{:02}T{:02}:{:02}:{:02}Z depot-{} scanned SH-2026-{:06} weight {}.{} kg belt {} status ok",
            i % 28 + 1,
            i % 24,
            i % 60,
            (i * 7) % 60,
            ["BER", "HAM", "MUC", "CGN"][(i % 4) as usize],
            i,
            i % 30,
            i % 10,
            i % 12,
        );
        i += 1;
    }
    log
});

/// Read the complete contents of a file as text, or only its first or last lines.
///
/// Use to read a file whose path you know. Returns the text as a text block and as the
/// structured `content`. Pass `head` or `tail`, not both, to read only part of a long file.
#[tool(namespace = "fs", read_only)]
async fn read_text_file(
    /// Path of the file, for example `/data/depot/scans.log`.
    #[param(min_length = 1, max_length = 4096)]
    path: String,
    /// Return only the first this many lines of the file.
    #[param(min = 1, max = 1_000_000)]
    head: Option<u32>,
    /// Return only the last this many lines of the file.
    #[param(min = 1, max = 1_000_000)]
    tail: Option<u32>,
) -> Result<FileText, ToolError> {
    if path != LOG_PATH {
        return Err(ToolError::not_found(format!(
            "no file at {path}; the readable file is {LOG_PATH}"
        )));
    }
    let text: &str = &SCAN_LOG;
    let lines = |n: u32| usize::try_from(n).unwrap_or(usize::MAX);
    let text = match (head, tail) {
        (Some(_), Some(_)) => {
            return Err(ToolError::invalid_input(
                "cannot specify both head and tail; pass one of them",
            ));
        }
        (Some(n), None) => text.split_inclusive('\n').take(lines(n)).collect(),
        (None, Some(n)) => {
            let all: Vec<&str> = text.split_inclusive('\n').collect();
            all[all.len().saturating_sub(lines(n))..].concat()
        }
        (None, None) => text.to_owned(),
    };
    Ok(FileText(text))
}

/// The filesystem server's result: the text as a text block, and as `{"content": text}`,
/// described by an `outputSchema`. (`ToolOutput` carries no schema, so a small
/// `IntoToolOutput` type publishes it.)
struct FileText(String);

/// The structured result of `fs_read_text_file`.
#[derive(Serialize, JsonSchema)]
struct FileContent {
    /// The file's text.
    content: String,
}

impl IntoToolOutput for FileText {
    fn output_schema() -> Option<OutputSchema> {
        Some(output_schema_for::<FileContent>())
    }

    fn into_tool_output(self) -> Result<ToolOutput, ToolError> {
        Ok(ToolOutput::structured(json!({ "content": self.0.clone() }))
            .with_block(ContentBlock::text(self.0)))
    }
}

#[tokio::test]
async fn a_huge_file_sent_as_text_and_structured_is_cut_once_and_both_say_the_same() {
    let session = connect(registry()).await;
    let peer = session.peer();
    let result = call(peer, "fs_read_text_file", json!({ "path": LOG_PATH })).await;
    assert_success(&result);
    assert_within_budget(peer, &result, "fs_read_text_file", DEFAULT_BUDGET).await;

    // The text block and the structured `content` say the same, and it is the file's start.
    let blocks = blocks_before_notice(&result);
    assert_eq!(
        blocks.len(),
        1,
        "one text block besides the notice: {blocks:?}"
    );
    let text = &blocks[0].as_text().expect("the file's text").text;
    let structured = result
        .structured_content
        .as_ref()
        .expect("structured content is kept");
    assert_eq!(
        structured["content"].as_str(),
        Some(text.as_str()),
        "the text block and structuredContent.content differ"
    );
    let kept = text.strip_suffix('…').unwrap_or(text);
    assert!(
        SCAN_LOG.starts_with(kept),
        "the kept text is not the start of the file"
    );
    assert!(kept.len() < SCAN_LOG.len());
    // Both copies share the budget: a cut that kept almost nothing would be useless.
    let kept_tokens = Encoding::O200kBase.count(kept);
    assert!(
        kept_tokens * 2 >= DEFAULT_BUDGET * 3 / 4,
        "each copy kept only {kept_tokens} tokens of a {DEFAULT_BUDGET}-token budget"
    );

    // The cut is announced, with advice in the tool's own arguments and no invented call.
    let note = notice(&result);
    assert!(note.contains("to fit the 25,000-token budget"), "{note}");
    let cut = truncation(&result).expect("a cut result says so in _meta");
    assert_eq!(cut["budget_tokens"], DEFAULT_BUDGET);
    assert!(cut.get("next_call").is_none(), "{cut}");
    assert!(note.contains("`head`") && note.contains("`tail`"), "{note}");

    // The structured value is valid against the published schema.
    assert_valid(peer, "fs_read_text_file", structured).await;

    // Asking for less gets it whole.
    let result = call(
        peer,
        "fs_read_text_file",
        json!({ "path": LOG_PATH, "head": 50 }),
    )
    .await;
    assert_success(&result);
    assert!(truncation(&result).is_none(), "50 lines fit: {result:?}");
    let head: String = SCAN_LOG.split_inclusive('\n').take(50).collect();
    assert_eq!(result.content[0].as_text().map(|t| &t.text), Some(&head));
    assert_eq!(result.structured_content, Some(json!({ "content": head })));
    session.close().await;
}

// ---------------------------------------------------------------------------------------
// Memory: `read_graph`
// ---------------------------------------------------------------------------------------

/// An entity of the knowledge graph (field names as the memory server's).
#[allow(clippy::struct_field_names)]
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
struct Entity {
    /// The entity's unique name.
    name: String,
    /// What kind of thing it is: `person`, `organization`, `event`.
    entity_type: String,
    /// Facts about it, one a string.
    observations: Vec<String>,
}

/// A directed relation between two entities, in active voice.
#[allow(clippy::struct_field_names)]
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
struct Relation {
    /// The entity the relation starts at.
    from: String,
    /// The entity the relation ends at.
    to: String,
    /// What the relation is, for example `works_at`.
    relation_type: String,
}

/// The whole knowledge graph.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
struct KnowledgeGraph {
    /// Every entity.
    entities: Vec<Entity>,
    /// Every relation.
    relations: Vec<Relation>,
}

const ENTITIES: usize = 3_000;
const RELATIONS: usize = 5_000;

static GRAPH: LazyLock<KnowledgeGraph> = LazyLock::new(|| {
    let kinds = ["person", "organization", "event", "project"];
    let entities = (0..ENTITIES)
        .map(|i| Entity {
            name: format!("entity_{i:04}"),
            entity_type: kinds[i % kinds.len()].to_owned(),
            observations: (0..=i % 4)
                .map(|k| {
                    format!("Observation {k} of entity {i}: prefers morning meetings in Berlin")
                })
                .collect(),
        })
        .collect();
    let verbs = ["works_at", "knows", "manages", "attended", "depends_on"];
    let relations = (0..RELATIONS)
        .map(|i| Relation {
            from: format!("entity_{:04}", i % ENTITIES),
            to: format!("entity_{:04}", (i * 7 + 1) % ENTITIES),
            relation_type: verbs[i % verbs.len()].to_owned(),
        })
        .collect();
    KnowledgeGraph {
        entities,
        relations,
    }
});

/// Read the entire knowledge graph: every entity with its observations, and every relation.
///
/// Use to see everything remembered so far.
#[tool(namespace = "memory", read_only)]
async fn read_graph() -> Json<KnowledgeGraph> {
    Json(GRAPH.clone())
}

#[tokio::test]
async fn a_graph_of_two_big_lists_keeps_part_of_each_and_stays_valid() {
    let session = connect(registry()).await;
    let peer = session.peer();
    let result = call(peer, "memory_read_graph", json!({})).await;
    assert_success(&result);
    assert_within_budget(peer, &result, "memory_read_graph", DEFAULT_BUDGET).await;

    let structured = result
        .structured_content
        .as_ref()
        .expect("structured content is kept");
    assert_valid(peer, "memory_read_graph", structured).await;
    let kept: KnowledgeGraph =
        serde_json::from_value(structured.clone()).expect("the kept graph is a graph");

    // Both lists keep a prefix of whole, unchanged items: neither is sacrificed to the other.
    let (entities, relations) = (kept.entities.len(), kept.relations.len());
    assert!(
        entities > 0 && relations > 0,
        "kept {entities} entities and {relations} relations"
    );
    assert!(entities < ENTITIES && relations < RELATIONS);
    assert_eq!(kept.entities[..], GRAPH.entities[..entities]);
    assert_eq!(kept.relations[..], GRAPH.relations[..relations]);

    // The text mirror says what structuredContent says.
    let blocks = blocks_before_notice(&result);
    assert_eq!(blocks.len(), 1, "the mirror and the notice: {blocks:?}");
    let mirror: Value = serde_json::from_str(&blocks[0].as_text().expect("a text mirror").text)
        .expect("the mirror is JSON");
    assert_eq!(&mirror, structured);

    // `_meta` lists both cuts, with what was kept of how many.
    let cut = truncation(&result).expect("a cut result says so in _meta");
    let lists = cut["lists"].as_array().expect("_meta lists the cut lists");
    let list = |pointer: &str| {
        lists
            .iter()
            .find(|l| l["pointer"] == pointer)
            .unwrap_or_else(|| panic!("_meta does not list {pointer}: {cut}"))
    };
    assert_eq!(list("/entities")["kept"], entities);
    assert_eq!(list("/entities")["total"], ENTITIES);
    assert_eq!(list("/relations")["kept"], relations);
    assert_eq!(list("/relations")["total"], RELATIONS);

    // The tool takes no arguments: the notice says so, and names no next call.
    let note = notice(&result);
    assert!(cut.get("next_call").is_none(), "{cut}");
    assert!(!note.contains("Next: call"), "{note}");
    assert!(note.contains("takes no arguments"), "{note}");
    assert!(!note.contains("narrow the request with"), "{note}");
    session.close().await;
}

// ---------------------------------------------------------------------------------------
// Fetch: `fetch`
// ---------------------------------------------------------------------------------------

/// The long page the fetch tool serves.
const PAGE_URL: &str = "https://docs.example.com/guide/international-shipping";

/// Its text, with characters of one to four UTF-8 bytes and a combining accent.
static PAGE: LazyLock<String> = LazyLock::new(|| {
    let phrases = [
        "Parcels to Köln and Düsseldorf need the Größe field filled in.",
        "日本への配送には税関書類が必要です。",
        "Ελληνικά: τα δέματα ζυγίζονται στην αποθήκη.",
        "Fragile goods 📦 travel by truck 🚚 and never by air ✈️.",
        "A cafe\u{301} in Zürich signs for deliveries before noon.",
        "Русский текст: посылка прибыла на склад.",
    ];
    let mut page = String::from("# International shipping\n\n");
    for i in 0..600 {
        let _ = write!(page, "## Section {i}\n\n");
        for k in 0..3 {
            page.push_str(phrases[(i + k) % phrases.len()]);
            page.push(' ');
        }
        page.push_str("\n\n");
    }
    page
});

/// The page as served: HTML, for `raw`.
fn page_html() -> String {
    let paragraphs: Vec<String> = PAGE
        .split("\n\n")
        .filter(|p| !p.is_empty())
        .map(|p| format!("<p>{p}</p>"))
        .collect();
    format!("<html><body>{}</body></html>", paragraphs.join("\n"))
}

/// Fetch a URL from the internet and return its content as markdown text.
///
/// Use to read a web page. Long pages come back `max_length` characters at a time,
/// starting at `start_index`; a cut result names the `start_index` to ask for next.
#[tool(namespace = "web", read_only, open_world, max_response_tokens = 2000)]
async fn fetch(
    /// URL to fetch, for example `https://example.com/guide`.
    #[param(format = "uri", max_length = 2048)]
    url: String,
    /// Most characters to return.
    #[param(min = 1, max = 999_999, default = 5000)]
    max_length: usize,
    /// Character to start at, counted from 0: the `start_index` a cut result names.
    #[param(min = 0, max = 100_000_000, default = 0)]
    start_index: usize,
    /// Return the page as served, HTML and all, instead of simplified to markdown.
    #[param(default = false)]
    raw: bool,
) -> Result<ToolOutput, ToolError> {
    // The page, also behind a signed URL (the same path with a query string).
    if url.split_once('?').map_or(url.as_str(), |(path, _)| path) != PAGE_URL {
        return Err(ToolError::not_found(format!(
            "failed to fetch {url}: status code 404"
        )));
    }
    let content = if raw { page_html() } else { PAGE.clone() };
    let length = content.chars().count();
    // As the original: a window of characters, with its own note when `max_length` cut it.
    // (The original also starts its text with "Contents of {url}:"; that header is left out
    // here, because a resumable text must be the document from `start_index` on.)
    let window: String = content.chars().skip(start_index).take(max_length).collect();
    if start_index >= length || window.is_empty() {
        return Ok(ToolOutput::text(
            "<error>No more content available.</error>",
        ));
    }
    let taken = window.chars().count();
    let mut text = window;
    if taken == max_length && start_index + taken < length {
        let _ = write!(
            text,
            "\n\n<error>Content truncated. Call the fetch tool with a start_index of {} to get more content.</error>",
            start_index + taken
        );
    }
    Ok(ToolOutput::text(text).resume_at_offset("start_index", start_index as u64))
}

#[tokio::test]
async fn following_next_calls_reads_a_long_page_exactly_once() {
    const BUDGET: usize = 2_000;
    let session = connect(registry()).await;
    let peer = session.peer();
    assert_eq!(char_bound(peer, "web_fetch").await, BUDGET * 4);

    // As markdown, and raw (HTML and all).
    for (raw, page) in [(false, PAGE.clone()), (true, page_html())] {
        let mut arguments = json!({ "url": PAGE_URL, "max_length": 999_999, "raw": raw });
        let mut read = String::new();
        let mut calls = 0;
        loop {
            calls += 1;
            assert!(calls <= 200, "the page never ends: {calls} calls");
            let result = call(peer, "web_fetch", arguments.clone()).await;
            assert_success(&result);
            assert_within_budget(peer, &result, "web_fetch", BUDGET).await;
            let blocks = blocks_before_notice(&result);
            assert_eq!(blocks.len(), 1, "one text besides the notice: {blocks:?}");
            let text = &blocks[0].as_text().expect("the page's text").text;
            read.push_str(text);
            let Some(cut) = truncation(&result) else {
                break;
            };
            // The next call is the same call from the first character left out.
            let start = arguments["start_index"].as_u64().unwrap_or(0);
            let next = &cut["next_call"];
            assert_eq!(next["name"], "web_fetch", "{cut}");
            let next_start = start + text.chars().count() as u64;
            assert_eq!(next["arguments"]["start_index"], next_start, "{cut}");
            // The other arguments stay as they were.
            assert_eq!(next["arguments"]["url"], PAGE_URL, "{cut}");
            assert_eq!(next["arguments"]["max_length"], 999_999, "{cut}");
            assert_eq!(next["arguments"]["raw"], raw, "{cut}");
            assert!(
                notice(&result)
                    .ends_with(&format!("Next: call web_fetch with {}]", next["arguments"])),
                "{}",
                notice(&result)
            );
            arguments = next["arguments"].clone();
        }
        assert!(
            calls > 10,
            "a 2,000-token budget cut the page only {calls} times"
        );
        assert_eq!(
            read.len(),
            page.len(),
            "read {} of {} bytes",
            read.len(),
            page.len()
        );
        assert!(
            read == page,
            "the page read piece by piece differs from the page"
        );
    }
    session.close().await;
}

// ---------------------------------------------------------------------------------------
// Images
// ---------------------------------------------------------------------------------------

/// A full-resolution photo, in bytes (400 KB; its base64 ends in padding).
const PHOTO_BYTES: usize = 400 * 1024;

/// A thumbnail, in bytes.
const THUMBNAIL_BYTES: usize = 5 * 1024;

/// The caption that comes with every photo.
const CAPTION: &str = "Shipment SH-2026-000042 at the Hamburg depot, label side up.";

/// Get a photo of a shipment taken at the depot, with a caption.
///
/// Use to check a parcel's packaging or label. `size_kb` picks the resolution: `5` for a
/// thumbnail, up to `400` for the full photo.
#[tool(namespace = "depot", read_only)]
async fn get_photo(
    /// Size of the photo, in kibibytes.
    #[param(min = 1, max = 400)]
    size_kb: u32,
) -> Vec<ContentBlock> {
    vec![
        ContentBlock::text(CAPTION),
        ContentBlock::image(png_base64(size_kb as usize * 1024), "image/png"),
    ]
}

/// Get the scan of a shipment's label, with a caption; only the caption reaches the model.
///
/// Use to read what a label says. `size_kb` picks the scan's resolution.
#[tool(namespace = "depot", read_only, binary = "drop")]
async fn get_label_scan(
    /// Size of the scan, in kibibytes.
    #[param(min = 1, max = 400)]
    size_kb: u32,
) -> Vec<ContentBlock> {
    vec![
        ContentBlock::text(CAPTION),
        ContentBlock::image(png_base64(size_kb as usize * 1024), "image/png"),
    ]
}

/// The URI of the archived photo.
const ARCHIVE_URI: &str = "file:///archive/SH-2026-000042.png";

/// Get the archived photo of a shipment, as a link to the file, with a caption.
///
/// Use to point someone at the original photo. `size_kb` picks the archived resolution.
#[tool(namespace = "depot", read_only, binary = "link")]
async fn get_archived_photo(
    /// Size of the photo, in kibibytes.
    #[param(min = 1, max = 400)]
    size_kb: u32,
) -> Vec<ContentBlock> {
    vec![
        ContentBlock::text(CAPTION),
        ContentBlock::resource(
            ResourceContents::blob(png_base64(size_kb as usize * 1024), ARCHIVE_URI)
                .with_mime_type("image/png"),
        ),
    ]
}

#[tokio::test]
async fn a_big_image_is_left_out_whole_with_a_notice_and_a_small_one_passes() {
    let session = connect(registry()).await;
    let peer = session.peer();

    let result = call(peer, "depot_get_photo", json!({ "size_kb": 400 })).await;
    assert_success(&result);
    assert_within_budget(peer, &result, "depot_get_photo", DEFAULT_BUDGET).await;
    let blocks = blocks_before_notice(&result);
    assert_eq!(
        blocks.len(),
        1,
        "only the caption besides the notice: {blocks:?}"
    );
    assert_eq!(blocks[0].as_text().map(|t| t.text.as_str()), Some(CAPTION));
    let note = notice(&result);
    assert!(
        note.contains("left out an image (image/png, 400 KB)"),
        "the notice names the image, its type and size: {note}"
    );
    let cut = truncation(&result).expect("a cut result says so in _meta");
    assert!(
        cut["left_out"]
            .as_array()
            .is_some_and(|l| l.iter().any(|w| w
                .as_str()
                .is_some_and(|w| w.starts_with("an image (image/png, 400 KB)")))),
        "{cut}"
    );
    assert!(cut.get("next_call").is_none(), "{cut}");

    let result = call(peer, "depot_get_photo", json!({ "size_kb": 5 })).await;
    assert_success(&result);
    assert!(
        truncation(&result).is_none(),
        "a thumbnail fits: {result:?}"
    );
    assert_eq!(result.content.len(), 2);
    assert_eq!(
        result.content[0].as_text().map(|t| t.text.as_str()),
        Some(CAPTION)
    );
    let image = result.content[1].as_image().expect("the thumbnail is sent");
    assert_eq!(image.data, png_base64(THUMBNAIL_BYTES));
    assert_eq!(image.mime_type, "image/png");
    session.close().await;
}

#[tokio::test]
async fn a_tool_that_drops_binary_sends_the_caption_and_says_what_it_dropped() {
    let session = connect(registry()).await;
    let peer = session.peer();
    for size_kb in [400, 5] {
        let result = call(peer, "depot_get_label_scan", json!({ "size_kb": size_kb })).await;
        assert_success(&result);
        assert_within_budget(peer, &result, "depot_get_label_scan", DEFAULT_BUDGET).await;
        let blocks = blocks_before_notice(&result);
        assert_eq!(blocks.len(), 1, "only the caption: {blocks:?}");
        assert_eq!(blocks[0].as_text().map(|t| t.text.as_str()), Some(CAPTION));
        let note = notice(&result);
        assert!(
            note.contains(&format!("left out an image (image/png, {size_kb} KB)")),
            "{note}"
        );
        assert!(note.contains("sends no binary content"), "{note}");
    }
    session.close().await;
}

#[tokio::test]
async fn a_tool_that_links_binary_sends_a_resource_link_instead_of_the_blob() {
    let session = connect(registry()).await;
    let peer = session.peer();
    let result = call(peer, "depot_get_archived_photo", json!({ "size_kb": 400 })).await;
    assert_success(&result);
    assert_within_budget(peer, &result, "depot_get_archived_photo", DEFAULT_BUDGET).await;
    assert!(truncation(&result).is_none(), "a link fits: {result:?}");
    assert_eq!(result.content.len(), 2, "{result:?}");
    assert_eq!(
        result.content[0].as_text().map(|t| t.text.as_str()),
        Some(CAPTION)
    );
    let link = result.content[1]
        .as_resource_link()
        .unwrap_or_else(|| panic!("a resource_link in place of the blob: {result:?}"));
    assert_eq!(link.uri, ARCHIVE_URI);
    assert_eq!(link.mime_type.as_deref(), Some("image/png"));
    assert_eq!(
        link.size,
        Some(PHOTO_BYTES as u64),
        "the link's size is the file's size in bytes"
    );
    session.close().await;
}

// ---------------------------------------------------------------------------------------
// A paged search whose items hold lists
// ---------------------------------------------------------------------------------------

/// An order line.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
struct OrderLine {
    /// Stock keeping unit.
    sku: String,
    /// What it is.
    description: String,
    /// How many were ordered.
    quantity: u32,
}

/// An order with its lines.
#[allow(clippy::struct_field_names)]
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
struct Order {
    /// Order number, like `OR-000123`.
    order_number: String,
    /// Who ordered.
    customer: String,
    /// What was ordered, one line per article.
    lines: Vec<OrderLine>,
}

static ORDERS: LazyLock<Vec<Order>> = LazyLock::new(|| {
    (0..300)
        .map(|i| Order {
            order_number: format!("OR-{i:06}"),
            customer: if i % 3 == 0 {
                "Weber AG".to_owned()
            } else {
                "Müller GmbH".to_owned()
            },
            lines: (0..=i % 12)
                .map(|k| OrderLine {
                    sku: format!("SKU-{:05}", i * 31 + k),
                    description: format!(
                        "Carton of {} packing tubes, 60 cm, recycled card",
                        10 + k
                    ),
                    quantity: (i * k % 40 + 1) as u32,
                })
                .collect(),
        })
        .collect()
});

/// The orders of customers whose name contains `customer`, ignoring case.
fn orders_of(customer: &str) -> Vec<Order> {
    let customer = customer.to_lowercase();
    ORDERS
        .iter()
        .filter(|o| o.customer.to_lowercase().contains(&customer))
        .cloned()
        .collect()
}

/// Find a customer's orders with their lines, a page at a time.
///
/// Use to see what a customer ordered. When the result has a `next_cursor`, pass it as
/// `cursor` with the same other arguments for the next page.
#[tool(namespace = "orders", read_only, max_response_tokens = 4000)]
async fn search(
    /// Part of the customer's name, ignoring case, for example `Müller`.
    #[param(min_length = 1, max_length = 100)]
    customer: String,
    /// Most orders per page.
    #[param(min = 1, max = 200, default = 100)]
    limit: u32,
    /// `next_cursor` from the previous page, with the same other arguments; leave out for
    /// the first page.
    cursor: Option<PageCursor>,
) -> Page<Order> {
    Page::window(orders_of(&customer), cursor.as_ref(), limit as usize)
}

#[tokio::test]
async fn following_page_cursors_recovers_every_item_exactly_once() {
    const BUDGET: usize = 4_000;
    let session = connect(registry()).await;
    let peer = session.peer();
    let expected = orders_of("müller");
    for limit in [100, 3] {
        let mut arguments = json!({ "customer": "müller", "limit": limit });
        let mut seen: Vec<Order> = Vec::new();
        let (mut calls, mut cuts) = (0, 0);
        loop {
            calls += 1;
            assert!(calls <= 500, "paging never ends: {calls} calls");
            let result = call(peer, "orders_search", arguments.clone()).await;
            assert_success(&result);
            assert_within_budget(peer, &result, "orders_search", BUDGET).await;
            let page = result
                .structured_content
                .as_ref()
                .expect("a page is structured");
            assert_valid(peer, "orders_search", page).await;
            let items: Vec<Order> =
                serde_json::from_value(page["items"].clone()).expect("whole orders");
            assert!(!items.is_empty(), "an empty page before the end: {page}");
            seen.extend(items.iter().cloned());
            let next_cursor = page.get("next_cursor").cloned();
            match truncation(&result) {
                Some(cut) => {
                    cuts += 1;
                    assert_eq!(page["truncated"]["kept_items"], items.len(), "{page}");
                    let next = &cut["next_call"];
                    assert_eq!(next["name"], "orders_search", "{cut}");
                    let mut expected_args = arguments.clone();
                    expected_args["cursor"] =
                        next_cursor.clone().expect("a cut page has a next_cursor");
                    assert_eq!(next["arguments"], expected_args, "{cut}");
                    arguments = next["arguments"].clone();
                }
                None => match next_cursor {
                    Some(cursor) => arguments["cursor"] = cursor,
                    None => break,
                },
            }
        }
        let numbers: Vec<&str> = seen.iter().map(|o| o.order_number.as_str()).collect();
        let unique: HashSet<&str> = numbers.iter().copied().collect();
        assert_eq!(
            unique.len(),
            numbers.len(),
            "an order came twice (limit {limit})"
        );
        assert_eq!(
            numbers,
            expected
                .iter()
                .map(|o| o.order_number.as_str())
                .collect::<Vec<_>>(),
            "orders lost or out of order (limit {limit})"
        );
        assert!(seen == expected, "an order's lines changed (limit {limit})");
        if limit == 100 {
            assert!(cuts > 0, "a 100-order page fits a {BUDGET}-token budget");
        } else {
            assert_eq!(cuts, 0, "a 3-order page was cut");
        }
    }
    session.close().await;
}

// ---------------------------------------------------------------------------------------
// Tools that size their answer from `ToolContext::budget`
// ---------------------------------------------------------------------------------------

/// The depot's event log, newest first, far longer than any budget.
static EVENTS: LazyLock<String> = LazyLock::new(|| {
    (0..20_000).fold(String::new(), |mut log, i| {
        let _ = writeln!(
            log,
            "2026-04-{:02}T{:02}:{:02}:00Z gate {} opened for truck HH-{:04} (Größe L) 🚚",
            28 - i % 28,
            23 - i % 24,
            59 - i % 60,
            i % 9,
            i
        );
        log
    })
});

/// Read the newest events of the depot's log, as many as one result can hold.
///
/// Use to see what happened at the depot lately, newest first, one event a line.
#[tool(namespace = "depot", read_only)]
async fn read_recent_events(ctx: ToolContext) -> String {
    // As many whole lines as the budget holds, counted with the registry's tokenizer.
    let budget = ctx.budget();
    let enc = Encoding::O200kBase;
    let whole_lines = |text: &str| text.rfind('\n').map_or(0, |i| i + 1);
    let mut text = &EVENTS[..whole_lines(&EVENTS[..enc.prefix(&EVENTS, budget.tokens).bytes])];
    while !text.is_empty()
        && (enc.count(text) > budget.tokens || text.chars().count() > budget.chars)
    {
        text = &text[..whole_lines(&text[..text.len() - 1])];
    }
    text.to_owned()
}

/// Arrivals at the depot.
#[derive(Serialize, JsonSchema)]
struct Arrivals {
    /// The budget the answer was sized to, in tokens.
    sized_to_tokens: usize,
    /// The newest arrivals first.
    arrivals: Vec<Arrival>,
}

/// One arrival.
#[derive(Clone, Serialize, JsonSchema)]
struct Arrival {
    /// The shipment that arrived.
    shipment_number: String,
    /// Where it came from.
    origin: String,
    /// When it arrived, RFC 3339 in UTC.
    arrived_at: String,
}

/// Get the newest arrivals at the depot, as many as one result can hold.
///
/// Use to see which shipments came in lately, newest first. `concise` is a short answer;
/// `detailed` fills a long one.
#[tool(namespace = "depot", read_only)]
async fn get_arrivals(ctx: ToolContext, response_format: ResponseFormat) -> Json<Arrivals> {
    let _ = response_format;
    let budget = ctx.budget();
    let all: Vec<Arrival> = (0..10_000)
        .map(|i| Arrival {
            shipment_number: format!("SH-2026-{i:06}"),
            origin: ["Köln", "Łódź", "Århus", "東京"][i % 4].to_owned(),
            arrived_at: format!("2026-04-{:02}T{:02}:00:00Z", 28 - i % 28, 23 - i % 24),
        })
        .collect();
    // The value is sent twice, as structuredContent and as its JSON mirror.
    let fits = |n: usize| {
        let json = serde_json::to_string(&Arrivals {
            sized_to_tokens: budget.tokens,
            arrivals: all[..n].to_vec(),
        })
        .expect("arrivals serialize");
        2 * Encoding::O200kBase.count(&json) <= budget.tokens
            && 2 * json.chars().count() <= budget.chars
    };
    let (mut low, mut high) = (0, all.len());
    while low < high {
        let mid = (low + high).div_ceil(2);
        if fits(mid) {
            low = mid;
        } else {
            high = mid - 1;
        }
    }
    Json(Arrivals {
        sized_to_tokens: budget.tokens,
        arrivals: all[..low].to_vec(),
    })
}

#[tokio::test]
async fn a_tool_that_fills_its_budget_exactly_is_never_cut() {
    let session = connect(registry()).await;
    let peer = session.peer();

    let result = call(peer, "depot_read_recent_events", json!({})).await;
    assert_success(&result);
    assert!(truncation(&result).is_none(), "cut: {}", notice(&result));
    assert_eq!(result.content.len(), 1);
    let sent = received(&result);
    assert!(sent.tokens <= DEFAULT_BUDGET, "{} tokens", sent.tokens);
    assert!(
        sent.tokens + 40 >= DEFAULT_BUDGET,
        "the tool filled only {} of {DEFAULT_BUDGET} tokens",
        sent.tokens
    );
    assert!(EVENTS.starts_with(&result.content[0].as_text().unwrap().text));

    for (format, budget) in [("concise", 4_000), ("detailed", DEFAULT_BUDGET)] {
        let result = call(
            peer,
            "depot_get_arrivals",
            json!({ "response_format": format }),
        )
        .await;
        assert_success(&result);
        assert!(
            truncation(&result).is_none(),
            "{format} was cut: {}",
            notice(&result)
        );
        let structured = result.structured_content.as_ref().expect("structured");
        assert_eq!(structured["sized_to_tokens"], budget, "{format}");
        let sent = received(&result);
        assert!(sent.tokens <= budget, "{format}: {} tokens", sent.tokens);
        assert!(
            sent.tokens + 100 >= budget,
            "{format}: the tool filled only {} of {budget} tokens",
            sent.tokens
        );
        assert_valid(peer, "depot_get_arrivals", structured).await;
    }
    session.close().await;
}

// ---------------------------------------------------------------------------------------
// Shapes that stress the cut: a padded table, a line longer than the budget, a next call
// longer than the budget
// ---------------------------------------------------------------------------------------

/// Run a read-only SQL query against the orders database; returns psql's aligned table.
///
/// Use to look up orders with SQL, for example `SELECT * FROM orders`. Results come back as
/// psql prints them: one row a line, columns padded to their widest value.
#[tool(namespace = "db", read_only)]
async fn query(
    /// The query, read-only, for example `SELECT * FROM orders`.
    #[param(min_length = 1, max_length = 10_000)]
    sql: String,
) -> Result<String, ToolError> {
    if !sql.trim_start().to_lowercase().starts_with("select") {
        return Err(ToolError::invalid_input(
            "only SELECT queries run here; for example `SELECT * FROM orders`",
        ));
    }
    Ok(PSQL_TABLE.clone())
}

/// `SELECT * FROM orders` as psql prints it: the `note` column is as wide as its longest
/// note, so the rows without one are mostly spaces.
static PSQL_TABLE: LazyLock<String> = LazyLock::new(|| {
    let long_note = "Deliver to the loading dock at the back of the building; call the site manager thirty minutes ahead.";
    let rows: Vec<[String; 4]> = (0..3_000)
        .map(|i| {
            [
                format!("OR-{i:06}"),
                if i % 3 == 0 {
                    "Weber AG"
                } else {
                    "Müller GmbH"
                }
                .to_owned(),
                ["shipped", "pending", "delivered"][i % 3].to_owned(),
                match i % 50 {
                    0 => long_note.to_owned(),
                    7 => "call first".to_owned(),
                    _ => String::new(),
                },
            ]
        })
        .collect();
    let header = ["order_number", "customer", "status", "note"];
    let widths: Vec<usize> = (0..4)
        .map(|c| {
            rows.iter()
                .map(|r| r[c].chars().count())
                .chain([header[c].len()])
                .max()
                .unwrap_or(0)
        })
        .collect();
    let line = |cells: [&str; 4]| {
        let cells: Vec<String> = cells
            .iter()
            .zip(&widths)
            .map(|(cell, w)| format!(" {cell:<w$} "))
            .collect();
        format!("{}\n", cells.join("|"))
    };
    let mut table = line(header);
    let rule: Vec<String> = widths.iter().map(|w| "-".repeat(w + 2)).collect();
    let _ = writeln!(table, "{}", rule.join("+"));
    for row in &rows {
        table.push_str(&line([&row[0], &row[1], &row[2], &row[3]]));
    }
    let _ = writeln!(table, "({} rows)", rows.len());
    table
});

#[tokio::test]
async fn a_padded_table_is_cut_to_the_character_bound_not_to_nothing() {
    let session = connect(registry()).await;
    let peer = session.peer();
    let result = call(peer, "db_query", json!({ "sql": "SELECT * FROM orders" })).await;
    assert_success(&result);
    assert_within_budget(peer, &result, "db_query", DEFAULT_BUDGET).await;
    let blocks = blocks_before_notice(&result);
    assert_eq!(blocks.len(), 1, "the table besides the notice: {blocks:?}");
    let kept = &blocks[0].as_text().expect("the table").text;
    assert!(PSQL_TABLE.starts_with(kept.as_str()));
    // Padding runs are cheap in tokens, so here the 100,000-character bound binds before
    // the 25,000 tokens do; the cut should fill most of it.
    let bound = DEFAULT_BUDGET * 4;
    let chars = kept.chars().count();
    assert!(
        chars >= bound / 2,
        "kept {chars} characters ({} tokens) of a {bound}-character, {DEFAULT_BUDGET}-token budget; the table has {} characters in {} tokens\n{}",
        Encoding::O200kBase.count(kept),
        PSQL_TABLE.chars().count(),
        Encoding::O200kBase.count(&PSQL_TABLE),
        notice(&result)
    );
    session.close().await;
}

/// The sorting robot's log: short events, and at line 120 a state dump on one 200 KB line.
static ROBOT_LOG: LazyLock<String> = LazyLock::new(|| {
    let mut log = String::new();
    for i in 1..=300 {
        if i == 120 {
            let slots: Vec<String> = (0..4_000)
                .map(|k| {
                    format!(
                        "{{\"slot\":{k},\"parcel\":\"SH-2026-{:06}\",\"kg\":{}.{}}}",
                        k * 13,
                        k % 30,
                        k % 10
                    )
                })
                .collect();
            let _ = writeln!(
                log,
                "2026-04-28T10:02:00Z DEBUG state dump [{}]",
                slots.join(",")
            );
        } else {
            let _ = writeln!(
                log,
                "2026-04-28T10:{:02}:{:02}Z INFO sorted parcel SH-2026-{i:06} to chute {}",
                i / 60 % 60,
                i % 60,
                i % 12
            );
        }
    }
    log
});

/// Read the sorting robot's event log from a line on, one event a line, oldest first.
///
/// Use to learn what the robot did. A cut result names the `from_line` to ask for next.
#[tool(namespace = "robot", read_only, max_response_tokens = 2000)]
async fn read_log(
    /// Line to start at, 1-based; a cut result says which line to ask for next.
    #[param(min = 1, max = 10_000_000, default = 1)]
    from_line: u64,
) -> Result<ToolOutput, ToolError> {
    let skip = usize::try_from(from_line - 1).unwrap_or(usize::MAX);
    let text: String = ROBOT_LOG.split_inclusive('\n').skip(skip).collect();
    if text.is_empty() {
        return Err(ToolError::invalid_input(format!(
            "from_line {from_line} is past the end of the log, whose last line is 300"
        )));
    }
    Ok(ToolOutput::text(text).resume_at_line("from_line", from_line))
}

#[tokio::test]
async fn a_line_longer_than_the_budget_does_not_stall_the_next_call() {
    const BUDGET: usize = 2_000;
    let session = connect(registry()).await;
    let peer = session.peer();
    let mut arguments = json!({});
    let mut read = String::new();
    for _ in 0..100 {
        let result = call(peer, "robot_read_log", arguments.clone()).await;
        assert_success(&result);
        assert_within_budget(peer, &result, "robot_read_log", BUDGET).await;
        let blocks = blocks_before_notice(&result);
        assert_eq!(blocks.len(), 1, "the log besides the notice: {blocks:?}");
        read.push_str(&blocks[0].as_text().expect("the log").text);
        let Some(cut) = truncation(&result) else {
            break;
        };
        let Some(next) = cut.get("next_call") else {
            break;
        };
        let from = arguments["from_line"].as_u64().unwrap_or(1);
        let next_from = next["arguments"]["from_line"].as_u64().expect("a line");
        assert!(
            next_from > from,
            "the next call asks for line {next_from} again, which returned nothing new: following it never ends\n{}",
            notice(&result)
        );
        arguments = next["arguments"].clone();
    }
    // Every short line was read exactly once.
    for line in ROBOT_LOG.lines().filter(|l| l.contains(" INFO ")) {
        assert_eq!(read.matches(line).count(), 1, "{line}");
    }
    session.close().await;
}

#[tokio::test]
async fn a_next_call_longer_than_the_budget_still_fits_and_moves_on() {
    const CAP: usize = 1_000;
    let registry = Registry::builder()
        .server_info("budgets", "1.0.0")
        .tools(tools![fetch])
        .max_response_tokens(CAP)
        .build()
        .expect("the registry builds");
    let session = connect(registry).await;
    let peer = session.peer();
    // A presigned object-store URL: its session token makes it 2,000 characters long.
    let url = signed_url(2_000);
    let result = call(
        peer,
        "web_fetch",
        json!({ "url": url, "max_length": 999_999 }),
    )
    .await;
    assert_success(&result);
    assert_within_budget(peer, &result, "web_fetch", CAP).await;
    if let Some(next) = truncation(&result).and_then(|cut| cut.get("next_call")) {
        assert!(
            next["arguments"]["start_index"].as_u64() > Some(0),
            "the next call asks again for what this call could not return: {next}"
        );
    }
    session.close().await;
}

// ---------------------------------------------------------------------------------------
// The total a notice reports
// ---------------------------------------------------------------------------------------

/// The whole a cut result's notice speaks of, as `_meta` gives it: counted, estimated, or a
/// lower bound, each under its own name.
fn reported_total(result: &CallToolResult) -> (u64, &'static str) {
    let cut = truncation(result).expect("the result is cut");
    [
        "total_tokens",
        "total_tokens_estimate",
        "total_tokens_at_least",
    ]
    .into_iter()
    .find_map(|key| Some((cut.get(key)?.as_u64()?, key)))
    .unwrap_or_else(|| panic!("no total in {cut}"))
}

#[tokio::test]
async fn a_cut_results_total_is_within_five_percent_of_what_the_tool_returned() {
    let enc = Encoding::O200kBase;
    let session = connect(registry()).await;
    let peer = session.peer();
    let page_args = json!({ "url": PAGE_URL, "max_length": 999_999 });
    let cases = [
        // The file as a text block and as structured `content`.
        (
            "fs_read_text_file",
            json!({ "path": LOG_PATH }),
            enc.count(&SCAN_LOG) + enc.count(&json!({ "content": *SCAN_LOG }).to_string()),
        ),
        // The graph and its text mirror.
        (
            "memory_read_graph",
            json!({}),
            2 * enc.count(&serde_json::to_string(&*GRAPH).expect("serializes")),
        ),
        ("web_fetch", page_args, enc.count(&PAGE)),
        (
            "db_query",
            json!({ "sql": "SELECT * FROM orders" }),
            enc.count(&PSQL_TABLE),
        ),
        ("robot_read_log", json!({}), enc.count(&ROBOT_LOG)),
    ];
    for (tool, arguments, exact) in cases {
        let result = call(peer, tool, arguments).await;
        assert_success(&result);
        let (total, key) = reported_total(&result);
        let error = total as f64 / exact as f64 - 1.0;
        eprintln!(
            "{tool:<20} reported {total:>8} ({key}), exact {exact:>8}, error {:+.2}%",
            error * 100.0
        );
        assert!(
            error.abs() <= 0.05,
            "{tool}: reported {total} ({key}), exact {exact}\n{}",
            notice(&result)
        );
        assert_ne!(key, "total_tokens_at_least", "{tool}");
    }

    // What is left after a line is never reported larger than what was before it.
    let mut last = u64::MAX;
    for from_line in [1, 2, 119, 120, 121, 200] {
        let result = call(peer, "robot_read_log", json!({ "from_line": from_line })).await;
        let (total, _) = reported_total(&result);
        eprintln!("robot_read_log from line {from_line}: reported {total}");
        assert!(
            total <= last,
            "from line {from_line}: {total}, more than {last} from the line before\n{}",
            notice(&result)
        );
        last = total;
    }
    session.close().await;
}

// ---------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------

fn registry() -> Registry {
    Registry::builder()
        .server_info("budgets", "1.0.0")
        .tools(tools![
            read_text_file,
            read_graph,
            fetch,
            get_photo,
            get_label_scan,
            get_archived_photo,
            search,
            read_recent_events,
            get_arrivals,
            query,
            read_log,
        ])
        .build()
        .expect("the registry builds")
}

/// The tool as `tools/list` shows it to the client.
async fn listed(peer: &Peer<RoleClient>, name: &str) -> Tool {
    within("tools/list", peer.list_all_tools())
        .await
        .expect("tools/list succeeds")
        .into_iter()
        .find(|t| t.name == name)
        .unwrap_or_else(|| panic!("`{name}` is listed"))
}

/// The character bound the tool publishes as `_meta["anthropic/maxResultSizeChars"]`.
async fn char_bound(peer: &Peer<RoleClient>, name: &str) -> usize {
    let tool = listed(peer, name).await;
    let bound = tool
        .meta
        .as_ref()
        .and_then(|m| m.0.get(MAX_RESULT_CHARS_META_KEY))
        .and_then(Value::as_u64)
        .unwrap_or_else(|| panic!("`{name}` publishes {MAX_RESULT_CHARS_META_KEY}"));
    usize::try_from(bound).expect("a bound that fits usize")
}

/// What the client received, counted as budgets count it: the text of every block, binary
/// blocks at one token per four base64 characters, any other block by its JSON, and the
/// structured value's compact JSON.
struct Received {
    tokens: usize,
    chars: usize,
}

fn received(result: &CallToolResult) -> Received {
    let enc = Encoding::O200kBase;
    let mut sent = Received {
        tokens: 0,
        chars: 0,
    };
    let text = |t: &str, sent: &mut Received| {
        sent.tokens += enc.count(t);
        sent.chars += t.chars().count();
    };
    let binary = |data: &str, sent: &mut Received| {
        sent.tokens += data.len().div_ceil(4);
        sent.chars += data.len();
    };
    for block in &result.content {
        match block {
            ContentBlock::Text(t) => text(&t.text, &mut sent),
            ContentBlock::Image(i) => binary(&i.data, &mut sent),
            ContentBlock::Audio(a) => binary(&a.data, &mut sent),
            ContentBlock::Resource(r) => match &r.resource {
                ResourceContents::TextResourceContents { text: t, .. } => text(t, &mut sent),
                ResourceContents::BlobResourceContents { blob, .. } => binary(blob, &mut sent),
                other => panic!("a resource of a kind this test does not know: {other:?}"),
            },
            other => text(
                &serde_json::to_string(other).expect("a block serializes"),
                &mut sent,
            ),
        }
    }
    if let Some(structured) = &result.structured_content {
        text(&structured.to_string(), &mut sent);
    }
    sent
}

/// Checks the whole result against the tool's token budget and its published character bound.
async fn assert_within_budget(
    peer: &Peer<RoleClient>,
    result: &CallToolResult,
    tool: &str,
    budget: usize,
) {
    let bound = char_bound(peer, tool).await;
    assert_eq!(bound, budget * 4, "{tool} publishes 4 characters a token");
    let sent = received(result);
    assert!(
        sent.tokens <= budget,
        "{tool}: {} tokens sent, over the {budget}-token budget\n{}",
        sent.tokens,
        notice(result)
    );
    assert!(
        sent.chars <= bound,
        "{tool}: {} characters sent, over the published {bound}\n{}",
        sent.chars,
        notice(result)
    );
    if let Some(cut) = truncation(result) {
        assert_eq!(cut["budget_tokens"], budget, "{cut}");
        let note = Encoding::O200kBase.count(notice(result));
        assert_eq!(
            cut["kept_tokens"],
            sent.tokens - note,
            "_meta's kept_tokens is what was sent besides the notice: {cut}"
        );
    }
}

/// Checks `value` against the tool's published `outputSchema`.
async fn assert_valid(peer: &Peer<RoleClient>, tool: &str, value: &Value) {
    let listed = listed(peer, tool).await;
    let schema = Value::Object(
        listed
            .output_schema
            .as_deref()
            .unwrap_or_else(|| panic!("`{tool}` publishes an outputSchema"))
            .clone(),
    );
    let validator = jsonschema::validator_for(&schema).expect("the outputSchema compiles");
    let problems: Vec<String> = validator
        .iter_errors(value)
        .map(|e| e.to_string())
        .collect();
    assert!(problems.is_empty(), "{tool}: {problems:?}");
}

fn assert_success(result: &CallToolResult) {
    assert_ne!(result.is_error, Some(true), "expected success: {result:?}");
}

/// `_meta["mcp-tools/truncated"]`, on a cut result.
fn truncation(result: &CallToolResult) -> Option<&Value> {
    result
        .meta
        .as_ref()
        .and_then(|m| m.0.get(TRUNCATION_META_KEY))
}

/// The notice a cut result ends with; "" when the result was not cut.
fn notice(result: &CallToolResult) -> &str {
    let Some(_) = truncation(result) else {
        return "";
    };
    let last = result
        .content
        .last()
        .and_then(ContentBlock::as_text)
        .map_or_else(
            || panic!("a cut result ends with a text notice: {result:?}"),
            |t| t.text.as_str(),
        );
    assert!(
        last.starts_with("[truncated: kept ") && last.ends_with(']'),
        "the last block is the notice: {last}"
    );
    last
}

/// The content blocks, less the notice of a cut result.
fn blocks_before_notice(result: &CallToolResult) -> &[ContentBlock] {
    let blocks = &result.content[..];
    match truncation(result) {
        Some(_) => {
            let _ = notice(result);
            &blocks[..blocks.len() - 1]
        }
        None => blocks,
    }
}

/// The page's URL, presigned by an object store, `len` characters long.
fn signed_url(len: usize) -> String {
    const TOKEN: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
    let mut url = format!(
        "{PAGE_URL}?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Expires=3600&X-Amz-Security-Token="
    );
    let mut state = 0x2545_f491_4f6c_dd1d_u64;
    while url.len() < len {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        url.push(char::from(TOKEN[(state % TOKEN.len() as u64) as usize]));
    }
    url
}

/// A PNG-like file of `bytes` bytes (the PNG signature, then noise), base64-encoded.
fn png_base64(bytes: usize) -> String {
    let mut data = vec![0x89, b'P', b'N', b'G', b'\r', b'\n', 0x1a, b'\n'];
    let mut state = 0x9e37_79b9_7f4a_7c15_u64;
    while data.len() < bytes {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        data.push(state as u8);
    }
    data.truncate(bytes);
    base64(&data)
}

/// Standard base64 with padding.
fn base64(bytes: &[u8]) -> String {
    const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let word = chunk
            .iter()
            .enumerate()
            .fold(0u32, |w, (i, b)| w | u32::from(*b) << (16 - 8 * i));
        for i in 0..4 {
            if i <= chunk.len() {
                out.push(char::from(ALPHABET[(word >> (18 - 6 * i)) as usize & 63]));
            } else {
                out.push('=');
            }
        }
    }
    out
}
