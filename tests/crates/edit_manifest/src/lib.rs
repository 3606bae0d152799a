//! A tool with a warning, until Cargo.toml makes the crate strict. Only the manifest
//! changes between the two builds; cargo must rebuild the crate for the report to change.

/// Look a user up by email address and return their name, team and time zone.
#[mcp_tools::tool(namespace = "directory", name = "getUser", read_only)]
pub async fn get_user(
    /// The user's email address, for example `ada@example.com`.
    email: String,
) -> String {
    String::new()
}
