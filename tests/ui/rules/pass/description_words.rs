//! `description_placeholder` edge: "placeholder" as the subject of a tool (template fields),
//! not as filler, is a description like any other.
use mcp_tools::prelude::*;

/// Fill every placeholder of a document template, like `{{customer_name}}`, with its value.
///
/// Use to draft letters and quotes from a stored template; unknown fields are listed, not
/// left empty.
#[tool(namespace = "template", read_only)]
async fn render(
    /// Template name, for example `quote_v3`.
    #[param(pattern = "^[a-z0-9_]{1,40}$")]
    template_name: String,
    /// Field values by name, for example `{"customer_name": "Ana Sousa"}`.
    fields: std::collections::BTreeMap<String, String>,
) -> String {
    format!("{template_name} with {} fields", fields.len())
}

fn main() {
    let _ = Registry::builder()
        .server_info("t", "1")
        .tools(tools![render])
        .build()
        .unwrap();
}
