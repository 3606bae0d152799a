//! What resuming inside a line costs: a page cut out of a 1 MB document whose line 7 is
//! 400,000 characters long, through `Registry::call` on a tool that takes a [`LineStart`]
//! (the page fills to the budget and ends inside the line) beside the same document through
//! a tool that takes whole lines (the page ends before the long line); and
//! [`LineStart::slice`] at positions deep in the document, beside skipping lines with
//! `split_inclusive`, the way a tool without it finds a line.

use std::{hint::black_box, time::Duration};

use criterion::Criterion;
use mcp_tools::{LineStart, Registry, prelude::*, wire::TRUNCATION_META_KEY};
use serde_json::{Value, json};
use tokio::runtime::Runtime;

use super::{Pair, timed};

/// Characters of the long line.
const LONG_LINE: usize = 400_000;
/// Bytes of the document.
const DOCUMENT: usize = 1_000_000;
/// A line far into the document, past the long one.
const DEEP_LINE: u64 = 4_500;
/// A column far into the long line.
const DEEP_COLUMN: u64 = 390_001;

/// The document the tools read.
pub(crate) struct Document {
    text: String,
}

mod tools {
    use mcp_tools::prelude::*;

    use super::Document;

    /// Read the document from a line, or a character inside one, a page at a time.
    ///
    /// Use to read a long diff; a cut result names where to go on.
    #[tool(namespace = "bench", read_only, max_response_tokens = 2000)]
    #[allow(
        clippy::unused_async,
        reason = "#[tool] fns are async; this one has nothing to await"
    )]
    pub(crate) async fn read(
        doc: State<Document>,
        /// Where to start: a line, from 1, or "line:column" inside a long line.
        from_line: Option<LineStart>,
    ) -> Result<ToolOutput, ToolError> {
        ToolOutput::lines_from(&doc.text, "from_line", from_line.unwrap_or_default())
    }

    /// Read the document from a line on, whole lines only.
    ///
    /// Use to read a long diff; a cut result names the line to go on from.
    #[tool(namespace = "bench", read_only, max_response_tokens = 2000)]
    #[allow(
        clippy::unused_async,
        reason = "#[tool] fns are async; this one has nothing to await"
    )]
    pub(crate) async fn read_lines(
        doc: State<Document>,
        /// Line to start at, from 1.
        #[param(min = 1)]
        from_line: Option<u64>,
    ) -> Result<ToolOutput, ToolError> {
        // The same slice as `read`'s: only the cut differs.
        let from = LineStart::from(from_line.unwrap_or(1));
        ToolOutput::lines_from(&doc.text, "from_line", from)
    }
}

/// The document, the registry serving both tools, and a runtime to call them on.
pub(crate) struct InLine {
    rt: Runtime,
    doc: String,
    registry: Registry,
}

impl InLine {
    pub(crate) fn new() -> Self {
        let doc = document();
        let registry = Registry::builder()
            .server_info("bench", "1.0.0")
            .state(Document { text: doc.clone() })
            .tools(tools![tools::read, tools::read_lines])
            .build()
            .expect("the registry builds");
        let rt = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .expect("a tokio runtime");
        let in_line = InLine { rt, doc, registry };
        in_line.check();
        in_line
    }

    /// One call of `tool`; its `_meta` truncation record.
    fn call(&self, tool: &str, arguments: &Value) -> Value {
        let result = self
            .rt
            .block_on(self.registry.call(tool, arguments.clone()))
            .expect("a result");
        result
            .meta
            .and_then(|m| m.0.get(TRUNCATION_META_KEY).cloned())
            .unwrap_or(Value::Null)
    }

    /// The cuts measured, by name: the tool and its arguments.
    fn cuts() -> [(&'static str, &'static str, Value); 3] {
        [
            ("in_line/from_start", "bench_read", json!({})),
            (
                "in_line/mid_line",
                "bench_read",
                json!({"from_line": "7:200001"}),
            ),
            ("whole_lines/from_start", "bench_read_lines", json!({})),
        ]
    }

    /// Fails fast if a cut does not do what its name claims.
    fn check(&self) {
        let next = |tool, arguments| self.call(tool, &arguments)["next_call"]["arguments"].clone();
        let [
            (_, start, from_start),
            (_, mid, from_mid),
            (_, lines, whole),
        ] = Self::cuts();
        let in_line = next(start, from_start);
        assert!(
            in_line["from_line"]
                .as_str()
                .is_some_and(|p| p.starts_with("7:")),
            "{in_line}"
        );
        let mid_line = next(mid, from_mid);
        assert!(
            mid_line["from_line"]
                .as_str()
                .is_some_and(|p| p.starts_with("7:")),
            "{mid_line}"
        );
        assert_eq!(next(lines, whole), json!({"from_line": 7}));
        assert_eq!(
            LineStart::from(DEEP_LINE).slice(&self.doc),
            Some(split_skip(&self.doc, DEEP_LINE))
        );
        assert!(
            LineStart::new(7, DEEP_COLUMN)
                .slice(&self.doc)
                .is_some_and(|rest| rest.len() > 10_000)
        );
    }

    pub(crate) fn bench(&self, c: &mut Criterion) {
        let mut g = c.benchmark_group("cut_1m_long_line");
        g.sample_size(30).measurement_time(Duration::from_secs(3));
        for (name, tool, arguments) in Self::cuts() {
            g.bench_function(name, |b| b.iter(|| self.call(tool, black_box(&arguments))));
        }
        g.finish();
        let mut g = c.benchmark_group("slice_1m");
        g.sample_size(50);
        let doc = self.doc.as_str();
        let line = LineStart::from(DEEP_LINE);
        g.bench_function("line_start/deep_line", |b| {
            b.iter(|| black_box(line).slice(black_box(doc)).map(str::len));
        });
        g.bench_function("split_inclusive/deep_line", |b| {
            b.iter(|| split_skip(black_box(doc), DEEP_LINE).len());
        });
        let column = LineStart::new(7, DEEP_COLUMN);
        g.bench_function("line_start/deep_column", |b| {
            b.iter(|| black_box(column).slice(black_box(doc)).map(str::len));
        });
        g.finish();
    }

    /// The paired run's comparisons: each in-line cut against the whole-line cut, and the
    /// slice against skipping lines.
    pub(crate) fn pairs(&self) -> Vec<Pair<'_>> {
        let [
            (_, start, from_start),
            (_, mid, from_mid),
            (_, lines, whole),
        ] = Self::cuts();
        let doc = self.doc.as_str();
        vec![
            Pair::new(
                "cut 1 MB: in-line from start / whole lines".to_owned(),
                timed(move || self.call(start, &from_start)),
                timed(move || self.call(lines, &whole)),
                (20, 20),
            ),
            Pair::new(
                "cut 1 MB: in-line mid line / whole lines".to_owned(),
                timed(move || self.call(mid, &from_mid)),
                timed(move || self.call(lines, &json!({}))),
                (20, 20),
            ),
            Pair::new(
                format!("slice 1 MB at line {DEEP_LINE}: LineStart / split"),
                timed(move || {
                    LineStart::from(DEEP_LINE)
                        .slice(black_box(doc))
                        .map(str::len)
                }),
                timed(move || split_skip(black_box(doc), DEEP_LINE).len()),
                (50, 50),
            ),
        ]
    }
}

/// The text from line `line` on, found by skipping lines one by one.
fn split_skip(doc: &str, line: u64) -> &str {
    let skip = usize::try_from(line - 1).unwrap_or(usize::MAX);
    let skipped: usize = doc.split_inclusive('\n').take(skip).map(str::len).sum();
    &doc[skipped..]
}

/// A diff of a minified bundle: six lines of header, one line of [`LONG_LINE`] characters,
/// then ordinary lines up to [`DOCUMENT`] bytes.
fn document() -> String {
    const JS: &[&str] = &[
        "function(e,t){",
        "return ",
        "e.map(t=>t.id)",
        ";var n=",
        "Object.assign({},e)",
        "\"use strict\";",
        "if(!n)throw new Error(\"bad\")",
        "window.__APP__",
    ];
    let mut doc = String::from(
        "diff --git a/dist/app.min.js b/dist/app.min.js\nindex 3f2a1c0..9be41d7 100644\n\
         --- a/dist/app.min.js\n+++ b/dist/app.min.js\n@@ -1 +1 @@\n-(function(){})();\n+",
    );
    let (line_start, mut i) = (doc.len() - 1, 0);
    while doc.len() - line_start < LONG_LINE {
        doc.push_str(JS[i % JS.len()]);
        i += 7;
    }
    doc.push('\n');
    let mut n = 0;
    while doc.len() < DOCUMENT {
        doc.push_str(" context ");
        doc.push_str(&n.to_string());
        for k in 0..(n % 9 + 3) {
            doc.push(' ');
            doc.push_str(JS[(n + k) % JS.len()]);
        }
        doc.push('\n');
        n += 1;
    }
    doc
}
