//! One `tools/call`, top to bottom: route the name, authorize the caller, validate the
//! arguments, invoke the handler, shape the result, observe it. Each stage is a module of
//! its own; every way a call can fail becomes a result through one conversion,
//! [`respond::failure`].

mod authorize;
mod base;
mod discover;
mod handles;
mod invoke;
mod once;
mod respond;
mod route;
mod task;

use std::{future::Future, sync::Arc};

use futures::future::Either;

use rmcp::{
    ErrorData,
    model::{
        CallToolRequestParams, CallToolResponse, CallToolResult, InputRequiredResult, JsonObject,
    },
};
use serde_json::Value;
use tokio_util::sync::CancellationToken;

use crate::{
    arg::Call,
    context::{
        Caller, ClientLink, ResultBudget, ToolContext,
        input::{self, Inputs},
    },
    error::{Pending, ToolError},
    meta::ResponseFormat,
    output::{Keep, ToolOutput},
    page,
    registry::Registry,
    wire::{CALL_TOOL, SEARCH_TOOL},
};
use base::Failure;
pub(crate) use base::{CallEnv, Detached, TaskEnv};
use once::{Begin, Claim, Once};
use route::Routed;

impl Registry {
    /// Calls a tool exactly as `tools/call` would, without a client: for tests and for
    /// embedding. Unknown tools are an `Err` (JSON-RPC -32602); everything else, bad
    /// arguments and handler errors included, is a result, `isError` where it failed. A
    /// task tool runs here as a plain call: without a client there is no one to poll a task.
    /// (Named apart from rmcp's `ServerHandler::call_tool`, which the registry implements,
    /// so neither shadows the other.)
    pub async fn call_request(
        &self,
        request: CallToolRequestParams,
    ) -> Result<CallToolResult, ErrorData> {
        match self.dispatch(request, CallEnv::default()).await? {
            CallToolResponse::Complete(result) => Ok(result),
            // Without a client no tool can ask for input (it gets an `unsupported` error),
            // so this is not reached; it is an error rather than a panic all the same.
            _ => Err(ErrorData::internal_error(
                "the call asked for client input, and no client is connected",
                None,
            )),
        }
    }

    /// [`Registry::call_request`] by name with JSON arguments (an object, or `null` for none).
    pub async fn call(&self, name: &str, arguments: Value) -> Result<CallToolResult, ErrorData> {
        let mut request = CallToolRequestParams::new(name.to_owned());
        if let Value::Object(args) = arguments {
            request = request.with_arguments(args);
        }
        self.call_request(request).await
    }

    /// The pipeline. An unknown name and a bad `requestState` are the JSON-RPC errors; the
    /// rest are results: complete, or (2026-07-28) waiting on the client's input.
    ///
    /// Everything before the handler runs is done here, at once, so the future returned
    /// holds only what the handler and the result need across its one await, not the
    /// request and the transport's context: a smaller future is cheaper to spawn and move.
    pub(crate) fn dispatch(
        &self,
        request: CallToolRequestParams,
        env: CallEnv,
    ) -> impl Future<Output = Result<CallToolResponse, ErrorData>> + Send + '_ {
        // No `async` block around the match: it would hold the prepared call beside the
        // future that runs it.
        match self.prepare(request, env) {
            Prepared::Done(response) => Either::Left(std::future::ready(response)),
            Prepared::Search(discovery, args, caller) => {
                Either::Right(Either::Left(Box::pin(async move {
                    // The answer is held to a budget in tokens.
                    self.inner.encoding.ready().await;
                    Ok(discover::search(self, discovery, args, &caller).into())
                })))
            }
            Prepared::Run(running) => Either::Right(Either::Right(running.finish())),
        }
    }

    /// Route, authorize and validate, then set the call up to run.
    ///
    /// The discovery tools are routing outcomes: `tools_search` is answered apart, and
    /// `tools_call` unwraps the call it carries, which then goes the way of any other.
    fn prepare(&self, request: CallToolRequestParams, env: CallEnv) -> Prepared<'_> {
        let Some(discovery) = &self.inner.discovery else {
            return self.prepare_tool(request, env);
        };
        match request.name.as_ref() {
            SEARCH_TOOL => {
                let args = request.arguments.unwrap_or_default();
                let caller = env
                    .caller
                    .unwrap_or_else(|| self.inner.default_caller.clone());
                Prepared::Search(discovery, args, caller)
            }
            CALL_TOOL => match discover::unwrap_call(discovery, request) {
                Ok(request) => match self.prepare_tool(request, env) {
                    // Inside `tools_call` an unknown name is the model's to fix: a result.
                    Prepared::Done(Err(err)) => {
                        Prepared::Done(Ok(discover::invalid(err.message.into_owned()).into()))
                    }
                    prepared => prepared,
                },
                Err(refused) => Prepared::Done(Ok((*refused).into())),
            },
            _ => self.prepare_tool(request, env),
        }
    }

    /// Route, authorize and validate a call of a tool by name, then set it up to run.
    fn prepare_tool(&self, request: CallToolRequestParams, env: CallEnv) -> Prepared<'_> {
        // Who calls, resolved once for every stage below.
        let caller = env.caller.as_ref().unwrap_or(&self.inner.default_caller);
        let subject = caller.identity();
        let routed = match self.route(&request.name, caller) {
            Ok(routed) => routed,
            Err(err) => return Prepared::Done(Err(err)),
        };
        if let Some(redirected) = routed.redirect() {
            return Prepared::Done(Ok(redirected.into()));
        }
        let args = request.arguments.unwrap_or_default();
        // An input round (2026-07-28) binds its answers to the tool, the arguments as sent
        // and the caller; a request that can have none pays for none of it. A task's run
        // has its answers from its record, which only its caller can update.
        let detached_answers = env
            .task
            .as_ref()
            .and_then(|t| t.detached.as_ref())
            .map(|d| d.answers.clone());
        let round = if let Some(answers) = detached_answers {
            Some(Box::new(Round {
                inputs: Arc::new(Inputs::new(answers)),
                subject: subject.clone(),
                sent_args: args.clone(),
            }))
        } else if env.stateless
            || request.request_state.is_some()
            || request.input_responses.is_some()
        {
            let answers = match input::answers_of(
                &self.inner.sealer,
                routed.entry.name(),
                &args,
                subject.as_deref(),
                request.request_state.as_deref(),
                request.input_responses,
            ) {
                Ok(answers) => answers,
                Err(err) => return Prepared::Done(Err(err)),
            };
            Some(Box::new(Round {
                inputs: Arc::new(Inputs::new(answers)),
                subject: subject.clone(),
                sent_args: args.clone(),
            }))
        } else {
            None
        };
        match self.start(routed, args, env, subject, round, request.meta.as_ref()) {
            Ok(running) => Prepared::Run(running),
            // Refused before the handler ran: the call is to be fixed, not the name.
            Err((routed, failure)) => Prepared::Done(Ok(respond::failure(
                routed.entry,
                failure,
                routed.meta(),
                self.inner.limits.max_error_chars,
            )
            .into())),
        }
    }

    /// Authorize and validate one routed call, and lend it what its parameters need.
    fn start<'r>(
        &'r self,
        routed: Routed<'r>,
        mut args: JsonObject,
        env: CallEnv,
        subject: Option<String>,
        round: Option<Box<Round>>,
        meta: Option<&rmcp::model::RequestMetaObject>,
    ) -> Result<Running<'r>, (Routed<'r>, Failure)> {
        let inner = &self.inner;
        let entry = routed.entry;
        let caller = env.caller.as_ref().unwrap_or(&inner.default_caller);
        if let Err(failure) = authorize::scopes(entry, caller) {
            return Err((routed, failure));
        }
        if let Err(problems) = entry.validator.validate(&mut args) {
            let failure =
                Failure::invalid_arguments(entry, &problems, inner.limits.max_error_chars);
            return Err((routed, failure));
        }
        // The idempotency key a client may send beside the arguments: in the request's
        // `_meta`, else in the context's (borrowed, not cloned: most calls have none).
        let meta = meta.or_else(|| env.request.as_ref().map(|r| &r.meta));
        let once = match once::once_of(
            entry,
            &args,
            meta,
            &inner.sealer,
            subject.as_deref(),
            inner.idempotency_retention,
        ) {
            Ok(once) => once,
            Err(failure) => return Err((routed, failure)),
        };
        let handles = match handles::open(entry, &args, &inner.sealer, subject.as_deref()) {
            Ok(handles) => handles,
            Err(failure) => return Err((routed, failure)),
        };
        let defaults = entry.validator.defaults();
        let format = entry
            .format_param
            .and_then(|p| args.get(p))
            .and_then(ResponseFormat::parse)
            .unwrap_or_default();
        let fingerprint = entry.cursor_param.map_or(0, |c| {
            page::fingerprint(&args, defaults, &[Some(c), entry.format_param])
        });
        let budget = entry.budget;
        let stateless = env.stateless;
        let in_task = env.task.as_ref().is_some_and(|t| t.detached.is_some());
        // Only a tool that takes a context gets one; the others pay neither its `Arc` nor a
        // second handle on the request's cancellation token, which they take over.
        let (context, cancel) = if entry.takes_context {
            let request = env.request;
            let (mut link, cancel) = match env.task {
                Some(TaskEnv {
                    link,
                    cancel,
                    detached: Some(detached),
                }) => (ClientLink::of_task(detached.capabilities, link), cancel),
                Some(TaskEnv { link, cancel, .. }) => {
                    let mut client = ClientLink::of(request.clone(), env.stateless, env.log);
                    client.task = Some(link);
                    (client, cancel)
                }
                None => (
                    ClientLink::of(request.clone(), env.stateless, env.log),
                    request.as_ref().map(|r| r.ct.clone()).unwrap_or_default(),
                ),
            };
            let progress_token = request.as_ref().and_then(|r| r.meta.get_progress_token());
            let request_id = request.as_ref().map(|r| r.id.clone());
            link.inputs = round.as_ref().map(|r| Arc::clone(&r.inputs));
            let context = ToolContext::new(
                entry.name(),
                cancel,
                link,
                progress_token,
                request_id,
                env.caller.unwrap_or_else(|| inner.default_caller.clone()),
                ResultBudget {
                    tokens: budget.for_format(format),
                    chars: budget.max_chars(),
                    format,
                },
            );
            (Some(context), None)
        } else {
            let cancel = match env.task {
                Some(task) => Some(task.cancel),
                None => env.request.map(|r| r.ct),
            };
            (None, cancel)
        };
        Ok(Running {
            registry: self,
            routed,
            call: Call {
                tool: entry.name(),
                args,
                defaults,
                context,
                state: &inner.state,
                format,
                fingerprint,
                sealer: &inner.sealer,
                plan: None,
                handles: None,
            },
            handles,
            cancel,
            round,
            stateless,
            in_task,
            once: once.map(Box::new),
            subject,
        })
    }
}

/// A call after [`Registry::prepare`].
enum Prepared<'r> {
    /// Answered without running a handler.
    Done(Result<CallToolResponse, ErrorData>),
    /// A `tools_search`, answered once the vocabulary its budget needs is loaded.
    Search(&'r crate::registry::Discovery, JsonObject, Caller),
    /// Ready to run its handler.
    Run(Running<'r>),
}

/// The answers of a 2026-07-28 input round, and what they are bound to.
#[derive(Default)]
struct Round {
    inputs: Arc<Inputs>,
    subject: Option<String>,
    /// As sent, before the validator normalised them: the state binds those.
    sent_args: JsonObject,
}

/// Why a call ends before its handler runs, once its state is opened.
enum Stop {
    /// Answered from the record of a first call.
    Replay(CallToolResponse),
    /// Refused: the claim or a handle.
    Refused(Failure),
}

/// A validated call, ready to run its handler: what the handler borrows, and what the
/// result needs afterwards.
struct Running<'r> {
    registry: &'r Registry,
    routed: Routed<'r>,
    call: Call<'r>,
    /// The request's token, for a tool without a context (which holds it otherwise).
    cancel: Option<CancellationToken>,
    round: Option<Box<Round>>,
    stateless: bool,
    /// Runs as a task apart from any request: a panic fails the task rather than answering.
    in_task: bool,
    /// Set when the call must run once (a plan's commit, an idempotency key).
    once: Option<Box<Once>>,
    /// The state handles it passes, opened, to read before the handler runs.
    handles: Option<Box<[handles::Opening<'r>]>>,
    /// The caller's, which binds the plans the call makes.
    subject: Option<String>,
}

impl<'r> Running<'r> {
    /// Runs the handler and shapes its result.
    ///
    /// rmcp spawns each request's future and moves it whole, so this one is kept small:
    /// `self` is captured once (an `async fn` would copy it into a local beside its
    /// argument), and what only some calls need (a claim, a handle, a kept draft, the
    /// vocabulary's first load) is awaited in boxes of its own.
    #[allow(
        clippy::manual_async_fn,
        reason = "an async fn would hold `self` twice: as its argument and as a local"
    )]
    fn finish(mut self) -> impl Future<Output = Result<CallToolResponse, ErrorData>> + Send + 'r {
        async move {
            let claim = if self.once.is_some() || self.handles.is_some() {
                match Box::pin(self.open_state()).await {
                    Ok(claim) => claim,
                    Err(Stop::Replay(result)) => return Ok(result),
                    Err(Stop::Refused(failure)) => return self.respond(Err(failure)),
                }
            } else {
                None
            };
            let cancel = match &self.call.context {
                Some(context) => Some(context.cancellation_token()),
                None => self.cancel.as_ref(),
            };
            let mut outcome = invoke::invoke(self.routed.entry, &self.call, cancel).await;
            if let Ok(output) = &outcome
                && (output.keep.is_some() || self.needs_vocabulary(output))
            {
                outcome = Box::pin(self.keep(outcome)).await;
            }
            let registry = self.registry;
            let response = self.respond(outcome);
            if let Some(claim) = claim {
                let result = match &response {
                    Ok(CallToolResponse::Complete(result)) => Some(result),
                    _ => None,
                };
                Box::pin(claim.settle(&*registry.inner.store, result)).await;
            }
            response
        }
    }

    /// Claims the call's record and opens its handles, before the handler runs; the
    /// response when that ends the call (a replay, a refusal).
    async fn open_state(&mut self) -> Result<Option<Box<Claim>>, Stop> {
        let inner = &self.registry.inner;
        let store = &*inner.store;
        let claim = match self.once.take() {
            None => None,
            Some(once) => match once.begin(store).await {
                (Begin::Run(claim), loaded) => {
                    self.call.plan = loaded.map(Box::new);
                    Some(Box::new(claim))
                }
                (Begin::Replay(result), _) => {
                    tracing::info!(
                        tool = self.routed.entry.name(),
                        "answered from the record of a first call"
                    );
                    return Err(Stop::Replay(result.into()));
                }
                (Begin::Refused(failure), _) => return Err(Stop::Refused(failure)),
            },
        };
        // After the claim: a retry of a call that closed its handle gets the first result.
        if let Some(openings) = self.handles.take() {
            match handles::load(openings, &inner.store, self.routed.entry.name()).await {
                Ok(loaded) => self.call.handles = Some(loaded),
                Err(failure) => {
                    if let Some(claim) = claim {
                        claim.settle(store, None).await;
                    }
                    return Err(Stop::Refused(failure));
                }
            }
        }
        Ok(claim)
    }

    /// Whether shaping `output` needs the vocabulary, and it is not loaded yet.
    fn needs_vocabulary(&self, output: &ToolOutput) -> bool {
        let inner = &self.registry.inner;
        !inner.encoding.is_loaded()
            && crate::optimizer::may_count(
                output,
                self.routed.entry.budget.for_format(self.call.format),
            )
    }

    /// Keeps the plan or handle the handler drafted, and loads the vocabulary its result's
    /// budget needs.
    async fn keep(&self, mut outcome: Result<ToolOutput, Failure>) -> Result<ToolOutput, Failure> {
        let inner = &self.registry.inner;
        let store = &*inner.store;
        if let Ok(output) = &mut outcome
            && let Some(keep) = output.keep.take()
        {
            let (entry, subject) = (self.routed.entry, self.subject.as_deref());
            let kept = match &*keep {
                Keep::Plan(draft) => {
                    once::keep_plan(store, &inner.sealer, draft, entry.name(), subject).await
                }
                Keep::Handle(draft) => match &entry.handles.makes {
                    Some(makes) => handles::keep(store, &inner.sealer, draft, makes, subject).await,
                    None => Err(Failure::Failed(ToolError::internal(
                        "a tool returned a state handle its definition does not make",
                    ))),
                },
            };
            match (kept, &mut output.structured) {
                (Ok((handle, expires_at)), Some(Value::Object(shape))) => {
                    shape.insert("handle".into(), Value::String(handle));
                    shape.insert("expires_at".into(), Value::String(expires_at));
                }
                (Ok(_), _) => {}
                (Err(failure), _) => outcome = Err(failure),
            }
        }
        if let Ok(output) = &outcome
            && self.needs_vocabulary(output)
        {
            inner.encoding.ready().await;
        }
        outcome
    }

    /// The handler's output within its budget, or its failure as the model reads it.
    fn respond(self, outcome: Result<ToolOutput, Failure>) -> Result<CallToolResponse, ErrorData> {
        let inner = &self.registry.inner;
        let (routed, entry) = (&self.routed, self.routed.entry);
        let max_error = inner.limits.max_error_chars;
        let failure = match outcome {
            Ok(output) => {
                let budget = entry.budget;
                let format = self.call.format;
                // The arguments as the model sent them, for the notice of a cut result,
                // which repeats the call with a new cursor, line or offset.
                let facts = crate::optimizer::CallFacts {
                    tool: entry.name(),
                    format,
                    args: &self.call.args,
                    cursor_param: entry.cursor_param,
                    fingerprint: self.call.fingerprint,
                    sealer: &inner.sealer,
                    wrap_structured: entry.wrap_structured,
                    encoding: inner.encoding,
                    budget: budget.for_format(format),
                    char_budget: budget.max_chars(),
                    binary: entry.binary,
                    arguments: &entry.narrowing,
                    line_positions: &entry.line_positions,
                };
                let mut result = respond::success(entry, &facts, output, routed.meta());
                routed.add_notice(&mut result);
                return Ok(result.into());
            }
            Err(failure) => failure,
        };
        // A deferred call is a task only once its handler said so.
        let in_task = self.in_task || self.call.context.as_ref().is_some_and(ToolContext::is_task);
        if let (Failure::Panicked(_), true) = (&failure, in_task) {
            // A task reports what broke it as a JSON-RPC error (its `failed` status); the
            // panic's text stays in the log, as a direct call's does.
            let _ = respond::failure(entry, failure, routed.meta(), max_error);
            return Err(ErrorData::internal_error(
                "the tool failed unexpectedly while running this task; the server's log has the details",
                None,
            ));
        }
        let Failure::Failed(mut err) = failure else {
            let mut result = respond::failure(entry, failure, routed.meta(), max_error);
            routed.add_notice(&mut result);
            return Ok(result.into());
        };
        Ok(match err.take_pending() {
            // The revision's error (-32021), with our message saying what it was for.
            Some(Pending::Capability(required)) if self.stateless => {
                let mut error = ErrorData::missing_required_client_capability(required);
                error.message = err.message().to_owned().into();
                return Err(error);
            }
            Some(Pending::Input(requests)) => {
                // Asks wait on a round only under 2026-07-28, which always has one.
                let round = self.round.unwrap_or_default();
                let state = input::seal_state(
                    &inner.sealer,
                    entry.name(),
                    &round.sent_args,
                    round.subject.as_deref(),
                    round.inputs.answers(),
                );
                InputRequiredResult::new(Some(requests), Some(state)).into()
            }
            _ => {
                let mut result =
                    respond::failure(entry, Failure::Failed(err), routed.meta(), max_error);
                routed.add_notice(&mut result);
                result.into()
            }
        })
    }
}
