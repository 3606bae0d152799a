//! A parameter that is not a variable of the template is reported at its name: a read has
//! nothing to fill it with.
use mcp_tools::prelude::*;

/// A loan's due date and renewals left.
#[resource("library://loans/{loan_id}")]
async fn loan(loan_id: String, branch: String) -> String {
    format!("{loan_id} at {branch}")
}

fn main() {
    let _ = catalog![loan];
}
