//! A resource that is not an `async fn` breaks `async_fn`, reported at `fn`.
use mcp_tools::prelude::*;

/// The library's loan rules: loan periods, renewals and fines.
#[resource("library://policy/loans")]
fn loan_policy() -> String {
    "# Loans".to_owned()
}

fn main() {
    let _ = catalog![loan_policy];
}
