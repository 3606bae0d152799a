//! Three correct tools; only the crate's settings are wrong.

/// Read a text file and return its complete contents as UTF-8 text.
#[mcp_tools::tool(namespace = "fs", read_only)]
pub async fn read_file(
    /// Path of the file, relative to the workspace root.
    path: String,
) -> String {
    String::new()
}

/// List the files and subdirectories of a directory, each marked `[FILE]` or `[DIR]`.
#[mcp_tools::tool(namespace = "fs", read_only)]
pub async fn list_directory(
    /// Path of the directory, relative to the workspace root.
    path: String,
) -> String {
    String::new()
}

/// Return a file's size, modification time and permissions.
#[mcp_tools::tool(namespace = "fs", read_only)]
pub async fn get_file_info(
    /// Path of the file, relative to the workspace root.
    path: String,
) -> String {
    String::new()
}
