mod reference;

use proptest::prelude::*;

use super::{Encoding, vocab::Tokenizer};
use reference::{CL100K, CL100K_IDS, O200K, O200K_IDS, fingerprint, texts};

#[test]
fn counts_match_known_values() {
    assert_eq!(
        Encoding::O200kBase.count("hello world, this is a test of the tokenizer"),
        10
    );
    assert_eq!(Encoding::O200kBase.count(""), 0);
}

/// Ids, not only counts: the same as tiktoken's on every reference text.
#[test]
fn tokens_match_tiktoken() {
    for (encoding, expected, ids) in [
        (Encoding::O200kBase, O200K, O200K_IDS),
        (Encoding::Cl100kBase, CL100K, CL100K_IDS),
    ] {
        let texts = texts();
        assert_eq!(texts.len(), expected.len());
        for ((name, text), (expected_name, tokens, print)) in texts.iter().zip(expected) {
            assert_eq!(name, expected_name);
            let encoded = encoding.encode(text);
            if let Some((_, ids)) = ids.iter().find(|(n, _)| n == name) {
                assert_eq!(encoded, *ids, "{encoding:?} {name}");
            }
            assert_eq!(
                (encoded.len(), fingerprint(&encoded)),
                (*tokens, *print),
                "{encoding:?} {name}"
            );
            assert_eq!(encoding.count(text), *tokens, "{encoding:?} {name}");
            assert_eq!(encoding.decode(&encoded), text.as_bytes());
        }
    }
}

#[test]
fn counting_stops_at_the_limit() {
    let text = "word ".repeat(10_000);
    assert_eq!(Encoding::O200kBase.count_up_to(&text, 100), None);
    let small = "word ".repeat(10);
    assert_eq!(
        Encoding::O200kBase.count_up_to(&small, 100),
        Some(Encoding::O200kBase.count(&small))
    );
}

#[test]
fn prefixes_fit_and_never_split_characters() {
    for text in [
        "word ".repeat(5000),
        "한국어 텍스트와 이모지 🚚📦 ".repeat(2000),
        "a".repeat(100_000),
    ] {
        for budget in [1, 7, 100, 2000] {
            let p = Encoding::O200kBase.prefix(&text, budget);
            assert!(text.is_char_boundary(p.bytes));
            assert!(p.tokens <= budget, "{} > {budget}", p.tokens);
            assert_eq!(Encoding::O200kBase.count(&text[..p.bytes]), p.tokens);
            assert!(p.tokens + 2 >= budget, "kept only {} of {budget}", p.tokens);
        }
    }
}

#[test]
fn a_text_within_budget_is_kept_whole() {
    let p = Encoding::Cl100kBase.prefix("short", 10);
    assert_eq!(p.bytes, 5);
}

/// Texts built from the fragments the patterns treat differently, or any characters at all.
fn text() -> impl Strategy<Value = String> {
    const PARTS: &[&str] = &[
        "the",
        "The",
        "THE",
        "ǅ",
        " ",
        "  ",
        "\n",
        "\r\n",
        "\t",
        "\u{a0}",
        "'s",
        "'LL",
        "7",
        "1234",
        ".",
        ",",
        "{\"",
        "\":",
        "/",
        "é",
        "e\u{301}",
        "日本語",
        "한국",
        "🚚",
        "👍🏽",
        "\u{200d}",
    ];
    prop_oneof![
        prop::collection::vec(prop::sample::select(PARTS), 0..300).prop_map(|p| p.concat()),
        any::<String>(),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    /// What `prefix` reports is what `count` says of the kept text, within the budget, the
    /// whole text when it fits; `count_up_to` agrees with `count`.
    #[test]
    fn prefix_and_count_up_to_agree_with_count(text in text(), budget in 0..400usize, cl100k in any::<bool>()) {
        let encoding = if cl100k { Encoding::Cl100kBase } else { Encoding::O200kBase };
        let total = encoding.count(&text);
        let p = encoding.prefix(&text, budget);
        prop_assert!(text.is_char_boundary(p.bytes));
        prop_assert!(p.tokens <= budget);
        prop_assert_eq!(encoding.count(&text[..p.bytes]), p.tokens);
        if total <= budget {
            prop_assert_eq!(p.bytes, text.len());
        }
        prop_assert_eq!(encoding.count_up_to(&text, budget), (total <= budget).then_some(total));
        prop_assert_eq!(encoding.encode(&text).len(), total);
    }

    /// The pieces cover the text, in order, without gaps.
    #[test]
    fn pieces_make_up_the_text(text in text()) {
        for encoding in [Encoding::O200kBase, Encoding::Cl100kBase] {
            let pieces: Vec<&str> = Tokenizer::get(encoding).pre.split(&text).collect();
            prop_assert!(pieces.iter().all(|p| !p.is_empty()));
            prop_assert_eq!(pieces.concat(), text.as_str());
        }
    }
}
