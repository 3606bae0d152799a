//! A small library server, written as the README shows.

use std::{fmt::Write as _, sync::Mutex};

use mcp_tools::{
    prelude::*,
    rmcp::model::{PromptMessage, Role},
};

/// The loans of the library, by id.
pub(crate) struct Loans {
    pub(crate) titles: Mutex<Vec<(String, String)>>,
}

impl Loans {
    pub(crate) fn sample() -> Self {
        Loans {
            titles: Mutex::new(vec![
                ("L-1001".into(), "Middlemarch".into()),
                ("L-1002".into(), "Moby-Dick".into()),
                ("L-2001".into(), "Persuasion".into()),
            ]),
        }
    }
}

/// The rules a librarian applies to loans: durations, renewals and fines.
#[resource(
    "library://policy/loans",
    mime_type = "text/markdown",
    audience("user", "assistant"),
    priority = 0.8
)]
pub(crate) async fn loan_policy() -> &'static str {
    "# Loans\n\nBooks: three weeks. Two renewals. Fines: 0.20 EUR a day.\n"
}

/// One loan: the book and who borrowed it.
#[resource("library://loans/{loan_id}", mime_type = "application/json")]
pub(crate) async fn loan(
    loans: State<Loans>,
    /// The loan's id, like `L-1001`.
    #[param(pattern = r"^L-\d{4}$", complete = loan_ids)]
    loan_id: String,
) -> Result<Json<serde_json::Value>, ToolError> {
    let titles = loans.titles.lock().expect("not poisoned");
    let (_, title) = titles
        .iter()
        .find(|(id, _)| *id == loan_id)
        .ok_or_else(|| ToolError::not_found(format!("no loan `{loan_id}`")))?;
    Ok(Json(
        serde_json::json!({"loan_id": loan_id, "title": title}),
    ))
}

/// The loan ids that start with what was typed.
pub(crate) fn loan_ids(c: &Completion) -> Vec<String> {
    let Some(loans) = c.state::<Loans>() else {
        return Vec::new();
    };
    let titles = loans.titles.lock().expect("not poisoned");
    titles
        .iter()
        .map(|(id, _)| id.clone())
        .filter(|id| id.starts_with(c.value()))
        .collect()
}

/// A shelf's catalogue page, the shelf path as the library files it.
#[resource("library://shelves/{+shelf}")]
pub(crate) async fn shelf(
    /// The shelf's path below the catalogue, like `fiction/a-c`.
    shelf: String,
) -> String {
    format!("Shelf {shelf}: 40 books.")
}

/// A search of the catalogue by free text, which is never used as a path.
#[resource("library://search/{+text}")]
pub(crate) async fn search(
    /// Any text, as typed.
    #[param(unchecked = "the text is matched against titles, never opened as a path")]
    text: String,
) -> String {
    format!("Results for {text}.")
}

/// The whole catalogue, one line per book: long.
#[resource("library://catalogue", max_response_tokens = 600)]
pub(crate) async fn catalogue() -> String {
    catalogue_text()
}

pub(crate) fn catalogue_text() -> String {
    (1..=400).fold(String::new(), |mut text, i| {
        let _ = writeln!(text, "{i}. A book about the history of reading, volume {i}");
        text
    })
}

/// The staff rota: only for staff.
#[resource("library://staff/rota", scopes("library:staff"))]
pub(crate) async fn rota() -> &'static str {
    "Monday: Ada. Tuesday: Brian."
}

/// Draft a friendly reminder for an overdue loan.
///
/// Use when a loan is past its due date; the draft is for a librarian to send.
#[prompt(namespace = "library")]
pub(crate) async fn overdue_reminder(
    /// The borrower's first name.
    borrower: String,
    /// Days past the due date.
    #[param(min = 1, max = 365)]
    days_overdue: u32,
    /// The loan, as `L-` and four digits.
    #[param(complete = loan_ids)]
    loan_id: Option<String>,
) -> Vec<PromptMessage> {
    let loan = loan_id
        .map(|id| format!(" (loan {id})"))
        .unwrap_or_default();
    vec![
        PromptMessage::new_text(
            Role::User,
            format!("Write to {borrower}: the book{loan} is {days_overdue} days late."),
        ),
        PromptMessage::new_text(Role::Assistant, "Here is a kind reminder:"),
    ]
}

/// Explain a fine to a borrower, for staff only.
#[prompt(namespace = "library", scopes("library:staff"))]
pub(crate) async fn explain_fine(
    /// The fine in euro cents.
    amount_cents: u32,
) -> String {
    format!("Explain a fine of {amount_cents} cents.")
}

/// A prompt whose fn fails: its handler panics.
#[prompt(namespace = "library")]
pub(crate) async fn broken() -> String {
    panic!("the template file is missing")
}

/// Record a loan's return, which changes the loan resource.
#[tool(namespace = "library", destructive = false)]
pub(crate) async fn return_loan(
    loans: State<Loans>,
    updates: State<ResourceUpdates>,
    /// The loan's id, like `L-1001`.
    loan_id: String,
) -> String {
    loans
        .titles
        .lock()
        .expect("not poisoned")
        .retain(|(id, _)| *id != loan_id);
    let told = updates.updated(&format!("library://loans/{loan_id}")).await;
    format!("returned {loan_id}; {told} subscriber(s) told")
}

pub(crate) fn registry() -> Registry {
    registry_as(Caller::local())
}

pub(crate) fn registry_as(caller: Caller) -> Registry {
    Registry::builder()
        .server_info("library", "1.0.0")
        .state(Loans::sample())
        .default_caller(caller)
        .catalog(catalog![
            loan_policy,
            loan,
            shelf,
            search,
            catalogue,
            rota,
            overdue_reminder,
            explain_fine,
            broken,
            return_loan
        ])
        .build()
        .expect("the library builds")
}
