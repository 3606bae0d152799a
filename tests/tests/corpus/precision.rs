//! The per-rule table: how many reports each rule made on the corpus, how many a reviewer
//! agreed with, and the precision that follows.

use std::{collections::BTreeMap, fmt::Write as _};

use super::expected::{Comparison, Verdict};

/// Counts for one rule.
#[derive(Default)]
struct Row {
    /// The level its reports came at (`-` when it made none).
    level: String,
    reports: usize,
    agree: usize,
    disagree: usize,
    unreviewed: usize,
    missed: usize,
}

/// agree / (agree + disagree), if anything was judged.
fn precision(agree: usize, disagree: usize) -> Option<f64> {
    (agree + disagree > 0).then(|| agree as f64 / (agree + disagree) as f64)
}

fn shown(p: Option<f64>) -> String {
    p.map_or_else(|| "-".to_owned(), |p| format!("{p:.2}"))
}

/// The table, as Markdown, and the precision of error-level reports.
pub(crate) fn table(comparison: &Comparison) -> (String, Option<f64>) {
    let mut rows: BTreeMap<String, Row> = BTreeMap::new();
    for (report, line) in &comparison.matched {
        let row = rows.entry(report.key.rule.clone()).or_default();
        // A crate of the corpus keeps every rule at its default level, so a rule reports
        // at one level; an error anywhere makes the row an error row.
        if row.level != "error" {
            row.level.clone_from(&report.level);
        }
        row.reports += 1;
        match line.as_ref().map(|l| l.verdict) {
            Some(Verdict::Agree) => row.agree += 1,
            Some(Verdict::Disagree) => row.disagree += 1,
            _ => row.unreviewed += 1,
        }
    }
    for line in &comparison.missed {
        rows.entry(line.key.rule.clone()).or_default().missed += 1;
    }
    let mut out = String::from(
        "| rule | level | reports | agree | disagree | unreviewed | precision | missed | recall |\n\
         |---|---|---:|---:|---:|---:|---:|---:|---:|\n",
    );
    let (mut agree, mut disagree) = (0, 0);
    for (rule, row) in &rows {
        let level = if row.level.is_empty() {
            "-"
        } else {
            row.level.as_str()
        };
        // Of the real flaws found (reported and agreed, or recorded as missed), the share
        // reported.
        let recall = precision(row.agree, row.missed);
        let _ = writeln!(
            out,
            "| {rule} | {level} | {} | {} | {} | {} | {} | {} | {} |",
            row.reports,
            row.agree,
            row.disagree,
            row.unreviewed,
            shown(precision(row.agree, row.disagree)),
            row.missed,
            shown(recall)
        );
        if level == "error" {
            agree += row.agree;
            disagree += row.disagree;
        }
    }
    let errors = precision(agree, disagree);
    let _ = writeln!(
        out,
        "\nPrecision of error-level reports: {} ({agree} agree, {disagree} disagree).",
        shown(errors)
    );
    (out, errors)
}
