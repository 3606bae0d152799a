//! A tool without a namespace: an error until Cargo.toml gives the crate one.

/// Read a text file and return its complete contents as UTF-8 text.
#[mcp_tools_runtime::tool(read_only)]
pub async fn read_file(
    /// Path of the file, relative to the workspace root.
    path: String,
) -> String {
    String::new()
}
