//! `mcp-tools-lint`: the design rules of mcp-tools on any MCP server's tools.

fn main() {
    std::process::exit(mcp_tools_lint::main(std::env::args_os()));
}
