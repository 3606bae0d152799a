//! rmcp's `ServerHandler`, written by hand over the registry.

use rmcp::{
    ErrorData, RoleServer, ServerHandler,
    model::{
        CallToolRequestParams, CallToolResponse, CancelTaskParams, CompleteRequestParams,
        CompleteResult, CustomRequest, CustomResult, ErrorCode, GetPromptRequestParams,
        GetPromptResponse, GetTaskParams, GetTaskResult, Implementation, InitializeRequestParams,
        InitializeResult, JsonObject, ListPromptsResult, ListResourceTemplatesResult,
        ListResourcesResult, ListToolsResult, PaginatedRequestParams, PromptsCapability,
        ReadResourceRequestParams, ReadResourceResponse, ResourcesCapability, ServerCapabilities,
        ServerConfig, SubscribeRequestParams, SubscriptionFilter, TASKS_EXTENSION_ID, Tool,
        UnsubscribeRequestParams, UpdateTaskParams,
    },
    service::{RequestContext, SubscriptionContext},
};

use crate::{
    call::CallEnv,
    context::Caller,
    context::LogLevel,
    context::log::LogGate,
    registry::Registry,
    seal::{Fields, Reader, Sealer},
    visible::Visible,
};

impl ServerHandler for Registry {
    fn get_info(&self) -> ServerConfig {
        // Logging: any tool may log through its context.
        #[allow(deprecated)] // deprecated by 2026-07-28 (SEP-2577), and still part of it
        let mut capabilities = ServerCapabilities::builder()
            .enable_tools()
            .enable_logging()
            .build();
        let inner = &self.inner;
        if !inner.prompts.is_empty() {
            capabilities.prompts = Some(PromptsCapability::default());
        }
        if !inner.resources.is_empty() {
            let mut resources = ResourcesCapability::default();
            resources.subscribe = Some(true);
            capabilities.resources = Some(resources);
        }
        let completes = inner.prompts.iter().any(|p| !p.meta.completions.is_empty())
            || inner
                .resources
                .iter()
                .any(|r| !r.meta.completions.is_empty());
        if completes {
            capabilities.completions = Some(JsonObject::new());
        }
        if self.inner.has_tasks() {
            capabilities
                .extensions
                .get_or_insert_with(Default::default)
                .insert(TASKS_EXTENSION_ID.to_owned(), JsonObject::new());
        }
        let mut config = ServerConfig::new(capabilities)
            .with_server_info(Implementation::new(&self.inner.name, &self.inner.version));
        if let Some(instructions) = &self.inner.instructions {
            config = config.with_instructions(instructions.clone());
        }
        config
    }

    async fn initialize(
        &self,
        request: InitializeRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<InitializeResult, ErrorData> {
        initialize(self, request, &context)
    }

    async fn list_tools(
        &self,
        request: Option<PaginatedRequestParams>,
        context: RequestContext<RoleServer>,
    ) -> Result<ListToolsResult, ErrorData> {
        let cursor = request.and_then(|r| r.cursor);
        let caller = caller_of(&context);
        let caller = caller.as_ref().unwrap_or(&self.inner.default_caller);
        let (tools, next_cursor) = self.page(cursor.as_deref(), caller)?;
        let mut result = ListToolsResult::with_all_items(tools);
        result.next_cursor = next_cursor;
        Ok(result)
    }

    fn get_tool(&self, name: &str) -> Option<Tool> {
        if let Some(discovery) = &self.inner.discovery {
            if name == discovery.search.name {
                return Some(discovery.search.clone());
            }
            if name == discovery.call.name {
                return Some(discovery.call.clone());
            }
        }
        let route = self.inner.routes.get(name)?;
        Some(self.inner.entries[route.index].tool().clone())
    }

    // Not `async`: the call is prepared before the future is returned, so the future does
    // not carry the request and its context (see `Registry::dispatch`).
    fn call_tool(
        &self,
        request: CallToolRequestParams,
        context: RequestContext<RoleServer>,
    ) -> impl Future<Output = Result<CallToolResponse, ErrorData>> + Send + '_ {
        let stateless = is_modern(&context);
        let log = self.log_gate(&context, stateless);
        let env = CallEnv {
            caller: caller_of(&context),
            request: Some(context),
            stateless,
            log,
            task: None,
        };
        self.call_or_task(request, env)
    }

    // The task methods box their futures: rmcp spawns each request as one future the size
    // of the largest method's, so an unboxed task lookup would be copied into every call.
    fn get_task(
        &self,
        request: GetTaskParams,
        context: RequestContext<RoleServer>,
    ) -> impl Future<Output = Result<GetTaskResult, ErrorData>> + Send + '_ {
        let caller = self.caller_or_default(&context);
        Box::pin(async move { self.get_task_for(&request.task_id, &caller).await })
    }

    fn update_task(
        &self,
        request: UpdateTaskParams,
        context: RequestContext<RoleServer>,
    ) -> impl Future<Output = Result<(), ErrorData>> + Send + '_ {
        let caller = self.caller_or_default(&context);
        Box::pin(async move {
            self.update_task_for(&request.task_id, request.input_responses, &caller)
                .await
        })
    }

    fn cancel_task(
        &self,
        request: CancelTaskParams,
        context: RequestContext<RoleServer>,
    ) -> impl Future<Output = Result<(), ErrorData>> + Send + '_ {
        let caller = self.caller_or_default(&context);
        Box::pin(async move { self.cancel_task_for(&request.task_id, &caller).await })
    }

    async fn list_prompts(
        &self,
        _request: Option<PaginatedRequestParams>,
        context: RequestContext<RoleServer>,
    ) -> Result<ListPromptsResult, ErrorData> {
        let caller = self.caller_or_default(&context);
        Ok(ListPromptsResult::with_all_items(self.prompts_for(&caller)))
    }

    async fn get_prompt(
        &self,
        request: GetPromptRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<GetPromptResponse, ErrorData> {
        let caller = self.caller_or_default(&context);
        let modern = is_modern(&context);
        self.get_prompt_as(request, &caller, Some(&context), modern)
            .await
    }

    async fn list_resources(
        &self,
        _request: Option<PaginatedRequestParams>,
        context: RequestContext<RoleServer>,
    ) -> Result<ListResourcesResult, ErrorData> {
        let caller = self.caller_or_default(&context);
        Ok(ListResourcesResult::with_all_items(
            self.resources_for(&caller).0,
        ))
    }

    async fn list_resource_templates(
        &self,
        _request: Option<PaginatedRequestParams>,
        context: RequestContext<RoleServer>,
    ) -> Result<ListResourceTemplatesResult, ErrorData> {
        let caller = self.caller_or_default(&context);
        Ok(ListResourceTemplatesResult::with_all_items(
            self.resources_for(&caller).1,
        ))
    }

    async fn read_resource(
        &self,
        request: ReadResourceRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<ReadResourceResponse, ErrorData> {
        let caller = self.caller_or_default(&context);
        self.read_resource_as(request, &caller, Some(&context))
            .await
            .map(Into::into)
    }

    async fn complete(
        &self,
        request: CompleteRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<CompleteResult, ErrorData> {
        let caller = self.caller_or_default(&context);
        match self.complete_as(&request, &caller).await {
            Some(answer) => answer,
            None => Err(ErrorData::invalid_params(
                "the reference names no prompt or resource template of this server; prompts/list and resources/templates/list name them",
                None,
            )),
        }
    }

    #[allow(deprecated)] // resources/subscribe is deprecated by 2026-07-28, and still served
    async fn subscribe(
        &self,
        request: SubscribeRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<(), ErrorData> {
        let caller = self.caller_or_default(&context);
        self.subscribe_as(&request.uri, &caller, &context)
    }

    #[allow(deprecated)]
    async fn unsubscribe(
        &self,
        request: UnsubscribeRequestParams,
        _context: RequestContext<RoleServer>,
    ) -> Result<(), ErrorData> {
        self.unsubscribe_as(&request.uri);
        Ok(())
    }

    fn accepted_subscription_filter(
        &self,
        requested: &SubscriptionFilter,
    ) -> Option<SubscriptionFilter> {
        // Without resources there is nothing to listen for (lists do not change yet).
        (!self.inner.resources.is_empty()).then(|| self.accepted_filter(requested))
    }

    async fn listen(&self, context: SubscriptionContext) -> Result<(), ErrorData> {
        self.listen_as(context).await
    }

    #[allow(deprecated)] // logging/setLevel is deprecated by 2026-07-28, and still served
    async fn set_level(
        &self,
        request: rmcp::model::SetLevelRequestParams,
        _context: RequestContext<RoleServer>,
    ) -> Result<(), ErrorData> {
        self.session
            .log_level
            .set(LogLevel::from_rmcp(request.level));
        Ok(())
    }

    /// rmcp hands over, as custom, any request whose params did not parse, even of a method
    /// it knows; a malformed `tools/call` is invalid params (-32602), not an unknown method.
    async fn on_custom_request(
        &self,
        request: CustomRequest,
        context: RequestContext<RoleServer>,
    ) -> Result<CustomResult, ErrorData> {
        let method = request.method.as_str();
        Err(match method {
            _ if !answers_method(method, is_modern(&context)) => ErrorData::new(
                ErrorCode::METHOD_NOT_FOUND,
                format!("unknown method `{}`", crate::error::clip(method, 100)),
                None,
            ),
            "tools/call" => {
                ErrorData::invalid_params(malformed_call(request.params.as_ref()), None)
            }
            _ => ErrorData::invalid_params(format!("the params of {method} do not parse"), None),
        })
    }
}

/// `initialize` as rmcp's handshake answers it, for sessions served without that handshake
/// (stdio): the client's info is kept with the version negotiated, not the one it asked for.
/// rmcp's default keeps the one asked for, so a client that asked for 2026-07-28 (which has
/// no `initialize`) would be served as 2026-07-28 after being told 2025-11-25.
pub(crate) fn initialize<S: ServerHandler>(
    server: &S,
    request: InitializeRequestParams,
    context: &RequestContext<RoleServer>,
) -> Result<InitializeResult, ErrorData> {
    let result = server.negotiate_initialize(&request)?;
    let mut info = request;
    info.protocol_version = result.protocol_version.clone();
    context.peer.set_peer_info(info);
    Ok(result)
}

/// What is wrong with the params of a `tools/call` that did not parse, naming the field.
fn malformed_call(params: Option<&serde_json::Value>) -> String {
    use serde_json::Value;
    fn kind(value: &Value) -> &'static str {
        match value {
            Value::Null => "null",
            Value::Bool(_) => "a boolean",
            Value::Number(_) => "a number",
            Value::String(_) => "a string",
            Value::Array(_) => "an array",
            Value::Object(_) => "an object",
        }
    }
    const SHAPE: &str = "{\"name\": string, \"arguments\": object (optional)}";
    let Some(params) = params else {
        return format!("tools/call needs params {SHAPE}");
    };
    let Value::Object(params) = params else {
        return format!(
            "the params of tools/call must be {SHAPE}, not {}",
            kind(params)
        );
    };
    match (params.get("name"), params.get("arguments")) {
        (None, _) => "params.name is missing: the name of the tool to call".to_owned(),
        (Some(name), _) if !name.is_string() => {
            format!(
                "params.name must be a string (the tool's name), not {}",
                kind(name)
            )
        }
        (_, Some(args)) if !args.is_object() && !args.is_null() => format!(
            "params.arguments must be an object of the tool's arguments, not {}",
            kind(args)
        ),
        _ => format!("the params of tools/call do not parse; they must be {SHAPE}"),
    }
}

/// Whether the methods the registry refuses as invalid params when malformed include
/// `method`: its own, and in a 2025 session the lifecycle's (2026-07-28 removed
/// `initialize`, `ping` and `logging/setLevel`, so there they are unknown methods).
pub(crate) fn answers_method(method: &str, modern: bool) -> bool {
    match method {
        "tools/call" | "tools/list" => true,
        "logging/setLevel" | "initialize" | "ping" => !modern,
        _ => false,
    }
}

/// Whether a request is of the 2026-07-28 revision or later (no handshake, `_meta` per request).
pub(crate) fn is_modern(context: &RequestContext<RoleServer>) -> bool {
    context
        .protocol_version()
        .is_some_and(|v| !v.has_initialize())
}

impl Registry {
    /// Who makes the request, the registry's default caller when no transport said.
    pub(crate) fn caller_or_default(&self, context: &RequestContext<RoleServer>) -> Caller {
        caller_of(context).unwrap_or_else(|| self.inner.default_caller.clone())
    }

    /// Which log messages a call may send: under 2026-07-28 the request says (its
    /// `logLevel`); in a 2025 session `logging/setLevel` did.
    fn log_gate(&self, context: &RequestContext<RoleServer>, stateless: bool) -> LogGate {
        if stateless {
            context
                .meta
                .log_level()
                .map_or(LogGate::Off, |l| LogGate::From(LogLevel::from_rmcp(l)))
        } else {
            self.session.log_level.gate()
        }
    }

    /// One page of `tools/list` as `caller` sees it (see [`Visible`]), and the cursor of the
    /// next.
    ///
    /// Cursors are opaque to clients: the offset, a tag of the catalog and one of the
    /// caller's view, sealed with the registry's key, so a forged cursor, one from another
    /// build of the server, or one handed out to a caller who sees other tools is refused
    /// rather than silently skipping tools.
    pub(crate) fn page(
        &self,
        cursor: Option<&str>,
        caller: &Caller,
    ) -> Result<(Vec<Tool>, Option<String>), ErrorData> {
        let inner = &self.inner;
        let visible = self.visible_to(caller);
        let tag = Tag {
            catalog: inner.catalog_tag,
            view: visible.tag(),
        };
        let len = match &visible {
            Visible::All => inner.listed.len(),
            Visible::Only { indices, .. } => indices.len(),
        };
        let start = match cursor {
            None => 0,
            Some(cursor) => decode_cursor(&inner.sealer, cursor, tag)
                .filter(|&offset| offset < len)
                .ok_or_else(|| {
                    // The cursor is not echoed: it may be anything, of any length.
                    ErrorData::invalid_params(
                        "invalid cursor: not one this server issued for this catalog and caller; call tools/list without a cursor to start from the first page",
                        None,
                    )
                })?,
        };
        let end = (start + inner.page_size).min(len);
        let next = (end < len).then(|| encode_cursor(&inner.sealer, end, tag));
        let tools = match &visible {
            Visible::All => inner.listed[start..end].to_vec(),
            Visible::Only { indices, .. } => indices[start..end]
                .iter()
                .map(|&i| inner.listed[i].clone())
                .collect(),
        };
        Ok((tools, next))
    }
}

/// What `tools/list` cursors are sealed for; page cursors of tools have their own.
const LIST_CURSOR: &str = "tools/list";

/// What a list cursor is bound to: the catalog, and the view of it it was issued for.
#[derive(Clone, Copy)]
struct Tag {
    catalog: u32,
    view: u64,
}

fn encode_cursor(sealer: &Sealer, offset: usize, tag: Tag) -> String {
    let fields = Fields::default()
        .u64(u64::from(tag.catalog))
        .u64(tag.view)
        .u64(offset as u64);
    sealer.seal(LIST_CURSOR, fields.bytes())
}

fn decode_cursor(sealer: &Sealer, cursor: &str, tag: Tag) -> Option<usize> {
    let fields = sealer.open(LIST_CURSOR, cursor)?;
    let mut read = Reader::new(&fields);
    let (catalog, view, offset) = (read.u64()?, read.u64()?, read.u64()?);
    (catalog == u64::from(tag.catalog) && view == tag.view && read.is_done())
        .then(|| usize::try_from(offset).ok())
        .flatten()
}

/// Who makes the request: over HTTP, the `Caller` an authentication layer put into its
/// extensions (our router puts the unauthenticated caller there when none did), else
/// [`Caller::anonymous`], whatever route the request took (our router or an application's
/// own around rmcp's service); `None` (the default caller) for stdio and in-process calls.
fn caller_of(context: &RequestContext<RoleServer>) -> Option<Caller> {
    if let Some(caller) = context.extensions.get::<Caller>() {
        return Some(caller.clone());
    }
    #[cfg(feature = "http")]
    if let Some(parts) = context.extensions.get::<axum::http::request::Parts>() {
        return Some(
            parts
                .extensions
                .get::<Caller>()
                .cloned()
                .unwrap_or_else(Caller::anonymous),
        );
    }
    None
}

#[cfg(test)]
mod tests {
    use super::{Tag, decode_cursor, encode_cursor};
    use crate::seal::Sealer;

    #[test]
    fn cursors_round_trip_and_refuse_other_catalogs_views_and_keys() {
        let sealer = Sealer::random();
        let tag = |catalog, view| Tag { catalog, view };
        let c = encode_cursor(&sealer, 100, tag(7, 0));
        assert_eq!(decode_cursor(&sealer, &c, tag(7, 0)), Some(100));
        assert_eq!(decode_cursor(&sealer, &c, tag(8, 0)), None);
        assert_eq!(decode_cursor(&sealer, &c, tag(7, 5)), None);
        assert_eq!(decode_cursor(&Sealer::random(), &c, tag(7, 0)), None);
        assert_eq!(decode_cursor(&sealer, "garbage", tag(7, 0)), None);
        assert_eq!(decode_cursor(&sealer, "", tag(7, 0)), None);
    }
}
