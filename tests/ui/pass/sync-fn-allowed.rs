//! A sync fn is accepted when `allow(async_fn)` waives the rule, and it is called without `.await`.
use mcp_tools::prelude::*;
use serde_json::json;

/// Convert a weight in pounds to kilograms, rounded to grams.
///
/// Pure arithmetic: use it instead of estimating conversions yourself.
#[tool(namespace = "units", read_only, allow(async_fn))]
fn convert_weight(
    /// The weight to convert.
    #[param(min = 0.0, max = 100000.0)]
    weight_lb: f64,
) -> String {
    format!("{:.3} kg", weight_lb * 0.453_592_37)
}

fn main() {
    // Still callable as written.
    assert_eq!(convert_weight(1.0), "0.454 kg");
    let registry = Registry::builder()
        .tools(tools![convert_weight])
        .build()
        .unwrap();
    let runtime = tokio::runtime::Runtime::new().unwrap();
    let result = runtime
        .block_on(registry.call("units_convert_weight", json!({"weight_lb": 10})))
        .unwrap();
    let text = serde_json::to_value(result.content).unwrap().to_string();
    assert!(text.contains("4.536 kg"), "{text}");
}
