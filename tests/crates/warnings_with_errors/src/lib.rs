//! A tool with an error and a warning, and a tool with only a warning: every report shows.

/// Look a user up by chat handle and return their name, team and time zone.
#[mcp_tools::tool(namespace = "directory", name = "findUser", read_only)]
pub async fn find_user(needle: String, timeout: u64) -> String {
    String::new()
}

/// Look a team up by its slug and return its members and their roles.
#[mcp_tools::tool(namespace = "directory", name = "getTeam", read_only)]
pub async fn get_team(
    /// The team's slug, for example `platform-infra`.
    team_slug: String,
) -> String {
    String::new()
}
