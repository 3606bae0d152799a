//! `unchecked` on a parameter the server supplies (not a template variable) is reported at
//! the key.
use mcp_tools::prelude::*;

struct Root {
    dir: &'static str,
}

/// A file of the library's scanned archive.
#[resource("archive:///{+path}")]
async fn scan(
    path: String,
    #[param(unchecked = "a fixed directory")]
    root: State<Root>,
) -> String {
    format!("{}/{path}", root.dir)
}

fn main() {
    let _ = catalog![scan];
}
