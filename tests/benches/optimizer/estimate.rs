//! What the notice's total costs: [`Encoding::estimate`] of a 1 MB result (its last stretch
//! counted, windows of the rest) beside [`Encoding::count`] of the same result, the count it
//! replaces, on prose, compact JSON and Rust-like code, at the exact stretch of a
//! 2,000-token budget and of a 25,000-token one (eight bytes per token of budget, 32 KB at
//! least). The paired run also prints each estimate's error against the exact count.

use std::{hint::black_box, time::Duration};

use criterion::{BenchmarkId, Criterion, Throughput};
use mcp_tools::tokens::Encoding;

use super::{Pair, code, json_text, prose, timed};

/// Bytes of each result.
const RESULT: usize = 1_000_000;

/// The exact stretch under each budget: `(budget, bytes)`.
const STRETCHES: [(&str, usize); 2] = [("budget_2k", 16_000), ("budget_25k", 200_000)];

/// The 1 MB results, by name.
pub(crate) struct Estimate {
    inputs: Vec<(&'static str, String)>,
}

impl Estimate {
    pub(crate) fn new() -> Self {
        let estimate = Estimate {
            inputs: vec![
                ("prose_1m", prose(21, RESULT)),
                ("json_1m", json_text(22, RESULT)),
                ("code_1m", code(23, RESULT)),
            ],
        };
        estimate.check();
        estimate
    }

    /// Fails fast if an estimate is not what it is timed as: an estimate (not the exact
    /// count) within 5% of the count.
    fn check(&self) {
        for (name, text) in &self.inputs {
            let exact = Encoding::O200kBase.count(text);
            for (budget, stretch) in STRETCHES {
                let estimate = Encoding::O200kBase.estimate(text, stretch);
                assert_ne!(estimate, exact, "{name}, {budget}: counted, not estimated");
                let error = estimate.abs_diff(exact) as f64 / exact as f64;
                assert!(error <= 0.05, "{name}, {budget}: {estimate} of {exact}");
            }
        }
    }

    pub(crate) fn bench(&self, c: &mut Criterion) {
        for (name, text) in &self.inputs {
            let mut g = c.benchmark_group(format!("estimate/{name}"));
            g.throughput(Throughput::Bytes(text.len() as u64));
            g.sample_size(20).measurement_time(Duration::from_secs(3));
            for (budget, stretch) in STRETCHES {
                g.bench_with_input(BenchmarkId::new("estimate", budget), text, |b, text| {
                    b.iter(|| Encoding::O200kBase.estimate(black_box(text), stretch));
                });
            }
            g.bench_with_input(BenchmarkId::new("count", "exact"), text, |b, text| {
                b.iter(|| Encoding::O200kBase.count(black_box(text)));
            });
            g.finish();
        }
    }

    /// The paired run's comparisons: each estimate against the exact count of the same
    /// result. Prints each estimate's error first.
    pub(crate) fn pairs(&self) -> Vec<Pair<'_>> {
        let mut pairs = Vec::new();
        for (name, text) in &self.inputs {
            let exact = Encoding::O200kBase.count(text);
            for (budget, stretch) in STRETCHES {
                let estimate = Encoding::O200kBase.estimate(text, stretch);
                println!(
                    "inputs: {name} is {} bytes, {exact} tokens; estimated at {budget}: \
                     {estimate} ({:+.2}%)",
                    text.len(),
                    (estimate as f64 / exact as f64 - 1.0) * 100.0
                );
                let text = text.as_str();
                pairs.push(Pair::new(
                    format!("{name} {budget}: estimate / count"),
                    timed(move || Encoding::O200kBase.estimate(black_box(text), stretch)),
                    timed(move || Encoding::O200kBase.count(black_box(text))),
                    (20, 2),
                ));
            }
        }
        pairs
    }
}
