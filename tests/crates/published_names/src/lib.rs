//! The reference filesystem server, ported whole under its published names: its
//! descriptions and annotations as published, with a doc on every parameter whose meaning
//! or form the rules rightly asked for. The one crate-level setting is in Cargo.toml.

#![allow(non_snake_case)]

/// One replacement of `edit_file`.
#[derive(serde::Deserialize, schemars::JsonSchema)]
pub struct Edit {
    /// Text to search for - must match exactly
    pub oldText: String,
    /// Text to replace with
    pub newText: String,
}

/// How `list_directory_with_sizes` orders entries.
#[derive(serde::Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum SortBy {
    /// By name.
    Name,
    /// By size, largest first.
    Size,
}

/// Read the complete contents of a file as text. DEPRECATED: Use read_text_file instead.
#[mcp_tools::tool(title = "Read File (Deprecated)", read_only, open_world = false)]
pub async fn read_file(
    /// Path of the file or directory, absolute or relative to an allowed directory.
    path: String,
    /// If provided, returns only the last N lines of the file
    tail: Option<u32>,
    /// If provided, returns only the first N lines of the file
    head: Option<u32>,
) -> String {
    String::new()
}

/// Read the complete contents of a file from the file system as text. Handles various text encodings and provides detailed error messages if the file cannot be read. Use this tool when you need to examine the contents of a single file. Use the 'head' parameter to read only the first N lines of a file, or the 'tail' parameter to read only the last N lines of a file. Operates on the file as text regardless of extension. Only works within allowed directories.
#[mcp_tools::tool(title = "Read Text File", read_only, open_world = false)]
pub async fn read_text_file(
    /// Path of the file or directory, absolute or relative to an allowed directory.
    path: String,
    /// If provided, returns only the last N lines of the file
    tail: Option<u32>,
    /// If provided, returns only the first N lines of the file
    head: Option<u32>,
) -> String {
    String::new()
}

/// Read a file and return it as a base64-encoded content block with its MIME type. Image and audio files are returned as image/audio content; any other file type is returned as an embedded resource. Only works within allowed directories.
#[mcp_tools::tool(title = "Read Media File", read_only, open_world = false)]
pub async fn read_media_file(
    /// Path of the file or directory, absolute or relative to an allowed directory.
    path: String,
) -> String {
    String::new()
}

/// Read the contents of multiple files simultaneously. This is more efficient than reading files one by one when you need to analyze or compare multiple files. Each file's content is returned with its path as a reference. Failed reads for individual files won't stop the entire operation. Only works within allowed directories.
#[mcp_tools::tool(title = "Read Multiple Files", read_only, open_world = false)]
pub async fn read_multiple_files(
    /// Array of file paths to read. Each path must be a string pointing to a valid file within allowed directories.
    paths: Vec<String>,
) -> String {
    String::new()
}

/// Create a new file or completely overwrite an existing file with new content. Use with caution as it will overwrite existing files without warning. Handles text content with proper encoding. Only works within allowed directories.
#[mcp_tools::tool(title = "Write File", destructive = true, idempotent, open_world = false)]
pub async fn write_file(
    /// Path of the file or directory, absolute or relative to an allowed directory.
    path: String,
    /// The complete new contents of the file, as UTF-8 text.
    content: String,
) -> String {
    String::new()
}

/// Make line-based edits to a text file. Each edit replaces exact line sequences with new content. Returns a git-style diff showing the changes made. Only works within allowed directories.
#[mcp_tools::tool(title = "Edit File", destructive = true, open_world = false)]
pub async fn edit_file(
    /// Path of the file or directory, absolute or relative to an allowed directory.
    path: String,
    /// The replacements to make, in order: each `oldText` must match the file exactly.
    edits: Vec<Edit>,
    /// Preview changes using git-style diff format
    dryRun: Option<bool>,
) -> String {
    String::new()
}

/// Create a new directory or ensure a directory exists. Can create multiple nested directories in one operation. If the directory already exists, this operation will succeed silently. Perfect for setting up directory structures for projects or ensuring required paths exist. Only works within allowed directories.
#[mcp_tools::tool(title = "Create Directory", destructive = false, idempotent, open_world = false)]
pub async fn create_directory(
    /// Path of the file or directory, absolute or relative to an allowed directory.
    path: String,
) -> String {
    String::new()
}

/// Get a detailed listing of all files and directories in a specified path. Results clearly distinguish between files and directories with [FILE] and [DIR] prefixes. This tool is essential for understanding directory structure and finding specific files within a directory. Only works within allowed directories.
#[mcp_tools::tool(title = "List Directory", read_only, open_world = false)]
pub async fn list_directory(
    /// Path of the file or directory, absolute or relative to an allowed directory.
    path: String,
) -> String {
    String::new()
}

/// Get a detailed listing of all files and directories in a specified path, including sizes. Results clearly distinguish between files and directories with [FILE] and [DIR] prefixes. This tool is useful for understanding directory structure and finding specific files within a directory. Only works within allowed directories.
#[mcp_tools::tool(title = "List Directory with Sizes", read_only, open_world = false)]
pub async fn list_directory_with_sizes(
    /// Path of the file or directory, absolute or relative to an allowed directory.
    path: String,
    /// Sort entries by name or size
    sortBy: Option<SortBy>,
) -> String {
    String::new()
}

/// Get a recursive tree view of files and directories as a JSON structure. Each entry includes 'name', 'type' (file/directory), and 'children' for directories. Files have no children array, while directories always have a children array (which may be empty). The output is formatted with 2-space indentation for readability. Only works within allowed directories.
#[mcp_tools::tool(title = "Directory Tree", read_only, open_world = false)]
pub async fn directory_tree(
    /// Path of the file or directory, absolute or relative to an allowed directory.
    path: String,
    /// Glob patterns of paths to leave out, for example `node_modules/**`.
    excludePatterns: Option<Vec<String>>,
) -> String {
    String::new()
}

/// Move or rename files and directories. Can move files between directories and rename them in a single operation. If the destination exists, the operation will fail. Works across different directories and can be used for simple renaming within the same directory. Both source and destination must be within allowed directories.
#[mcp_tools::tool(title = "Move File", destructive = true, open_world = false)]
pub async fn move_file(
    /// Path of the file or directory to move, absolute or relative to an allowed directory.
    source: String,
    /// Where to move it: a path that does not exist yet, inside an allowed directory.
    destination: String,
) -> String {
    String::new()
}

/// Recursively search for files and directories matching a pattern. The patterns should be glob-style patterns that match paths relative to the working directory. Use pattern like '*.ext' to match files in current directory, and '**/*.ext' to match files in all subdirectories. Returns full paths to all matching items. Great for finding files when you don't know their exact location. Only searches within allowed directories.
#[mcp_tools::tool(title = "Search Files", read_only, open_world = false)]
pub async fn search_files(
    /// Path of the file or directory, absolute or relative to an allowed directory.
    path: String,
    /// Glob pattern matched against paths relative to `path`, for example `**/*.rs`.
    pattern: String,
    /// Glob patterns of paths to leave out, for example `node_modules/**`.
    excludePatterns: Option<Vec<String>>,
) -> String {
    String::new()
}

/// Retrieve detailed metadata about a file or directory. Returns comprehensive information including size, creation time, last modified time, permissions, and type. This tool is perfect for understanding file characteristics without reading the actual content. Only works within allowed directories.
#[mcp_tools::tool(title = "Get File Info", read_only, open_world = false)]
pub async fn get_file_info(
    /// Path of the file or directory, absolute or relative to an allowed directory.
    path: String,
) -> String {
    String::new()
}

/// Returns the list of directories that this server is allowed to access. Subdirectories within these allowed directories are also accessible. Use this to understand which directories and their nested paths are available before trying to access files.
#[mcp_tools::tool(title = "List Allowed Directories", read_only, open_world = false)]
pub async fn list_allowed_directories() -> String {
    String::new()
}
