//! Each class of malformed URI template is one error at the literal, the offending bytes
//! shown under the template, with the levels of RFC 6570 supported named where that is why.
use mcp_tools::prelude::*;

/// A loan's due date and renewals left.
#[resource("library://loans/{loan_id")]
async fn unclosed(loan_id: String) -> String {
    loan_id
}

/// A loan's due date and renewals left.
#[resource("library://loans/loan_id}")]
async fn unopened() -> String {
    String::new()
}

/// A loan's due date and renewals left.
#[resource("loans/{loan_id}")]
async fn no_scheme(loan_id: String) -> String {
    loan_id
}

/// A loan's due date and renewals left.
#[resource("library://loans/{}")]
async fn empty_variable() -> String {
    String::new()
}

/// A loan's due date and renewals left.
#[resource("library://loans/{loan-id}")]
async fn bad_name() -> String {
    String::new()
}

/// A loan's due date and renewals left.
#[resource("library://loans/{branch}{loan_id}")]
async fn adjacent(branch: String, loan_id: String) -> String {
    branch + &loan_id
}

/// A loan's due date and renewals left.
#[resource("library://loans/{loan_id}/{loan_id}")]
async fn twice(loan_id: String) -> String {
    loan_id
}

/// A loan's due date and renewals left.
#[resource("library://loans{?page}")]
async fn level_3(page: u32) -> String {
    page.to_string()
}

/// A loan's due date and renewals left.
#[resource("library://loans/{loan_id:4}")]
async fn level_4(loan_id: String) -> String {
    loan_id
}

/// A loan's due date and renewals left.
#[resource("library://loans/{branch,loan_id}")]
async fn list(branch: String, loan_id: String) -> String {
    branch + &loan_id
}

/// A loan's due date and renewals left.
#[resource("library://loans/my%20loans/{loan_id}")]
async fn escape_in_template(loan_id: String) -> String {
    loan_id
}

/// A loan's due date and renewals left.
#[resource("library://loans/my loans")]
async fn whitespace() -> String {
    String::new()
}

fn main() {
    let _ = catalog![
        unclosed,
        unopened,
        no_scheme,
        empty_variable,
        bad_name,
        adjacent,
        twice,
        level_3,
        level_4,
        list,
        escape_in_template,
        whitespace
    ];
}
