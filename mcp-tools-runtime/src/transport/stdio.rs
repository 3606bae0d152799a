//! Newline-delimited JSON-RPC over a reader and a writer (stdin and stdout, a pipe, one end
//! of `tokio::io::duplex`), served through rmcp's service loop with the bounds rmcp's own
//! stdio transport lacks:
//!
//! - at most [`Limits::max_in_flight`] requests in flight: a request holds a slot from when
//!   it is read until its reply is written, and while no slot is free nothing more is read,
//!   so a client that does not read its replies stops the server reading instead of making
//!   it hold every reply;
//! - a line past [`Limits::max_request_bytes`] is skipped as it arrives, not buffered;
//! - every line that is not a message is answered: -32700 if it is not JSON this server can
//!   read (or is too long), -32600 if it is JSON but not a JSON-RPC message, with the
//!   request's id when it can be read (rmcp answers neither, and the client waits forever);
//! - a request whose id is still in flight is refused: rmcp keys requests by id, and one of
//!   the two replies would be lost.
//!
//! Responses from the client (to sampling or elicitation) take no slot: while the server
//! waits on the client, requests that find no free slot are held and reading goes on (up to
//! `max_in_flight` held requests, or `max_request_bytes` of them), so the answers behind
//! them are still read; otherwise tools waiting on the client could never be answered.

use std::{
    collections::{HashMap, HashSet, VecDeque},
    io,
    sync::{Arc, Mutex, MutexGuard, PoisonError},
    time::Duration,
};

use rmcp::{
    RoleServer,
    model::{
        ClientNotification, ClientRequest, ErrorData, GetMeta, JsonRpcMessage, JsonRpcRequest,
        ProtocolVersion, RequestId, ServerNotification,
    },
    service::{RxJsonRpcMessage, TxJsonRpcMessage},
    transport::Transport,
};
use tokio::{
    io::{AsyncRead, AsyncWrite, AsyncWriteExt},
    sync::{OwnedSemaphorePermit, Semaphore},
};

use super::{
    line::{LineReader, Parsed, QUOTE_CHARS, Read, parse},
    marks::LineMarks,
};
use crate::{error::clip, limits::Limits, registry::Registry};

/// How long closing waits for replies still being written to a client that does not read.
const CLOSE_GRACE: Duration = Duration::from_secs(5);

/// The transport [`serve_lines`](crate::registry::Registry::serve_lines) serves through.
pub(crate) struct LineTransport<R, W> {
    lines: LineReader<R>,
    writer: Writer<W>,
    flow: Arc<Mutex<Flow>>,
    /// A permit per request in flight.
    slots: Arc<Semaphore>,
    /// A permit per error reply of the transport's own not yet written.
    reply_slots: Arc<Semaphore>,
    /// Requests read that wait for a slot, oldest first.
    held: VecDeque<Held>,
    held_bytes: usize,
    /// The transport's reply to the line last read, until a reply slot frees.
    reply: Option<TxJsonRpcMessage<RoleServer>>,
    /// Whether an `initialize` request came; before it, requests need 2026-07-28 `_meta`.
    initialized: bool,
    eof: bool,
    limits: Limits,
    /// Task tools' marks in a 2025-11-25 `tools/list` (`super::marks`).
    marks: LineMarks,
}

/// A request waiting for a slot.
struct Held {
    request: JsonRpcRequest<ClientRequest>,
    bytes: usize,
}

/// What the reading side and the sends share.
#[derive(Default)]
struct Flow {
    /// Requests handed to rmcp and not yet answered, each with its slot.
    in_flight: HashMap<RequestId, OwnedSemaphorePermit>,
    /// Requests the server sent the client that it has not answered.
    asked: HashSet<RequestId>,
}

impl Flow {
    /// Books a message going out; returns the slot it frees once written.
    fn outgoing(&mut self, message: &TxJsonRpcMessage<RoleServer>) -> Option<OwnedSemaphorePermit> {
        match message {
            JsonRpcMessage::Response(response) => self.in_flight.remove(&response.id),
            JsonRpcMessage::Error(error) => {
                error.id.as_ref().and_then(|id| self.in_flight.remove(id))
            }
            JsonRpcMessage::Request(request) => {
                self.asked.insert(request.id.clone());
                None
            }
            JsonRpcMessage::Notification(notification) => {
                // The server gave up on a request of its own: no answer will come.
                if let ServerNotification::CancelledNotification(cancelled) =
                    &notification.notification
                    && let Some(id) = &cancelled.params.request_id
                {
                    self.asked.remove(id);
                }
                None
            }
        }
    }
}

impl<R, W> LineTransport<R, W>
where
    R: AsyncRead + Unpin + Send + 'static,
    W: AsyncWrite + Unpin + Send + 'static,
{
    pub(crate) fn new(reader: R, writer: W, limits: &Limits) -> Self {
        let slots = limits.max_in_flight.clamp(1, Semaphore::MAX_PERMITS);
        LineTransport {
            lines: LineReader::new(reader, limits.max_request_bytes),
            writer: Writer(Arc::new(tokio::sync::Mutex::new(Some(writer)))),
            flow: Arc::default(),
            slots: Arc::new(Semaphore::new(slots)),
            reply_slots: Arc::new(Semaphore::new(slots)),
            held: VecDeque::new(),
            held_bytes: 0,
            reply: None,
            initialized: false,
            eof: false,
            limits: limits.clone(),
            marks: LineMarks::default(),
        }
    }

    /// Marks the task tools of `registry` in a 2025-11-25 `tools/list` answer.
    pub(crate) fn with_marks(mut self, registry: &Registry) -> Self {
        self.marks = LineMarks::new(registry);
        self
    }

    fn flow(&self) -> MutexGuard<'_, Flow> {
        self.flow.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Whether to read past held requests: only while the server waits on the client, whose
    /// answers may be behind them, and until `max_in_flight` requests (or
    /// `max_request_bytes`) are held; the one that passes that is the last held.
    fn reads_past_held(&self) -> bool {
        !self.flow().asked.is_empty()
            && self.held.len() <= self.limits.max_in_flight
            && self.held_bytes <= self.limits.max_request_bytes
    }

    /// Hands the oldest held request to rmcp with `slot`.
    fn admit_held(&mut self, slot: OwnedSemaphorePermit) -> Option<RxJsonRpcMessage<RoleServer>> {
        let held = self.held.pop_front()?;
        self.held_bytes -= held.bytes;
        self.flow().in_flight.insert(held.request.id.clone(), slot);
        Some(JsonRpcMessage::Request(held.request))
    }

    /// What to do with a line read: a message for rmcp, or nothing (a reply of the
    /// transport's own may be due).
    fn take(&mut self, parsed: Parsed, bytes: usize) -> Option<RxJsonRpcMessage<RoleServer>> {
        let message = match parsed {
            Parsed::Skip => return None,
            Parsed::Reject(id, error) => {
                self.refuse(id, error);
                return None;
            }
            Parsed::Message(message) => *message,
        };
        match message {
            JsonRpcMessage::Request(request) => self.admit(request, bytes),
            message => {
                self.note(&message);
                Some(message)
            }
        }
    }

    /// Books a response, error or notification from the client.
    fn note(&mut self, message: &RxJsonRpcMessage<RoleServer>) {
        match message {
            JsonRpcMessage::Response(response) => {
                self.flow().asked.remove(&response.id);
            }
            JsonRpcMessage::Error(error) => {
                if let Some(id) = &error.id {
                    self.flow().asked.remove(id);
                }
            }
            JsonRpcMessage::Notification(notification) => {
                if let ClientNotification::CancelledNotification(cancelled) =
                    &notification.notification
                    && let Some(id) = &cancelled.params.request_id
                {
                    self.cancel(id);
                }
            }
            JsonRpcMessage::Request(_) => {}
        }
    }

    /// A request read: refused, handed over with a free slot, or held until one frees.
    fn admit(
        &mut self,
        request: JsonRpcRequest<ClientRequest>,
        bytes: usize,
    ) -> Option<RxJsonRpcMessage<RoleServer>> {
        let id = &request.id;
        if self.flow().in_flight.contains_key(id) || self.held.iter().any(|h| h.request.id == *id) {
            let shown = clip(&serde_json::to_string(id).unwrap_or_default(), QUOTE_CHARS);
            let error = ErrorData::invalid_request(
                format!(
                    "a request with id {shown} is still in flight; use a new id for each request"
                ),
                None,
            );
            self.refuse(Some(request.id), error);
            return None;
        }
        if let Some(error) = self.before_initialize(&request.request) {
            self.refuse(Some(request.id), error);
            return None;
        }
        if self.held.is_empty()
            && let Ok(slot) = Arc::clone(&self.slots).try_acquire_owned()
        {
            self.flow().in_flight.insert(request.id.clone(), slot);
            return Some(JsonRpcMessage::Request(request));
        }
        self.held_bytes += bytes;
        self.held.push_back(Held { request, bytes });
        None
    }

    /// Before `initialize`, only `ping` and requests complete with 2026-07-28 `_meta` are
    /// served, as rmcp's handshake does: the error for any other request.
    ///
    /// The handshake itself is not used because it makes a session opened by a 2026-07-28
    /// request require that `_meta` of every request after, so an `initialize` that follows
    /// succeeds and every request of the 2025 session it opens fails with -32602.
    fn before_initialize(&mut self, request: &ClientRequest) -> Option<ErrorData> {
        if self.initialized {
            return None;
        }
        match request {
            ClientRequest::InitializeRequest(_) => {
                self.initialized = true;
                None
            }
            ClientRequest::PingRequest(_) => None,
            request => {
                let missing = request
                    .get_meta()
                    .missing_required_keys(&ProtocolVersion::V_2026_07_28);
                (!missing.is_empty()).then(|| {
                    ErrorData::invalid_params(
                        format!(
                            "request _meta is missing or has malformed required fields: {}; send `initialize` first, or give each request the `_meta` of protocol 2026-07-28",
                            missing.join(", ")
                        ),
                        None,
                    )
                })
            }
        }
    }

    /// A client cancelled a request: a held one is dropped; one in flight gives its slot
    /// back now, since rmcp sends no reply to a cancelled request.
    fn cancel(&mut self, id: &RequestId) {
        if let Some(at) = self.held.iter().position(|h| h.request.id == *id) {
            if let Some(held) = self.held.remove(at) {
                self.held_bytes -= held.bytes;
            }
        } else {
            self.flow().in_flight.remove(id);
        }
    }

    /// Queues the transport's own error reply (quoting at most `max_error_chars`).
    fn refuse(&mut self, id: Option<RequestId>, mut error: ErrorData) {
        tracing::debug!(?id, code = error.code.0, message = %error.message, "refused a line");
        if error.message.chars().count() > self.limits.max_error_chars {
            error.message = clip(&error.message, self.limits.max_error_chars).into();
        }
        self.reply = Some(JsonRpcMessage::error(error, id));
    }
}

impl<R, W> Transport<RoleServer> for LineTransport<R, W>
where
    R: AsyncRead + Unpin + Send + 'static,
    W: AsyncWrite + Unpin + Send + 'static,
{
    type Error = io::Error;

    fn send(
        &mut self,
        item: TxJsonRpcMessage<RoleServer>,
    ) -> impl Future<Output = Result<(), io::Error>> + Send + 'static {
        let slot = self.flow().outgoing(&item);
        let marked = self.marks.line(&item);
        let writer = self.writer.clone();
        async move {
            let written = match marked {
                Some(line) => writer.write_line(line).await,
                None => writer.write(&item).await,
            };
            drop(slot);
            written
        }
    }

    // rmcp polls this in a `select!` and drops it whenever another event comes first, so
    // every await below is cancel-safe: what was read stays in `self`.
    async fn receive(&mut self) -> Option<RxJsonRpcMessage<RoleServer>> {
        loop {
            if self.reply.is_some() {
                let slot = Arc::clone(&self.reply_slots).acquire_owned().await.ok()?;
                if let Some(reply) = self.reply.take() {
                    let writer = self.writer.clone();
                    tokio::spawn(async move {
                        if let Err(err) = writer.write(&reply).await {
                            tracing::debug!("could not write an error reply: {err}");
                        }
                        drop(slot);
                    });
                }
            }
            if !self.held.is_empty()
                && let Ok(slot) = Arc::clone(&self.slots).try_acquire_owned()
            {
                return self.admit_held(slot);
            }
            let read = if self.held.is_empty() {
                if self.eof {
                    return None;
                }
                self.lines.read().await
            } else if !self.eof && self.reads_past_held() {
                let slots = Arc::clone(&self.slots);
                let next = tokio::select! {
                    biased;
                    slot = slots.acquire_owned() => Err(slot),
                    read = self.lines.read() => Ok(read),
                };
                match next {
                    Ok(read) => read,
                    Err(slot) => return self.admit_held(slot.ok()?),
                }
            } else {
                let slot = Arc::clone(&self.slots).acquire_owned().await.ok()?;
                return self.admit_held(slot);
            };
            match read {
                Read::Line => {
                    let bytes = self.lines.line().len();
                    let parsed = parse(self.lines.line());
                    self.lines.clear();
                    if let Some(message) = self.take(parsed, bytes) {
                        return Some(message);
                    }
                }
                Read::Oversized { id } => {
                    let cap = self.limits.max_request_bytes;
                    let error = ErrorData::parse_error(
                        format!(
                            "parse error: the message is longer than this server's limit of {cap} bytes and was skipped; send less in one request (split the work, or pass a reference to the data instead of the data)"
                        ),
                        None,
                    );
                    self.refuse(id, error);
                }
                Read::Eof => self.eof = true,
                Read::Io(err) => {
                    tracing::error!("cannot read from the client: {err}");
                    self.eof = true;
                }
            }
        }
    }

    async fn close(&mut self) -> Result<(), io::Error> {
        // The transport's own replies still being written go out first, for a while.
        let all = u32::try_from(self.limits.max_in_flight.clamp(1, Semaphore::MAX_PERMITS))
            .unwrap_or(u32::MAX);
        let _ = tokio::time::timeout(CLOSE_GRACE, self.reply_slots.acquire_many(all)).await;
        let Ok(mut writer) = tokio::time::timeout(CLOSE_GRACE, self.writer.0.lock()).await else {
            tracing::warn!("closing with a reply unwritten: the client does not read");
            return Ok(());
        };
        if let Some(mut writer) = writer.take() {
            let _ = tokio::time::timeout(CLOSE_GRACE, writer.shutdown()).await;
        }
        Ok(())
    }
}

/// The writing half, shared by concurrent sends; one message a line, never interleaved.
struct Writer<W>(Arc<tokio::sync::Mutex<Option<W>>>);

impl<W> Clone for Writer<W> {
    fn clone(&self) -> Self {
        Writer(Arc::clone(&self.0))
    }
}

impl<W: AsyncWrite + Unpin> Writer<W> {
    async fn write(&self, message: &TxJsonRpcMessage<RoleServer>) -> io::Result<()> {
        // Serialized before taking the writer, so a send waits only for others' bytes.
        let mut line = serde_json::to_vec(message)?;
        line.push(b'\n');
        self.write_line(line).await
    }

    /// Writes `line`, a whole message and its newline.
    async fn write_line(&self, line: Vec<u8>) -> io::Result<()> {
        let mut writer = self.0.lock().await;
        let writer = writer.as_mut().ok_or_else(|| {
            io::Error::new(io::ErrorKind::NotConnected, "the transport is closed")
        })?;
        writer.write_all(&line).await?;
        writer.flush().await
    }
}
