//! The one service in front of rmcp's: every check a request to `/mcp` passes, in order,
//! in one future, without a layer per check.
//!
//! 1. [`host`]: `Host` and `Origin` against the allow-lists;
//! 2. the OAuth resource server's token check, or the `authenticate` hook, if set; then
//!    the unauthenticated caller for a request that still has none;
//! 3. for a POST, [`body`]: the body read within its bounds, and, when a check below needs
//!    them, only its id, method and the tool it calls parsed; then the OAuth scope check
//!    for a `tools/call`;
//! 4. with sessions, [`gate`]: the session and call bounds (stateless, there is nothing
//!    to count and nothing is done);
//! 5. rmcp's service, through `handle(&self)`, so it is not cloned per request.

use std::{
    convert::Infallible,
    future::Future,
    pin::Pin,
    sync::Arc,
    task::{Context, Poll},
};

use axum::{
    body::Body,
    extract::Request,
    http::{Method, StatusCode},
    response::Response,
};
use rmcp::transport::streamable_http_server::StreamableHttpService;

use super::{
    allow::AllowList,
    auth::DynAuthenticate,
    body::{self, BodyLimits},
    gate, host, marks,
    peek::Incoming,
    sessions::Sessions,
};
use crate::{context::Caller, registry::Registry, transport::base::Served};

/// What the checks need, built once per router.
pub(super) struct Front<S: Served> {
    pub(super) allow: Arc<AllowList>,
    /// Who a request is that no check (nor a layer of the application's, in front) said.
    pub(super) unauthenticated: Caller,
    pub(super) authenticate: Option<Arc<dyn DynAuthenticate>>,
    #[cfg(feature = "oauth")]
    pub(super) oauth: Option<Arc<super::oauth::Guard>>,
    pub(super) body: BodyLimits,
    /// `None` when stateless.
    pub(super) sessions: Option<Arc<Sessions>>,
    pub(super) mcp: StreamableHttpService<S, Sessions>,
    /// The registry when it has task tools, whose 2025-11-25 `tools/list` answers get their
    /// marks ([`marks`](super::marks)).
    pub(super) marks: Option<Registry>,
    /// Whose tools a `tools/call` reaches, for the OAuth scope check.
    #[cfg(feature = "oauth")]
    pub(super) served: S,
}

/// [`Front`] as a tower service, cheap to clone.
pub(super) struct FrontService<S: Served>(pub(super) Arc<Front<S>>);

impl<S: Served> Clone for FrontService<S> {
    fn clone(&self) -> Self {
        FrontService(Arc::clone(&self.0))
    }
}

impl<S: Served> tower_service::Service<Request> for FrontService<S> {
    type Response = Response;
    type Error = Infallible;
    type Future = Pin<Box<dyn Future<Output = Result<Response, Infallible>> + Send>>;

    fn poll_ready(&mut self, _: &mut Context<'_>) -> Poll<Result<(), Infallible>> {
        Poll::Ready(Ok(()))
    }

    fn call(&mut self, request: Request) -> Self::Future {
        let front = Arc::clone(&self.0);
        Box::pin(async move {
            Ok(match front.serve(request).await {
                Ok(response) | Err(response) => response,
            })
        })
    }
}

impl<S: Served> Front<S> {
    /// rmcp's response, or the refusal of the first check that refused.
    async fn serve(&self, request: Request) -> Result<Response, Response> {
        host::check(&self.allow, &request)?;
        let mut request = request;
        #[cfg(feature = "oauth")]
        if let Some(guard) = &self.oauth {
            request = super::oauth::authenticate(guard, request).await?;
        }
        if let Some(hook) = &self.authenticate {
            request = super::auth::vouch(&**hook, request).await?;
        }
        if request.extensions().get::<Caller>().is_none() {
            request
                .extensions_mut()
                .insert(self.unauthenticated.clone());
        }
        if request.method() != Method::POST {
            return Ok(self.sessions(request, None).await);
        }
        let marks = marks::wanted(self.marks.as_ref(), &request);
        let (parts, body) = request.into_parts();
        let bytes = body::read(body, self.body).await?;
        let marks = marks.filter(|_| marks::may_list_tools(&bytes));
        // Only the gate, the scope check and the task marks read the message; without
        // them, nothing of it is parsed before rmcp parses it.
        #[cfg(feature = "oauth")]
        let wanted = self.sessions.is_some() || self.oauth.is_some() || marks.is_some();
        #[cfg(not(feature = "oauth"))]
        let wanted = self.sessions.is_some() || marks.is_some();
        let message = if wanted {
            Some(body::peek(&bytes, self.body)?)
        } else {
            None
        };
        #[cfg(feature = "oauth")]
        if let (Some(guard), Some((name, through))) = (
            &self.oauth,
            message.as_ref().and_then(|m| m.called.as_ref()),
        ) {
            super::oauth::step_up(
                guard,
                self.served.registry(),
                parts.extensions.get::<Caller>(),
                name,
                through.as_deref(),
            )?;
        }
        let request = Request::from_parts(parts, Body::from(bytes.clone()));
        let response = self
            .sessions(request, message.as_ref().map(|m| &m.incoming))
            .await;
        // rmcp's parse is stricter than ours: what it refused gets JSON-RPC's error.
        if response.status() == StatusCode::UNSUPPORTED_MEDIA_TYPE
            && let Some(refusal) = body::refusal(&bytes, self.body.max_error_chars)
        {
            return Err(refusal);
        }
        if let Some(registry) = marks
            && message.as_ref().is_some_and(|m| m.lists_tools)
        {
            // Boxed, as `rmcp` below: inline, its state would grow every request's future.
            return Ok(Box::pin(marks::mark(registry, response)).await);
        }
        Ok(response)
    }

    async fn sessions(&self, request: Request, incoming: Option<&Incoming>) -> Response {
        match &self.sessions {
            Some(sessions) => {
                gate::gate(sessions, request, incoming, |request| self.rmcp(request)).await
            }
            None => self.rmcp(request).await,
        }
    }

    async fn rmcp(&self, request: Request) -> Response {
        // Boxed on its own: rmcp's future is large, and inline it would make every future
        // above it as large, each copied whole where it is boxed or moved.
        Box::pin(self.mcp.handle(request)).await.map(Body::new)
    }
}
