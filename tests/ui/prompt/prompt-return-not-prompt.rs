//! A return type that is no prompt (a number) is reported at it.
use mcp_tools::prelude::*;

/// Draft a friendly reminder for an overdue loan, in the library's voice.
#[prompt(namespace = "library")]
async fn overdue_reminder(
    /// The borrower's first name.
    borrower: String,
) -> u32 {
    borrower.len() as u32
}

fn main() {
    let _ = catalog![overdue_reminder];
}
