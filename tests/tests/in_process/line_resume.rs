//! Reading a document a page at a time through a line longer than the budget: a tool that
//! resumes by [`LineStart`] gets pages filled to the budget that may end inside a line, and
//! following the notices' next calls rejoins the document byte for byte, multi-byte text
//! included. A tool whose line argument is a plain `u64` still pages by whole lines, and its
//! notice says the rest of a line it had to cut cannot be asked for.

// `#[tool]` requires an `async fn`, even where the body has nothing to wait for.
#![allow(clippy::unused_async)]

use std::fmt::Write as _;

use mcp_tools::{
    prelude::*, rmcp::model::CallToolResult, tokens::Encoding, wire::TRUNCATION_META_KEY,
};
use serde_json::{Value, json};

/// The budget of both tools.
const BUDGET: usize = 2_000;

/// The document both tools read.
struct Document {
    text: String,
}

/// Read the document from a line on, a page at a time.
///
/// Use to read a long diff; a cut result names where to go on.
#[tool(namespace = "doc", read_only, max_response_tokens = 2000)]
async fn read(
    doc: State<Document>,
    /// Where to start: a line, from 1, or "line:column" inside a long line, as a cut
    /// result's notice names it.
    from_line: Option<LineStart>,
) -> Result<ToolOutput, ToolError> {
    ToolOutput::lines_from(&doc.text, "from_line", from_line.unwrap_or_default())
}

/// Read the document from a line on, whole lines only.
///
/// Use to read a long diff; a cut result names the line to go on from.
#[tool(namespace = "doc", read_only, max_response_tokens = 2000)]
async fn read_lines(
    doc: State<Document>,
    /// Line to start at, from 1.
    #[param(min = 1)]
    from_line: Option<u64>,
) -> ToolOutput {
    let from = from_line.unwrap_or(1);
    let text: String = doc
        .text
        .split_inclusive('\n')
        .skip(usize::try_from(from - 1).unwrap_or(usize::MAX))
        .collect();
    ToolOutput::text(text).resume_at_line("from_line", from)
}

fn registry(document: String) -> Registry {
    Registry::builder()
        .server_info("doc", "1.0.0")
        .state(Document { text: document })
        .tools(tools![read, read_lines])
        .build()
        .expect("the registry builds")
}

/// `SplitMix64`, so every run reads the same document.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: u64) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        (z ^ (z >> 31)) % n
    }
}

/// A diff of a minified file: a header, one line of `long_chars` characters written from
/// `words`, and `after` ordinary lines written from them too.
fn diff(words: &[&str], long_chars: usize, after: usize) -> String {
    let mut rng = Rng(7);
    let mut pick = || words[usize::try_from(rng.below(words.len() as u64)).unwrap_or(0)];
    let mut doc = String::from(
        "diff --git a/dist/app.min.js b/dist/app.min.js\nindex 3f2a1c0..9be41d7 100644\n\
         --- a/dist/app.min.js\n+++ b/dist/app.min.js\n@@ -1 +1 @@\n-(function(){})();\n+",
    );
    let mut chars = 0;
    while chars < long_chars {
        let word = pick();
        doc.push_str(word);
        chars += word.chars().count();
    }
    doc.push('\n');
    for i in 0..after {
        let _ = write!(doc, " context {i}:");
        for _ in 0..(i % 13 + 2) {
            doc.push(' ');
            doc.push_str(pick());
        }
        doc.push('\n');
    }
    doc
}

/// Minified JavaScript, ASCII.
const JS: &[&str] = &[
    "function(e,t){",
    "return ",
    "e.map(",
    "t=>t.id)",
    ";var n=",
    "Object.assign({},",
    "\"use strict\";",
    "0x1f3a",
    "}",
    ",",
    "if(!n)throw new Error(\"bad\")",
    "e[t]=",
    "null",
    "window.__APP__",
];

/// Text of several scripts: CJK, emoji (one of four bytes and a joined family), and
/// combining marks.
const MIXED: &[&str] = &[
    "配送状況",
    "부산 허브 도착",
    "🚚",
    "✅",
    "👨\u{200d}👩\u{200d}👧",
    "e\u{301}",
    "n\u{303}",
    "a\u{308}\u{304}",
    "Ελλάδα",
    "данные",
    " ",
    "const x=",
    "🇩🇪",
];

/// One call's text blocks, the notice apart, and the next call its notice names.
struct Page {
    text: String,
    /// Tokens of everything the result sends: the text and the notice.
    tokens: usize,
    notice: Option<String>,
    next: Option<Value>,
}

async fn page(registry: &Registry, tool: &str, arguments: Value) -> Page {
    let result = registry
        .call(tool, arguments.clone())
        .await
        .expect("a result");
    assert_ne!(result.is_error, Some(true), "{arguments}: {result:?}");
    let texts: Vec<&str> = result
        .content
        .iter()
        .map(|b| b.as_text().map(|t| t.text.as_str()).expect("text blocks"))
        .collect();
    let tokens = texts.iter().map(|t| Encoding::O200kBase.count(t)).sum();
    let cut = truncation(&result);
    let (text, notice) = match cut {
        Some(_) => {
            let (notice, text) = texts.split_last().expect("a notice");
            assert!(notice.starts_with("[truncated: "), "{notice}");
            (text.concat(), Some((*notice).to_owned()))
        }
        None => (texts.concat(), None),
    };
    let next = cut
        .and_then(|c| c.get("next_call"))
        .map(|next| next["arguments"].clone());
    Page {
        text,
        tokens,
        notice,
        next,
    }
}

fn truncation(result: &CallToolResult) -> Option<&Value> {
    result
        .meta
        .as_ref()
        .and_then(|m| m.0.get(TRUNCATION_META_KEY))
}

/// Follows the next calls from the first until a page has none; every page but the last is
/// within the budget and filled to at least nine tenths of it.
async fn read_all(registry: &Registry, tool: &str) -> (String, Vec<Page>) {
    let mut arguments = json!({});
    let mut pages = Vec::new();
    let mut read = String::new();
    loop {
        assert!(pages.len() < 1_000, "the next calls never end");
        let page = page(registry, tool, arguments).await;
        assert!(
            page.tokens <= BUDGET,
            "{} tokens: {:?}",
            page.tokens,
            page.notice
        );
        read.push_str(&page.text);
        let next = page.next.clone();
        pages.push(page);
        match next {
            Some(next) => arguments = next,
            None => return (read, pages),
        }
    }
}

fn assert_filled(pages: &[Page]) {
    for (i, page) in pages.iter().enumerate().rev().skip(1) {
        assert!(
            page.tokens * 10 >= BUDGET * 9,
            "page {} of {} carries {} tokens of the {BUDGET}-token budget: {:?}",
            i + 1,
            pages.len(),
            page.tokens,
            page.notice
        );
    }
}

#[tokio::test]
async fn pages_rejoin_byte_for_byte_through_a_line_of_400_000_characters() {
    let doc = diff(JS, 400_000, 300);
    let registry = registry(doc.clone());
    let (read, pages) = read_all(&registry, "doc_read").await;
    assert!(read == doc, "the pages do not rejoin the document");
    assert!(pages.len() > 20, "{} pages", pages.len());
    assert_filled(&pages);
    // The first page reads the header and goes on inside line 7, where it names the
    // exact character to go on from.
    let first = &pages[0];
    let notice = first.notice.as_deref().expect("the first page is cut");
    assert!(notice.contains("kept lines 1–6 and the first "), "{notice}");
    let next = first.next.as_ref().expect("a next call");
    let at = next["from_line"]
        .as_str()
        .expect("a position inside line 7");
    let column = first.text.lines().nth(6).expect("line 7").chars().count() + 1;
    assert_eq!(at, format!("7:{column}"), "{notice}");
}

#[tokio::test]
async fn pages_rejoin_byte_for_byte_through_multi_byte_text() {
    let doc = diff(MIXED, 60_000, 200);
    let registry = registry(doc.clone());
    let (read, pages) = read_all(&registry, "doc_read").await;
    assert!(read == doc, "the pages do not rejoin the document");
    assert!(pages.len() > 10, "{} pages", pages.len());
    assert_filled(&pages);
    // Some pages begin inside a line, and name where in it they began.
    assert!(
        pages
            .iter()
            .filter_map(|p| p.notice.as_deref())
            .any(|n| n.contains("kept characters ")),
        "no page read the middle of the long line"
    );
}

#[tokio::test]
async fn a_whole_line_argument_still_works_and_says_the_rest_of_the_line_is_lost() {
    let doc = diff(JS, 400_000, 300);
    let registry = registry(doc.clone());
    let first = page(&registry, "doc_read_lines", json!({})).await;
    // Whole lines only: the header alone, then the start of line 7 in a page of its own.
    assert_eq!(first.next, Some(json!({"from_line": 7})));
    let second = page(&registry, "doc_read_lines", json!({"from_line": 7})).await;
    let notice = second.notice.as_deref().expect("line 7 is cut");
    assert!(
        notice.contains("kept the first ") && notice.contains(" characters of line 7 of 307"),
        "{notice}"
    );
    assert!(
        notice.contains(
            "left out the rest of line 7, which `doc_read_lines` cannot return: its `from_line` takes whole lines"
        ),
        "{notice}"
    );
    assert_eq!(second.next, Some(json!({"from_line": 8})));
    let third = page(&registry, "doc_read_lines", json!({"from_line": 8})).await;
    assert!(third.text.starts_with(" context 0:"), "{}", third.text);
}

#[tokio::test]
async fn a_position_is_published_and_checked_as_a_line_or_line_colon_column() {
    let doc = diff(JS, 1_000, 3);
    let registry = registry(doc.clone());
    let tool = registry
        .definition("doc_read")
        .expect("listed")
        .tool()
        .clone();
    let property = &tool.input_schema["properties"]["from_line"];
    assert_eq!(property["type"], json!(["integer", "string"]), "{property}");
    assert_eq!(property["minimum"], json!(1), "{property}");
    // Both forms are read; a bad one is the model's to fix, and names the argument.
    for (from, start) in [
        (json!("8:3"), LineStart::new(8, 3)),
        (json!(2), LineStart::from(2)),
    ] {
        let from = page(&registry, "doc_read", json!({ "from_line": from })).await;
        assert_eq!(Some(from.text.as_str()), start.slice(&doc));
    }
    for bad in [
        json!("7:0"),
        json!("line 7"),
        json!(0),
        json!("99:1"),
        json!("8:999"),
    ] {
        let result = registry
            .call("doc_read", json!({ "from_line": bad }))
            .await
            .expect("a result");
        assert_eq!(result.is_error, Some(true), "{bad}: {result:?}");
        let message = result.content[0].as_text().map_or("", |t| t.text.as_str());
        assert!(message.contains("from_line"), "{bad}: {message}");
    }
}
