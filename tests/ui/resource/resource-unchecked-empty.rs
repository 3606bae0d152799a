//! `unchecked` says why the variable is safe without the runtime's check: an empty reason
//! is reported at it.
use mcp_tools::prelude::*;

/// A file of the library's scanned archive.
#[resource("archive:///{+path}")]
async fn scan(
    #[param(unchecked = "")]
    path: String,
) -> String {
    path
}

fn main() {
    let _ = catalog![scan];
}
