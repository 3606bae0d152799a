//! The cut's work follows its budget, not its input: nodes measured, counted per thread.

use serde_json::{Value, json};

use super::super::sizes::VISITED;
use super::{check, fit};

/// Nodes measured while fitting `value` to `budget`.
fn visits(value: &Value, budget: usize) -> usize {
    VISITED.with(|v| v.set(0));
    fit(value, budget);
    VISITED.with(std::cell::Cell::get)
}

/// Items of one size, so that a kept prefix predicts the whole exactly.
fn numbers(n: usize) -> Value {
    (0..n).map(|i| Value::from(1_000_000 + i)).collect()
}

fn graph(n: usize) -> Value {
    let entities: Value = (0..n)
        .map(|i| json!({ "name": format!("person_{i:06}"), "observations": ["works at a depot"] }))
        .collect();
    let relations: Value = (0..n)
        .map(|i| json!({ "from": format!("person_{i:06}"), "to": "person_0", "type": "knows" }))
        .collect();
    json!({ "entities": entities, "relations": relations })
}

#[test]
fn a_million_items_cost_what_a_thousand_do() {
    let (small, big) = (numbers(1_000), numbers(1_000_000));
    let work = visits(&small, 1_000);
    assert_eq!(visits(&big, 1_000), work);
    // About the 125 items kept, and the one that crossed.
    assert!(work < 300, "{work}");
    let cut = fit(&big, 1_000);
    assert_eq!((cut.lists[0].kept, cut.lists[0].total), (124, 1_000_000));
}

#[test]
fn two_big_lists_cost_what_two_small_ones_do() {
    let (small, big) = (graph(1_000), graph(100_000));
    for budget in [500, 2_000, 8_000] {
        // No more: a list's item count alone can tell it is over, sparing the walk.
        let work = visits(&small, budget);
        assert!(visits(&big, budget) <= work, "{budget}");
        assert!(work < budget, "{work} nodes for {budget} bytes");
        check(&small, budget);
    }
}

#[test]
fn deep_nesting_costs_the_budget_per_level() {
    // Ten levels, each an object holding a long list and the next level.
    let mut value = numbers(100);
    for _ in 0..10 {
        value = json!({ "list": numbers(100_000), "next": value });
    }
    let work = visits(&value, 4_000);
    assert!(work < 10 * 4_000, "{work}");
}
