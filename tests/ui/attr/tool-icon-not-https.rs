//! A tool's icon that is neither `https:` nor `data:` is reported at its literal, and a
//! `meta` that is not a JSON object at its value.
use mcp_tools::prelude::*;

/// Renew a loan by three weeks, if renewals are left.
///
/// Use when a borrower asks for more time before the due date.
#[tool(
    namespace = "loan",
    destructive = false,
    icons("http://example.com/renew.png"),
    meta = r#"{"unclosed": "#
)]
async fn renew(
    /// Loan id, like `L-1042`.
    loan_id: String,
) -> String {
    format!("{loan_id} renewed")
}

fn main() {
    let _ = Registry::builder().tools(tools![renew]).build();
}
