//! A task's record in the store: its status, what it needs to run again (the call, the
//! client's capabilities, the answers so far), and its outcome. Not the caller's scopes:
//! a run after `tasks/update` is authorized as the caller who sent it, with the scopes
//! they hold then.

use std::time::{SystemTime, UNIX_EPOCH};

use rmcp::model::{
    CallToolRequestParams, ClientCapabilities, DetailedTask, InputRequests, InputResponses,
    JsonObject, Task, TaskPayload, TaskStatus,
};
use serde::{Deserialize, Serialize};

/// The prefix of every task record's key, before the task's id.
pub(crate) const PREFIX: &str = "task:";

/// Where a task is, as its record says.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub(crate) enum Status {
    Working,
    InputRequired,
    Completed,
    Failed,
    Cancelled,
}

impl Status {
    pub(crate) fn is_terminal(self) -> bool {
        matches!(self, Status::Completed | Status::Failed | Status::Cancelled)
    }

    fn to_rmcp(self) -> TaskStatus {
        match self {
            Status::Working => TaskStatus::Working,
            Status::InputRequired => TaskStatus::InputRequired,
            Status::Completed => TaskStatus::Completed,
            Status::Failed => TaskStatus::Failed,
            Status::Cancelled => TaskStatus::Cancelled,
        }
    }
}

/// A task as its record keeps it.
#[derive(Debug, Serialize, Deserialize)]
pub(crate) struct Record {
    pub(crate) status: Status,
    /// The latest progress the tool reported, or why the task ended as it did.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) message: Option<String>,
    /// Unix milliseconds.
    pub(crate) created: u64,
    pub(crate) updated: u64,
    /// How long the record is kept after its last change, in milliseconds.
    pub(crate) ttl_ms: u64,
    pub(crate) poll_ms: u64,
    /// The call, to run again once the client answers what it asked.
    pub(crate) request: CallToolRequestParams,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) capabilities: Option<ClientCapabilities>,
    /// Every answer the client gave, by key.
    #[serde(default, skip_serializing_if = "InputResponses::is_empty")]
    pub(crate) answers: InputResponses,
    /// What the tool asks and the client has not answered (`input_required`).
    #[serde(default, skip_serializing_if = "InputRequests::is_empty")]
    pub(crate) pending: InputRequests,
    /// The tool's result (`completed`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) result: Option<JsonObject>,
    /// The JSON-RPC error that ended it (`failed`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) error: Option<JsonObject>,
}

impl Record {
    /// Moves the record to `status` now.
    pub(crate) fn set(&mut self, status: Status) {
        self.status = status;
        self.touch();
    }

    /// Marks the record changed now (never earlier than its last change, whatever the
    /// clocks of the replicas that wrote it).
    pub(crate) fn touch(&mut self) {
        self.updated = now_ms().max(self.updated);
    }

    /// The task as `tasks/get` answers it, under the id the client holds.
    pub(crate) fn detailed(&self, id: &str) -> DetailedTask {
        let payload = match self.status {
            Status::Working => TaskPayload::Working,
            Status::InputRequired => TaskPayload::InputRequired {
                input_requests: self.pending.clone(),
            },
            Status::Completed => TaskPayload::Completed {
                result: self.result.clone().unwrap_or_default(),
            },
            Status::Failed => TaskPayload::Failed {
                error: self.error.clone().unwrap_or_default(),
            },
            Status::Cancelled => TaskPayload::Cancelled,
        };
        DetailedTask::new(self.task(id), payload)
    }

    /// The task's envelope: status, times, retention and the poll interval.
    pub(crate) fn task(&self, id: &str) -> Task {
        let mut task = Task::new(
            id,
            self.status.to_rmcp(),
            rfc3339_ms(self.created),
            rfc3339_ms(self.updated),
        )
        .with_ttl_ms(self.ttl_ms)
        .with_poll_interval_ms(self.poll_ms);
        if let Some(message) = &self.message {
            task = task.with_status_message(message.clone());
        }
        task
    }

    pub(crate) fn to_bytes(&self) -> Vec<u8> {
        serde_json::to_vec(self).unwrap_or_default()
    }

    pub(crate) fn parse(bytes: &[u8]) -> Option<Record> {
        serde_json::from_slice(bytes).ok()
    }
}

/// The key of the record of the task whose id text is `id`.
pub(crate) fn key(id: &str) -> String {
    format!("{PREFIX}{id}")
}

/// The key of the lease its runner renews while the task works: when it lapses, the
/// process running the task is gone.
pub(crate) fn lease_key(id: &str) -> String {
    format!("{PREFIX}{id}:lease")
}

pub(crate) fn now_ms() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| u64::try_from(d.as_millis()).unwrap_or(u64::MAX))
}

/// `ms` Unix milliseconds as an RFC 3339 instant, as tasks state their times.
fn rfc3339_ms(ms: u64) -> String {
    chrono::DateTime::from_timestamp_millis(i64::try_from(ms).unwrap_or(i64::MAX)).map_or_else(
        || ms.to_string(),
        |t| t.to_rfc3339_opts(chrono::SecondsFormat::Millis, true),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn record() -> Record {
        Record {
            status: Status::Working,
            message: Some("1 of 4 depots".into()),
            created: 1_764_000_000_000,
            updated: 1_764_000_000_500,
            ttl_ms: 3_600_000,
            poll_ms: 1000,
            request: CallToolRequestParams::new("report_build"),
            capabilities: None,
            answers: InputResponses::new(),
            pending: InputRequests::new(),
            result: None,
            error: None,
        }
    }

    #[test]
    fn records_read_back_and_answer_as_tasks() {
        let record = Record::parse(&record().to_bytes()).expect("a record reads back");
        assert_eq!(record.status, Status::Working);
        assert_eq!(record.request.name, "report_build");
        let wire = serde_json::to_value(record_detailed()).expect("a task serializes");
        assert_eq!(wire["status"], "working");
        assert_eq!(wire["taskId"], "t1");
        assert_eq!(wire["ttlMs"], 3_600_000);
        assert_eq!(wire["pollIntervalMs"], 1000);
        assert_eq!(wire["createdAt"], "2025-11-24T16:00:00.000Z");
        assert_eq!(wire["statusMessage"], "1 of 4 depots");
        assert!(wire.get("result").is_none() && wire.get("error").is_none());
        assert!(Record::parse(b"not a record").is_none());
        assert_eq!(key("ab"), "task:ab");
        assert_eq!(lease_key("ab"), "task:ab:lease");
    }

    fn record_detailed() -> DetailedTask {
        record().detailed("t1")
    }

    #[test]
    fn terminal_statuses_are_the_three_ends() {
        assert!(!Status::Working.is_terminal() && !Status::InputRequired.is_terminal());
        assert!(Status::Completed.is_terminal());
        assert!(Status::Failed.is_terminal() && Status::Cancelled.is_terminal());
    }
}
