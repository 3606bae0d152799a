//! `async_fn`: a tool that is not an `async fn` is reported at `fn`.
use mcp_tools::prelude::*;

/// Convert a weight in pounds to kilograms, rounded to grams.
///
/// Pure arithmetic: use it instead of estimating conversions yourself.
#[tool(namespace = "units", read_only)]
fn convert_weight(
    /// The weight to convert.
    #[param(min = 0.0, max = 100000.0)]
    weight_lb: f64,
) -> String {
    format!("{:.3} kg", weight_lb * 0.453_592_37)
}

fn main() {
    let _ = Registry::builder()
        .server_info("t", "1")
        .tools(tools![convert_weight])
        .build();
}
