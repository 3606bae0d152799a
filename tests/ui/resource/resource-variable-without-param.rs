//! A template variable that no parameter takes is reported at the template, the variable
//! shown under it.
use mcp_tools::prelude::*;

/// One page of a loan's history: when it was lent, renewed and returned.
#[resource("library://loans/{loan_id}/history/{page}")]
async fn loan_history(loan_id: String) -> String {
    format!("{loan_id}: lent 2026-04-10")
}

fn main() {
    let _ = catalog![loan_history];
}
