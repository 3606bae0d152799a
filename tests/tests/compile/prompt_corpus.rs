//! The prompt rules against real MCP servers' prompts.
//!
//! Every prompt of every server in `tests/corpus/prompts/servers/*.json` (its `prompts/list`
//! entries as published) is judged by `mcp-tools-rules` the way `mcp-tools-lint` judges a
//! server's prompts: `published::judge_prompts`, at a published server's levels. Each report
//! is scored against the flaws a person wrote down blind, from the published definitions
//! alone, before any rule ran on them: `tests/corpus/prompts/annotations/<server>.txt`
//! (`tests/corpus/prompts/ANNOTATING.md` says how), each flaw marked *certain* or
//! *judgment*. An error is right when a certain flaw of its kind names the same prompt and
//! argument, a warning when any flaw does; a flaw is found when some report names it.
//!
//! The servers are split by a fixed hash of their names: a third tuning, two thirds held
//! out. The prompt rules were decided on the tuning part; the held-out part is only
//! scored. The test fails when an annotation file is missing or does not fit its server,
//! when an error-level report names a held-out prompt or argument that its verdict finds no
//! flaw of that kind in, or when a held-out figure falls below its floor. The tables are
//! printed (`-- --nocapture`) and written to `target/tmp/corpus/prompts.md`; RULES.md
//! quotes them.

use std::{
    collections::{BTreeMap, BTreeSet},
    fmt::{self, Write as _},
    fs,
    path::Path,
};

use mcp_tools_rules::{Level, PROMPT_RULES, published};
use serde_json::Value;

use crate::common_crates::{REPO, TMP};

/// The prompt corpus, relative to the repository.
const CORPUS: &str = "tests/corpus/prompts";

/// What the held-out part must not fall below, each what the rules reach now less 0.01,
/// rounded down: the recall of certain flaws and the precision of warnings. (Errors are
/// held to more: none may name what its verdict finds no flaw in.)
const FLOOR_CERTAIN_RECALL: f64 = 0.92;
const FLOOR_WARNING_PRECISION: f64 = 0.99;

/// Kinds of flaw of a prompt itself, written with `-` as their target.
const PROMPT_KINDS: &[&str] = &[
    "description_filler",
    "description_length",
    "description_placeholder",
    "description_required",
    "name_charset",
    "name_length",
    "name_style",
    "redundant_namespace",
];

/// Kinds of flaw of one argument, written with the argument's name as their target.
const ARGUMENT_KINDS: &[&str] = &["generic_param_name", "param_description_required"];

/// Which part of the corpus a server is in.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug)]
enum Part {
    /// The prompt rules were decided on these servers.
    Tuning,
    /// Only scored.
    HeldOut,
}

impl fmt::Display for Part {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Part::Tuning => "tuning",
            Part::HeldOut => "held-out",
        })
    }
}

/// The part of `server`: FNV-1a (64-bit) of its name, a multiple of three is tuning.
fn part(server: &str) -> Part {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for byte in server.bytes() {
        hash ^= u64::from(byte);
        hash = hash.wrapping_mul(0x0100_0000_01b3);
    }
    if hash.is_multiple_of(3) {
        Part::Tuning
    } else {
        Part::HeldOut
    }
}

/// One server's published prompts.
struct Server {
    name: String,
    prompts: Vec<Value>,
}

/// One flaw a verdict wrote down: `(server, prompt, kind, target)` and whether it is certain.
type Flaws = BTreeMap<(String, String, String, String), bool>;

/// One rule report, located.
#[derive(Clone, PartialEq, Eq, PartialOrd, Ord, Debug)]
struct Report {
    server: String,
    prompt: String,
    rule: String,
    /// The argument it is about, or `-` for the prompt itself.
    target: String,
    error: bool,
}

fn read_servers() -> Vec<Server> {
    let dir = Path::new(REPO).join(CORPUS).join("servers");
    let mut paths: Vec<_> = fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("read {}: {e}", dir.display()))
        .map(|e| e.expect("read the servers folder").path())
        .filter(|p| p.extension().is_some_and(|e| e == "json"))
        .collect();
    paths.sort();
    paths
        .iter()
        .map(|path| {
            let json: Value =
                serde_json::from_str(&fs::read_to_string(path).expect("read a server file"))
                    .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            Server {
                name: path
                    .file_stem()
                    .map(|s| s.to_string_lossy().into_owned())
                    .unwrap_or_default(),
                prompts: json["prompts"]
                    .as_array()
                    .unwrap_or_else(|| panic!("{}: no `prompts` list", path.display()))
                    .clone(),
            }
        })
        .collect()
}

/// A verdict line's prompt name, as written (a JSON string where it holds a space, `#` or
/// `"`), and the rest of the line.
fn prompt_name(line: &str) -> Option<(String, &str)> {
    if line.starts_with('"') {
        let mut stream = serde_json::Deserializer::from_str(line).into_iter::<String>();
        let name = stream.next()?.ok()?;
        Some((name, &line[stream.byte_offset()..]))
    } else {
        let (name, rest) = line.split_once(char::is_whitespace)?;
        Some((name.to_owned(), rest))
    }
}

/// Reads and checks `annotations/<server>.txt`: every line well formed, every prompt of
/// the server judged, every target an argument of its prompt, every flaw marked.
fn read_verdicts(server: &Server, flaws: &mut Flaws, problems: &mut Vec<String>) {
    let shown = format!("{CORPUS}/annotations/{}.txt", server.name);
    let Ok(text) = fs::read_to_string(Path::new(REPO).join(&shown)) else {
        problems.push(format!(
            "{shown} is missing: judge the server's prompts blind, as {CORPUS}/ANNOTATING.md says"
        ));
        return;
    };
    let mut judged = BTreeSet::new();
    for (n, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let at = format!("{shown}:{}", n + 1);
        let Some((prompt, rest)) = prompt_name(line) else {
            problems.push(format!("{at}: no prompt name"));
            continue;
        };
        let (fields, reason) = match rest.split_once('#') {
            Some((fields, reason)) => (fields, reason.trim()),
            None => (rest, ""),
        };
        let fields: Vec<&str> = fields.split_whitespace().collect();
        let (kind, target, mark) = match fields[..] {
            [kind, target] => (kind, target, None),
            [kind, target, mark] => (kind, target, Some(mark)),
            _ => {
                problems.push(format!(
                    "{at}: expected `<prompt> <kind> <target> <certain|judgment> # <reason>`"
                ));
                continue;
            }
        };
        let Some(definition) = server.prompts.iter().find(|p| p["name"] == prompt.as_str()) else {
            problems.push(format!(
                "{at}: `{prompt}` is not a prompt of {}",
                server.name
            ));
            continue;
        };
        judged.insert(prompt.clone());
        let scored = PROMPT_KINDS.contains(&kind) || ARGUMENT_KINDS.contains(&kind);
        match kind {
            "ok" | "other" => {}
            _ if PROMPT_KINDS.contains(&kind) && target != "-" => {
                problems.push(format!(
                    "{at}: `{kind}` is a flaw of the prompt; its target is `-`"
                ));
            }
            _ if ARGUMENT_KINDS.contains(&kind) => {
                let arguments = definition["arguments"]
                    .as_array()
                    .map_or(&[][..], Vec::as_slice);
                if !arguments.iter().any(|a| a["name"] == target) {
                    problems.push(format!("{at}: `{target}` is not an argument of `{prompt}`"));
                }
            }
            _ if !scored => {
                problems.push(format!(
                    "{at}: unknown kind `{kind}`; see {CORPUS}/ANNOTATING.md"
                ));
            }
            _ => {}
        }
        if kind != "ok" && reason.is_empty() {
            problems.push(format!("{at}: say why after `#`"));
        }
        if !scored {
            if mark.is_some() {
                problems.push(format!("{at}: an `{kind}` line has no mark"));
            }
            continue;
        }
        let certain = match mark {
            Some("certain") => true,
            Some("judgment") => false,
            _ => {
                problems.push(format!("{at}: mark the flaw `certain` or `judgment`"));
                continue;
            }
        };
        flaws.insert(
            (
                server.name.clone(),
                prompt,
                kind.to_owned(),
                target.to_owned(),
            ),
            certain,
        );
    }
    for prompt in &server.prompts {
        let name = prompt["name"].as_str().unwrap_or_default();
        if !judged.contains(name) {
            problems.push(format!(
                "{shown}: `{name}` is not judged; write its flaws, or `{name} ok -`"
            ));
        }
    }
}

/// The prompt rules on one server's published prompts, as `mcp-tools-lint` runs them.
fn lint(server: &Server) -> Vec<Report> {
    let levels = published::levels();
    published::judge_prompts(&server.prompts, |_, _| levels.clone())
        .into_iter()
        .map(|judged| Report {
            server: server.name.clone(),
            prompt: judged.tool,
            rule: judged.report.rule.id().to_owned(),
            target: judged.path.unwrap_or_else(|| "-".to_owned()),
            error: judged.report.level == Level::Error,
        })
        .collect()
}

/// Counts for one rule in one part.
#[derive(Default, Clone, Copy)]
struct Row {
    errors: usize,
    /// Errors that name a flaw marked certain.
    errors_agreed: usize,
    warnings: usize,
    /// Warnings that name any flaw.
    warnings_agreed: usize,
    certain_flaws: usize,
    certain_found: usize,
    flaws: usize,
    found: usize,
}

impl Row {
    fn add(&mut self, o: Row) {
        self.errors += o.errors;
        self.errors_agreed += o.errors_agreed;
        self.warnings += o.warnings;
        self.warnings_agreed += o.warnings_agreed;
        self.certain_flaws += o.certain_flaws;
        self.certain_found += o.certain_found;
        self.flaws += o.flaws;
        self.found += o.found;
    }
}

fn ratio(part: usize, whole: usize) -> Option<f64> {
    #[expect(clippy::cast_precision_loss, reason = "counts of a few hundred")]
    (whole > 0).then(|| part as f64 / whole as f64)
}

fn shown(p: Option<f64>) -> String {
    p.map_or_else(|| "–".to_owned(), |p| format!("{p:.2}"))
}

/// A total, to three places, in bold: a floor is read off these.
fn shown_total(p: Option<f64>) -> String {
    p.map_or_else(|| "–".to_owned(), |p| format!("**{p:.3}**"))
}

/// The scores: a row per part and rule, and the errors no verdict agrees with.
struct Score {
    rows: BTreeMap<(Part, String), Row>,
    /// Errors where the verdict finds no flaw of the rule's kind.
    errors_on_no_flaw: Vec<Report>,
    /// The tuning part's false reports and missed flaws, for the person changing a rule.
    tuning_notes: Vec<String>,
}

impl Score {
    fn new(reports: &[Report], flaws: &Flaws) -> Score {
        let mut rows: BTreeMap<(Part, String), Row> = BTreeMap::new();
        let mut named = BTreeSet::new();
        let mut errors_on_no_flaw = Vec::new();
        let mut tuning_notes = Vec::new();
        for r in reports {
            let key = (
                r.server.clone(),
                r.prompt.clone(),
                r.rule.clone(),
                r.target.clone(),
            );
            let verdict = flaws.get(&key).copied();
            let part = part(&r.server);
            let row = rows.entry((part, r.rule.clone())).or_default();
            if r.error {
                row.errors += 1;
                row.errors_agreed += usize::from(verdict == Some(true));
                if verdict.is_none() {
                    errors_on_no_flaw.push(r.clone());
                }
            } else {
                row.warnings += 1;
                row.warnings_agreed += usize::from(verdict.is_some());
            }
            if verdict.is_some() {
                named.insert(key);
            } else if part == Part::Tuning {
                tuning_notes.push(format!(
                    "false {}: {}/{} {} {}",
                    if r.error { "error" } else { "warning" },
                    r.server,
                    r.prompt,
                    r.rule,
                    r.target
                ));
            }
        }
        for (key, certain) in flaws {
            let part = part(&key.0);
            let row = rows.entry((part, key.2.clone())).or_default();
            let found = named.contains(key);
            row.flaws += 1;
            row.found += usize::from(found);
            row.certain_flaws += usize::from(*certain);
            row.certain_found += usize::from(*certain && found);
            if !found && part == Part::Tuning {
                tuning_notes.push(format!("missed: {}/{} {} {}", key.0, key.1, key.2, key.3));
            }
        }
        Score {
            rows,
            errors_on_no_flaw,
            tuning_notes,
        }
    }

    fn total(&self, part: Part) -> Row {
        let mut total = Row::default();
        for ((p, _), row) in &self.rows {
            if *p == part {
                total.add(*row);
            }
        }
        total
    }

    /// One line per server: its part, prompts, errors and warnings (and how many of each
    /// its verdicts agree with), and its certain flaws found; a server that holds most of a
    /// part's prompts shows here.
    fn by_server(servers: &[Server], reports: &[Report], flaws: &Flaws) -> String {
        let mut out = String::from(
            "\n| server | part | prompts | errors | on a certain flaw | warnings | on a flaw | certain flaws | found |\n\
             |---|---|---:|---:|---:|---:|---:|---:|---:|\n",
        );
        for server in servers {
            let mut row = Row::default();
            for r in reports.iter().filter(|r| r.server == server.name) {
                let key = (
                    r.server.clone(),
                    r.prompt.clone(),
                    r.rule.clone(),
                    r.target.clone(),
                );
                let verdict = flaws.get(&key).copied();
                if r.error {
                    row.errors += 1;
                    row.errors_agreed += usize::from(verdict == Some(true));
                } else {
                    row.warnings += 1;
                    row.warnings_agreed += usize::from(verdict.is_some());
                }
            }
            for (key, certain) in flaws.iter().filter(|(k, c)| k.0 == server.name && **c) {
                row.certain_flaws += usize::from(*certain);
                row.certain_found += usize::from(reports.iter().any(|r| {
                    (&r.server, &r.prompt, &r.rule, &r.target) == (&key.0, &key.1, &key.2, &key.3)
                }));
            }
            let _ = writeln!(
                out,
                "| `{}` | {} | {} | {} | {} | {} | {} | {} | {} |",
                server.name,
                part(&server.name),
                server.prompts.len(),
                row.errors,
                row.errors_agreed,
                row.warnings,
                row.warnings_agreed,
                row.certain_flaws,
                row.certain_found
            );
        }
        out
    }

    /// The per-rule table of one part, as Markdown.
    fn table(&self, part: Part, servers: usize, prompts: usize) -> String {
        let mut out = format!(
            "\n**{part}** ({servers} servers, {prompts} prompts)\n\n\
             | rule | errors | on a certain flaw | precision | warnings | on a flaw | precision | certain flaws | found | recall | flaws | found | recall |\n\
             |---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n"
        );
        let line = |out: &mut String, label: &str, r: &Row, show: fn(Option<f64>) -> String| {
            let _ = writeln!(
                out,
                "| {label} | {} | {} | {} | {} | {} | {} | {} | {} | {} | {} | {} | {} |",
                r.errors,
                r.errors_agreed,
                show(ratio(r.errors_agreed, r.errors)),
                r.warnings,
                r.warnings_agreed,
                show(ratio(r.warnings_agreed, r.warnings)),
                r.certain_flaws,
                r.certain_found,
                show(ratio(r.certain_found, r.certain_flaws)),
                r.flaws,
                r.found,
                show(ratio(r.found, r.flaws)),
            );
        };
        for ((p, rule), row) in &self.rows {
            if *p == part {
                line(&mut out, &format!("`{rule}`"), row, shown);
            }
        }
        line(&mut out, "**all**", &self.total(part), shown_total);
        out
    }
}

/// The prompt rules on the corpus of published prompts: the verdicts fit the servers, no
/// error names a held-out prompt or argument whose verdict finds no flaw of that kind, and
/// the held-out figures hold their floors.
#[test]
fn prompt_rules_hold_on_the_held_out_prompts() {
    let servers = read_servers();
    assert!(
        servers.len() >= 8,
        "the prompt corpus has {} servers",
        servers.len()
    );
    let mut flaws = Flaws::new();
    let mut problems = Vec::new();
    for server in &servers {
        read_verdicts(server, &mut flaws, &mut problems);
    }
    assert!(
        problems.is_empty(),
        "the verdicts do not fit the prompt corpus:\n  {}",
        problems.join("\n  ")
    );
    for (_, _, kind, _) in flaws.keys() {
        assert!(
            PROMPT_RULES.iter().any(|r| r.id() == kind),
            "`{kind}` is scored, but no prompt rule has that id"
        );
    }

    let reports: Vec<Report> = servers.iter().flat_map(lint).collect();
    let score = Score::new(&reports, &flaws);
    let mut tables = String::new();
    for p in [Part::HeldOut, Part::Tuning] {
        let of_part: Vec<&Server> = servers.iter().filter(|s| part(&s.name) == p).collect();
        let prompts = of_part.iter().map(|s| s.prompts.len()).sum();
        tables.push_str(&score.table(p, of_part.len(), prompts));
    }
    tables.push_str(&Score::by_server(&servers, &reports, &flaws));
    println!("{tables}");
    let dir = Path::new(TMP).join("corpus");
    let _ = fs::create_dir_all(&dir);
    let _ = fs::write(dir.join("prompts.md"), &tables);
    let _ = fs::write(
        dir.join("prompts-tuning.txt"),
        score.tuning_notes.join("\n"),
    );

    let wrong: Vec<&Report> = score
        .errors_on_no_flaw
        .iter()
        .filter(|r| part(&r.server) == Part::HeldOut)
        .collect();
    assert!(
        wrong.is_empty(),
        "errors where the held-out verdict finds no flaw of the rule's kind:\n{wrong:#?}\n{tables}"
    );
    let held_out = score.total(Part::HeldOut);
    for (what, value, floor) in [
        (
            "recall of certain flaws",
            ratio(held_out.certain_found, held_out.certain_flaws),
            FLOOR_CERTAIN_RECALL,
        ),
        (
            "warning precision",
            ratio(held_out.warnings_agreed, held_out.warnings),
            FLOOR_WARNING_PRECISION,
        ),
    ] {
        assert!(
            value.unwrap_or(0.0) >= floor,
            "held-out {what} is {:.3}, below its floor {floor:.2}\n{tables}",
            value.unwrap_or(0.0)
        );
    }
}
