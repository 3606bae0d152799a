//! Each tool breaks one rule whose level the crate changed.

/// List the branches of the repository, with the commit each one points at.
///
/// `verb_first` warns by default; raised to an error here.
#[mcp_tools::tool(namespace = "git", read_only)]
pub async fn branch() -> String {
    String::new()
}

/// Return the shipment's current status and where it was last scanned.
///
/// `param_description_required` is an error by default; lowered to a warning here.
#[mcp_tools::tool(namespace = "shipment", read_only)]
pub async fn get_status(shipment_number: String) -> String {
    String::new()
}

/// Look a user up by email address and return their name, team and time zone.
///
/// `name_style` warns by default; allowed here, so nothing is reported.
#[mcp_tools::tool(namespace = "directory", name = "getUser", read_only)]
pub async fn get_user(
    /// The user's email address, for example `ada@example.com`.
    email: String,
) -> String {
    String::new()
}
