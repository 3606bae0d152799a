//! A prompt without a doc comment, and an argument without one, are reported: the
//! description is what a client shows a user choosing a prompt.
use mcp_tools::prelude::*;

#[prompt(namespace = "library")]
async fn overdue_reminder(borrower: String) -> String {
    format!("Remind {borrower} kindly that their book is overdue.")
}

fn main() {
    let _ = catalog![overdue_reminder];
}

// A warning does not stop the build; this error does, so the test can show the warnings.
compile_error!("end of test: the warnings of this file are the output under test");
