//! A placeholder in a resource's description is an error at its line.
use mcp_tools::prelude::*;

/// The library's loan rules.
///
/// TODO: list the fines.
#[resource("library://policy/loans")]
async fn loan_policy() -> String {
    "# Loans".to_owned()
}

fn main() {
    let _ = catalog![loan_policy];
}
