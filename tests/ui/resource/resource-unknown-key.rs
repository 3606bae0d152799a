//! A misspelt key is unknown, with the closest resource key and the list.
use mcp_tools::prelude::*;

/// The library's loan rules: loan periods, renewals and fines.
#[resource("library://policy/loans", mime = "text/markdown")]
async fn loan_policy() -> String {
    "# Loans".to_owned()
}

fn main() {
    let _ = catalog![loan_policy];
}
