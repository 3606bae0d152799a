//! Log messages a tool sends the client (`notifications/message`), at the levels it asked for.

// rmcp marks these types deprecated: logging is deprecated by the 2026-07-28 revision (SEP-2577) and still part of it.
#![allow(deprecated)]

use serde_json::Value;

/// How severe a log message is: the syslog levels MCP uses, least severe first.
///
/// The runtime's own type: rmcp marks its `LoggingLevel` deprecated (logging is deprecated by
/// the 2026-07-28 revision, which still carries it per request), and a tool that logs should
/// not need `#[allow(deprecated)]`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum LogLevel {
    /// Detail for debugging.
    Debug,
    /// Normal progress.
    Info,
    /// Normal but significant.
    Notice,
    /// Something may be wrong.
    Warning,
    /// Something failed.
    Error,
    /// A component is failing.
    Critical,
    /// Action is needed now.
    Alert,
    /// The system is unusable.
    Emergency,
}

impl LogLevel {
    /// Every level, least severe first.
    pub const ALL: [LogLevel; 8] = [
        LogLevel::Debug,
        LogLevel::Info,
        LogLevel::Notice,
        LogLevel::Warning,
        LogLevel::Error,
        LogLevel::Critical,
        LogLevel::Alert,
        LogLevel::Emergency,
    ];

    /// The level's name on the wire (`"warning"`).
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            LogLevel::Debug => "debug",
            LogLevel::Info => "info",
            LogLevel::Notice => "notice",
            LogLevel::Warning => "warning",
            LogLevel::Error => "error",
            LogLevel::Critical => "critical",
            LogLevel::Alert => "alert",
            LogLevel::Emergency => "emergency",
        }
    }

    // rmcp's level and ours have the same names, so the wire form converts them.
    pub(crate) fn from_rmcp(level: rmcp::model::LoggingLevel) -> Self {
        let name = serde_json::to_value(level).unwrap_or_default();
        Self::ALL
            .into_iter()
            .find(|l| name.as_str() == Some(l.as_str()))
            .unwrap_or(LogLevel::Debug)
    }

    pub(super) fn to_rmcp(self) -> rmcp::model::LoggingLevel {
        serde_json::from_value(Value::from(self.as_str()))
            .unwrap_or(rmcp::model::LoggingLevel::Info)
    }

    fn to_byte(self) -> u8 {
        self as u8 + 1
    }

    pub(crate) fn from_byte(byte: u8) -> Option<Self> {
        Self::ALL.get(usize::from(byte.checked_sub(1)?)).copied()
    }
}

/// Which messages a call may send.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) enum LogGate {
    /// None: no client, or a 2026-07-28 request that named no `logLevel`.
    #[default]
    Off,
    /// Those at or above a level.
    From(LogLevel),
}

impl LogGate {
    pub(super) fn allows(self, level: LogLevel) -> bool {
        matches!(self, LogGate::From(min) if level >= min)
    }
}

/// The level a client set with `logging/setLevel` for its session; until then, every
/// message is sent (as the reference servers do).
#[derive(Debug, Default)]
pub(crate) struct SessionLevel(std::sync::atomic::AtomicU8);

impl SessionLevel {
    pub(crate) fn set(&self, level: LogLevel) {
        self.0
            .store(level.to_byte(), std::sync::atomic::Ordering::Relaxed);
    }

    pub(crate) fn gate(&self) -> LogGate {
        let byte = self.0.load(std::sync::atomic::Ordering::Relaxed);
        LogGate::From(LogLevel::from_byte(byte).unwrap_or(LogLevel::Debug))
    }
}

#[cfg(test)]
mod tests {
    use super::{LogGate, LogLevel, SessionLevel};

    #[test]
    fn levels_round_trip_through_rmcp_and_bytes() {
        for level in LogLevel::ALL {
            assert_eq!(LogLevel::from_rmcp(level.to_rmcp()), level);
            assert_eq!(LogLevel::from_byte(level.to_byte()), Some(level));
        }
        assert_eq!(LogLevel::from_byte(0), None);
    }

    #[test]
    fn a_session_sends_everything_until_a_level_is_set() {
        let session = SessionLevel::default();
        assert!(session.gate().allows(LogLevel::Debug));
        session.set(LogLevel::Warning);
        assert!(!session.gate().allows(LogLevel::Info));
        assert!(session.gate().allows(LogLevel::Error));
        assert!(!LogGate::Off.allows(LogLevel::Emergency));
    }
}
