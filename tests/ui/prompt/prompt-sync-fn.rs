//! A prompt that is not an `async fn` breaks `async_fn`, reported at `fn`.
use mcp_tools::prelude::*;

/// Draft a friendly reminder for an overdue loan, in the library's voice.
#[prompt(namespace = "library")]
fn overdue_reminder(
    /// The borrower's first name.
    borrower: String,
) -> String {
    format!("Remind {borrower} kindly that their book is overdue.")
}

fn main() {
    let _ = catalog![overdue_reminder];
}
