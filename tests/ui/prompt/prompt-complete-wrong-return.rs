//! A completion fn returns strings; one that returns numbers is reported at `complete = …`.
use mcp_tools::prelude::*;

/// The loan numbers that start with what the user typed.
async fn loan_numbers(c: Completion) -> Vec<u32> {
    c.value().parse().into_iter().collect()
}

/// Draft a friendly reminder for an overdue loan, in the library's voice.
#[prompt(namespace = "library")]
async fn overdue_reminder(
    /// The loan number, as printed on the receipt.
    #[param(complete = loan_numbers)]
    loan: u32,
) -> String {
    format!("Remind the borrower of loan {loan} kindly that their book is overdue.")
}

fn main() {
    let _ = catalog![overdue_reminder];
}
