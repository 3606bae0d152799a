//! Two parameters of one wire name (one renamed) for one variable: the second is reported.
use mcp_tools::prelude::*;

/// A loan's due date and renewals left.
#[resource("library://loans/{loan_id}")]
async fn loan(
    loan_id: String,
    #[param(rename = "loan_id")]
    id: String,
) -> String {
    format!("{loan_id} {id}")
}

fn main() {
    let _ = catalog![loan];
}
