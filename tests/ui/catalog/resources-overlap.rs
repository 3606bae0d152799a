//! `catalog![...]` with two resources whose templates can match one URI fails to compile:
//! `library://loans/policy` is both a loan id and the policy.
use mcp_tools::prelude::*;

/// A loan's due date and renewals left.
#[resource("library://loans/{loan_id}")]
async fn loan(loan_id: String) -> String {
    format!("{loan_id}: due 2026-05-01")
}

/// The library's loan rules: loan periods, renewals and fines.
#[resource("library://loans/policy")]
async fn loan_policy() -> String {
    "# Loans".to_owned()
}

fn main() {
    let _ = catalog![loan, loan_policy];
}
