//! `complete` on a parameter the server supplies is reported at the key.
use mcp_tools::prelude::*;

struct Library;

/// The borrowers whose names start with what the user typed.
async fn borrowers(c: Completion) -> Vec<String> {
    vec![c.value().to_owned()]
}

/// Draft a friendly reminder for an overdue loan, in the library's voice.
#[prompt(namespace = "library")]
async fn overdue_reminder(
    #[param(complete = borrowers)]
    library: State<Library>,
    /// The borrower's first name.
    borrower: String,
) -> String {
    let _ = library;
    format!("Remind {borrower} kindly that their book is overdue.")
}

fn main() {
    let _ = catalog![overdue_reminder];
}
