//! `narrows` says which arguments ask a tool's cut result for less; a prompt's result is
//! never cut, so on a prompt's argument the key is unknown, with the prompt's keys listed.
use mcp_tools::prelude::*;

/// Draft a notice of the loans due this week, in the library's voice.
#[prompt(namespace = "library")]
async fn due_notice(
    /// How many loans to name, at most.
    #[param(narrows, max = 20)]
    max_loans: u32,
) -> String {
    format!("Name at most {max_loans} loans due this week.")
}

fn main() {
    let _ = catalog![due_notice];
}
