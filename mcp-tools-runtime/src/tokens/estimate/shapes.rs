//! Documents of the kinds tool results are made of, about a megabyte each, the same on every
//! run: a git diff of real code, the same with a minified file's line of 400,000 characters
//! in it, minified JavaScript and CSS, JSON arrays (compact and pretty), a padded SQL table,
//! prose (this crate's README), CJK text, and logs with stack traces.

use std::fmt::Write as _;

/// Bytes each document is made at least as long as.
const SIZE: usize = 1_000_000;

/// Rust sources of this crate, as the lines of the diffs.
const SOURCES: &[(&str, &str)] = &[
    ("src/tokens/split.rs", include_str!("../split.rs")),
    ("src/tokens/vocab.rs", include_str!("../vocab.rs")),
    ("src/tokens/count.rs", include_str!("../count.rs")),
    (
        "src/optimizer/fit/mod.rs",
        include_str!("../../optimizer/fit/mod.rs"),
    ),
    (
        "src/optimizer/fit/sizes.rs",
        include_str!("../../optimizer/fit/sizes.rs"),
    ),
    (
        "src/optimizer/fit/object.rs",
        include_str!("../../optimizer/fit/object.rs"),
    ),
    ("src/page.rs", include_str!("../../page.rs")),
    ("src/registry.rs", include_str!("../../registry.rs")),
];

/// `SplitMix64`: small, deterministic.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        usize::try_from((z ^ (z >> 31)) >> 33).expect("31 bits") % n
    }

    fn pick<'a>(&mut self, items: &[&'a str]) -> &'a str {
        items[self.below(items.len())]
    }
}

/// Every document, by name.
pub(crate) fn all() -> Vec<(&'static str, String)> {
    vec![
        ("git diff", diff(1, SIZE)),
        ("git diff, minified line 7", diff_with_minified_line()),
        ("minified JavaScript", minified_js(2, SIZE)),
        ("minified CSS", minified_css(3, SIZE)),
        ("JSON array, compact", json_array(4, false)),
        ("JSON array, pretty", json_array(5, true)),
        ("SQL table, padded", sql_table(6)),
        ("prose (README)", prose()),
        ("CJK text", cjk(7)),
        ("log with stack traces", log(8)),
    ]
}

/// A unified diff of the sources: files changed in hunks, and files added whole.
pub(crate) fn diff(seed: u64, size: usize) -> String {
    let mut rng = Rng(seed);
    let mut out = String::with_capacity(size + 64 * 1024);
    let mut round = 0;
    while out.len() < size {
        for (path, source) in SOURCES {
            let lines: Vec<&str> = source.lines().collect();
            let path = format!("crates/c{round}/{path}");
            let _ = write!(
                out,
                "diff --git a/{path} b/{path}\nindex {:07x}..{:07x} 100644\n--- a/{path}\n+++ b/{path}\n",
                rng.below(1 << 28),
                rng.below(1 << 28)
            );
            if rng.below(3) == 0 {
                let _ = writeln!(out, "@@ -0,0 +1,{} @@", lines.len());
                for line in &lines {
                    let _ = writeln!(out, "+{line}");
                }
                continue;
            }
            let mut at = rng.below(20);
            while at + 10 < lines.len() {
                let _ = writeln!(out, "@@ -{0},9 +{0},9 @@", at + 1);
                for (i, line) in lines[at..at + 9].iter().enumerate() {
                    if (3..6).contains(&i) {
                        let _ = writeln!(out, "-{line}");
                        let _ = writeln!(out, "+{}", line.replace("self", "this"));
                    } else {
                        let _ = writeln!(out, " {line}");
                    }
                }
                at += 20 + rng.below(40);
            }
        }
        round += 1;
    }
    out
}

/// The diff of the repository: six lines of header, then a minified file's one line
/// of 400,000 characters, then a long diff of code.
pub(crate) fn diff_with_minified_line() -> String {
    let mut out = String::from(concat!(
        "diff --git a/static/app.min.js b/static/app.min.js\n",
        "index 3f2a9c1..8be0d44 100644\n",
        "--- a/static/app.min.js\n",
        "+++ b/static/app.min.js\n",
        "@@ -1 +1 @@\n",
        "\\ No newline at end of file\n",
        "+",
    ));
    out.push_str(&minified_js(9, 400_000));
    out.push('\n');
    out.push_str(&diff(10, SIZE));
    out
}

const JS_WORDS: &[&str] = &[
    "function",
    "return",
    "var",
    "this",
    "null",
    "typeof",
    "new",
    "length",
    "prototype",
    "call",
    "apply",
    "push",
    "value",
    "default",
    "exports",
    "Object",
    "Array",
    "Promise",
    "then",
    "resolve",
    "document",
    "querySelector",
    "addEventListener",
    "className",
];

/// One line of minified JavaScript, `size` bytes.
pub(crate) fn minified_js(seed: u64, size: usize) -> String {
    let mut rng = Rng(seed);
    let mut out = String::with_capacity(size + 256);
    let id = |rng: &mut Rng| {
        let letters = b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ_$";
        let mut s = String::new();
        for _ in 0..=rng.below(2) {
            s.push(char::from(letters[rng.below(letters.len())]));
        }
        s
    };
    while out.len() < size {
        let (a, b, c) = (id(&mut rng), id(&mut rng), id(&mut rng));
        let word = rng.pick(JS_WORDS);
        let n = rng.below(10_000);
        let _ = match rng.below(6) {
            0 => write!(
                out,
                "function {a}({b},{c}){{return {b}.{word}>{n}?{b}.slice(0,{c}):{c}}}"
            ),
            1 => write!(out, "var {a}={b}.{word}({c},\"{word}-{n}\"),{c}={a}||{{}};"),
            2 => write!(
                out,
                "for(var {a}=0;{a}<{b}.length;{a}++){{{c}[{b}[{a}]]={n}}}"
            ),
            3 => write!(
                out,
                "{a}.prototype.{word}=function({b}){{this.{c}={b};return this}};"
            ),
            4 => write!(
                out,
                "if(typeof {a}===\"undefined\"){{throw new Error(\"{word} {n}\")}}"
            ),
            _ => write!(
                out,
                "{a}=[{n},{},{}].map(function({b}){{return {b}*{c}}});",
                n / 3,
                n % 97
            ),
        };
    }
    out.truncate(size);
    out
}

const CSS_PROPERTIES: &[&str] = &[
    "display:flex",
    "margin:0 auto",
    "padding:4px 8px",
    "color:#1f2937",
    "background:#fff",
    "border:1px solid #e5e7eb",
    "border-radius:.375rem",
    "font-size:.875rem",
    "line-height:1.25",
    "position:absolute",
    "z-index:10",
    "transition:opacity .15s ease-in-out",
    "width:100%",
];

/// One line of minified CSS, `size` bytes.
pub(crate) fn minified_css(seed: u64, size: usize) -> String {
    let mut rng = Rng(seed);
    let mut out = String::with_capacity(size + 256);
    while out.len() < size {
        let _ = write!(
            out,
            ".{}-{}{}{{",
            rng.pick(&["btn", "card", "nav", "modal", "form-control", "tooltip"]),
            rng.pick(&["primary", "lg", "header", "body", "inner", "dark"]),
            rng.below(100)
        );
        for i in 0..=rng.below(5) {
            if i > 0 {
                out.push(';');
            }
            out.push_str(rng.pick(CSS_PROPERTIES));
        }
        out.push('}');
    }
    out.truncate(size);
    out
}

const NAMES: &[&str] = &[
    "Anna Müller",
    "João Silva",
    "Li Wei",
    "Fatima Haddad",
    "Chloé Dubois",
];
const CITIES: &[&str] = &["Berlin", "Lisbon", "Kraków", "Zürich", "Göteborg", "Porto"];

/// `n` shipment records, as a list result holds them.
pub(crate) fn records(seed: u64, n: usize) -> Vec<serde_json::Value> {
    let mut rng = Rng(seed);
    (0..n).map(|i| record(&mut rng, i)).collect()
}

/// One shipment record as JSON.
fn record(rng: &mut Rng, i: usize) -> serde_json::Value {
    let tags: Vec<&str> = (0..rng.below(3))
        .map(|_| rng.pick(&["fragile", "express", "oversize"]))
        .collect();
    let note = if rng.below(3) == 0 {
        String::new()
    } else {
        let (number, name) = (rng.below(200), rng.pick(NAMES));
        format!("Left with the neighbour at number {number}; signed by {name}.")
    };
    serde_json::json!({
        "number": format!("SH-2026-{i:06}"),
        "status": rng.pick(&["in_transit", "delivered", "held_at_customs", "returned"]),
        "sender": rng.pick(NAMES),
        "recipient": rng.pick(NAMES),
        "from_city": rng.pick(CITIES),
        "to_city": rng.pick(CITIES),
        "weight_kg": rng.below(30_000) as f64 / 100.0,
        "tags": tags,
        "note": note,
    })
}

/// A JSON array of shipment records.
pub(crate) fn json_array(seed: u64, pretty: bool) -> String {
    let mut rng = Rng(seed);
    let mut items = Vec::new();
    let mut bytes = 0;
    while bytes < SIZE {
        let item = record(&mut rng, items.len());
        bytes += item.to_string().len() * if pretty { 2 } else { 1 };
        items.push(item);
    }
    let array = serde_json::Value::Array(items);
    if pretty {
        serde_json::to_string_pretty(&array).expect("serializes")
    } else {
        array.to_string()
    }
}

/// psql's aligned output: columns padded with spaces to their widest value.
fn sql_table(seed: u64) -> String {
    let mut rng = Rng(seed);
    let mut out = String::from(concat!(
        "   id   |       number       |     status      |      sender       |  city    | weight \n",
        "--------+--------------------+-----------------+-------------------+----------+--------\n",
    ));
    let mut i = 0;
    while out.len() < SIZE {
        let _ = writeln!(
            out,
            " {i:>6} | SH-2026-{i:06}      | {:<15} | {:<17} | {:<8} | {:>6}",
            rng.pick(&["in_transit", "delivered", "returned"]),
            rng.pick(NAMES),
            rng.pick(CITIES),
            rng.below(30_000) as f64 / 100.0
        );
        i += 1;
    }
    out
}

/// This crate's README, as many times as makes a megabyte.
fn prose() -> String {
    let readme = include_str!("../../../../README.md");
    readme.repeat(SIZE.div_ceil(readme.len()))
}

const CJK_PHRASES: &[&str] = &[
    "日本への配送には税関書類が必要です。",
    "荷物は午前中に倉庫に到着しました。",
    "配達員が受取人の署名を確認します。",
    "这个包裹已经从柏林发出，预计三天后到达。",
    "请在下单时填写完整的收件地址和电话号码。",
    "仓库今天处理了一千二百个订单。",
    "택배는 내일 오전에 도착할 예정입니다.",
    "重さ 12.5 kg の荷物は追加料金がかかります。",
];

/// Japanese, Chinese and Korean paragraphs.
fn cjk(seed: u64) -> String {
    let mut rng = Rng(seed);
    let mut out = String::with_capacity(SIZE + 1024);
    while out.len() < SIZE {
        for _ in 0..3 + rng.below(6) {
            out.push_str(rng.pick(CJK_PHRASES));
        }
        out.push_str("\n\n");
    }
    out
}

/// A service's log: one event a line, now and then a stack trace or a JSON payload.
pub(crate) fn log(seed: u64) -> String {
    let mut rng = Rng(seed);
    let mut out = String::with_capacity(SIZE + 4096);
    let mut i = 0u64;
    while out.len() < SIZE {
        let _ = writeln!(
            out,
            "2026-04-{:02}T{:02}:{:02}:{:02}.{:03}Z {} depot-{} scanned SH-2026-{:06} weight {}.{} kg belt {}",
            i % 28 + 1,
            i % 24,
            i % 60,
            (i * 7) % 60,
            i % 1000,
            rng.pick(&["INFO", "INFO", "INFO", "WARN", "DEBUG"]),
            rng.pick(&["BER", "HAM", "MUC", "CGN"]),
            i,
            rng.below(30),
            rng.below(10),
            rng.below(12),
        );
        match rng.below(40) {
            0 => {
                out.push_str("ERROR scan failed: label unreadable\n");
                for frame in 0..8 + rng.below(12) {
                    let _ = writeln!(
                        out,
                        "    at com.depot.scanner.{}.{}(Scanner.java:{})",
                        rng.pick(&["LabelReader", "BeltController", "ImageDecoder"]),
                        rng.pick(&["read", "decode", "onFrame", "process"]),
                        100 + frame * 7
                    );
                }
            }
            1 => {
                let _ = writeln!(out, "DEBUG payload {}", record(&mut rng, i as usize));
            }
            _ => {}
        }
        i += 1;
    }
    out
}
