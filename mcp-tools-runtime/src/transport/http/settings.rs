//! What [`Http`](super::Http) holds besides the server: the settings the router is built
//! from.

use std::{sync::Arc, time::Duration};

use super::auth;
use crate::context::Caller;

/// Open Streamable HTTP sessions by default.
pub const DEFAULT_MAX_SESSIONS: usize = 1_000;
/// How long a session may stay idle by default.
pub const DEFAULT_SESSION_IDLE_TIMEOUT: Duration = Duration::from_secs(5 * 60);
/// How long a client may take over a request's headers by default.
pub const DEFAULT_HEADER_READ_TIMEOUT: Duration = Duration::from_secs(10);

/// The settings, each as `Http`'s setter of the same name documents it.
#[derive(Clone)]
pub(crate) struct Settings {
    pub(crate) allowed_hosts: Option<Vec<String>>,
    pub(crate) allowed_origins: Option<Vec<String>>,
    pub(crate) stateless: bool,
    #[cfg(feature = "oauth")]
    pub(crate) oauth: Option<super::oauth::ResourceServer>,
    pub(crate) authenticate: Option<Arc<dyn auth::DynAuthenticate>>,
    pub(crate) unauthenticated_caller: Caller,
    pub(crate) max_sessions: usize,
    pub(crate) session_idle_timeout: Duration,
    pub(crate) header_read_timeout: Duration,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            allowed_hosts: None,
            allowed_origins: None,
            stateless: false,
            #[cfg(feature = "oauth")]
            oauth: None,
            authenticate: None,
            unauthenticated_caller: Caller::anonymous(),
            max_sessions: DEFAULT_MAX_SESSIONS,
            session_idle_timeout: DEFAULT_SESSION_IDLE_TIMEOUT,
            header_read_timeout: DEFAULT_HEADER_READ_TIMEOUT,
        }
    }
}

impl std::fmt::Debug for Settings {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Http")
            .field("allowed_hosts", &self.allowed_hosts)
            .field("allowed_origins", &self.allowed_origins)
            .field("stateless", &self.stateless)
            .field("authenticate", &self.authenticate.is_some())
            .field("unauthenticated_caller", &self.unauthenticated_caller)
            .field("max_sessions", &self.max_sessions)
            .field("session_idle_timeout", &self.session_idle_timeout)
            .field("header_read_timeout", &self.header_read_timeout)
            .finish_non_exhaustive()
    }
}
