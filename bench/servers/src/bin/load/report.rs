//! What a pass measured, and the row and JSON line that report a run.

use std::{collections::BTreeMap, time::Duration};

use serde_json::json;

use crate::cli::Options;

/// The calls of one pass (sequential or concurrent), or of one client of it.
#[derive(Default)]
pub(crate) struct Pass {
    /// Round trips of the calls that count (the measured window).
    pub(crate) times: Vec<Duration>,
    /// Reply bytes of those calls: the HTTP body, or the stdio line.
    pub(crate) bytes: u64,
    /// Failed calls, any time: distinct message → count.
    pub(crate) errors: BTreeMap<String, u64>,
    /// Whether replies carried `structuredContent`.
    pub(crate) structured: bool,
    /// The `Content-Type` of replies (HTTP).
    pub(crate) content_type: String,
}

impl Pass {
    pub(crate) fn fail(&mut self, message: String) {
        *self.errors.entry(message).or_default() += 1;
    }

    pub(crate) fn failures(&self) -> u64 {
        self.errors.values().sum()
    }

    pub(crate) fn merge(&mut self, other: Pass) {
        self.times.extend(other.times);
        self.bytes += other.bytes;
        for (message, count) in other.errors {
            *self.errors.entry(message).or_default() += count;
        }
        self.structured |= other.structured;
        if self.content_type.is_empty() {
            self.content_type = other.content_type;
        }
    }

    /// The `q` quantile of the round trips, in milliseconds.
    pub(crate) fn ms(&mut self, q: f64) -> f64 {
        if self.times.is_empty() {
            return f64::NAN;
        }
        self.times.sort_unstable();
        let at = ((self.times.len() - 1) as f64 * q).round() as usize;
        self.times[at].as_secs_f64() * 1e3
    }
}

/// Everything one run measured.
pub(crate) struct Run {
    pub(crate) seq: Pass,
    pub(crate) conc: Pass,
    pub(crate) idle_kib: u64,
    pub(crate) peak_kib: u64,
    pub(crate) loaded_kib: u64,
    pub(crate) version: String,
    pub(crate) problems: Vec<String>,
    pub(crate) server_log: String,
}

const MIB: f64 = 1024.0;

/// A markdown row: server | transport | mode | tool | calls/s | seq p50 ms | p50 ms | p99 ms |
/// idle RSS MiB | peak RSS MiB | reply bytes | failures.
pub(crate) fn row(options: &Options, run: &mut Run) -> String {
    let calls = run.conc.times.len();
    let per_s = calls as f64 / options.measure.as_secs_f64();
    let bytes = run.conc.bytes.checked_div(calls as u64).unwrap_or(0);
    format!(
        "| {} | {} | {} | {} | {:.0} | {:.3} | {:.3} | {:.3} | {:.1} | {:.1} | {} | {} |",
        options.server,
        transport_name(options),
        options.mode,
        options.tool.name(),
        per_s,
        run.seq.ms(0.5),
        run.conc.ms(0.5),
        run.conc.ms(0.99),
        run.idle_kib as f64 / MIB,
        run.peak_kib as f64 / MIB,
        bytes,
        run.seq.failures() + run.conc.failures(),
    )
}

pub(crate) fn json_line(options: &Options, run: &mut Run) -> String {
    let calls = run.conc.times.len();
    let mut errors = run.seq.errors.clone();
    for (message, count) in &run.conc.errors {
        *errors.entry(message.clone()).or_default() += count;
    }
    json!({
        "server": options.server,
        "transport": transport_name(options),
        "mode": options.mode,
        "tool": options.tool.name(),
        "clients": options.clients,
        "warmup_s": options.warmup.as_secs_f64(),
        "secs": options.measure.as_secs_f64(),
        "calls": calls,
        "calls_per_s": calls as f64 / options.measure.as_secs_f64(),
        "seq_calls": run.seq.times.len(),
        "seq_p50_ms": run.seq.ms(0.5),
        "seq_p99_ms": run.seq.ms(0.99),
        "p50_ms": run.conc.ms(0.5),
        "p99_ms": run.conc.ms(0.99),
        "idle_rss_kib": run.idle_kib,
        "peak_rss_kib": run.peak_kib,
        "loaded_rss_kib": run.loaded_kib,
        "reply_bytes": run.conc.bytes.checked_div(calls as u64).unwrap_or(0),
        "content_type": run.conc.content_type,
        "structured": run.conc.structured,
        "protocol": run.version,
        "failures": run.seq.failures() + run.conc.failures(),
        "errors": errors,
        "problems": run.problems,
        "server_log": run.server_log,
    })
    .to_string()
}

fn transport_name(options: &Options) -> &'static str {
    match options.transport {
        crate::cli::Transport::Http => "http",
        crate::cli::Transport::Stdio => "stdio",
    }
}
