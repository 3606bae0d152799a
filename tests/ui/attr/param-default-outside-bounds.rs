//! A `default` or `example` that breaks the bounds written in the same attribute fails the
//! build at the literal: every call that leaves the argument out would be refused.
use mcp_tools::prelude::*;

/// Search shipments by sender and return the newest first.
#[tool(namespace = "shipment", read_only)]
async fn search(
    /// Words to look for in sender names.
    #[param(min_length = 2, max_length = 40, example = "A")]
    text: String,
    /// Most shipments to return.
    #[param(min = 1, max = 50, default = 500)]
    limit: u32,
    /// Shipment number to start after, like `SH-2026-000123`.
    #[param(pattern = r"^SH-\d{4}-\d{6}$", default = "SH-1")]
    after: String,
) -> String {
    format!("{text} {limit} {after}")
}

fn main() {
    let _ = tools![search];
}
