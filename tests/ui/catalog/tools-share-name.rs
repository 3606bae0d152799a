//! `catalog![...]` checks tools as `tools![...]` does: two of one wire name fail to compile.
use mcp_tools::prelude::*;

mod v1 {
    use mcp_tools::prelude::*;

    /// Renew a loan by three weeks, if renewals are left.
    #[tool(namespace = "loan", destructive = false)]
    pub async fn renew(
        /// Loan id, like `L-1042`.
        loan_id: String,
    ) -> String {
        format!("{loan_id} renewed")
    }
}

/// Renew a loan by a week, however many renewals it had.
#[tool(namespace = "loan", destructive = false)]
async fn renew(
    /// Loan id, like `L-1042`.
    loan_id: String,
) -> String {
    format!("{loan_id} renewed")
}

fn main() {
    let _ = catalog![renew, v1::renew];
}
