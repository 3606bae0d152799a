//! A fixed resource and a template resource: each variable a typed parameter, matched by
//! its wire name (`rename` included), `unchecked` opting one out of the path checks, and a
//! completion for another.
use mcp_tools::prelude::*;

struct Shelves {
    count: u32,
}

/// The loan ids that start with what the user typed.
async fn loan_ids(c: Completion) -> Result<Vec<String>, ToolError> {
    Ok(vec![format!("{}42", c.value())])
}

/// The library's loan rules: loan periods, renewals and fines, as the librarians apply them.
#[resource(
    "library://policy/loans",
    mime_type = "text/markdown",
    size = 36,
    audience("user", "assistant"),
    priority = 0.8,
    icons("https://example.com/policy.png"),
    meta = r#"{"com.example/reviewed": "2026-03"}"#
)]
async fn loan_policy() -> String {
    "# Loans\nThree weeks; two renewals.".to_owned()
}

/// One loan's history: when it was lent, renewed and returned.
#[resource(
    "library://loans/{loan_id}/pages/{page}/{+section}",
    name = "loan_history",
    mime_type = "text/plain",
    max_response_tokens = 500,
    binary = "drop"
)]
async fn history(
    shelves: State<Shelves>,
    #[param(complete = loan_ids)]
    loan_id: String,
    page: u32,
    #[param(rename = "section", unchecked = "matched against a fixed list, never opened as a path")]
    part: String,
) -> String {
    format!("{loan_id} page {page} of {}: {part}", shelves.count)
}

fn main() {
    let registry = Registry::builder()
        .state(Shelves { count: 12 })
        .catalog(catalog![loan_policy, history])
        .build()
        .unwrap();
    let (fixed, templates) = registry.resource_definitions();
    let fixed = serde_json::to_value(fixed).unwrap();
    assert_eq!(fixed[0]["uri"], "library://policy/loans");
    assert_eq!(fixed[0]["name"], "loan_policy");
    assert_eq!(fixed[0]["mimeType"], "text/markdown");
    assert_eq!(fixed[0]["size"], 36);
    assert!(
        fixed[0]["description"]
            .as_str()
            .unwrap()
            .starts_with("The library's loan rules"),
        "{fixed}"
    );
    let templates = serde_json::to_value(templates).unwrap();
    assert_eq!(
        templates[0]["uriTemplate"],
        "library://loans/{loan_id}/pages/{page}/{+section}"
    );
    assert_eq!(templates[0]["name"], "loan_history");

    let runtime = tokio::runtime::Runtime::new().unwrap();
    let read = runtime
        .block_on(registry.read_resource_at("library://policy/loans"))
        .unwrap();
    let text = serde_json::to_value(&read).unwrap().to_string();
    assert!(text.contains("Three weeks"), "{text}");

    let read = runtime
        .block_on(registry.read_resource_at("library://loans/L-7/pages/3/../notes"))
        .unwrap();
    let text = serde_json::to_value(&read).unwrap().to_string();
    assert!(text.contains("L-7 page 3 of 12: ../notes"), "{text}");

    // A variable whose text its type cannot take is refused, naming it.
    let err = runtime
        .block_on(registry.read_resource_at("library://loans/L-7/pages/three/intro"))
        .unwrap_err();
    assert!(err.message.contains("page"), "{}", err.message);
}
