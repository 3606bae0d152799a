//! Which tools run as tasks, as the official MCP TypeScript SDK reads it: a registry with an
//! optional task tool, a required one and a plain one, served over Streamable HTTP with
//! sessions and without, driven by `tests/node/task_marking.mjs`. The SDK reads
//! `execution.taskSupport` from the 2025-11-25 `tools/list` and refuses a plain call of the
//! required tool itself, before sending it. Node and the SDK are installed by the test
//! itself (`common_node`); without npm it fails, never skips.

use std::time::Duration;

use mcp_tools::{Registry, prelude::*};
use tokio::sync::oneshot;

use crate::{common_node, common_task_tools};

/// The whole script: two servers, three checks each.
const SCRIPT_TIMEOUT: Duration = Duration::from_secs(120);

/// Serves the three tools over Streamable HTTP until the sender drops; the endpoint's URL.
async fn serve(stateless: bool) -> (String, oneshot::Sender<()>) {
    let registry = Registry::builder()
        .server_info("task-marking", "1.0.0")
        .tools(tools![
            common_task_tools::export,
            common_task_tools::rebuild,
            common_task_tools::lookup
        ])
        .build()
        .expect("the registry builds");
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .expect("a free port");
    let url = format!("http://{}/mcp", listener.local_addr().expect("an address"));
    let (stop, stopped) = oneshot::channel::<()>();
    tokio::spawn(
        mcp_tools::http::Http::new(registry)
            .stateless(stateless)
            .serve_on(listener, async {
                let _ = stopped.await;
            }),
    );
    (url, stop)
}

#[tokio::test]
async fn the_typescript_sdk_reads_which_tools_run_as_tasks() {
    let (sessions, _stop_sessions) = serve(false).await;
    let (stateless, _stop_stateless) = serve(true).await;
    let output = common_node::output_of(
        common_node::script_command("task_marking.mjs")
            .arg(&sessions)
            .arg(&stateless),
        "the TypeScript client",
        SCRIPT_TIMEOUT,
    )
    .await;
    common_node::assert_script_passed(
        &output,
        "the TypeScript client",
        "task-marking: 6 passed, 0 failed",
    );
}
