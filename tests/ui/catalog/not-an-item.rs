//! `catalog![...]` naming a fn without #[tool], #[prompt] or #[resource] is reported at that
//! name, and a type that is none of them at its path.
use mcp_tools::prelude::*;

/// The library's loan rules: loan periods, renewals and fines.
#[resource("library://policy/loans")]
async fn loan_policy() -> String {
    "# Loans".to_owned()
}

async fn opening_hours() -> String {
    "9 to 5".to_owned()
}

struct Helper;

fn main() {
    let _ = catalog![loan_policy, opening_hours];
    let _ = catalog![loan_policy, Helper];
}
