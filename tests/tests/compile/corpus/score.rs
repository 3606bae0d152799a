//! Rule reports scored against the blind annotations: per half of the corpus and per rule,
//! the errors that name a *certain* flaw (an error is only right where every careful
//! reviewer would ask for the change), the warnings that name any flaw, and the annotated
//! flaws, certain and all, that some report names (recall).

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
    /// Errors that name an annotated flaw of their kind, certain or not.
    errors_on_flaw: usize,
    /// Errors that name a flaw marked certain.
    errors_agreed: usize,
    warnings: usize,
    warnings_agreed: usize,
    flaws: usize,
    found: usize,
    certain_flaws: usize,
    certain_found: usize,
    /// Flaws without a mark (the tuning half): certainty is unknown where there are any.
    unmarked: usize,
}

impl Row {
    fn add(&mut self, other: Row) {
        self.errors += other.errors;
        self.errors_on_flaw += other.errors_on_flaw;
        self.errors_agreed += other.errors_agreed;
        self.warnings += other.warnings;
        self.warnings_agreed += other.warnings_agreed;
        self.flaws += other.flaws;
        self.found += other.found;
        self.certain_flaws += other.certain_flaws;
        self.certain_found += other.certain_found;
        self.unmarked += other.unmarked;
    }

    /// Errors that name a certain flaw, of all errors; unknown where flaws are unmarked.
    fn error_precision(&self) -> Option<f64> {
        if self.unmarked > 0 {
            return None;
        }
        ratio(self.errors_agreed, self.errors)
    }

    fn certain_recall(&self) -> Option<f64> {
        if self.unmarked > 0 {
            return None;
        }
        ratio(self.certain_found, self.certain_flaws)
    }
}

/// The figures a half is held to.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Totals {
    /// Errors on certain flaws, of all errors.
    pub(crate) error_precision: Option<f64>,
    /// Warnings on any flaw, of all warnings.
    pub(crate) warning_precision: Option<f64>,
    /// Certain flaws some report names.
    pub(crate) certain_recall: Option<f64>,
    /// Flaws some report names.
    pub(crate) recall: Option<f64>,
}

/// The scores of a build.
pub(crate) struct Score {
    rows: BTreeMap<(Half, String), Row>,
    /// Reports that name no annotated flaw.
    pub(crate) false_reports: Vec<Report>,
    /// Errors that name a flaw marked a judgment: a warning's worth of evidence.
    pub(crate) judged_errors: Vec<Report>,
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
        let annotated: BTreeMap<(&str, &str, &str, &str), Option<bool>> = flaws
            .iter()
            .flat_map(|(server, flaws)| {
                flaws.iter().map(move |f| {
                    (
                        (
                            server.as_str(),
                            f.tool.as_str(),
                            f.kind.as_str(),
                            f.target.as_str(),
                        ),
                        f.certain,
                    )
                })
            })
            .collect();
        let mut named = BTreeSet::new();
        let mut false_reports = Vec::new();
        let mut judged_errors = Vec::new();
        for report in reports {
            let kind = kind_of(&report.rule);
            let key = (
                report.server.as_str(),
                report.tool.as_str(),
                kind,
                report.target.as_str(),
            );
            let mark = annotated.get(&key).copied();
            let agreed = mark.is_some();
            let certain = mark == Some(Some(true));
            if agreed {
                named.insert(key);
            } else {
                false_reports.push(report.clone());
            }
            let row = rows
                .entry((half(&report.server), report.rule.clone()))
                .or_default();
            if report.level == "error" && agreed && !certain {
                judged_errors.push(report.clone());
            }
            if report.level == "error" {
                row.errors += 1;
                row.errors_on_flaw += usize::from(agreed);
                row.errors_agreed += usize::from(certain);
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
                let certain = flaw.certain == Some(true);
                row.certain_flaws += usize::from(certain);
                row.unmarked += usize::from(flaw.certain.is_none());
                if named.contains(&key) {
                    row.found += 1;
                    row.certain_found += usize::from(certain);
                } else {
                    missed.push((server.clone(), flaw.clone()));
                }
            }
        }
        Score {
            rows,
            false_reports,
            judged_errors,
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

    /// The rows of one half (`None`: of both, added up), by rule. Where any flaw of the
    /// half is unmarked, no row's certainty is known: a rule's reports may name another
    /// rule's kind (`path_format` names `param_description_required` flaws).
    fn rows_of(&self, half: Option<Half>) -> BTreeMap<&str, Row> {
        let mut rows: BTreeMap<&str, Row> = BTreeMap::new();
        for ((h, rule), row) in &self.rows {
            if half.is_none_or(|half| half == *h) {
                rows.entry(rule.as_str()).or_default().add(*row);
            }
        }
        let unmarked: usize = rows.values().map(|r| r.unmarked).sum();
        if unmarked > 0 {
            for row in rows.values_mut() {
                row.unmarked = row.unmarked.max(1);
            }
        }
        rows
    }

    /// Error precision, warning precision and recall of one half.
    pub(crate) fn totals(&self, half: Half) -> Totals {
        let t = self.total(half);
        Totals {
            error_precision: t.error_precision(),
            warning_precision: ratio(t.warnings_agreed, t.warnings),
            certain_recall: t.certain_recall(),
            recall: ratio(t.found, t.flaws),
        }
    }

    /// Each rule that reports errors in `half`: its id, its errors, and the share of them
    /// on certain flaws (`None` where flaws are unmarked).
    pub(crate) fn error_rules(&self, half: Half) -> Vec<(String, usize, Option<f64>)> {
        self.rows_of(Some(half))
            .into_iter()
            .filter(|(_, r)| r.errors > 0)
            .map(|(rule, r)| (rule.to_owned(), r.errors, r.error_precision()))
            .collect()
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
        let rows = self.rows_of(half);
        let mut out = String::from(
            "| rule | errors | on a flaw | on a certain flaw | precision | warnings | agreed | precision | certain flaws | found | recall | flaws | found | recall |\n\
             |---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n",
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
    let marked = |n: usize| {
        if r.unmarked > 0 {
            "–".to_owned()
        } else {
            n.to_string()
        }
    };
    let _ = writeln!(
        out,
        "| {label} | {} | {} | {} | {} | {} | {} | {} | {} | {} | {} | {} | {} | {} |",
        r.errors,
        r.errors_on_flaw,
        marked(r.errors_agreed),
        show(r.error_precision()),
        r.warnings,
        r.warnings_agreed,
        show(ratio(r.warnings_agreed, r.warnings)),
        marked(r.certain_flaws),
        marked(r.certain_found),
        show(r.certain_recall()),
        r.flaws,
        r.found,
        show(ratio(r.found, r.flaws)),
    );
}
