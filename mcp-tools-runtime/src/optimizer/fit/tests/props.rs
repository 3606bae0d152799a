//! Properties of the cut over generated values and budgets.

use proptest::prelude::*;
use serde_json::{Map, Value, json};

use super::{check, exact_len, exact_min};

fn text() -> impl Strategy<Value = String> {
    let chars = prop::sample::select(vec![
        'a', 'b', ' ', 'é', '€', '😀', '"', '\\', '\n', '\t', '\u{1}', '\u{1f}', '\u{7f}', '/', '~',
    ]);
    prop_oneof![
        prop::collection::vec(chars.clone(), 0..20),
        prop::collection::vec(chars, 40..300),
    ]
    .prop_map(String::from_iter)
}

fn scalar() -> impl Strategy<Value = Value> {
    prop_oneof![
        1 => Just(Value::Null),
        1 => any::<bool>().prop_map(Value::Bool),
        1 => any::<i64>().prop_map(Value::from),
        1 => any::<u64>().prop_map(Value::from),
        // Non-finite floats become null, as serde_json has them.
        1 => any::<f64>().prop_map(Value::from),
        1 => (-1e3..1e3f64).prop_map(Value::from),
        3 => text().prop_map(Value::String),
    ]
}

fn value() -> impl Strategy<Value = Value> {
    scalar().prop_recursive(6, 1024, 4, |inner| {
        let key = prop::sample::select(vec!["a", "b", "c/d", "e~f", "", "ключ", "g"]);
        prop_oneof![
            1 => prop::collection::vec(inner.clone(), 0..12).prop_map(Value::Array),
            2 => prop::collection::vec((key, inner), 0..6).prop_map(|entries| {
                Value::Object(
                    entries
                        .into_iter()
                        .map(|(k, v)| (k.to_owned(), v))
                        .collect::<Map<_, _>>(),
                )
            }),
        ]
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    /// Sizes exact; the cut exact, within budget, and keeping structure; reports in preorder.
    #[test]
    fn the_cut_keeps_structure_within_budget(value in value(), per_mille in 0..1100usize) {
        // Mostly between the minimum and the whole, sometimes below the minimum.
        let (min, len) = (exact_min(&value), exact_len(&value));
        let budget = match per_mille.checked_sub(100) {
            Some(above) => min + (len - min) * above / 900,
            None => min * per_mille / 100,
        };
        check(&value, budget);
    }

    /// Two lists of similar items: when one item of each fits, each keeps one or more, and
    /// their kept bytes differ by about an item at most.
    #[test]
    fn two_similar_lists_share_fairly(
        a in prop::collection::vec(20..30usize, 1..200),
        b in prop::collection::vec(20..30usize, 1..200),
        extra in 0..4000usize,
    ) {
        let list = |lens: &[usize]| lens.iter().map(|&n| "x".repeat(n)).collect::<Value>();
        let value = json!({ "a": list(&a), "b": list(&b) });
        let widest = 29 + 2;
        // Braces, keys, a comma, two `[]`, and one widest item of each.
        let budget = r#"{"a":[],"b":[]}"#.len() + 2 * widest + extra;
        let cut = check(&value, budget);
        let kept = |key: &str| cut.value[key].as_array().unwrap().len();
        prop_assert!(kept("a") >= 1 && kept("b") >= 1);
        let bytes = |key: &str| cut.value[key].to_string().len();
        if kept("a") < a.len() && kept("b") < b.len() {
            prop_assert!(bytes("a").abs_diff(bytes("b")) <= 2 * (widest + 1));
        }
    }
}
