//! `path_format`: an undocumented path is an error at its name; a documented one, or one
//! the tool's description documents, is not.
use mcp_tools::prelude::*;

/// List the files in a specified path.
#[tool(namespace = "fs", read_only)]
async fn list_files(path: String) -> String {
    path
}

/// Read a file. `path` is absolute, inside an allowed directory.
#[tool(namespace = "fs", read_only)]
async fn read_file(path: String) -> String {
    path
}

fn main() {}
