//! A return type that is no resource body (a number) is reported at it.
use mcp_tools::prelude::*;

/// How many loans the library has open.
#[resource("library://stats/open-loans")]
async fn open_loans() -> u64 {
    42
}

fn main() {
    let _ = catalog![open_loans];
}
