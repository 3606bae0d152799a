//! What the response optimizer costs: counting, truncation, and its share of a call.
//!
//! Five groups of measurements, all in this one process on the same generated inputs, each
//! side next to the other so the machine's noise hits both alike:
//!
//! - `count/*`: [`Encoding::count`] on ~100 KB of prose, compact JSON and Rust-like code.
//!   Criterion prints the throughput.
//! - `truncate*`: cutting a text to 2,000 tokens with [`Encoding::prefix`] (100 KB, 1 MB and
//!   10 MB inputs: its cost must not grow with the input) against the naive way, encoding
//!   everything, keeping 2,000 tokens, decoding and trimming to valid UTF-8 (100 KB and
//!   1 MB). `truncate/recount_of_kept` times the cut's last step alone, the recount of what
//!   it keeps. `truncate_cold` repeats ours with the core's caches flushed before each cut,
//!   as a server that truncates now and then sees them.
//! - `call_2kb` and `parts_2kb*`: `Registry::call` on a tool returning a ~2 KB `Json<T>`,
//!   once on a registry where the result fits by size (the optimizer only measures its
//!   length; the exact count runs after the call, off the latency path) and once on a
//!   registry whose budget lies between the result's tokens and its bytes (the optimizer
//!   must count it exactly before answering). The parts the optimizer runs are timed alone
//!   next to them, so their share of a call can be read off.
//! - `cut_1m_long_line/*` and `slice_1m/*`: resuming inside a line of a 1 MB document, beside
//!   whole-line resumption of the same document (`optimizer/in_line.rs`).
//! - `estimate/*`: the total a cut result's notice reports, estimated for a 1 MB result,
//!   beside the exact count of the same result (`optimizer/estimate.rs`).
//!
//! After criterion, in `cargo bench` mode only, a paired run alternates blocks of both
//! sides of each comparison and prints the medians and the median of the per-round ratios:
//! slow drift of a shared machine then cancels out of each ratio. Its `share:` rows pair a
//! part of the optimizer with the call it is part of, so the ratio is that part's share.

use std::{
    fmt::Write as _,
    hint::black_box,
    time::{Duration, Instant},
};

use criterion::{BenchmarkId, Criterion, SamplingMode, Throughput};
use mcp_tools::{
    limits::{CHARS_PER_TOKEN, DEFAULT_MAX_RESPONSE_TOKENS},
    prelude::*,
    rmcp::model::CallToolResult,
    tokens::Encoding,
    wire::TRUNCATION_META_KEY,
};
use schemars::JsonSchema;
use serde::Serialize;
use serde_json::{Value, json};
use tokio::runtime::Runtime;

#[path = "optimizer/estimate.rs"]
mod estimate;
#[path = "optimizer/in_line.rs"]
mod in_line;

/// Tokens a cut keeps: the `detailed` budget the design names.
const BUDGET: usize = 2_000;
/// The wire name of the tool of the call benchmarks.
const TOOL: &str = "bench_get_report";
/// Bytes walked to push the vocabulary out of a core's caches (L1 and L2; a large shared
/// L3 may keep some of it).
const FLUSH_BYTES: usize = 32 << 20;

// ------------------------------------------------------------------------------ inputs

/// `SplitMix64`: a small deterministic generator, so every run measures the same text.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// Uniform in `0..n`.
    fn below(&mut self, n: usize) -> usize {
        usize::try_from(self.next() >> 33).expect("31 bits fit a usize") % n
    }

    /// In `0..n`, small values far more often, like word frequencies.
    fn skewed(&mut self, n: usize) -> usize {
        let high = self.below(n);
        self.below(high + 1)
    }

    /// One in `n`.
    fn chance(&mut self, n: usize) -> bool {
        self.below(n) == 0
    }

    /// A word of a list ordered by frequency.
    fn pick<'a>(&mut self, words: &[&'a str]) -> &'a str {
        words[self.skewed(words.len())]
    }

    /// Any item of a list.
    fn any<'a>(&mut self, words: &[&'a str]) -> &'a str {
        words[self.below(words.len())]
    }
}

/// English words, most frequent first, with the vocabulary of a delivery business.
const WORDS: &[&str] = &[
    "the",
    "of",
    "and",
    "to",
    "a",
    "in",
    "is",
    "that",
    "for",
    "it",
    "as",
    "was",
    "with",
    "be",
    "by",
    "on",
    "not",
    "this",
    "are",
    "or",
    "from",
    "at",
    "which",
    "but",
    "have",
    "an",
    "had",
    "they",
    "you",
    "were",
    "their",
    "one",
    "all",
    "we",
    "can",
    "has",
    "there",
    "been",
    "if",
    "more",
    "when",
    "will",
    "would",
    "who",
    "so",
    "no",
    "shipment",
    "parcel",
    "depot",
    "driver",
    "customer",
    "delivery",
    "route",
    "warehouse",
    "morning",
    "address",
    "weight",
    "label",
    "truck",
    "schedule",
    "invoice",
    "order",
    "city",
    "street",
    "package",
    "sender",
    "recipient",
    "week",
    "day",
    "time",
    "report",
    "team",
    "problem",
    "question",
    "answer",
    "number",
    "price",
    "service",
    "office",
    "window",
    "letter",
    "station",
    "border",
    "weather",
    "harbour",
    "container",
    "pallet",
    "signature",
    "receipt",
    "Tuesday",
    "Berlin",
    "Lisbon",
    "Kraków",
    "Zürich",
    "café",
    "Müller",
    "delayed",
    "arrived",
    "scanned",
    "confirmed",
    "reported",
    "returned",
    "checked",
    "loaded",
    "unloaded",
    "promised",
    "expected",
    "quickly",
    "carefully",
    "usually",
    "again",
    "still",
    "already",
    "early",
    "late",
    "heavy",
    "fragile",
    "small",
    "large",
    "new",
    "old",
    "first",
    "last",
    "next",
    "local",
    "international",
    "separate",
    "several",
    "different",
    "important",
    "available",
    "responsible",
    "unfortunately",
    "nevertheless",
    "approximately",
    "consequently",
    "reconciliation",
    "acknowledgement",
];

/// One sentence of prose.
fn sentence(rng: &mut Rng, out: &mut String) {
    let words = 6 + rng.below(18);
    for i in 0..words {
        if i > 0 {
            out.push(' ');
        }
        if rng.chance(25) {
            let n = rng.below(3000);
            if rng.chance(3) {
                put(out, format_args!("{}.{}", n / 10, n % 10));
            } else {
                out.push_str(&n.to_string());
            }
            continue;
        }
        let word = rng.pick(WORDS);
        if i == 0 {
            let mut chars = word.chars();
            if let Some(first) = chars.next() {
                out.extend(first.to_uppercase());
                out.push_str(chars.as_str());
            }
        } else {
            out.push_str(word);
        }
        if i + 1 < words {
            if rng.chance(9) {
                out.push(',');
            } else if rng.chance(60) {
                out.push_str(" —");
            }
        }
    }
    out.push(match rng.below(40) {
        0..=2 => '?',
        3 => '!',
        _ => '.',
    });
}

/// Paragraphs of prose, `len` bytes (cut at a character boundary).
fn prose(seed: u64, len: usize) -> String {
    let mut rng = Rng(seed);
    let mut out = String::with_capacity(len + 512);
    while out.len() < len {
        if !out.is_empty() {
            out.push_str("\n\n");
        }
        for i in 0..3 + rng.below(5) {
            if i > 0 {
                out.push(' ');
            }
            sentence(&mut rng, &mut out);
        }
    }
    cut(out, len)
}

/// Appends formatted text.
fn put(out: &mut String, args: std::fmt::Arguments<'_>) {
    out.write_fmt(args).expect("a String takes any text");
}

/// `text` cut to at most `len` bytes, at a character boundary.
fn cut(mut text: String, len: usize) -> String {
    let mut end = len.min(text.len());
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    text.truncate(end);
    text
}

/// One shipment of a report: the records the JSON inputs are made of.
#[derive(Clone, Debug, Serialize, JsonSchema)]
struct Shipment {
    /// Shipment number, like `SH-2026-000123`.
    number: String,
    /// Where the shipment is.
    status: String,
    /// Who sent it.
    sender: String,
    /// Who receives it.
    recipient: String,
    /// City it left from.
    from_city: String,
    /// City it goes to.
    to_city: String,
    /// Measured weight.
    weight_kg: f64,
    /// When the label was made, RFC 3339.
    created_at: String,
    /// Handling tags.
    tags: Vec<String>,
    /// Free text from the depot.
    note: String,
}

/// A depot's report: the structured result of the call benchmarks.
#[derive(Clone, Debug, Serialize, JsonSchema)]
struct Report {
    /// The depot it is about.
    depot_number: u32,
    /// When it was made, RFC 3339.
    generated_at: String,
    /// Shipments in the depot, all of them; `shipments` lists the latest.
    total_shipments: u32,
    /// The latest shipments.
    shipments: Vec<Shipment>,
}

const STATUSES: &[&str] = &[
    "in_transit",
    "delivered",
    "out_for_delivery",
    "label_created",
    "held_at_customs",
    "returned",
];
const FIRST_NAMES: &[&str] = &[
    "Anna", "João", "Li", "Fatima", "Lukas", "Sofia", "Mehmet", "Chloé", "Oskar", "Priya",
];
const LAST_NAMES: &[&str] = &[
    "Müller", "Silva", "Wei", "Haddad", "Nowak", "García", "Yılmaz", "Dubois", "Larsen", "Patel",
];
const CITIES: &[&str] = &[
    "Berlin",
    "Lisbon",
    "Kraków",
    "Zürich",
    "Lyon",
    "Rotterdam",
    "Göteborg",
    "Milano",
    "Porto",
];
const TAGS: &[&str] = &[
    "fragile",
    "express",
    "signature_required",
    "oversize",
    "cold_chain",
];

fn shipment(rng: &mut Rng, serial: usize) -> Shipment {
    let person = |rng: &mut Rng| format!("{} {}", rng.any(FIRST_NAMES), rng.any(LAST_NAMES));
    let mut note = String::new();
    if !rng.chance(3) {
        sentence(rng, &mut note);
    }
    Shipment {
        number: format!("SH-2026-{serial:06}"),
        status: rng.pick(STATUSES).to_owned(),
        sender: person(rng),
        recipient: person(rng),
        from_city: rng.any(CITIES).to_owned(),
        to_city: rng.any(CITIES).to_owned(),
        weight_kg: f64::from(u32::try_from(rng.below(30_000)).expect("small")) / 100.0,
        created_at: format!(
            "2026-{:02}-{:02}T{:02}:{:02}:{:02}Z",
            1 + rng.below(12),
            1 + rng.below(28),
            rng.below(24),
            rng.below(60),
            rng.below(60)
        ),
        tags: (0..rng.below(3))
            .map(|_| rng.any(TAGS).to_owned())
            .collect(),
        note,
    }
}

/// A compact JSON array of shipments, `len` bytes (cut; only the counter reads it).
fn json_text(seed: u64, len: usize) -> String {
    let mut rng = Rng(seed);
    let mut out = String::with_capacity(len + 1024);
    out.push('[');
    let mut serial = 1;
    while out.len() < len {
        if serial > 1 {
            out.push(',');
        }
        let record = serde_json::to_string(&shipment(&mut rng, serial)).expect("serializes");
        out.push_str(&record);
        serial += 1;
    }
    out.push(']');
    cut(out, len)
}

/// The report the tool returns: about 2 KB of compact JSON.
fn report() -> Report {
    let mut rng = Rng(7);
    let mut report = Report {
        depot_number: 0,
        generated_at: "2026-05-04T08:00:00Z".to_owned(),
        total_shipments: 1_284,
        shipments: Vec::new(),
    };
    while serde_json::to_string(&report).expect("serializes").len() < 1_900 {
        let serial = 4_200 + report.shipments.len();
        report.shipments.push(shipment(&mut rng, serial));
    }
    report
}

const VERBS: &[&str] = &[
    "get", "set", "load", "parse", "build", "find", "update", "remove", "check", "render",
];
const NOUNS: &[&str] = &[
    "shipment", "route", "label", "depot", "config", "buffer", "request", "cursor", "budget",
    "schema",
];
const TYPES: &[&str] = &[
    "String",
    "u32",
    "u64",
    "usize",
    "bool",
    "Vec<u8>",
    "Option<String>",
    "Duration",
];
const METHODS: &[&str] = &[
    "len",
    "clone",
    "is_empty",
    "to_owned",
    "as_str",
    "unwrap_or_default",
    "iter",
    "first",
];

/// One method of an `impl` block.
fn method(rng: &mut Rng, out: &mut String) {
    let (verb, noun, arg) = (rng.any(VERBS), rng.any(NOUNS), rng.any(NOUNS));
    let ty = rng.any(TYPES);
    out.push_str("    /// ");
    sentence(rng, out);
    put(
        out,
        format_args!(
            "\n    pub fn {verb}_{noun}(&self, {arg}: &{ty}, limit: usize) -> Result<{ty}, Error> {{\n"
        ),
    );
    put(
        out,
        format_args!(
            "        let {noun} = self.{noun}s.get({arg}).ok_or_else(|| Error::not_found(\"{noun} {{}} not found\", {arg}))?;\n"
        ),
    );
    for _ in 0..2 + rng.below(6) {
        let num = rng.below(1000);
        let m = rng.any(METHODS);
        match rng.below(5) {
            0 => {
                out.push_str("        // ");
                sentence(rng, out);
                out.push('\n');
            }
            1 => put(
                out,
                format_args!(
                    "        if {noun}.{m}().len() > {num} {{\n            return Err(Error::invalid(format!(\"{noun} is too long: {{}} > {num}\", {noun}.len())));\n        }}\n"
                ),
            ),
            2 => put(
                out,
                format_args!(
                    "        for (i, item) in {noun}.iter().enumerate().take(limit) {{\n            total += item.{m}() as u64 * {num};\n            tracing::debug!(i, total, \"{verb} {noun}\");\n        }}\n"
                ),
            ),
            3 => put(
                out,
                format_args!(
                    "        let {arg}_{m} = self.cache.entry({arg}.clone()).or_insert_with(|| {num});\n"
                ),
            ),
            _ => put(
                out,
                format_args!(
                    "        let deadline = Instant::now() + Duration::from_millis({num});\n"
                ),
            ),
        }
    }
    put(out, format_args!("        Ok({noun}.clone())\n    }}\n\n"));
}

/// Rust-like source, `len` bytes.
fn code(seed: u64, len: usize) -> String {
    let mut rng = Rng(seed);
    let mut out = String::with_capacity(len + 2048);
    out.push_str("use std::time::{Duration, Instant};\n\nuse crate::error::Error;\n\n");
    while out.len() < len {
        let noun = rng.any(NOUNS);
        let mut chars = noun.chars();
        let head = chars.next().map_or('X', |c| c.to_ascii_uppercase());
        put(
            &mut out,
            format_args!("impl {head}{}Store {{\n", chars.as_str()),
        );
        for _ in 0..2 + rng.below(4) {
            method(&mut rng, &mut out);
        }
        out.push_str("}\n\n");
    }
    cut(out, len)
}

// ------------------------------------------------------------------------------ the cuts

/// The naive cut: encode everything, keep `budget` tokens, decode, trim to valid UTF-8.
fn naive_prefix(text: &str, budget: usize) -> String {
    let tokens = Encoding::O200kBase.encode(text);
    let bytes = Encoding::O200kBase.decode(&tokens[..budget.min(tokens.len())]);
    String::from_utf8(bytes).unwrap_or_else(|e| {
        let valid = e.utf8_error().valid_up_to();
        let mut bytes = e.into_bytes();
        bytes.truncate(valid);
        String::from_utf8(bytes).expect("a valid UTF-8 prefix")
    })
}

/// Our cut, giving the kept text as the runtime uses it.
fn our_prefix(text: &str, budget: usize) -> &str {
    &text[..Encoding::O200kBase.prefix(text, budget).bytes]
}

/// What the optimizer checks of a result under the default budgets before it counts.
fn fits_by_size(text: &str) -> bool {
    text.chars().count() <= DEFAULT_MAX_RESPONSE_TOKENS * CHARS_PER_TOKEN
        && text.len() <= DEFAULT_MAX_RESPONSE_TOKENS
}

/// Walks a buffer larger than a core's caches, so the next call starts cold.
struct Flusher(Vec<u64>);

impl Flusher {
    fn new() -> Self {
        Flusher(vec![1; FLUSH_BYTES / 8])
    }

    fn flush(&mut self) {
        // One write per 64-byte line.
        for word in self.0.iter_mut().step_by(8) {
            *word = word.wrapping_add(1);
        }
        black_box(&self.0);
    }
}

// ------------------------------------------------------------------------------ the tool

mod fixture {
    use mcp_tools::prelude::*;

    use super::Report;

    /// Get the latest shipment report of a depot, as structured data.
    ///
    /// Use to review what a depot shipped recently; it changes nothing.
    #[tool(namespace = "bench", read_only)]
    #[allow(
        clippy::unused_async,
        reason = "#[tool] fns are async; this one has nothing to await"
    )]
    pub(crate) async fn get_report(
        report: State<Report>,
        /// Number of the depot whose report to return, from 1 to 99.
        #[param(min = 1, max = 99)]
        depot_number: u32,
    ) -> Json<Report> {
        let mut report = (*report).clone();
        report.depot_number = depot_number;
        Json(report)
    }
}

// ------------------------------------------------------------------------------ fixture

/// Every input, built once.
struct Fixture {
    rt: Runtime,
    /// `(name, text)`, ~100 KB each.
    count_inputs: Vec<(&'static str, String)>,
    /// 10 MB of prose; the 100 KB and 1 MB inputs are its first bytes.
    prose_10m: String,
    /// The tool's result fits by size: the optimizer does not count it during the call.
    fits_by_size: Registry,
    /// The budget is between the result's tokens and bytes: the optimizer counts it exactly.
    exact_count: Registry,
    args: Value,
    /// The ~2 KB text the optimizer sees (the result's JSON mirror).
    mirror: String,
    /// The budget of `exact_count`.
    exact_budget: usize,
}

/// Truncation inputs: `(name, bytes)`.
const SIZES: [(&str, usize); 3] = [("100k", 100_000), ("1m", 1_000_000), ("10m", 10_000_000)];

impl Fixture {
    fn new() -> Self {
        let rt = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .expect("a tokio runtime");
        let count_inputs = vec![
            ("prose_100k", prose(1, 100_000)),
            ("json_100k", json_text(2, 100_000)),
            ("code_100k", code(3, 100_000)),
        ];
        let prose_10m = prose(4, 10_000_000);
        let report = report();
        let fits_by_size = Registry::builder()
            .server_info("bench", "1.0.0")
            .state(report.clone())
            .tools(tools![fixture::get_report])
            .build()
            .expect("the registry builds");
        let args = json!({ "depot_number": 7 });
        let first = rt
            .block_on(fits_by_size.call(TOOL, args.clone()))
            .expect("a result");
        let mirror = text_of(&first);
        // The whole result is the structured content and its mirror: the same text twice.
        let tokens = 2 * Encoding::O200kBase.count(&mirror);
        // A bit above the result's tokens (and its characters / 4: results are held to
        // that bound too), below its bytes.
        let exact_budget = (tokens + tokens / 10).max(2 * mirror.chars().count() / 4 + 16);
        assert!(
            tokens < exact_budget && exact_budget < 2 * mirror.len(),
            "{tokens} tokens, budget {exact_budget}, {} bytes",
            2 * mirror.len()
        );
        let exact_count = Registry::builder()
            .server_info("bench", "1.0.0")
            .state(report)
            .max_response_tokens(exact_budget)
            .tools(tools![fixture::get_report])
            .build()
            .expect("the registry builds");
        let fixture = Fixture {
            rt,
            count_inputs,
            prose_10m,
            fits_by_size,
            exact_count,
            args,
            mirror,
            exact_budget,
        };
        fixture.check(&first);
        fixture
    }

    /// The first `len` bytes of the prose (floored to a character boundary).
    fn prose(&self, len: usize) -> &str {
        let mut end = len;
        while !self.prose_10m.is_char_boundary(end) {
            end -= 1;
        }
        &self.prose_10m[..end]
    }

    /// Fails fast if a side does not do what its benchmark claims to measure.
    fn check(&self, first: &CallToolResult) {
        for (name, text) in &self.count_inputs {
            let ids = Encoding::O200kBase.encode(text);
            assert_eq!(Encoding::O200kBase.count(text), ids.len(), "{name}");
        }
        // Both cuts keep the same text, and ours stops within the budget.
        for (name, len) in &SIZES[..2] {
            let text = self.prose(*len);
            let ours = Encoding::O200kBase.prefix(text, BUDGET);
            let naive = naive_prefix(text, BUDGET);
            assert!(ours.tokens <= BUDGET && ours.tokens + 2 >= BUDGET, "{name}");
            assert_eq!(&text[..ours.bytes], naive, "{name}");
        }
        // The call is not cut in either registry, and returns the same text.
        let exact = self
            .rt
            .block_on(self.exact_count.call(TOOL, self.args.clone()))
            .expect("a result");
        for result in [first, &exact] {
            assert_ne!(result.is_error, Some(true), "{result:?}");
            let cut = result
                .meta
                .as_ref()
                .is_some_and(|m| m.0.contains_key(TRUNCATION_META_KEY));
            assert!(!cut, "the result was cut: {result:?}");
        }
        assert_eq!(text_of(&exact), self.mirror);
        assert!(
            (1_800..2_400).contains(&self.mirror.len()),
            "{}",
            self.mirror.len()
        );
        // `exact_count`'s budget makes the optimizer count: the whole result (the value and
        // its mirror) has more bytes than the budget in tokens, but is within it in tokens.
        assert!(2 * self.mirror.len() > self.exact_budget);
        assert!(
            Encoding::O200kBase
                .count_up_to(&self.mirror, self.exact_budget / 2)
                .is_some()
        );
        self.drain();
    }

    /// `n` calls, timed as one block (one `block_on`, so entering the runtime is not part
    /// of a call). Work a call defers with `tokio::spawn` stays queued until [`Self::drain`].
    fn calls(&self, registry: &Registry, n: u64) -> Duration {
        self.rt.block_on(async {
            let start = Instant::now();
            for _ in 0..n {
                let result = registry.call(TOOL, self.args.clone()).await;
                black_box(result.expect("a result"));
            }
            start.elapsed()
        })
    }

    /// Runs the work the calls deferred: the runtime runs queued tasks in order, so they all
    /// run before a task queued after them.
    fn drain(&self) {
        self.rt.block_on(async {
            tokio::spawn(async {}).await.expect("the sentinel runs");
        });
    }
}

fn text_of(result: &CallToolResult) -> String {
    result.content[0]
        .as_text()
        .expect("a text block")
        .text
        .clone()
}

// ------------------------------------------------------------------------------ criterion

fn bench_count(c: &mut Criterion, f: &Fixture) {
    for (name, text) in &f.count_inputs {
        let mut g = c.benchmark_group(format!("count/{name}"));
        g.throughput(Throughput::Bytes(text.len() as u64));
        g.bench_function("ours", |b| {
            b.iter(|| Encoding::O200kBase.count(black_box(text)));
        });
        g.finish();
    }
}

fn bench_truncate(c: &mut Criterion, f: &Fixture) {
    let mut g = c.benchmark_group("truncate");
    g.sample_size(50);
    for (name, len) in SIZES {
        let text = f.prose(len);
        g.bench_with_input(BenchmarkId::new("ours", name), text, |b, text| {
            b.iter(|| our_prefix(black_box(text), BUDGET).len());
        });
    }
    // Of the 1 MB cut, its last step alone: recounting the kept prefix.
    let kept = our_prefix(f.prose(1_000_000), BUDGET);
    g.bench_with_input(
        BenchmarkId::new("recount_of_kept", "1m"),
        kept,
        |b, kept| {
            b.iter(|| Encoding::O200kBase.count_up_to(black_box(kept), BUDGET));
        },
    );
    g.finish();

    // ~4 ms and ~40 ms a cut: a few dozen cuts are enough, and all criterion would wait for.
    let mut g = c.benchmark_group("truncate_naive");
    g.sampling_mode(SamplingMode::Flat).sample_size(10);
    for (name, len) in &SIZES[..2] {
        let text = f.prose(*len);
        g.bench_with_input(BenchmarkId::new("naive", name), text, |b, text| {
            b.iter(|| naive_prefix(black_box(text), BUDGET).len());
        });
    }
    g.finish();

    // Each cut after a cache flush; only the cut is timed. The flush takes longer than the
    // cut, so the timed total is kept short.
    let mut flusher = Flusher::new();
    let mut g = c.benchmark_group("truncate_cold");
    g.sampling_mode(SamplingMode::Flat)
        .sample_size(20)
        .warm_up_time(Duration::from_millis(100))
        .measurement_time(Duration::from_millis(300));
    let text = f.prose(1_000_000);
    g.bench_function(BenchmarkId::new("ours", "1m"), |b| {
        b.iter_custom(|n| {
            cold(&mut flusher, n, || {
                our_prefix(black_box(text), BUDGET).len()
            })
        });
    });
    g.finish();
}

/// `n` runs of `work`, each after a cache flush, timing `work` alone.
fn cold<R>(flusher: &mut Flusher, n: u64, mut work: impl FnMut() -> R) -> Duration {
    let mut total = Duration::ZERO;
    for _ in 0..n {
        flusher.flush();
        let start = Instant::now();
        black_box(work());
        total += start.elapsed();
    }
    total
}

fn bench_call(c: &mut Criterion, f: &Fixture) {
    let mut g = c.benchmark_group("call_2kb");
    g.sample_size(50).measurement_time(Duration::from_secs(3));
    g.bench_function("fits_by_size", |b| {
        b.iter_custom(|n| {
            let elapsed = f.calls(&f.fits_by_size, n);
            f.drain();
            elapsed
        });
    });
    g.bench_function("fits_by_size_with_deferred_count", |b| {
        b.iter_custom(|n| {
            let start = Instant::now();
            f.calls(&f.fits_by_size, n);
            f.drain();
            start.elapsed()
        });
    });
    g.bench_function("exact_count", |b| {
        b.iter_custom(|n| {
            let elapsed = f.calls(&f.exact_count, n);
            f.drain();
            elapsed
        });
    });
    g.finish();

    // What the optimizer runs on the ~2 KB mirror, alone.
    let text = f.mirror.as_str();
    let mut g = c.benchmark_group("parts_2kb");
    g.sample_size(50);
    // The fast path's whole check: characters against the character bound, then bytes
    // against the budget.
    g.bench_function("fits_by_size_check", |b| {
        b.iter(|| fits_by_size(black_box(text)));
    });
    // The exact path's check.
    g.bench_function("count_up_to", |b| {
        b.iter(|| Encoding::O200kBase.count_up_to(black_box(text), f.exact_budget));
    });
    // What the deferred task of the fast path runs.
    g.bench_function("count", |b| {
        b.iter(|| Encoding::O200kBase.count(black_box(text)));
    });
    g.finish();

    let mut flusher = Flusher::new();
    let mut g = c.benchmark_group("parts_2kb_cold");
    g.sampling_mode(SamplingMode::Flat)
        .sample_size(10)
        .warm_up_time(Duration::from_millis(50))
        .measurement_time(Duration::from_millis(300));
    g.bench_function("count_up_to", |b| {
        b.iter_custom(|n| {
            cold(&mut flusher, n, || {
                Encoding::O200kBase.count_up_to(black_box(text), f.exact_budget)
            })
        });
    });
    g.finish();
}

// ------------------------------------------------------------------------------ paired run

/// Rounds of both sides of each comparison in the paired run.
const ROUNDS: usize = 21;

/// One comparison of the paired run: how to time `n` runs of each side.
struct Pair<'a> {
    name: String,
    a: Box<dyn Fn(u64) -> Duration + 'a>,
    b: Box<dyn Fn(u64) -> Duration + 'a>,
    /// Runs per block, a few milliseconds' worth, for each side.
    blocks: (u64, u64),
}

impl<'a> Pair<'a> {
    fn new(
        name: String,
        a: impl Fn(u64) -> Duration + 'a,
        b: impl Fn(u64) -> Duration + 'a,
        blocks: (u64, u64),
    ) -> Self {
        Pair {
            name,
            a: Box::new(a),
            b: Box::new(b),
            blocks,
        }
    }
}

/// Times `n` runs of `work`.
fn timed<R>(work: impl Fn() -> R) -> impl Fn(u64) -> Duration {
    move |n| {
        let start = Instant::now();
        for _ in 0..n {
            black_box(work());
        }
        start.elapsed()
    }
}

/// `n` calls of `registry`'s tool, then the work they deferred, untimed.
fn calls<'a>(f: &'a Fixture, registry: &'a Registry) -> impl Fn(u64) -> Duration + 'a {
    move |n| {
        let elapsed = f.calls(registry, n);
        f.drain();
        elapsed
    }
}

/// Alternates blocks of both sides, swapping which goes first each round, and prints the
/// median time per run of each side and the median of the per-round ratios a/b.
fn paired<'a>(f: &'a Fixture, more: Vec<Pair<'a>>) {
    let text = f.mirror.as_str();
    let budget = f.exact_budget;
    let mut pairs = Vec::new();
    for (name, len) in &SIZES[..2] {
        let input = f.prose(*len);
        pairs.push(Pair::new(
            format!("truncate {name} → {BUDGET}: naive / ours"),
            timed(|| naive_prefix(black_box(input), BUDGET).len()),
            timed(|| our_prefix(black_box(input), BUDGET).len()),
            (1, 20),
        ));
    }
    let input = f.prose(1_000_000);
    let kept = our_prefix(input, BUDGET);
    pairs.push(Pair::new(
        format!("truncate 1m → {BUDGET}: its recount / all of it"),
        timed(|| Encoding::O200kBase.count_up_to(black_box(kept), BUDGET)),
        timed(|| our_prefix(black_box(input), BUDGET).len()),
        (20, 20),
    ));
    pairs.push(Pair::new(
        "call 2 KB: exact_count / fits_by_size".to_owned(),
        calls(f, &f.exact_count),
        calls(f, &f.fits_by_size),
        (200, 200),
    ));
    pairs.push(Pair::new(
        "share: count_up_to / exact_count call".to_owned(),
        timed(|| Encoding::O200kBase.count_up_to(black_box(text), budget)),
        calls(f, &f.exact_count),
        (200, 200),
    ));
    pairs.push(Pair::new(
        "share: size check / fits_by_size call".to_owned(),
        timed(|| fits_by_size(black_box(text))),
        calls(f, &f.fits_by_size),
        (100_000, 200),
    ));
    pairs.push(Pair::new(
        "deferred: count / fits_by_size call".to_owned(),
        timed(|| Encoding::O200kBase.count(black_box(text))),
        calls(f, &f.fits_by_size),
        (200, 200),
    ));
    pairs.extend(more);
    println!(
        "\ninputs: the call's result is {} bytes, {} tokens, cut-free under a budget of {} \
         tokens; the 2,000-token cut keeps {} bytes",
        text.len(),
        Encoding::O200kBase.count(text),
        budget,
        kept.len()
    );
    for (name, input) in &f.count_inputs {
        let tokens = Encoding::O200kBase.count(input);
        println!("inputs: {name} is {} bytes, {tokens} tokens", input.len());
    }
    println!("\npaired run: sides alternating ({ROUNDS} rounds), medians");
    println!(
        "{:<48} {:>14} {:>14} {:>9}",
        "comparison (a / b)", "a per run", "b per run", "a / b"
    );
    for pair in &pairs {
        (pair.a)(pair.blocks.0);
        (pair.b)(pair.blocks.1);
        let mut a = Vec::with_capacity(ROUNDS);
        let mut b = Vec::with_capacity(ROUNDS);
        let mut ratios = Vec::with_capacity(ROUNDS);
        for round in 0..ROUNDS {
            let run_a = || per_run((pair.a)(pair.blocks.0), pair.blocks.0);
            let run_b = || per_run((pair.b)(pair.blocks.1), pair.blocks.1);
            let (ta, tb) = if round % 2 == 0 {
                let ta = run_a();
                (ta, run_b())
            } else {
                let tb = run_b();
                (run_a(), tb)
            };
            a.push(ta);
            b.push(tb);
            ratios.push(ta / tb);
        }
        let (ma, mb) = (median(&mut a), median(&mut b));
        println!(
            "{:<48} {:>14} {:>14} {:>9.3}",
            pair.name,
            duration(ma),
            duration(mb),
            median(&mut ratios)
        );
    }
}

fn per_run(elapsed: Duration, runs: u64) -> f64 {
    elapsed.as_secs_f64() / f64::from(u32::try_from(runs).unwrap_or(u32::MAX))
}

fn median(values: &mut [f64]) -> f64 {
    values.sort_by(f64::total_cmp);
    values[values.len() / 2]
}

fn duration(seconds: f64) -> String {
    if seconds >= 1e-3 {
        format!("{:.3} ms", seconds * 1e3)
    } else {
        format!("{:.2} µs", seconds * 1e6)
    }
}

/// The paired run is a measurement, so it runs under `cargo bench` only: not in
/// `cargo test`'s run-once mode, not for `--list`, and not when a filter excludes it.
fn paired_wanted() -> bool {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let has = |flag: &str| args.iter().any(|a| a == flag);
    let filters: Vec<&String> = args.iter().filter(|a| !a.starts_with('-')).collect();
    has("--bench")
        && !has("--test")
        && !has("--list")
        && filters
            .iter()
            .all(|filter| "paired".contains(filter.as_str()))
}

fn main() {
    let fixture = Fixture::new();
    let in_line = in_line::InLine::new();
    let estimate = estimate::Estimate::new();
    let mut criterion = Criterion::default()
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(2))
        .configure_from_args();
    bench_count(&mut criterion, &fixture);
    bench_truncate(&mut criterion, &fixture);
    bench_call(&mut criterion, &fixture);
    in_line.bench(&mut criterion);
    estimate.bench(&mut criterion);
    criterion.final_summary();
    if paired_wanted() {
        let mut more = in_line.pairs();
        more.extend(estimate.pairs());
        paired(&fixture, more);
    }
}
