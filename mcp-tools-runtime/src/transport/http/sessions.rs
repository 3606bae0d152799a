//! The open Streamable HTTP sessions, counted and capped. rmcp's `LocalSessionManager`
//! keeps every session it is asked for until it has been idle five minutes, each worth
//! ~50 kB, so a client that sends `initialize` in a loop grows memory with no bound but its
//! rate. [`Sessions`] wraps it: at most `Http::max_sessions` are open, the idlest closed
//! to make room for a new one; a session idle past `Http::session_idle_timeout` is
//! closed, where idle means no response of it open (a call in flight or a `GET` stream
//! keeps it) and nothing heard from it since.
//!
//! It also knows each session's calls in flight by JSON-RPC id. rmcp routes a reply to the
//! stream of the request with its id, so a second request with the id of one in flight
//! takes over the first one's route: replies cross or are lost. Such a request is refused,
//! and so is a call past `Limits::max_in_flight`.

use std::{
    collections::{HashMap, HashSet},
    sync::{
        Arc, Mutex, PoisonError, Weak,
        atomic::{AtomicBool, Ordering},
    },
    time::{Duration, Instant},
};

use futures::Stream;
use rmcp::{
    model::{ClientJsonRpcMessage, RequestId, ServerJsonRpcMessage},
    transport::streamable_http_server::{
        SessionManager,
        session::{
            ServerSseMessage, SessionId,
            local::{LocalSessionManager, LocalSessionManagerError},
        },
    },
};
use tokio_util::sync::CancellationToken;

/// How many sessions, idle how long, with how many calls in flight each.
pub(super) struct Bounds {
    pub(super) max_sessions: usize,
    pub(super) idle_timeout: Duration,
    pub(super) max_in_flight: usize,
}

/// rmcp's in-memory sessions, with their use tracked and their number capped.
pub(super) struct Sessions {
    inner: LocalSessionManager,
    table: Mutex<HashMap<SessionId, Use>>,
    /// `Http::max_sessions`.
    cap: usize,
    idle_timeout: Duration,
    max_in_flight: usize,
    /// Ends the reaper with the server.
    shutdown: CancellationToken,
    /// For the reaper, which must not keep the sessions alive after the router is gone.
    me: Weak<Sessions>,
    reaping: AtomicBool,
}

/// How a session is being used.
#[derive(Debug)]
struct Use {
    /// When a response of it last began or ended.
    last: Instant,
    /// Its responses still being sent: calls in flight, `GET` streams.
    open: usize,
    /// The ids of its calls in flight.
    calls: HashSet<RequestId>,
}

impl Use {
    fn busy(&self) -> bool {
        self.open > 0
    }
}

/// Why a session could not be created.
#[derive(Debug)]
pub(super) enum SessionsError {
    /// Every open session is busy, and there are `max_sessions` of them.
    Full(usize),
    Local(LocalSessionManagerError),
}

impl std::fmt::Display for SessionsError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SessionsError::Full(max) => {
                write!(f, "all {max} sessions are busy")
            }
            SessionsError::Local(err) => err.fmt(f),
        }
    }
}

impl std::error::Error for SessionsError {}

impl From<LocalSessionManagerError> for SessionsError {
    fn from(err: LocalSessionManagerError) -> Self {
        SessionsError::Local(err)
    }
}

impl Sessions {
    pub(super) fn new(bounds: Bounds, shutdown: CancellationToken) -> Arc<Sessions> {
        let mut inner = LocalSessionManager::default();
        // Idleness is ours to judge: rmcp's timer also runs while a call is in flight, and
        // would close the session of a call that takes longer than the timeout.
        inner.session_config.keep_alive = None;
        Arc::new_cyclic(|me| Sessions {
            inner,
            table: Mutex::new(HashMap::new()),
            cap: bounds.max_sessions.max(1),
            idle_timeout: bounds.idle_timeout,
            max_in_flight: bounds.max_in_flight.max(1),
            shutdown,
            me: me.clone(),
            reaping: AtomicBool::new(false),
        })
    }

    /// The most sessions open at once.
    pub(super) fn cap(&self) -> usize {
        self.cap
    }

    /// Whether a new session could be opened now: under the cap, or one is idle.
    pub(super) fn has_room(&self) -> bool {
        let table = self.table();
        table.len() < self.cap || table.values().any(|u| !u.busy())
    }

    /// Whether `id` is an open session.
    pub(super) fn knows(&self, id: &SessionId) -> bool {
        self.table().contains_key(id)
    }

    /// Marks a response of session `id` open until the returned guard drops, and `call`,
    /// the id of the request it answers, in flight; `None` if the session is not open (rmcp
    /// then answers 404).
    pub(super) fn open(
        &self,
        id: &SessionId,
        call: Option<&RequestId>,
    ) -> Option<Result<Opened, Refusal>> {
        let mut table = self.table();
        let session = table.get_mut(id)?;
        session.last = Instant::now();
        if let Some(call) = call {
            if session.calls.contains(call) {
                return Some(Err(Refusal::InFlight));
            }
            if session.calls.len() >= self.max_in_flight {
                return Some(Err(Refusal::TooMany(self.max_in_flight)));
            }
            session.calls.insert(call.clone());
        }
        session.open += 1;
        Some(Ok(Opened {
            sessions: self.me.clone(),
            id: id.clone(),
            call: call.cloned(),
        }))
    }

    fn close(&self, id: &SessionId, call: Option<&RequestId>) {
        if let Some(session) = self.table().get_mut(id) {
            session.open = session.open.saturating_sub(1);
            session.last = Instant::now();
            if let Some(call) = call {
                session.calls.remove(call);
            }
        }
    }

    fn table(&self) -> std::sync::MutexGuard<'_, HashMap<SessionId, Use>> {
        // The table stays consistent whatever panicked while holding it: every update is
        // one insert, remove or counter change.
        self.table.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Closes `id` in rmcp, which ends its worker and its streams.
    async fn end(&self, id: &SessionId) {
        if let Err(err) = self.inner.close_session(id).await {
            tracing::warn!(session = %id, %err, "closing a session failed");
        }
    }

    /// Starts, once, the task that closes idle sessions. Started from the first session
    /// rather than with the router, which may be built outside a runtime.
    fn start_reaper(&self) {
        if self.reaping.swap(true, Ordering::Relaxed) {
            return;
        }
        let me = self.me.clone();
        let shutdown = self.shutdown.clone();
        // Sessions live at most a quarter of the timeout past it.
        let tick =
            (self.idle_timeout / 4).clamp(Duration::from_millis(10), Duration::from_secs(30));
        tokio::spawn(async move {
            loop {
                tokio::select! {
                    () = tokio::time::sleep(tick) => {}
                    () = shutdown.cancelled() => return,
                }
                let Some(sessions) = me.upgrade() else {
                    return;
                };
                sessions.close_idle().await;
            }
        });
    }

    async fn close_idle(&self) {
        let idle: Vec<SessionId> = {
            let mut table = self.table();
            let idle: Vec<SessionId> = table
                .iter()
                .filter(|(_, u)| !u.busy() && u.last.elapsed() >= self.idle_timeout)
                .map(|(id, _)| id.clone())
                .collect();
            for id in &idle {
                table.remove(id);
            }
            idle
        };
        for id in idle {
            tracing::debug!(session = %id, "closing an idle session");
            self.end(&id).await;
        }
    }

    /// Makes room for one more session: closes the idlest if the cap is reached.
    async fn make_room(&self) -> Result<(), SessionsError> {
        let idlest = {
            let mut table = self.table();
            if table.len() < self.cap {
                return Ok(());
            }
            let idlest = table
                .iter()
                .filter(|(_, u)| !u.busy())
                .min_by_key(|(_, u)| u.last)
                .map(|(id, _)| id.clone())
                .ok_or(SessionsError::Full(self.cap))?;
            table.remove(&idlest);
            idlest
        };
        tracing::info!(session = %idlest, "closing the idlest session to make room for a new one");
        self.end(&idlest).await;
        Ok(())
    }
}

/// Why a call was refused.
#[derive(Debug)]
pub(super) enum Refusal {
    /// A call with its id is in flight in the session.
    InFlight,
    /// The session has this many calls in flight, `Limits::max_in_flight`.
    TooMany(usize),
}

/// A response of a session, and the call it answers, open until dropped.
pub(super) struct Opened {
    sessions: Weak<Sessions>,
    id: SessionId,
    call: Option<RequestId>,
}

impl Drop for Opened {
    fn drop(&mut self) {
        if let Some(sessions) = self.sessions.upgrade() {
            sessions.close(&self.id, self.call.as_ref());
        }
    }
}

impl SessionManager for Sessions {
    type Error = SessionsError;
    type Transport = <LocalSessionManager as SessionManager>::Transport;

    async fn create_session(&self) -> Result<(SessionId, Self::Transport), Self::Error> {
        self.make_room().await?;
        let (id, transport) = self.inner.create_session().await?;
        self.table().insert(
            id.clone(),
            Use {
                last: Instant::now(),
                open: 0,
                calls: HashSet::new(),
            },
        );
        self.start_reaper();
        Ok((id, transport))
    }

    async fn initialize_session(
        &self,
        id: &SessionId,
        message: ClientJsonRpcMessage,
    ) -> Result<ServerJsonRpcMessage, Self::Error> {
        Ok(self.inner.initialize_session(id, message).await?)
    }

    async fn has_session(&self, id: &SessionId) -> Result<bool, Self::Error> {
        Ok(self.inner.has_session(id).await?)
    }

    async fn close_session(&self, id: &SessionId) -> Result<(), Self::Error> {
        self.table().remove(id);
        Ok(self.inner.close_session(id).await?)
    }

    async fn create_stream(
        &self,
        id: &SessionId,
        message: ClientJsonRpcMessage,
    ) -> Result<impl Stream<Item = ServerSseMessage> + Send + Sync + 'static, Self::Error> {
        Ok(self.inner.create_stream(id, message).await?)
    }

    async fn accept_message(
        &self,
        id: &SessionId,
        message: ClientJsonRpcMessage,
    ) -> Result<(), Self::Error> {
        Ok(self.inner.accept_message(id, message).await?)
    }

    async fn create_standalone_stream(
        &self,
        id: &SessionId,
    ) -> Result<impl Stream<Item = ServerSseMessage> + Send + Sync + 'static, Self::Error> {
        Ok(self.inner.create_standalone_stream(id).await?)
    }

    async fn resume(
        &self,
        id: &SessionId,
        last_event_id: String,
    ) -> Result<impl Stream<Item = ServerSseMessage> + Send + Sync + 'static, Self::Error> {
        Ok(self.inner.resume(id, last_event_id).await?)
    }
}
