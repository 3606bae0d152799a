//! Rules on how a tool's calls run as tasks (MCP's Tasks extension).

use mcp_tools_shared::task::TaskSupport;

use crate::{
    catalog::Rule,
    model::Tool,
    report::{Reports, Target},
};

/// The longest `timeout_ms` of a quick tool: a call that ends within 30 seconds can answer
/// inline, within the time clients wait for a plain call.
const QUICK_TIMEOUT_MS: u64 = 30_000;

/// `task_required_quick`: `task = "required"` on a tool whose `timeout_ms` says every call
/// ends within 30 seconds.
pub(crate) fn check_task_required_quick(tool: &Tool, cx: &mut Reports<'_>) {
    let (Some(task), Some(timeout)) = (tool.task, tool.timeout_ms) else {
        return;
    };
    if task != TaskSupport::Required || timeout > QUICK_TIMEOUT_MS {
        return;
    }
    cx.rule(
        Rule::TaskRequiredQuick,
        Target::Task,
        format!(
            "`{}` ends every call within `timeout_ms = {timeout}`, quick enough to answer inline, yet `task = \"required\"` refuses every client that does not support tasks, most clients today",
            tool.wire_name(),
        ),
        "write `task = \"optional\"`: a task where the client supports tasks, a plain call elsewhere",
    );
}
