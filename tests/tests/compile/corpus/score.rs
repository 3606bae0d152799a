//! Rule reports scored against the blind annotations: per half of the corpus and per rule,
//! the reports at each level that name an annotated flaw (precision), and the annotated
//! flaws that some report names (recall).

use std::{
    collections::{BTreeMap, BTreeSet},
    fmt::Write as _,
};

use super::annotations::{Flaw, Half, PARAM_KINDS, half};

/// A rule report of the build, located.
#[derive(Clone, PartialEq, Eq, PartialOrd, Ord, Debug)]
pub(crate) struct Report {
    pub(crate) server: String,
    pub(crate) tool: String,
    pub(crate) rule: String,
    /// The published property it is about, or `-` for the tool itself.
    pub(crate) target: String,
    /// `error` or `warning`.
    pub(crate) level: String,
}

/// The kind of flaw a rule reports: its id, or for a rule split off another, the kind both
/// report (a cap stated only in prose is still a `bounded_limit` flaw).
pub(crate) fn kind_of(rule: &str) -> &str {
    match rule {
        "bounded_limit_unenforced" => "bounded_limit",
        // An undocumented path is the missing description its annotators write down.
        "path_format" => "param_description_required",
        _ => rule,
    }
}

/// Whether a rule's reports are about one parameter.
pub(crate) fn is_param_rule(rule: &str) -> bool {
    PARAM_KINDS.contains(&kind_of(rule))
}

/// Counts for one rule (or kind) in one half.
#[derive(Default, Clone, Copy)]
struct Row {
    errors: usize,
    errors_agreed: usize,
    warnings: usize,
    warnings_agreed: usize,
    flaws: usize,
    found: usize,
}

impl Row {
    fn add(&mut self, other: Row) {
        self.errors += other.errors;
        self.errors_agreed += other.errors_agreed;
        self.warnings += other.warnings;
        self.warnings_agreed += other.warnings_agreed;
        self.flaws += other.flaws;
        self.found += other.found;
    }
}

/// The figures a half is held to.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Totals {
    pub(crate) error_precision: Option<f64>,
    pub(crate) warning_precision: Option<f64>,
    pub(crate) recall: Option<f64>,
}

/// The scores of a build.
pub(crate) struct Score {
    rows: BTreeMap<(Half, String), Row>,
    /// Reports that name no annotated flaw.
    pub(crate) false_reports: Vec<Report>,
    /// Annotated flaws no report names, with their server.
    pub(crate) missed: Vec<(String, Flaw)>,
}

fn ratio(part: usize, whole: usize) -> Option<f64> {
    (whole > 0).then(|| part as f64 / whole as f64)
}

fn shown(p: Option<f64>) -> String {
    p.map_or_else(|| "–".to_owned(), |p| format!("{p:.2}"))
}

/// A total, to three places: the goals are read off these, and 0.796 is not 0.80.
fn shown_total(p: Option<f64>) -> String {
    p.map_or_else(|| "–".to_owned(), |p| format!("{p:.3}"))
}

impl Score {
    /// Scores `reports` against the annotated `flaws` of each server.
    pub(crate) fn new(reports: &[Report], flaws: &BTreeMap<String, Vec<Flaw>>) -> Score {
        let mut rows: BTreeMap<(Half, String), Row> = BTreeMap::new();
        let annotated: BTreeSet<(&str, &str, &str, &str)> = flaws
            .iter()
            .flat_map(|(server, flaws)| {
                flaws.iter().map(move |f| {
                    (
                        server.as_str(),
                        f.tool.as_str(),
                        f.kind.as_str(),
                        f.target.as_str(),
                    )
                })
            })
            .collect();
        let mut named = BTreeSet::new();
        let mut false_reports = Vec::new();
        for report in reports {
            let kind = kind_of(&report.rule);
            let key = (
                report.server.as_str(),
                report.tool.as_str(),
                kind,
                report.target.as_str(),
            );
            let agreed = annotated.contains(&key);
            if agreed {
                named.insert(key);
            } else {
                false_reports.push(report.clone());
            }
            let row = rows
                .entry((half(&report.server), report.rule.clone()))
                .or_default();
            if report.level == "error" {
                row.errors += 1;
                row.errors_agreed += usize::from(agreed);
            } else {
                row.warnings += 1;
                row.warnings_agreed += usize::from(agreed);
            }
        }
        let mut missed = Vec::new();
        for (server, flaws) in flaws {
            for flaw in flaws {
                let key = (
                    server.as_str(),
                    flaw.tool.as_str(),
                    flaw.kind.as_str(),
                    flaw.target.as_str(),
                );
                let row = rows.entry((half(server), flaw.kind.clone())).or_default();
                row.flaws += 1;
                if named.contains(&key) {
                    row.found += 1;
                } else {
                    missed.push((server.clone(), flaw.clone()));
                }
            }
        }
        Score {
            rows,
            false_reports,
            missed,
        }
    }

    fn total(&self, half: Half) -> Row {
        let mut total = Row::default();
        for ((h, _), row) in &self.rows {
            if *h == half {
                total.add(*row);
            }
        }
        total
    }

    /// Error precision, warning precision and recall of one half.
    pub(crate) fn totals(&self, half: Half) -> Totals {
        let t = self.total(half);
        Totals {
            error_precision: ratio(t.errors_agreed, t.errors),
            warning_precision: ratio(t.warnings_agreed, t.warnings),
            recall: ratio(t.found, t.flaws),
        }
    }

    /// The per-rule table of both halves, as Markdown.
    pub(crate) fn table(&self, servers: &BTreeMap<Half, (usize, usize)>) -> String {
        let mut out = String::new();
        for half in [Half::HeldOut, Half::Tuning] {
            let (count, tools) = servers.get(&half).copied().unwrap_or_default();
            let _ = writeln!(out, "\n**{half}** ({count} servers, {tools} tools)\n");
            out.push_str(&self.rows_table(Some(half)));
        }
        out
    }

    /// One per-rule table over every server scored, whatever its half, under `title`.
    pub(crate) fn table_as_one(&self, title: &str) -> String {
        format!("\n**{title}**\n\n{}", self.rows_table(None))
    }

    /// The rows of one half (`None`: of both, added up), and their total.
    fn rows_table(&self, half: Option<Half>) -> String {
        let mut rows: BTreeMap<&str, Row> = BTreeMap::new();
        for ((h, rule), row) in &self.rows {
            if half.is_none_or(|half| half == *h) {
                rows.entry(rule.as_str()).or_default().add(*row);
            }
        }
        let mut out = String::from(
            "| rule | errors | agreed | precision | warnings | agreed | precision | flaws | found | recall |\n\
             |---|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n",
        );
        let mut total = Row::default();
        for (rule, r) in &rows {
            row_line(&mut out, &format!("`{rule}`"), r, shown);
            total.add(*r);
        }
        row_line(&mut out, "**all**", &total, |p| {
            format!("**{}**", shown_total(p))
        });
        out
    }
}

/// One row of a table: counts, and each ratio as `show` writes it.
fn row_line(out: &mut String, label: &str, r: &Row, show: impl Fn(Option<f64>) -> String) {
    let _ = writeln!(
        out,
        "| {label} | {} | {} | {} | {} | {} | {} | {} | {} | {} |",
        r.errors,
        r.errors_agreed,
        show(ratio(r.errors_agreed, r.errors)),
        r.warnings,
        r.warnings_agreed,
        show(ratio(r.warnings_agreed, r.warnings)),
        r.flaws,
        r.found,
        show(ratio(r.found, r.flaws)),
    );
}
