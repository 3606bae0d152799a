//! Rules on the handler itself.

use crate::{
    catalog::Rule,
    model::Tool,
    report::{Reports, Target},
};

/// `async_fn`: the handler is an `async fn`.
pub(crate) fn check_async_fn(tool: &Tool, cx: &mut Reports<'_>) {
    if tool.is_async == Some(false) {
        cx.rule(
            Rule::AsyncFn,
            Target::Signature,
            format!("tool `{}` is not an `async fn`: a blocking tool stalls every other call the server is serving", tool.action),
            "write `async fn`, and move blocking work into `tokio::task::spawn_blocking`",
        );
    }
}
