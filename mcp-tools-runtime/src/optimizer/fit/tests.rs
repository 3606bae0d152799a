use serde_json::{Value, json};

use super::sizes::{SHORT, len_at_most, min_at_most};
use super::{Cut, fit, push_token, total_at_most};

mod props;
mod work;

/// Every node of `value`, in preorder.
fn preorder(value: &Value) -> Vec<&Value> {
    let mut out = vec![value];
    match value {
        Value::Array(items) => out.extend(items.iter().flat_map(preorder)),
        Value::Object(map) => out.extend(map.values().flat_map(preorder)),
        _ => {}
    }
    out
}

/// Exact compact length, measured uncapped.
fn exact_len(value: &Value) -> usize {
    total_at_most(value, usize::MAX).expect("no cap")
}

/// Exact minimum, measured uncapped.
fn exact_min(value: &Value) -> usize {
    min_at_most(value, usize::MAX)
}

/// Every node's measures are exact up to any cap, and lower bounds above it past it.
fn assert_sizes_exact(value: &Value) {
    for node in preorder(value) {
        let (len, min) = (exact_len(node), exact_min(node));
        assert_eq!(len, node.to_string().len(), "{node}");
        assert!(min <= len, "{node}");
        for cap in [
            0,
            1,
            len / 2,
            len.saturating_sub(1),
            len,
            min,
            min.saturating_sub(1),
        ] {
            let capped = len_at_most(node, cap);
            assert!(
                capped == len || (cap < capped && capped <= len),
                "{node} {cap}"
            );
            assert_eq!(total_at_most(node, cap), (len <= cap).then_some(len));
            let capped = min_at_most(node, cap);
            assert!(
                capped == min || (cap < capped && capped <= min),
                "{node} {cap}"
            );
        }
    }
}

/// Pointers of the cut lists and strings met, in preorder.
#[derive(Default)]
struct Seen {
    lists: Vec<String>,
    strings: Vec<String>,
}

/// Fits `value` to `budget` and checks every rule that holds for any value.
fn check(value: &Value, budget: usize) -> Cut {
    assert_sizes_exact(value);
    let cut = fit(value, budget);
    assert_eq!(cut.bytes, cut.value.to_string().len());
    if budget >= exact_min(value) {
        assert!(cut.bytes <= budget, "{} > {budget}", cut.bytes);
    } else {
        assert_eq!(cut.bytes, exact_min(value));
    }
    if budget >= exact_len(value) {
        assert_eq!(&cut.value, value);
    }
    if cut.lists.is_empty() && cut.strings.is_empty() {
        assert_eq!(&cut.value, value, "nothing cut means whole");
    }
    let mut seen = Seen::default();
    assert_kept(value, &cut.value, "", &cut, &mut seen);
    let lists: Vec<_> = cut.lists.iter().map(|l| l.pointer.clone()).collect();
    let strings: Vec<_> = cut.strings.iter().map(|s| s.pointer.clone()).collect();
    assert_eq!(lists, seen.lists, "lists reported, in preorder");
    assert_eq!(strings, seen.strings, "strings reported, in preorder");
    cut
}

/// `kept` is `original` cut by the rules: same keys, array prefixes, string prefixes.
fn assert_kept(original: &Value, kept: &Value, at: &str, cut: &Cut, seen: &mut Seen) {
    match (original, kept) {
        (Value::Object(original), Value::Object(kept)) => {
            assert!(original.keys().eq(kept.keys()), "keys at {at:?}");
            for (key, value) in original {
                let mut pointer = at.to_owned();
                push_token(&mut pointer, key);
                assert_kept(value, &kept[key], &pointer, cut, seen);
            }
        }
        (Value::Array(original), Value::Array(kept)) => {
            let Some(list) = cut.lists.iter().find(|l| l.pointer == at) else {
                assert_eq!(original, kept, "uncut list at {at:?}");
                return;
            };
            seen.lists.push(at.to_owned());
            assert_eq!((list.kept, list.total), (kept.len(), original.len()));
            assert!(list.kept < list.total || list.last_shortened);
            let whole = kept.len() - usize::from(list.last_shortened);
            assert_eq!(original[..whole], kept[..whole], "a prefix at {at:?}");
            if list.last_shortened {
                let pointer = format!("{at}/{whole}");
                assert_kept(&original[whole], &kept[whole], &pointer, cut, seen);
            }
        }
        (Value::String(original), Value::String(kept)) => {
            let Some(text) = cut.strings.iter().find(|s| s.pointer == at) else {
                assert_eq!(original, kept, "uncut string at {at:?}");
                return;
            };
            seen.strings.push(at.to_owned());
            assert!(original.len() > SHORT, "short strings stay");
            let prefix = kept.strip_suffix('…').expect("ends with an ellipsis");
            assert!(original.starts_with(prefix) && prefix.len() < original.len());
            assert!(
                prefix.len() > SHORT - 4,
                "keeps at least SHORT bytes' worth"
            );
            assert_eq!(text.kept_chars, prefix.chars().count());
            assert_eq!(text.total_chars, original.chars().count());
            assert!(kept.chars().count() <= original.chars().count());
        }
        (original, kept) => assert_eq!(original, kept, "scalar at {at:?}"),
    }
}

fn items(n: usize, name: &str) -> Value {
    (0..n)
        .map(|i| json!({ "id": i, "name": format!("{name} {i}"), "score": i as f64 / 7.0 }))
        .collect()
}

#[test]
fn sizes_are_exact_for_escapes_numbers_and_nesting() {
    let values = [
        json!(null),
        json!([
            true,
            false,
            0,
            9,
            10,
            -1,
            -10,
            u64::MAX,
            i64::MIN,
            1e300,
            0.1,
            -0.0,
            1.5e-7
        ]),
        json!([
            "\"\\/",
            "\n\r\t\u{8}\u{c}",
            "\u{0}\u{1}\u{1f}\u{7f}",
            "é€😀",
            ""
        ]),
        json!({ "k\"ey\n": { "": [[], {}, [[1]]] }, "é": "x".repeat(100) }),
    ];
    for value in &values {
        assert_sizes_exact(value);
    }
}

#[test]
fn minimum_sizes_follow_the_rules() {
    let long = "é".repeat(50); // 100 bytes; its first 64 are 32 whole characters
    let just_long = "x".repeat(SHORT + 1); // cutting would make it longer: stays whole
    let value = json!({ "n": 12, "s": "short", "l": long, "j": just_long, "a": [1, 2] });
    let expected = value.to_string().len() - long.len() + 64 + "…".len() - "[1,2]".len() + 2;
    assert_eq!(exact_min(&value), expected);
    let cut = check(&value, 0);
    assert_eq!(cut.bytes, expected);
    assert_eq!(cut.value["l"], json!(format!("{}…", "é".repeat(32))));
    assert_eq!(cut.value["j"], json!(just_long));
    assert_eq!(cut.value["a"], json!([]));
}

#[test]
fn a_value_within_budget_is_kept_whole() {
    let value = json!({ "items": items(10, "x"), "note": "y".repeat(300) });
    let cut = check(&value, value.to_string().len());
    assert!(cut.lists.is_empty() && cut.strings.is_empty());
}

#[test]
fn objects_keep_every_key_and_scalars_and_short_strings() {
    let short = "s".repeat(SHORT);
    let value = json!({ "id": 7, "ok": true, "none": null, "pi": 3.25, "name": short, "items": items(100, "x") });
    let cut = check(&value, 300);
    for key in ["id", "ok", "none", "pi", "name"] {
        assert_eq!(cut.value[key], value[key]);
    }
    assert_eq!(cut.lists.len(), 1);
    assert!(cut.lists[0].kept > 0);
}

#[test]
fn arrays_keep_the_longest_prefix_of_whole_items() {
    let value = items(50, "item");
    let cut = check(&value, 1000);
    let kept = cut.value.as_array().unwrap().len();
    assert_eq!(cut.lists[0].pointer, "");
    assert!(!cut.lists[0].last_shortened);
    // One more item would not have fit.
    let more = Value::Array(value.as_array().unwrap()[..=kept].to_vec());
    assert!(more.to_string().len() > 1000);
}

#[test]
fn the_first_item_is_cut_inside_when_not_even_it_fits() {
    let value = json!([{ "id": 1, "text": "t".repeat(1000) }, { "id": 2, "text": "u" }]);
    let cut = check(&value, 200);
    assert_eq!(cut.lists[0].kept, 1);
    assert!(cut.lists[0].last_shortened);
    assert_eq!(cut.strings[0].pointer, "/0/text");
    assert_eq!(cut.value[0]["id"], 1);
    // Exactly the room left: brackets, braces, keys.
    assert_eq!(cut.bytes, 200);
}

#[test]
fn long_strings_are_cut_at_a_character_boundary() {
    let value = json!("a😀é\n".repeat(100));
    // Eight 8-byte (9 escaped) pieces, the ellipsis and quotes.
    assert_eq!(exact_min(&value), 77);
    for budget in 77..140 {
        let cut = check(&value, budget);
        assert!(cut.value.as_str().unwrap().ends_with('…'));
        // Short of the budget by less than the widest character: it kept all it could.
        assert!(budget - cut.bytes < 4, "{budget}");
    }
}

#[test]
fn two_big_lists_share_the_room_evenly() {
    let value = json!({ "entities": items(3000, "entity"), "relations": items(5000, "relation") });
    let cut = check(&value, 8000);
    let bytes = |key: &str| cut.value[key].to_string().len();
    let (entities, relations) = (bytes("entities"), bytes("relations"));
    assert!(
        entities > 3500 && relations > 3500,
        "{entities} {relations}"
    );
    let kept: Vec<_> = cut
        .lists
        .iter()
        .map(|l| (l.pointer.as_str(), l.total))
        .collect();
    assert_eq!(kept, [("/entities", 3000), ("/relations", 5000)]);
}

#[test]
fn what_needs_little_is_kept_whole_and_the_rest_shared() {
    let value = json!({
        "big": items(1000, "big"),
        "small": items(3, "small"),
        "deep": { "more": items(1000, "deep"), "text": "z".repeat(5000) },
    });
    let cut = check(&value, 6000);
    assert_eq!(cut.value["small"], value["small"]);
    let big = cut.value["big"].to_string().len();
    let deep = cut.value["deep"].to_string().len();
    assert!(big.abs_diff(deep) < 200, "{big} {deep}");
    // Inside "deep", the list and the text share again.
    let text = cut.value["deep"]["text"].as_str().unwrap().len();
    assert!(text > 1000, "{text}");
}

#[test]
fn pointers_are_escaped_and_reported_in_preorder() {
    // "z/" needs more room than "a~", so it is cut second; reports still follow key order.
    let value = json!({
        "z/": { "x": items(500, "z") },
        "a~": items(20, "a"),
        "s": "s".repeat(500),
    });
    let cut = check(&value, 1200);
    let lists: Vec<_> = cut.lists.iter().map(|l| l.pointer.as_str()).collect();
    assert_eq!(lists, ["/z~1/x", "/a~0"]);
    assert_eq!(cut.strings[0].pointer, "/s");
    for list in &cut.lists {
        assert!(value.pointer(&list.pointer).is_some_and(Value::is_array));
    }
}

#[test]
fn escapes_are_found_at_every_offset_of_short_and_long_strings() {
    for len in 1..=24 {
        for at in 0..len {
            for special in ['"', '\\', '\n', '\u{1}', '\u{1f}'] {
                let mut chars: Vec<char> = "aé".chars().cycle().take(len).collect();
                chars[at] = special;
                let value = Value::String(chars.into_iter().collect());
                assert_eq!(exact_len(&value), value.to_string().len(), "{value}");
            }
        }
    }
}
