//! Whether a tool runs as a task: written as `#[tool(task = "…")]`, applied by the runtime.

/// Whether calls of a tool run as tasks (MCP's Tasks extension): the client gets a task at
/// once and polls it for the result.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TaskSupport {
    /// A task for a client that declared the extension; a plain call for one that did not.
    Optional,
    /// Only as a task: a client that did not declare the extension is refused (-32021)
    /// before the handler runs.
    Required,
}

impl TaskSupport {
    /// Every value, in the order help lines list them.
    pub const ALL: &[TaskSupport] = &[TaskSupport::Optional, TaskSupport::Required];

    /// The name `#[tool(task = …)]` takes.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            TaskSupport::Optional => "optional",
            TaskSupport::Required => "required",
        }
    }

    /// The value named `name`.
    #[must_use]
    pub fn from_name(name: &str) -> Option<TaskSupport> {
        TaskSupport::ALL.iter().copied().find(|t| t.name() == name)
    }

    /// What it does, for help lines.
    #[must_use]
    pub const fn describe(self) -> &'static str {
        match self {
            TaskSupport::Optional => {
                "a task for clients that support tasks, a plain call for the others"
            }
            TaskSupport::Required => "only as a task; clients without task support are refused",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::TaskSupport;

    #[test]
    fn names_round_trip() {
        for task in TaskSupport::ALL {
            assert_eq!(TaskSupport::from_name(task.name()), Some(*task));
        }
        assert_eq!(TaskSupport::from_name("always"), None);
    }
}
