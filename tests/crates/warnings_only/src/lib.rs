//! Tools that break only warning-level rules: each still builds, with a warning at its token.
//! The `strict` case compiles this file too.

/// List the branches of the repository, with the commit each one points at.
#[mcp_tools::tool(namespace = "git", read_only)]
pub async fn branch() -> String {
    String::new()
}

/// Look a user up by email address and return their name, team and time zone.
#[mcp_tools::tool(namespace = "directory", name = "getUser", read_only)]
pub async fn get_user(
    /// The user's email address, for example `ada@example.com`.
    email: String,
) -> String {
    String::new()
}

/// Invoice.
#[mcp_tools::tool(namespace = "billing", read_only)]
pub async fn get_invoice(
    /// Invoice number, for example `INV-2026-0042`.
    invoice_number: String,
) -> String {
    String::new()
}
