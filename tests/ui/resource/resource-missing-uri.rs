//! A resource names its URI first; without one the attribute is reported.
use mcp_tools::prelude::*;

/// The library's loan rules: loan periods, renewals and fines.
#[resource(mime_type = "text/markdown")]
async fn loan_policy() -> String {
    "# Loans".to_owned()
}

fn main() {
    let _ = catalog![loan_policy];
}
