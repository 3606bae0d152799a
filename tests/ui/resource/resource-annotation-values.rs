//! A MIME type, an audience and a priority are checked where written, each one error.
use mcp_tools::prelude::*;

/// The library's loan rules: loan periods, renewals and fines.
#[resource(
    "library://policy/loans",
    mime_type = "markdown",
    audience("users"),
    priority = 1.5
)]
async fn loan_policy() -> String {
    "# Loans".to_owned()
}

fn main() {
    let _ = catalog![loan_policy];
}
