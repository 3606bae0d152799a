//! `unchecked` is a key of a resource template's variables; on a prompt's argument it is
//! unknown, with the prompt's keys listed.
use mcp_tools::prelude::*;

/// Draft a friendly reminder for an overdue loan, in the library's voice.
#[prompt(namespace = "library")]
async fn overdue_reminder(
    /// The borrower's first name.
    #[param(unchecked = "only printed")]
    borrower: String,
) -> String {
    format!("Remind {borrower} kindly that their book is overdue.")
}

fn main() {
    let _ = catalog![overdue_reminder];
}
