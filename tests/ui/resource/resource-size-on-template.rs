//! `size` belongs to a fixed resource: on a template it is reported at the value.
use mcp_tools::prelude::*;

/// A loan's due date and renewals left.
#[resource("library://loans/{loan_id}", size = 120)]
async fn loan(loan_id: String) -> String {
    format!("{loan_id}: due 2026-05-01")
}

fn main() {
    let _ = catalog![loan];
}
