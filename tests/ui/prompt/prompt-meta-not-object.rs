//! `meta = …` holds the `_meta` object as JSON text; anything else is reported at it, and
//! an icon that is neither `https:` nor `data:` at its literal.
use mcp_tools::prelude::*;

/// Draft a friendly reminder for an overdue loan, in the library's voice.
#[prompt(namespace = "library", meta = r#"["kind"]"#, icons("ftp://example.com/remind.png"))]
async fn overdue_reminder(
    /// The borrower's first name.
    borrower: String,
) -> String {
    format!("Remind {borrower} kindly that their book is overdue.")
}

fn main() {
    let _ = catalog![overdue_reminder];
}
