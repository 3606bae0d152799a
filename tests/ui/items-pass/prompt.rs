//! A prompt: the doc comment is its description, each parameter an argument with its own
//! doc, `Option` optional; `State<T>` and `ToolContext` are injected; arguments arrive as
//! strings and are checked like a tool's, every problem named at once.
use mcp_tools::prelude::*;
use serde_json::json;

struct Library {
    name: &'static str,
}

/// The borrowers whose names start with what the user typed; a completion fn that awaits
/// nothing need not be `async`.
fn borrowers(c: &Completion) -> Vec<String> {
    ["Ada", "Alan", "Grace"]
        .iter()
        .filter(|b| b.starts_with(c.value()))
        .map(|b| (*b).to_owned())
        .collect()
}

/// Draft a friendly reminder for an overdue loan, in the library's voice.
///
/// Use when a loan is past its due date and the borrower has not been told yet.
#[prompt(
    namespace = "library",
    title = "Overdue reminder",
    icons("https://example.com/remind.png"),
    meta = r#"{"com.example/tone": "kind"}"#
)]
async fn overdue_reminder(
    library: State<Library>,
    /// The borrower's first name.
    #[param(complete = borrowers, max_length = 40)]
    borrower: String,
    /// Days overdue; the tone firms up after a week.
    #[param(min = 1)]
    days_overdue: Option<u32>,
    ctx: ToolContext,
) -> String {
    let days = days_overdue.map_or_else(|| "some".to_owned(), |d| d.to_string());
    format!(
        "Write to {borrower} from {} ({}): their book is {days} days overdue.",
        library.name,
        ctx.tool_name()
    )
}

fn main() {
    let registry = Registry::builder()
        .state(Library { name: "North Branch" })
        .catalog(catalog![overdue_reminder])
        .build()
        .unwrap();
    let listed = serde_json::to_value(registry.prompt_definitions()).unwrap();
    let prompt = &listed[0];
    assert_eq!(prompt["name"], "library_overdue_reminder");
    assert_eq!(prompt["title"], "Overdue reminder");
    assert!(
        prompt["description"]
            .as_str()
            .unwrap()
            .starts_with("Draft a friendly reminder"),
        "{prompt}"
    );
    assert_eq!(
        prompt["arguments"],
        json!([
            {"name": "borrower", "description": "The borrower's first name.", "required": true},
            {"name": "days_overdue", "description": "Days overdue; the tone firms up after a week.", "required": false},
        ])
    );
    assert_eq!(prompt["icons"][0]["src"], "https://example.com/remind.png");
    assert_eq!(prompt["_meta"]["com.example/tone"], "kind");

    let runtime = tokio::runtime::Runtime::new().unwrap();
    let got = runtime
        .block_on(registry.get_prompt_with(
            "library_overdue_reminder",
            json!({"borrower": "Ada", "days_overdue": "9"}),
        ))
        .unwrap();
    let text = serde_json::to_value(&got).unwrap().to_string();
    assert!(
        text.contains("Write to Ada from North Branch (library_overdue_reminder): their book is 9 days overdue."),
        "{text}"
    );

    // Every problem at once: a missing argument and a number below its minimum.
    let err = runtime
        .block_on(registry.get_prompt_with(
            "library_overdue_reminder",
            json!({"days_overdue": "0"}),
        ))
        .unwrap_err();
    assert!(err.message.contains("borrower"), "{}", err.message);
    assert!(err.message.contains("days_overdue"), "{}", err.message);
}
