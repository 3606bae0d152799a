//! A completion fn takes a `Completion`; one that takes the typed text is reported at
//! `complete = …`.
use mcp_tools::prelude::*;

/// The borrowers whose names start with `typed`.
async fn borrowers(typed: String) -> Vec<String> {
    vec![typed]
}

/// Draft a friendly reminder for an overdue loan, in the library's voice.
#[prompt(namespace = "library")]
async fn overdue_reminder(
    /// The borrower's first name.
    #[param(complete = borrowers)]
    borrower: String,
) -> String {
    format!("Remind {borrower} kindly that their book is overdue.")
}

fn main() {
    let _ = catalog![overdue_reminder];
}
