//! One `tools/call`, top to bottom: route the name, authorize the caller, validate the
//! arguments, invoke the handler, shape the result, observe it. Each stage is a module of
//! its own; every way a call can fail becomes a result through one conversion,
//! [`respond::failure`].

mod authorize;
pub(crate) mod count;
mod discover;
mod invoke;
mod respond;
mod route;

use std::sync::Arc;

use rmcp::{
    ErrorData,
    model::{
        CallToolRequestParams, CallToolResponse, CallToolResult, InputRequiredResult, JsonObject,
        ProgressToken, RequestId,
    },
};
use serde_json::Value;

use crate::{
    Caller, Registry, ResponseFormat, ToolContext,
    arg::Call,
    context::{
        ClientLink, ResultBudget,
        input::{self, Inputs},
    },
    error::Pending,
    page,
    wire::{CALL_TOOL, SEARCH_TOOL},
};
use invoke::Failure;
use route::Routed;

/// What the transport knows about a request.
#[derive(Default)]
pub(crate) struct CallEnv {
    /// The request, when a client sent one; its cancellation token is the call's.
    pub(crate) link: ClientLink,
    pub(crate) progress_token: Option<ProgressToken>,
    pub(crate) request_id: Option<RequestId>,
    pub(crate) caller: Option<Caller>,
}

impl Registry {
    /// Calls a tool exactly as `tools/call` would, without a client: for tests and for
    /// embedding. Unknown tools are an `Err` (JSON-RPC -32602); everything else, bad
    /// arguments and handler errors included, is a result, `isError` where it failed.
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
    pub(crate) async fn dispatch(
        &self,
        request: CallToolRequestParams,
        mut env: CallEnv,
    ) -> Result<CallToolResponse, ErrorData> {
        if let Some(discovery) = &self.inner.discovery
            && matches!(request.name.as_ref(), SEARCH_TOOL | CALL_TOOL)
        {
            return if request.name == SEARCH_TOOL {
                let args = request.arguments.unwrap_or_default();
                Ok(discover::search(self, discovery, args).into())
            } else {
                Ok(discover::call_through(self, discovery, request, env).await)
            };
        }
        let routed = self.route(&request.name)?;
        if let Some(redirected) = routed.redirect() {
            return Ok(redirected.into());
        }
        let args = request.arguments.unwrap_or_default();
        // An input round (2026-07-28) binds its answers to the tool, the arguments as sent
        // and the caller; a request that can have none pays for none of it.
        let round = if env.link.stateless
            || request.request_state.is_some()
            || request.input_responses.is_some()
        {
            let subject = env
                .caller
                .as_ref()
                .unwrap_or(&self.inner.default_caller)
                .subject()
                .map(str::to_owned);
            let answers = input::answers_of(
                &self.inner.sealer,
                routed.entry.name(),
                &args,
                subject.as_deref(),
                request.request_state.as_deref(),
                request.input_responses,
            )?;
            let inputs = Arc::new(Inputs::new(answers));
            env.link.inputs = Some(Arc::clone(&inputs));
            Some((inputs, subject, args.clone()))
        } else {
            None
        };
        let stateless = env.link.stateless;
        let max_error = self.inner.limits.max_error_chars;
        Ok(match self.run(&routed, args, env).await {
            Ok(result) => routed.with_notice(result).into(),
            Err(Failure::Failed(mut err)) => match err.take_pending() {
                // The revision's error (-32021), with our message saying what it was for.
                Some(Pending::Capability(required)) if stateless => {
                    let mut error = ErrorData::missing_required_client_capability(required);
                    error.message = err.message().to_owned().into();
                    return Err(error);
                }
                Some(Pending::Input(requests)) => {
                    // Asks wait on a round only under 2026-07-28, which always has one.
                    let (inputs, subject, sent_args) = round.unwrap_or_default();
                    let state = input::seal_state(
                        &self.inner.sealer,
                        routed.entry.name(),
                        &sent_args,
                        subject.as_deref(),
                        inputs.answers(),
                    );
                    InputRequiredResult::new(Some(requests), Some(state)).into()
                }
                _ => routed
                    .with_notice(respond::failure(
                        routed.entry,
                        Failure::Failed(err),
                        routed.meta(),
                        max_error,
                    ))
                    .into(),
            },
            // Refused before the handler ran: the call is to be fixed, not the name.
            Err(failure @ Failure::Refused(..)) => {
                respond::failure(routed.entry, failure, routed.meta(), max_error).into()
            }
            Err(failure) => routed
                .with_notice(respond::failure(
                    routed.entry,
                    failure,
                    routed.meta(),
                    max_error,
                ))
                .into(),
        })
    }

    /// Authorize, validate, invoke and shape one routed call.
    async fn run(
        &self,
        routed: &Routed<'_>,
        mut args: JsonObject,
        env: CallEnv,
    ) -> Result<CallToolResult, Failure> {
        let inner = &self.inner;
        let entry = routed.entry;
        let caller = env.caller.as_ref().unwrap_or(&inner.default_caller);
        authorize::scopes(entry, caller)?;
        if let Err(problems) = entry.validator.validate(&mut args) {
            return Err(Failure::invalid_arguments(
                entry,
                &problems,
                inner.limits.max_error_chars,
            ));
        }
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
        // Only a tool that takes a context gets one: the others pay neither its `Arc` nor
        // a second handle on the request's cancellation token.
        let (context, link) = if entry.takes_context {
            let cancel = env.link.cancel_token().cloned().unwrap_or_default();
            let context = ToolContext::new(
                entry.name(),
                cancel,
                env.link,
                env.progress_token,
                env.request_id,
                env.caller.unwrap_or_else(|| inner.default_caller.clone()),
                ResultBudget {
                    tokens: budget.for_format(format),
                    chars: budget.max_chars(),
                    format,
                },
            );
            (Some(context), None)
        } else {
            (None, Some(env.link))
        };
        let call = Call {
            tool: entry.name(),
            args,
            defaults,
            context,
            state: &inner.state,
            format,
            fingerprint,
            sealer: &inner.sealer,
        };
        let cancel = match (&call.context, &link) {
            (Some(context), _) => Some(context.cancellation_token()),
            (None, link) => link.as_ref().and_then(ClientLink::cancel_token),
        };
        let output = invoke::invoke(entry, &call, cancel).await?;
        // The arguments as the model sent them, for the notice of a cut result, which
        // repeats the call with a new cursor, line or offset.
        let facts = crate::optimizer::CallFacts {
            tool: entry.name(),
            format,
            args: &call.args,
            cursor_param: entry.cursor_param,
            fingerprint,
            sealer: &inner.sealer,
            wrap_structured: entry.wrap_structured,
            encoding: inner.encoding,
            budget: budget.for_format(format),
            char_budget: budget.max_chars(),
            binary: entry.binary,
            arguments: &entry.arguments,
        };
        Ok(respond::success(entry, &facts, output, routed.meta()))
    }
}
