//! `destructive_verb` edge: `find_and_replace` starts with a read verb but overwrites text, so
//! it is rightly `destructive = true`.
use mcp_tools::prelude::*;

/// Replace every match of a phrase in a document and return how many were replaced.
///
/// Use for renames across a whole document; the previous version stays in its history.
#[tool(namespace = "document", destructive = true)]
async fn find_and_replace(
    /// Document id, for example `doc-8812`.
    #[param(pattern = r"^doc-\d+$")]
    document_id: String,
    /// Exact text to find.
    #[param(min_length = 1, max_length = 500)]
    search_text: String,
    /// Text to put in its place.
    #[param(max_length = 500)]
    replacement: String,
) -> String {
    format!("{document_id}: `{search_text}` → `{replacement}` 3 times")
}

fn main() {
    let _ = Registry::builder()
        .server_info("t", "1")
        .tools(tools![find_and_replace])
        .build()
        .unwrap();
}
