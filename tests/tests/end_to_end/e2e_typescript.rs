//! End-to-end test with the official MCP TypeScript SDK as the client.
//!
//! Runs `tests/node/client_e2e.mjs` against the `fixture-server` binary, over stdio and
//! Streamable HTTP: initialize, every page of `tools/list`, a valid call (the SDK checks its
//! structured content against the tool's output schema), bad arguments, an unknown tool,
//! progress notifications (taken by the script itself, not by the SDK's `onprogress`, which
//! drops progress read together with the response: typescript-sdk#2580), and which tools
//! run as tasks (`execution.taskSupport`, read by the SDK, which then calls the task tool
//! without a task: the server serves the extension, not 2025-11-25's tasks); then the prompt
//! and resources of the fixture server: listings, reads, errors, `prompts/get`, completions,
//! and `resources/subscribe` with the update a tool's change sends (the SDK's 1.x line has no
//! 2026-07-28 and so no `subscriptions/listen`). The SDK and the Node 22 that runs it are
//! installed by the test itself under the target directory (see `common_node`); without npm
//! it fails, never skips.

use std::time::Duration;

use mcp_tools_tests::{SERVER_NAME, SERVER_VERSION};

use crate::common_node;

/// The whole script: two connections, fourteen checks each, every check bounded on its own.
const SCRIPT_TIMEOUT: Duration = Duration::from_secs(300);

#[tokio::test]
async fn the_typescript_sdk_client_passes_every_check() {
    let sdk_version = common_node::package_version("@modelcontextprotocol/sdk");
    let registry =
        mcp_tools_tests::items::registry().expect("the fixture server's registry builds");
    let tools: Vec<&str> = registry
        .tool_definitions()
        .iter()
        .map(|t| t.name.as_ref())
        .collect();
    let output = common_node::output_of(
        common_node::script_command("client_e2e.mjs")
            .arg(env!("CARGO_BIN_EXE_fixture-server"))
            .arg("--expect-server")
            .arg(format!("{SERVER_NAME}/{SERVER_VERSION}"))
            .arg("--expect-tools")
            .arg(tools.join(","))
            .env("RUST_BACKTRACE", "0"),
        "the TypeScript client",
        SCRIPT_TIMEOUT,
    )
    .await;
    println!("@modelcontextprotocol/sdk {sdk_version}");
    common_node::assert_script_passed(
        &output,
        "the TypeScript client",
        "typescript-e2e: 28 passed, 0 failed",
    );
}
