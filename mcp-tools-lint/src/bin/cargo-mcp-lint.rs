//! `cargo mcp-lint …`: cargo runs this binary with `mcp-lint` as its first argument.

fn main() {
    let args = std::env::args_os()
        .enumerate()
        .filter(|(i, arg)| !(*i == 1 && arg == "mcp-lint"))
        .map(|(_, arg)| arg);
    std::process::exit(mcp_tools_lint::main(args));
}
