//! A few tools of the reference filesystem server, under their published names.

/// Read a text file and return its complete contents as UTF-8 text.
///
/// Only files inside the allowed directories can be read; list them with
/// `list_allowed_directories` first.
#[mcp_tools_runtime::tool(title = "Read File", read_only, open_world = false)]
pub async fn read_file(
    /// Path of the file, absolute or relative to an allowed directory.
    path: String,
) -> String {
    String::new()
}

/// List the files and subdirectories of a directory, each marked `[FILE]` or `[DIR]`.
///
/// Use it to find a file's exact path before reading it.
#[mcp_tools_runtime::tool(title = "List Directory", read_only, open_world = false)]
pub async fn list_directory(
    /// Path of the directory, absolute or relative to an allowed directory.
    path: String,
) -> String {
    String::new()
}

/// Return a file's or directory's metadata: size, creation and modification times,
/// permissions and type.
#[mcp_tools_runtime::tool(title = "Get File Info", read_only, open_world = false)]
pub async fn get_file_info(
    /// Path of the file or directory, absolute or relative to an allowed directory.
    path: String,
) -> String {
    String::new()
}
