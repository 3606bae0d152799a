//! One `tools/call`, top to bottom: route the name, authorize the caller, validate the
//! arguments, invoke the handler, shape the result, observe it. Each stage is a module of
//! its own; every way a call can fail becomes a result through one conversion,
//! [`respond::failure`].

mod authorize;
mod discover;
mod invoke;
mod respond;
mod route;

use rmcp::{
    ErrorData, Peer, RoleServer,
    model::{CallToolRequestParams, CallToolResult, JsonObject, ProgressToken, RequestId},
};
use serde_json::Value;
use tokio_util::sync::CancellationToken;

use crate::{
    Caller, Registry, ResponseFormat, ToolContext,
    arg::Call,
    context::ResultBudget,
    page,
    wire::{CALL_TOOL, SEARCH_TOOL},
};
use invoke::Failure;
use route::Routed;

/// What the transport knows about a request.
#[derive(Default)]
pub(crate) struct CallEnv {
    pub(crate) cancel: CancellationToken,
    pub(crate) peer: Option<Peer<RoleServer>>,
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
        self.dispatch(request, CallEnv::default()).await
    }

    /// [`Registry::call_request`] by name with JSON arguments (an object, or `null` for none).
    pub async fn call(&self, name: &str, arguments: Value) -> Result<CallToolResult, ErrorData> {
        let mut request = CallToolRequestParams::new(name.to_owned());
        if let Value::Object(args) = arguments {
            request = request.with_arguments(args);
        }
        self.call_request(request).await
    }

    /// The pipeline. An unknown name is the one JSON-RPC error; the rest are results.
    pub(crate) async fn dispatch(
        &self,
        request: CallToolRequestParams,
        env: CallEnv,
    ) -> Result<CallToolResult, ErrorData> {
        if let Some(discovery) = &self.inner.discovery
            && matches!(request.name.as_ref(), SEARCH_TOOL | CALL_TOOL)
        {
            let args = request.arguments.unwrap_or_default();
            return Ok(if request.name == SEARCH_TOOL {
                discover::search(self, discovery, args)
            } else {
                discover::call_through(self, discovery, args, env).await
            });
        }
        let routed = self.route(&request.name)?;
        if let Some(redirected) = routed.redirect() {
            return Ok(redirected);
        }
        let args = request.arguments.unwrap_or_default();
        Ok(match self.run(&routed, args, env).await {
            Ok(result) => routed.with_notice(result),
            // Refused before the handler ran: the call is to be fixed, not the name.
            Err(failure @ Failure::Refused(..)) => {
                respond::failure(routed.entry, failure, routed.meta())
            }
            Err(failure) => {
                routed.with_notice(respond::failure(routed.entry, failure, routed.meta()))
            }
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
        let caller = env
            .caller
            .clone()
            .unwrap_or_else(|| inner.default_caller.clone());
        authorize::scopes(entry, &caller)?;
        // As the model sent them, for the notice of a cut result, which repeats the call
        // with a new cursor, line or offset (without the defaults the validator fills in).
        let original_args = args.clone();
        if let Err(problems) = entry.validator.validate(&mut args) {
            return Err(Failure::invalid_arguments(entry, &problems));
        }
        let format = entry
            .format_param
            .and_then(|p| args.get(p))
            .and_then(ResponseFormat::parse)
            .unwrap_or_default();
        let fingerprint = entry.cursor_param.map_or(0, |c| {
            page::fingerprint(&args, &[Some(c), entry.format_param])
        });
        let budget = entry.budget;
        let context = ToolContext::new(
            entry.name(),
            env.cancel.clone(),
            env.peer,
            env.progress_token,
            env.request_id,
            caller,
            ResultBudget {
                tokens: budget.for_format(format),
                chars: budget.max_chars(),
                format,
            },
        );
        let call = Call {
            args,
            context,
            state: inner.state.clone(),
            format,
            fingerprint,
            sealer: inner.sealer.clone(),
        };
        let output = invoke::invoke(entry, call, &env.cancel).await?;
        let facts = crate::optimizer::CallFacts {
            tool: entry.name(),
            format,
            args: &original_args,
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
        Ok(respond::success(&facts, output, routed.meta()))
    }
}
