use std::cell::Cell;

use super::{MIN_EXACT_BYTES, Sampled, sampled, shapes};
use crate::tokens::Encoding;

const ENC: Encoding = Encoding::O200kBase;

/// The exact stretch of a 2,000-token budget and of a 25,000-token one (eight bytes a token).
const EXACT: [usize; 2] = [16_000, 200_000];

fn estimate(text: &str, exact_bytes: usize) -> Sampled {
    sampled(text, exact_bytes, |part| ENC.count(part))
}

/// The rest of `text` after its first `lines` lines.
fn after_lines(text: &str, lines: usize) -> &str {
    crate::output::LineStart::new(lines as u64 + 1, 1)
        .slice(text)
        .unwrap_or("")
}

#[test]
fn estimates_are_within_five_percent_on_every_shape() {
    for (name, text) in shapes::all() {
        let exact = ENC.count(&text);
        for exact_bytes in EXACT {
            let got = estimate(&text, exact_bytes);
            let error = got.tokens as f64 / exact as f64 - 1.0;
            eprintln!(
                "{name:<28} {:>9} bytes  exact {exact:>8}  estimate {:>8}  error {:+.2}%  (exact stretch {exact_bytes})",
                text.len(),
                got.tokens,
                error * 100.0
            );
            assert!(!got.exact, "{name}: a megabyte is estimated");
            assert!(error.abs() <= 0.05, "{name}: {got:?} of {exact}");
            assert!(
                got.at_least <= exact,
                "{name}: the floor {got:?} is over {exact}"
            );
        }
    }
}

#[test]
fn the_rest_after_some_lines_is_never_estimated_above_the_whole() {
    for (name, text) in shapes::all() {
        for exact_bytes in EXACT {
            let mut last = estimate(&text, exact_bytes).tokens;
            for lines in [1, 6, 7, 8, 50, 400, 3_000, 12_000, 30_000] {
                let rest = after_lines(&text, lines);
                if rest.is_empty() {
                    break;
                }
                let got = estimate(rest, exact_bytes).tokens;
                assert!(
                    got <= last,
                    "{name}: the rest after {lines} lines is estimated at {got}, more than {last} before it"
                );
                last = got;
            }
        }
    }
}

#[test]
fn the_rest_inside_a_long_line_is_never_estimated_above_the_whole() {
    // A page may end inside a line: the rest starts where its tokens do.
    let text = shapes::minified_js(11, 1_000_000);
    let mut last = estimate(&text, EXACT[0]).tokens;
    let mut at = 0;
    for _ in 0..40 {
        at += ENC.prefix(&text[at..], 2_000).bytes;
        let got = estimate(&text[at..], EXACT[0]).tokens;
        assert!(got <= last, "from byte {at}: {got}, more than {last}");
        last = got;
    }
}

#[test]
fn texts_up_to_the_exact_stretch_are_counted() {
    let text = shapes::log(12);
    for len in [0, 10, 5_000, MIN_EXACT_BYTES, 150_000] {
        let part = &text[..len];
        let got = estimate(part, 150_000);
        let exact = ENC.count(part);
        assert_eq!(
            got,
            Sampled {
                tokens: exact,
                at_least: exact,
                exact: true
            }
        );
    }
    // The stretch is never shorter than the least.
    let part = &text[..MIN_EXACT_BYTES];
    assert!(estimate(part, 100).exact);
}

#[test]
fn the_work_does_not_grow_with_the_text() {
    // Bytes counted for a text of ten megabytes and of a hundred: at most the exact
    // stretch, and a window and its snap for each of the strata.
    let counted = |text: &str| {
        let bytes = Cell::new(0);
        sampled(text, 16_000, |part| {
            bytes.set(bytes.get() + part.len());
            part.len() / 4
        });
        bytes.get()
    };
    let line = "2026-04-01T10:00:00Z depot-BER scanned SH-2026-000001 status ok\n";
    let ten = line.repeat(10_000_000 / line.len());
    let hundred = line.repeat(100_000_000 / line.len());
    let bound = MIN_EXACT_BYTES + super::SNAP + super::MAX_STRATA * (super::WINDOW + super::SNAP);
    assert!(counted(&ten) <= bound, "{} of {bound}", counted(&ten));
    assert!(
        counted(&hundred) <= bound,
        "{} of {bound}",
        counted(&hundred)
    );
}
