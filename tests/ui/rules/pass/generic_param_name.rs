//! `generic_param_name` edges: names that say what they hold pass, and the rule reads the wire
//! name, so `#[param(rename = "user_id")] user` passes too.
use mcp_tools::prelude::*;

/// Give a user access to a shared folder, with read or write rights.
///
/// Use when a colleague asks for access; granting the same rights twice changes nothing.
#[tool(namespace = "drive", destructive = false, idempotent)]
async fn share_folder(
    /// Folder id from the folder's URL, for example `0B7x9kQ2`.
    #[param(pattern = "^[A-Za-z0-9_-]{6,44}$")]
    folder_id: String,
    /// Id of the user to share with, for example `u-4412`.
    #[param(rename = "user_id", pattern = r"^u-\d+$")]
    user: String,
    /// `read` or `write`.
    #[param(pattern = "^(read|write)$")]
    access_level: String,
    /// Ids of further users to share with, for example `["u-18", "u-93"]`.
    #[param(max_length = 20)]
    user_ids: Option<Vec<String>>,
) -> String {
    let more = user_ids.map_or(0, |ids| ids.len());
    format!("{folder_id} shared with {user} and {more} more ({access_level})")
}

fn main() {
    let registry = Registry::builder()
        .server_info("t", "1")
        .tools(tools![share_folder])
        .build()
        .unwrap();
    let tool = serde_json::to_value(&registry.tool_definitions()[0]).unwrap();
    assert!(
        tool["inputSchema"]["properties"].get("user_id").is_some(),
        "{tool}"
    );
    assert!(
        tool["inputSchema"]["properties"].get("user").is_none(),
        "{tool}"
    );
}
