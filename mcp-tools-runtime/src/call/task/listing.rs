//! Which listed tools run as tasks, said in a 2025-11-25 `tools/list` the way that revision
//! says it: `"execution": {"taskSupport": "optional" | "required"}` on each such tool.
//!
//! 2026-07-28 has no such field: its Tasks extension lets the server decide per request,
//! and says so once, in the capabilities (`extensions`), which the registry declares in
//! every revision. rmcp's `Tool` has no `execution` either, so the transports write it into
//! the answer rmcp built, only for a 2025-11-25 `tools/list` of a registry with task
//! tools: stdio serializes [`MarkedList`] in place of the list (what rmcp would write, plus
//! the field), Streamable HTTP splices the field into the JSON rmcp wrote. Every other
//! answer, and every answer of a registry without task tools, is written as before.

use mcp_tools_shared::task::TaskSupport;
use rmcp::model::{Cursor, ListToolsResult, MetaObject, ProtocolVersion, Tool};
use serde::Serialize;

use crate::{registry::Registry, wire::CALL_TOOL};

/// The revision whose tool definitions carry `execution.taskSupport`.
const MARKED_REVISION: ProtocolVersion = ProtocolVersion::V_2025_11_25;

impl Registry {
    /// Whether a `tools/list` answered in `revision` gets the marks: a 2025-11-25 one, of
    /// a registry with task tools.
    pub(crate) fn marks_tasks_in(&self, revision: &str) -> bool {
        self.inner.has_tasks() && revision == MARKED_REVISION.as_str()
    }

    /// How the tool listed as `name` runs as a task, if it does: its own `task`, through
    /// an alias too; `optional` for `tools_call` of progressive discovery when a tool behind
    /// it runs as a task (a call through it runs as one; refusing plain calls of it would
    /// refuse every tool).
    pub(crate) fn task_support_of(&self, name: &str) -> Option<TaskSupport> {
        let inner = &self.inner;
        if inner.discovery.is_some() && name == CALL_TOOL {
            return inner.has_tasks().then_some(TaskSupport::Optional);
        }
        let (_, index) = inner.task_routes.iter().find(|(n, _)| *n == name)?;
        inner.entries[*index].meta.task
    }

    /// `list` as a 2025-11-25 client is answered it, each task tool marked; `None` when no
    /// tool on it runs as a task (rmcp's own list is then written as it is).
    pub(crate) fn marked_list<'a>(&self, list: &'a ListToolsResult) -> Option<MarkedList<'a>> {
        // Every field named, so a field rmcp adds fails the build here rather than going
        // missing from the marked answer.
        let ListToolsResult {
            result_type,
            meta,
            next_cursor,
            ttl_ms,
            cache_scope,
            tools,
        } = list;
        // 2026-07-28's fields: such an answer is not marked.
        if result_type.is_some() || ttl_ms.is_some() || cache_scope.is_some() {
            return None;
        }
        let tools: Vec<MarkedTool<'a>> = tools
            .iter()
            .map(|tool| MarkedTool {
                tool,
                execution: self.task_support_of(&tool.name).map(|support| Execution {
                    task_support: support.name(),
                }),
            })
            .collect();
        tools
            .iter()
            .any(|t| t.execution.is_some())
            .then_some(MarkedList {
                meta: meta.as_ref(),
                next_cursor: next_cursor.as_ref(),
                tools,
            })
    }
}

/// A 2025-11-25 `tools/list` result: rmcp's fields for that revision, each tool marked.
#[derive(Serialize)]
pub(crate) struct MarkedList<'a> {
    #[serde(rename = "_meta", skip_serializing_if = "Option::is_none")]
    meta: Option<&'a MetaObject>,
    #[serde(rename = "nextCursor", skip_serializing_if = "Option::is_none")]
    next_cursor: Option<&'a Cursor>,
    tools: Vec<MarkedTool<'a>>,
}

/// A tool as rmcp writes it, with `execution` after its fields when it runs as a task.
#[derive(Serialize)]
struct MarkedTool<'a> {
    #[serde(flatten)]
    tool: &'a Tool,
    #[serde(skip_serializing_if = "Option::is_none")]
    execution: Option<Execution>,
}

/// 2025-11-25's `ToolExecution`.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Execution {
    task_support: &'static str,
}
