//! `catalog![...]` lists tools, prompts and resources by path, in one list; a tool takes
//! `icons(…)` and `meta = …` too; `tools![...]` keeps working beside it.
use mcp_tools::prelude::*;

mod loans {
    use mcp_tools::prelude::*;

    /// One loan's due date and renewals left.
    #[resource("library://loans/{loan_id}", mime_type = "text/plain")]
    pub async fn loan(loan_id: String) -> String {
        format!("{loan_id}: due 2026-05-01, one renewal left")
    }

    /// Every loan of a borrower.
    #[resource("library://loans/{loan_id}/history")]
    pub async fn loan_history(loan_id: String) -> String {
        format!("{loan_id}: lent 2026-04-10")
    }
}

/// Renew a loan by three weeks, if renewals are left.
///
/// Use when a borrower asks for more time before the due date.
#[tool(
    namespace = "loan",
    destructive = false,
    icons("https://example.com/renew.png"),
    meta = r#"{"com.example/desk": "front"}"#
)]
async fn renew(
    /// Loan id, like `L-1042`.
    loan_id: String,
) -> String {
    format!("{loan_id} renewed")
}

/// Draft a note that tells a borrower their renewal went through.
#[prompt(namespace = "library")]
async fn renewal_note(
    /// The borrower's first name.
    borrower: String,
) -> String {
    format!("Tell {borrower}, in two sentences, that their loan was renewed.")
}

fn main() {
    let catalog = catalog![renew, renewal_note, loans::loan, loans::loan_history];
    assert_eq!(
        (
            catalog.tools().len(),
            catalog.prompts().len(),
            catalog.resources().len()
        ),
        (1, 1, 2)
    );
    let again = catalog![crate = ::mcp_tools; renew, loans::loan];
    assert_eq!(again.tools().len() + again.resources().len(), 2);
    let empty = catalog![];
    assert!(empty.tools().is_empty());

    let registry = Registry::builder().catalog(catalog).build().unwrap();
    let tool = serde_json::to_value(&registry.tool_definitions()[0]).unwrap();
    assert_eq!(tool["icons"][0]["src"], "https://example.com/renew.png");
    assert_eq!(tool["_meta"]["com.example/desk"], "front");

    let registry = Registry::builder().tools(tools![renew]).build().unwrap();
    assert_eq!(registry.tool_definitions().len(), 1);
}
