//! A key of `#[tool]` on a prompt is unknown there, with the prompt's keys listed.
use mcp_tools::prelude::*;

/// Draft a friendly reminder for an overdue loan, in the library's voice.
#[prompt(namespace = "library", read_only)]
async fn overdue_reminder(
    /// The borrower's first name.
    borrower: String,
) -> String {
    format!("Remind {borrower} kindly that their book is overdue.")
}

fn main() {
    let _ = catalog![overdue_reminder];
}
