//! One `tools/call`: resolve → scopes → validate → run (timeout, cancellation, panics) → result.

use std::{panic::AssertUnwindSafe, sync::atomic::Ordering, time::Duration};

use futures::FutureExt;
use rmcp::{
    ErrorData, Peer, RoleServer,
    model::{
        CallToolRequestParams, CallToolResult, ContentBlock, JsonObject, MetaObject, ProgressToken,
        RequestId, Tool,
    },
};
use serde_json::{Value, json};
use tokio_util::sync::CancellationToken;

use crate::{
    Caller, Registry, ResponseFormat, ToolContext, ToolError, ToolOutput,
    arg::Call,
    definition::{AliasMeta, ToolDefinition},
    discovery::{CALL_TOOL, SEARCH_TOOL},
    error::{masked_message, new_reference},
    optimizer::{self, CallFacts, Shaped, TRUNCATION_META_KEY},
    page,
    registry::Discovery,
    suggest,
};

/// `_meta` key of the error details on an `isError` result.
pub const ERROR_META_KEY: &str = "mcp-tools/error";
/// `_meta` key of the deprecation notice on a result reached through an alias.
pub const DEPRECATION_META_KEY: &str = "mcp-tools/deprecated";

/// What the transport knows about a request.
#[derive(Default)]
pub(crate) struct CallEnv {
    pub(crate) cancel: CancellationToken,
    pub(crate) peer: Option<Peer<RoleServer>>,
    pub(crate) progress_token: Option<ProgressToken>,
    pub(crate) request_id: Option<RequestId>,
    pub(crate) caller: Option<Caller>,
}

#[allow(clippy::large_enum_variant)] // lives for one match, never stored
enum Outcome {
    Done(Result<ToolOutput, ToolError>),
    Panicked(String),
    Cancelled,
}

impl Registry {
    /// Calls a tool exactly as `tools/call` would, without a client: for tests and for
    /// embedding. Unknown tools are an `Err` (JSON-RPC -32602); everything else, bad
    /// arguments and handler errors included, is a result, `isError` where it failed.
    pub async fn call_tool(
        &self,
        request: CallToolRequestParams,
    ) -> Result<CallToolResult, ErrorData> {
        self.dispatch(request, CallEnv::default()).await
    }

    /// [`Registry::call_tool`] by name with JSON arguments (an object, or `null` for none).
    pub async fn call(&self, name: &str, arguments: Value) -> Result<CallToolResult, ErrorData> {
        let mut request = CallToolRequestParams::new(name.to_owned());
        if let Value::Object(args) = arguments {
            request = request.with_arguments(args);
        }
        self.call_tool(request).await
    }

    pub(crate) async fn dispatch(
        &self,
        request: CallToolRequestParams,
        env: CallEnv,
    ) -> Result<CallToolResult, ErrorData> {
        let inner = &self.inner;
        if let Some(discovery) = &inner.discovery {
            match request.name.as_ref() {
                SEARCH_TOOL => {
                    return Ok(self.search_tools(discovery, request.arguments.unwrap_or_default()));
                }
                CALL_TOOL => {
                    return Ok(self
                        .call_through(discovery, request.arguments.unwrap_or_default(), env)
                        .await);
                }
                _ => {}
            }
        }
        let Some(route) = inner.routes.get(request.name.as_ref()) else {
            return Err(self.unknown_tool(&request.name));
        };
        let entry = &inner.entries[route.index];
        let mut meta = None;
        let mut notice = None;
        if let Some(alias) = &route.alias {
            let a = alias.meta;
            if !alias.warned.swap(true, Ordering::Relaxed) {
                tracing::warn!(
                    alias = a.name,
                    tool = entry.name(),
                    "tool called through a deprecated alias; clients should switch to the new name"
                );
            }
            metrics::counter!("mcp_tools_alias_calls_total", "alias" => a.name, "tool" => entry.name()).increment(1);
            if a.redirect {
                count_call(entry.name(), "redirected");
                return Ok(redirect_result(entry, a));
            }
            meta = Some(deprecation_meta(a, entry.name()));
            notice = Some(deprecation_notice(a, entry.name()));
        }
        let caller = env.caller.unwrap_or_else(|| inner.default_caller.clone());
        let missing: Vec<&str> = entry
            .scopes()
            .iter()
            .copied()
            .filter(|s| !caller.has_scope(s))
            .collect();
        if !missing.is_empty() {
            let err = ToolError::permission_denied(format!(
                "`{}` needs the scope{} {}, which this caller does not hold; ask the user to grant {} or use a tool that needs less",
                entry.name(),
                if missing.len() == 1 { "" } else { "s" },
                quoted(&missing),
                if missing.len() == 1 { "it" } else { "them" },
            ));
            count_call(entry.name(), "permission_denied");
            return Ok(error_result(entry, &err, meta));
        }
        let mut args = request.arguments.unwrap_or_default();
        if let Err(problems) = entry.validator.validate(&mut args) {
            tracing::debug!(
                tool = entry.name(),
                problems = problems.len(),
                "arguments rejected"
            );
            count_call(entry.name(), "invalid_arguments");
            return Ok(error_result(
                entry,
                &ToolError::invalid_input(problems.join("\n")),
                meta,
            ));
        }
        let format = format_of(entry, &args);
        let fingerprint = entry.cursor_param.map_or(0, |c| {
            page::fingerprint(&args, &[Some(c), entry.format_param])
        });
        // Kept for the notice of a cut result, which repeats the call with a new cursor or line.
        let original_args = args.clone();
        let context = ToolContext::new(
            entry.name(),
            env.cancel.clone(),
            env.peer,
            env.progress_token,
            env.request_id,
            caller,
        );
        let call = Call {
            args,
            context,
            state: inner.state.clone(),
            format,
            fingerprint,
            sealer: inner.sealer.clone(),
        };
        let outcome = run(entry, call, &env.cancel).await;
        let result = match outcome {
            Outcome::Done(Ok(output)) => {
                let budget = inner.budgets[route.index];
                let facts = CallFacts {
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
                };
                success_result(&facts, output, meta)
            }
            Outcome::Done(Err(err)) => {
                count_call(entry.name(), "error");
                error_result(entry, &err, meta)
            }
            Outcome::Panicked(detail) => {
                let reference = new_reference();
                tracing::error!(
                    tool = entry.name(),
                    function = entry.fn_path(),
                    reference,
                    panic = detail,
                    "tool handler panicked"
                );
                count_call(entry.name(), "panic");
                let mut result =
                    CallToolResult::error(vec![ContentBlock::text(masked_message(&reference))]);
                result.meta = Some(merge_meta(
                    meta,
                    error_meta("internal", false, Some(&reference)),
                ));
                result
            }
            Outcome::Cancelled => {
                tracing::debug!(tool = entry.name(), "call cancelled by the client");
                count_call(entry.name(), "cancelled");
                error_result(
                    entry,
                    &ToolError::retry_later("the call was cancelled before it finished"),
                    meta,
                )
            }
        };
        let mut result = result;
        if let Some(notice) = notice {
            result.content.push(ContentBlock::text(notice));
        }
        Ok(result)
    }

    /// `tools_search`: the best matches, with their full definitions.
    fn search_tools(&self, discovery: &Discovery, mut args: JsonObject) -> CallToolResult {
        if let Err(problems) = discovery.search_validator.validate(&mut args) {
            return discovery_error(format!("invalid input: {}", problems.join("\n")));
        }
        if args
            .get("query")
            .and_then(Value::as_str)
            .is_some_and(|q| q.trim().is_empty())
        {
            return discovery_error(
                "invalid input: query must contain a word, e.g. `cancel a shipment`".to_owned(),
            );
        }
        let query = args
            .get("query")
            .and_then(Value::as_str)
            .unwrap_or_default();
        let limit = args.get("limit").and_then(Value::as_u64).unwrap_or(5);
        let found: Vec<&Tool> = discovery
            .index
            .search(query, usize::try_from(limit).unwrap_or(5))
            .into_iter()
            .map(|i| self.inner.entries[i].tool())
            .collect();
        let value = json!({ "tools": found });
        let mut result = CallToolResult::success(vec![ContentBlock::text(value.to_string())]);
        if found.is_empty() {
            result.content = vec![ContentBlock::text(format!(
                "no tool matches `{query}`; try other words for the task, e.g. the object it acts on (`shipment`, `invoice`) and the action (`cancel`, `search`)"
            ))];
        }
        result.structured_content = Some(value);
        result
    }

    /// `tools_call`: any tool, exactly as if called by name.
    async fn call_through(
        &self,
        discovery: &Discovery,
        mut args: JsonObject,
        env: CallEnv,
    ) -> CallToolResult {
        if let Err(problems) = discovery.call_validator.validate(&mut args) {
            return discovery_error(format!("invalid input: {}", problems.join("\n")));
        }
        let name = args
            .get("name")
            .and_then(Value::as_str)
            .unwrap_or_default()
            .to_owned();
        if name == SEARCH_TOOL || name == CALL_TOOL {
            return discovery_error(format!(
                "invalid input: call `{name}` directly, not through `{CALL_TOOL}`"
            ));
        }
        let mut request = CallToolRequestParams::new(name);
        if let Some(Value::Object(arguments)) = args.remove("arguments") {
            request = request.with_arguments(arguments);
        }
        match Box::pin(self.dispatch(request, env)).await {
            Ok(result) => result,
            // Inside `tools_call` an unknown name is the model's to fix, so it is a result.
            Err(err) => discovery_error(err.message.into_owned()),
        }
    }

    fn unknown_tool(&self, name: &str) -> ErrorData {
        let names = self.inner.entries.iter().map(ToolDefinition::name);
        let near = suggest::nearest(name, names, 3);
        let total = self.inner.entries.len();
        let message = if near.is_empty() {
            if self.inner.discovery.is_some() {
                format!("unknown tool `{name}`; find tools with `{SEARCH_TOOL}`")
            } else {
                format!(
                    "unknown tool `{name}`; this server has {total} tools, listed by tools/list"
                )
            }
        } else {
            let more = if self.inner.discovery.is_some() {
                format!(" Or find tools with `{SEARCH_TOOL}`.")
            } else {
                String::new()
            };
            format!(
                "unknown tool `{name}`; did you mean {}?{more}",
                quoted(&near)
            )
        };
        ErrorData::invalid_params(
            message,
            Some(json!({ "unknown_tool": name, "nearest": near })),
        )
    }
}

async fn run(entry: &ToolDefinition, call: Call, cancel: &CancellationToken) -> Outcome {
    let handler = AssertUnwindSafe((entry.handler)(call)).catch_unwind();
    let timed = async {
        match entry.meta.timeout_ms {
            None => handler.await.map_err(panic_detail),
            Some(ms) => match tokio::time::timeout(Duration::from_millis(ms), handler).await {
                Ok(result) => result.map_err(panic_detail),
                Err(_) => Ok(Err(timeout_error(entry, ms))),
            },
        }
    };
    tokio::select! {
        result = timed => match result {
            Ok(done) => Outcome::Done(done),
            Err(detail) => Outcome::Panicked(detail),
        },
        () = cancel.cancelled() => Outcome::Cancelled,
    }
}

fn timeout_error(entry: &ToolDefinition, ms: u64) -> ToolError {
    if entry.meta.read_only == Some(true) {
        ToolError::retry_later(format!(
            "timed out after {ms} ms; retry, or narrow the request so it does less work"
        ))
    } else {
        ToolError::outcome_unknown(format!(
            "timed out after {ms} ms; the change may or may not have been applied, so check the current state before calling again"
        ))
    }
}

fn panic_detail(payload: Box<dyn std::any::Any + Send>) -> String {
    payload
        .downcast_ref::<&str>()
        .map(|s| (*s).to_owned())
        .or_else(|| payload.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "non-string panic payload".to_owned())
}

fn format_of(entry: &ToolDefinition, args: &JsonObject) -> ResponseFormat {
    entry
        .format_param
        .and_then(|p| args.get(p))
        .and_then(ResponseFormat::parse)
        .unwrap_or_default()
}

fn success_result(
    facts: &CallFacts<'_>,
    output: ToolOutput,
    meta: Option<MetaObject>,
) -> CallToolResult {
    let own_meta = output.meta.clone();
    let shaped = optimizer::shape(output, facts);
    observe(facts, &shaped);
    let mut result = CallToolResult::success(shaped.content);
    result.structured_content = shaped.structured;
    let mut extra = own_meta.unwrap_or_default();
    if let Some(meta) = meta {
        extra.0.extend(meta.0);
    }
    if let Some(truncation) = shaped.truncation {
        extra.0.insert(TRUNCATION_META_KEY.to_owned(), truncation);
    }
    result.meta = (!extra.0.is_empty()).then_some(extra);
    result
}

/// Logs and counts one successful call. A result that fit without counting is counted
/// after the response is on its way, so exact numbers cost the caller no latency.
fn observe(facts: &CallFacts<'_>, shaped: &Shaped) {
    count_call(facts.tool, "ok");
    let report = shaped.report;
    let (tool, format, encoding) = (facts.tool, facts.format.as_str(), facts.encoding);
    let emit = move |tokens: usize| {
        tracing::info!(target: "mcp_tools::call", tool, format, tokens, tokens_cut = report.tokens_cut, truncated = report.truncated, "tool result");
        metrics::histogram!("mcp_tools_response_tokens", "tool" => tool).record(tokens as f64);
        if report.truncated {
            metrics::counter!("mcp_tools_truncated_total", "tool" => tool).increment(1);
            metrics::counter!("mcp_tools_tokens_cut_total", "tool" => tool)
                .increment(report.tokens_cut as u64);
        }
    };
    match report.tokens {
        Some(tokens) => emit(tokens),
        // Nobody listens: counting a result that fit would only spend CPU.
        None if !tracing::enabled!(target: "mcp_tools::call", tracing::Level::INFO) => {}
        None => {
            let text: Vec<String> = shaped
                .content
                .iter()
                .filter_map(|b| b.as_text().map(|t| t.text.clone()))
                .collect();
            let count = move || emit(text.iter().map(|t| encoding.count(t)).sum());
            match tokio::runtime::Handle::try_current() {
                Ok(handle) => drop(handle.spawn(async move { count() })),
                Err(_) => count(),
            }
        }
    }
}

/// An `isError` result of the discovery tools themselves, with the usual error `_meta`.
fn discovery_error(text: String) -> CallToolResult {
    let mut result = CallToolResult::error(vec![ContentBlock::text(text)]);
    result.meta = Some(error_meta("invalid_input", false, None));
    result
}

fn count_call(tool: &'static str, outcome: &'static str) {
    metrics::counter!("mcp_tools_calls_total", "tool" => tool, "outcome" => outcome).increment(1);
}

fn error_result(
    entry: &ToolDefinition,
    err: &ToolError,
    meta: Option<MetaObject>,
) -> CallToolResult {
    let reference = (err.kind() == crate::ErrorKind::Internal).then(new_reference);
    if let Some(reference) = &reference {
        tracing::error!(
            tool = entry.name(),
            function = entry.fn_path(),
            reference,
            detail = err.log_detail(),
            "tool failed"
        );
    } else {
        tracing::debug!(
            tool = entry.name(),
            kind = err.kind().as_str(),
            message = err.message(),
            "tool returned an error"
        );
    }
    let mut result = CallToolResult::error(vec![ContentBlock::text(
        err.model_text(reference.as_deref()),
    )]);
    result.meta = Some(merge_meta(
        meta,
        error_meta(
            err.kind().as_str(),
            err.kind().is_retryable(),
            reference.as_deref(),
        ),
    ));
    result
}

fn error_meta(kind: &str, retryable: bool, reference: Option<&str>) -> MetaObject {
    let mut detail = json!({ "kind": kind, "retryable": retryable });
    if let Some(reference) = reference {
        detail["reference"] = json!(reference);
    }
    let mut map = JsonObject::new();
    map.insert(ERROR_META_KEY.to_owned(), detail);
    MetaObject(map)
}

fn deprecation_meta(alias: &AliasMeta, replacement: &str) -> MetaObject {
    let mut map = JsonObject::new();
    map.insert(DEPRECATION_META_KEY.to_owned(), alias.detail(replacement));
    MetaObject(map)
}

/// The short note a result reached through an alias ends with.
fn deprecation_notice(alias: &AliasMeta, replacement: &str) -> String {
    let when = match (alias.since, alias.remove_in) {
        (Some(since), Some(remove)) => format!(" since {since} and will be removed in {remove}"),
        (Some(since), None) => format!(" since {since}"),
        (None, Some(remove)) => format!(" and will be removed in {remove}"),
        (None, None) => String::new(),
    };
    format!(
        "Note: `{}` is deprecated{when}; call `{replacement}` instead, with the same arguments.",
        alias.name
    )
}

/// A call through a redirect alias: the replacement is not a drop-in, so say how to call it.
fn redirect_result(entry: &ToolDefinition, alias: &AliasMeta) -> CallToolResult {
    let differs = alias
        .note
        .map_or_else(String::new, |note| format!(": {note}"));
    let text = format!(
        "`{}` was replaced by `{}`, which takes different arguments{differs}. Call `{}` with {}.",
        alias.name,
        entry.name(),
        entry.name(),
        entry.parameter_summary()
    );
    let mut result = CallToolResult::error(vec![ContentBlock::text(text)]);
    let mut meta = deprecation_meta(alias, entry.name());
    meta.0.extend(error_meta("invalid_input", false, None).0);
    result.meta = Some(meta);
    result
}

fn merge_meta(base: Option<MetaObject>, extra: MetaObject) -> MetaObject {
    match base {
        Some(mut base) => {
            base.0.extend(extra.0);
            base
        }
        None => extra,
    }
}

fn quoted(names: &[&str]) -> String {
    names
        .iter()
        .map(|n| format!("`{n}`"))
        .collect::<Vec<_>>()
        .join(", ")
}
