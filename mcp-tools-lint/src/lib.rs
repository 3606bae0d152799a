//! `mcp-tools-lint`: the design rules of [mcp-tools](https://docs.rs/mcp-tools) on any MCP
//! server's published tools and prompts, whatever language the server is written in.
//!
//! ```text
//! mcp-tools-lint tools.json                          # a saved tools/list result
//! mcp-tools-lint --http http://127.0.0.1:8080/mcp    # a Streamable HTTP server
//! mcp-tools-lint -- npx -y @modelcontextprotocol/server-filesystem /tmp   # a stdio server
//! ```
//!
//! It reads the tools as a client sees them (`tools/list`, every page), and the prompts
//! (`prompts/list`, every page) when the server announces the `prompts` capability or the
//! file has a `prompts` array; judges each tool with `mcp-tools-rules` (the rules `#[tool]`
//! enforces at compile time) and each prompt with its prompt rules (those `#[prompt]`
//! enforces), and prints the reports as rustc-style diagnostics, JSON or SARIF 2.1.0
//! (`--format`), each at a JSON pointer into the listing (`/tools/3/inputSchema/properties/path`,
//! `/prompts/0/arguments/1/description`). Levels and waivers come from `mcp-tools-lint.toml`
//! ([`settings`]). The exit code follows the levels: 0 without errors, 1 with errors, 2
//! when the listing could not be read.

mod cli;
mod lint;
mod render;
pub mod settings;
mod source;

use std::ffi::OsString;

pub use lint::{Finding, lint, lint_prompts};

/// Runs the linter on a command line (the program's name first) and returns the exit
/// code: 0 without error-level reports, 1 with some, 2 when the tools or the settings
/// could not be read.
pub fn main(args: impl IntoIterator<Item = OsString>) -> i32 {
    cli::run(args)
}
