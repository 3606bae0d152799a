//! Prompts: the listing, arguments checked as a tool's (every problem at once), scopes,
//! and a panic that reaches the client masked.

use mcp_tools::Caller;
use serde_json::json;

use super::library::{registry, registry_as};

#[test]
fn a_prompt_lists_its_documented_arguments_with_required_flags() {
    let prompts = registry().prompt_definitions();
    let reminder = prompts
        .iter()
        .find(|p| p.name == "library_overdue_reminder")
        .expect("listed by namespace and fn name");
    assert_eq!(reminder.title.as_deref(), Some("Library: Overdue Reminder"));
    assert!(
        reminder
            .description
            .as_deref()
            .is_some_and(|d| d.starts_with("Draft a friendly reminder for an overdue loan.")),
        "{reminder:?}"
    );
    let arguments: Vec<(&str, Option<&str>, Option<bool>)> = reminder
        .arguments
        .iter()
        .flatten()
        .map(|a| (a.name.as_str(), a.description.as_deref(), a.required))
        .collect();
    assert_eq!(
        arguments,
        [
            ("borrower", Some("The borrower's first name."), Some(true)),
            ("days_overdue", Some("Days past the due date."), Some(true)),
            (
                "loan_id",
                Some("The loan, as `L-` and four digits."),
                Some(false)
            ),
        ]
    );
}

#[tokio::test]
async fn arguments_arrive_as_strings_and_are_parsed_by_type() {
    let result = registry()
        .get_prompt_with(
            "library_overdue_reminder",
            json!({"borrower": "Ada", "days_overdue": "12", "loan_id": "L-1001"}),
        )
        .await
        .expect("the prompt runs");
    assert_eq!(result.messages.len(), 2);
    let text = &result.messages[0]
        .content
        .as_text()
        .expect("a text message")
        .text;
    assert_eq!(
        text,
        "Write to Ada: the book (loan L-1001) is 12 days late."
    );
    // The prompt's description travels with its messages.
    assert!(result.description.is_some());
}

#[tokio::test]
async fn every_argument_problem_is_named_at_once() {
    let err = registry()
        .get_prompt_with(
            "library_overdue_reminder",
            json!({"days_overdue": "900", "borower": "Ada"}),
        )
        .await
        .expect_err("three problems");
    assert_eq!(err.code.0, -32602);
    let message = err.message.to_string();
    for expected in [
        "missing required argument `borrower`",
        "days_overdue must be at most 365",
        "`borower`",
        "did you mean `borrower`?",
    ] {
        assert!(message.contains(expected), "{expected:?} not in {message}");
    }
}

#[tokio::test]
async fn a_number_argument_that_is_not_a_number_names_its_type() {
    let err = registry()
        .get_prompt_with(
            "library_overdue_reminder",
            json!({"borrower": "Ada", "days_overdue": "twelve"}),
        )
        .await
        .expect_err("not a number");
    assert!(err.message.contains("days_overdue"), "{}", err.message);
    assert!(err.message.contains("integer"), "{}", err.message);
}

#[tokio::test]
async fn an_unknown_prompt_is_invalid_params_with_the_nearest_name() {
    let err = registry()
        .get_prompt_with("library_overdue_remind", json!({}))
        .await
        .expect_err("unknown");
    assert_eq!(err.code.0, -32602);
    assert!(
        err.message
            .contains("did you mean `library_overdue_reminder`?"),
        "{}",
        err.message
    );
}

#[tokio::test]
async fn a_prompt_needing_a_scope_is_hidden_and_refused_without_it() {
    let visitor = registry_as(Caller::new("visitor"));
    let staff = registry_as(Caller::new("clerk").with_scopes(["library:staff"]));
    assert!(
        staff
            .prompt_definitions()
            .iter()
            .any(|p| p.name == "library_explain_fine")
    );
    let err = visitor
        .get_prompt_with("library_explain_fine", json!({"amount_cents": "40"}))
        .await
        .expect_err("no scope");
    assert!(err.message.contains("`library:staff`"), "{}", err.message);
    let ok = staff
        .get_prompt_with("library_explain_fine", json!({"amount_cents": "40"}))
        .await
        .expect("the scope is held");
    assert_eq!(ok.messages.len(), 1);
}

#[tokio::test]
async fn a_panicking_prompt_is_masked_and_the_registry_goes_on() {
    let registry = registry();
    let err = registry
        .get_prompt_with("library_broken", json!({}))
        .await
        .expect_err("it panics");
    assert_eq!(err.code.0, -32603);
    assert!(
        err.message.contains("internal error (reference "),
        "{}",
        err.message
    );
    assert!(
        !err.message.contains("template file"),
        "the detail stays in the log: {}",
        err.message
    );
    registry
        .get_prompt_with(
            "library_overdue_reminder",
            json!({"borrower": "Ada", "days_overdue": 3}),
        )
        .await
        .expect("the next prompt still runs");
}
