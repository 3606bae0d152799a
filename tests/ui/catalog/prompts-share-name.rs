//! `catalog![...]` with two prompts of one wire name fails to compile, naming both fns.
use mcp_tools::prelude::*;

mod v1 {
    use mcp_tools::prelude::*;

    /// Draft a friendly reminder for an overdue loan, in the library's voice.
    #[prompt(namespace = "library")]
    pub async fn overdue_reminder(
        /// The borrower's first name.
        borrower: String,
    ) -> String {
        format!("Remind {borrower} kindly that their book is overdue.")
    }
}

/// Draft a firm reminder for a loan overdue more than a month.
#[prompt(namespace = "library")]
async fn overdue_reminder(
    /// The borrower's first name.
    borrower: String,
) -> String {
    format!("Remind {borrower} firmly that their book is a month overdue.")
}

fn main() {
    let _ = catalog![overdue_reminder, v1::overdue_reminder];
}
