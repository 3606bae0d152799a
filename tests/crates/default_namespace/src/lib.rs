//! Tools without a namespace take the crate's (`fs`); an explicit one still wins. The wire
//! names are checked at compile time.

use mcp_tools::__private::v1::same_name as same;

/// Read a text file and return its complete contents as UTF-8 text.
#[mcp_tools::tool(read_only)]
pub async fn read_file(
    /// Path of the file, relative to the workspace root.
    path: String,
) -> String {
    String::new()
}

const _: () = assert!(same(
    <read_file as mcp_tools::__private::v1::ToolSpec>::NAME,
    "fs_read_file"
));

/// Return how many bytes the volume holding the workspace has used and has free.
#[mcp_tools::tool(namespace = "disk", read_only)]
pub async fn get_usage() -> String {
    String::new()
}

const _: () = assert!(same(
    <get_usage as mcp_tools::__private::v1::ToolSpec>::NAME,
    "disk_get_usage"
));
