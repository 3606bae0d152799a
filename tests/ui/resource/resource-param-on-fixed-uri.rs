//! A fixed URI has no variables, so a parameter the server does not supply is reported.
use mcp_tools::prelude::*;

/// The library's loan rules: loan periods, renewals and fines.
#[resource("library://policy/loans")]
async fn loan_policy(section: String) -> String {
    format!("# {section}")
}

fn main() {
    let _ = catalog![loan_policy];
}
