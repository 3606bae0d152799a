//! `tests/corpus/expected.txt`: one reviewed line per rule report, read, compared, and
//! rewritten in bless mode.

use std::{collections::BTreeMap, fmt};

/// The file's header, written when blessing a file that has none of its own.
const HEADER: &str = "\
# Every design-rule report on the corpus of real MCP servers (tests/corpus/servers/), one
# line each, reviewed. See tests/tests/corpus.rs for how to review. Rewritten by
#
#     MCP_TOOLS_BLESS_CORPUS=1 cargo test -p mcp-tools-tests --test corpus
#
# <verdict> <level> <server>/<tool> <rule> \"<token>\" # <note>
#   agree      a real flaw: a careful reviewer agrees it would make an agent stumble
#   disagree   a false report
#   unreviewed not yet judged (the test fails until every line is judged)
#   missed     a real flaw no rule reports (level `-`); not matched against reports
";

/// What a reviewer said of a report.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug)]
pub(crate) enum Verdict {
    Agree,
    Disagree,
    Unreviewed,
    Missed,
}

impl Verdict {
    fn parse(word: &str) -> Option<Verdict> {
        match word {
            "agree" => Some(Verdict::Agree),
            "disagree" => Some(Verdict::Disagree),
            "unreviewed" => Some(Verdict::Unreviewed),
            "missed" => Some(Verdict::Missed),
            _ => None,
        }
    }

    fn word(self) -> &'static str {
        match self {
            Verdict::Agree => "agree",
            Verdict::Disagree => "disagree",
            Verdict::Unreviewed => "unreviewed",
            Verdict::Missed => "missed",
        }
    }
}

/// Where a report is and what it is about; `level` aside, so a level change is told apart
/// from a new report.
#[derive(Clone, PartialEq, Eq, PartialOrd, Ord, Debug)]
pub(crate) struct Key {
    pub(crate) server: String,
    pub(crate) tool: String,
    pub(crate) rule: String,
    /// The text at the report's primary span, whitespace collapsed, at most 60 characters.
    pub(crate) token: String,
}

/// A rule report from the build.
#[derive(Clone, PartialEq, Eq, PartialOrd, Ord, Debug)]
pub(crate) struct Report {
    pub(crate) key: Key,
    /// `error` or `warning`.
    pub(crate) level: String,
}

/// A line of the file.
#[derive(Clone, Debug)]
pub(crate) struct Line {
    pub(crate) verdict: Verdict,
    /// `error`, `warning`, or `-` for `missed`.
    pub(crate) level: String,
    pub(crate) key: Key,
    pub(crate) note: String,
}

impl fmt::Display for Line {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let token = serde_json::to_string(&self.key.token).map_err(|_| fmt::Error)?;
        write!(
            f,
            "{} {} {}/{} {} {token} #",
            self.verdict.word(),
            self.level,
            self.key.server,
            self.key.tool,
            self.key.rule
        )?;
        if !self.note.is_empty() {
            write!(f, " {}", self.note)?;
        }
        Ok(())
    }
}

/// The parsed file: its leading comment block and its lines.
pub(crate) struct Expected {
    pub(crate) header: String,
    pub(crate) lines: Vec<Line>,
}

impl Expected {
    /// Reads the file's text; every malformed line is an error naming its number.
    pub(crate) fn parse(text: &str) -> Result<Expected, String> {
        let mut header = String::new();
        let mut lines = Vec::new();
        let mut problems = Vec::new();
        for (n, raw) in text.lines().enumerate() {
            if raw.trim().is_empty() || raw.trim_start().starts_with('#') {
                if lines.is_empty() {
                    header.push_str(raw);
                    header.push('\n');
                }
                continue;
            }
            match parse_line(raw) {
                Ok(line) => lines.push(line),
                Err(e) => problems.push(format!("expected.txt:{}: {e}: {raw}", n + 1)),
            }
        }
        if problems.is_empty() {
            Ok(Expected { header, lines })
        } else {
            Err(problems.join("\n"))
        }
    }

    /// The file's text: header, then lines sorted by server, tool, rule, token.
    pub(crate) fn render(&self) -> String {
        let mut lines = self.lines.clone();
        lines.sort_by(|a, b| (&a.key, &a.level, a.verdict).cmp(&(&b.key, &b.level, b.verdict)));
        let mut out = if self.header.trim().is_empty() {
            HEADER.to_owned()
        } else {
            self.header.trim_end().to_owned() + "\n"
        };
        out.push('\n');
        for line in lines {
            out.push_str(&line.to_string());
            out.push('\n');
        }
        out
    }
}

/// `agree error fs/read_file rule "token" # note`.
fn parse_line(raw: &str) -> Result<Line, String> {
    let mut rest = raw.trim();
    let mut field = || -> Result<&str, String> {
        let (word, tail) = rest
            .split_once(char::is_whitespace)
            .ok_or("expected `<verdict> <level> <server>/<tool> <rule> \"<token>\" # <note>`")?;
        rest = tail.trim_start();
        Ok(word)
    };
    let verdict = field()?;
    let verdict = Verdict::parse(verdict)
        .ok_or_else(|| format!("`{verdict}` is not agree, disagree, unreviewed or missed"))?;
    let level = field()?.to_owned();
    let valid_level = match verdict {
        Verdict::Missed => level == "-",
        _ => level == "error" || level == "warning",
    };
    if !valid_level {
        return Err(format!(
            "level `{level}`: write `error` or `warning` (`-` for missed)"
        ));
    }
    let (server, tool) = field()?
        .split_once('/')
        .ok_or("the tool is written `<server>/<tool>`")?;
    let rule = field()?.to_owned();
    let mut stream = serde_json::Deserializer::from_str(rest).into_iter::<String>();
    let Some(Ok(token)) = stream.next() else {
        return Err("the token is a quoted string, as the bless mode writes it".to_owned());
    };
    let after = rest[stream.byte_offset()..].trim_start();
    let note = match after.strip_prefix('#') {
        Some(note) => note.trim().to_owned(),
        None if after.is_empty() => String::new(),
        None => return Err("the note follows a `#` after the token".to_owned()),
    };
    Ok(Line {
        verdict,
        level,
        key: Key {
            server: server.to_owned(),
            tool: tool.to_owned(),
            rule,
            token,
        },
        note,
    })
}

/// How the reports of a build stand against the file.
#[derive(Default)]
pub(crate) struct Comparison {
    /// Each report, with the line it matched (if any).
    pub(crate) matched: Vec<(Report, Option<Line>)>,
    /// Lines (not `missed`) whose report is gone.
    pub(crate) gone: Vec<Line>,
    /// Reports whose line says another level.
    pub(crate) level_changed: Vec<(Report, Line)>,
    /// `missed` lines that a report now finds.
    pub(crate) now_found: Vec<(Report, Line)>,
    /// `missed` lines.
    pub(crate) missed: Vec<Line>,
}

impl Comparison {
    /// Reports without a line (a `missed` line that they match aside).
    pub(crate) fn new_reports(&self) -> impl Iterator<Item = &Report> {
        self.matched
            .iter()
            .filter(|(r, line)| {
                line.is_none() && !self.now_found.iter().any(|(found, _)| found == r)
            })
            .map(|(r, _)| r)
    }

    /// Lines still `unreviewed` whose report exists.
    pub(crate) fn unreviewed(&self) -> impl Iterator<Item = &Line> {
        self.matched
            .iter()
            .filter_map(|(_, line)| line.as_ref())
            .filter(|l| l.verdict == Verdict::Unreviewed)
    }
}

/// Matches reports and lines by key; several identical reports match as many lines.
pub(crate) fn compare(reports: &[Report], lines: &[Line]) -> Comparison {
    let mut open: BTreeMap<&Key, Vec<&Line>> = BTreeMap::new();
    let mut comparison = Comparison::default();
    for line in lines {
        if line.verdict == Verdict::Missed {
            comparison.missed.push(line.clone());
        } else {
            open.entry(&line.key).or_default().push(line);
        }
    }
    let mut unmatched = Vec::new();
    // Same level first, so that a level change is only reported when no line fits.
    for report in reports {
        let candidates = open.entry(&report.key).or_default();
        match candidates.iter().position(|l| l.level == report.level) {
            Some(i) => {
                let line = candidates.remove(i);
                comparison
                    .matched
                    .push((report.clone(), Some(line.clone())));
            }
            None => unmatched.push(report),
        }
    }
    for report in unmatched {
        let candidates = open.entry(&report.key).or_default();
        if candidates.is_empty() {
            if let Some(missed) = comparison.missed.iter().find(|m| m.key == report.key) {
                comparison.now_found.push((report.clone(), missed.clone()));
            }
            comparison.matched.push((report.clone(), None));
        } else {
            let line = candidates.remove(0);
            comparison
                .level_changed
                .push((report.clone(), line.clone()));
            comparison
                .matched
                .push((report.clone(), Some(line.clone())));
        }
    }
    comparison.gone = open.into_values().flatten().cloned().collect();
    comparison
}

/// The file as it should be now: verdicts and notes kept where the report still exists
/// (at the report's level), new reports `unreviewed`, `missed` lines kept unless a report
/// now finds them (then they become `agree`). Returns the dropped lines too.
pub(crate) fn bless(old: &Expected, comparison: &Comparison) -> (Expected, Vec<Line>) {
    let mut lines = Vec::new();
    for (report, line) in &comparison.matched {
        let found = comparison.now_found.iter().find(|(r, _)| r == report);
        let (verdict, note) = match (line, found) {
            (Some(line), _) => (line.verdict, line.note.clone()),
            (None, Some((_, missed))) => (Verdict::Agree, missed.note.clone()),
            (None, None) => (Verdict::Unreviewed, String::new()),
        };
        lines.push(Line {
            verdict,
            level: report.level.clone(),
            key: report.key.clone(),
            note,
        });
    }
    for missed in &comparison.missed {
        if !comparison
            .now_found
            .iter()
            .any(|(_, m)| m.key == missed.key)
        {
            lines.push(missed.clone());
        }
    }
    let blessed = Expected {
        header: old.header.clone(),
        lines,
    };
    (blessed, comparison.gone.clone())
}
