//! The registry's tools, prompts and resources served beside an rmcp handler of the
//! application's own: whatever the macros do not cover.

// Subscribe and unsubscribe are deprecated by 2026-07-28 and still served to 2025 clients.
#![allow(deprecated)]

use std::borrow::Cow;

use futures::future::Either;

use rmcp::{
    ErrorData, RoleServer, ServerHandler,
    model::{
        CallToolRequestParams, CallToolResponse, CancelTaskParams, CancelledNotificationParam,
        CompleteRequestParams, CompleteResult, CustomNotification, CustomRequest, CustomResult,
        ErrorCode, GetPromptRequestParams, GetPromptResponse, GetSkillRequestParams,
        GetSkillResult, GetTaskParams, GetTaskResult, InitializeRequestParams, InitializeResult,
        ListPromptsResult, ListResourceTemplatesResult, ListResourcesResult, ListSkillsResult,
        ListToolsResult, PaginatedRequestParams, ProgressNotificationParam, ProtocolVersion,
        ReadResourceDirectoryRequestParams, ReadResourceDirectoryResult, ReadResourceRequestParams,
        ReadResourceResponse, ServerConfig, SetLevelRequestParams, SubscribeRequestParams,
        SubscriptionFilter, Tool, UnsubscribeRequestParams, UpdateTaskParams,
    },
    service::{NotificationContext, RequestContext, SubscriptionContext},
};

use crate::registry::Registry;

/// A server of the registry's tools, prompts and resources and a handler of your own,
/// built with [`Registry::with_handler`].
///
/// The registry answers for what it holds: its tools, the prompts and resources of its
/// catalog (`#[prompt]`, `#[resource]`), their completions and subscriptions,
/// `logging/setLevel`, and its checks (validation, scopes, budgets, the Host and Origin
/// checks over HTTP). Every other request goes to the handler: its own prompts and
/// resources (the lists show both), tasks (unless a tool of the registry runs as one),
/// custom methods. A name or URI that neither serves gets the registry's error when the
/// handler does not serve that kind at all. Subscriptions to the handler's resources are
/// the handler's if it declares `resources.subscribe`; otherwise the registry keeps them,
/// and [`ResourceUpdates::updated`](crate::resource::ResourceUpdates::updated) tells the
/// subscribers. The capabilities announced are the handler's, with the registry's added;
/// the server's name, version and instructions are the registry's (the handler's
/// instructions when the registry has none). Serve it like the registry:
/// [`Serve::serve_stdio`](crate::transport::Serve::serve_stdio), [`Serve::serve_http`](crate::transport::Serve::serve_http),
/// or [`Http`](crate::http::Http) for HTTP settings.
///
/// The handler is cloned for each Streamable HTTP session; keep shared state behind an `Arc`.
#[derive(Clone, Debug)]
pub struct Server<H> {
    pub(crate) registry: Registry,
    pub(crate) handler: H,
}

impl Registry {
    /// Serves the registry beside `handler` (an rmcp [`ServerHandler`]) for what the
    /// registry does not hold: its own prompts and resources, custom methods (see [`Server`]).
    pub fn with_handler<H: ServerHandler + Clone>(self, handler: H) -> Server<H> {
        Server {
            registry: self,
            handler,
        }
    }
}

impl<H> Server<H> {
    /// The registry serving the tools.
    pub fn registry(&self) -> &Registry {
        &self.registry
    }

    /// The handler serving everything else.
    pub fn handler(&self) -> &H {
        &self.handler
    }
}

impl<H: Clone> Server<H> {
    /// The same server for another client session.
    #[cfg_attr(not(feature = "http"), allow(dead_code))]
    pub(crate) fn for_session(&self) -> Self {
        Server {
            registry: self.registry.for_session(),
            handler: self.handler.clone(),
        }
    }
}

impl<H: ServerHandler + Clone> ServerHandler for Server<H> {
    fn get_info(&self) -> ServerConfig {
        let tools = self.registry.get_info();
        let mut config = self.handler.get_info();
        let mut ours = tools.capabilities;
        config.capabilities.tools = ours.tools.take();
        config.capabilities.logging = ours.logging.take();
        // The registry's prompts, resources and completions beside the handler's.
        let theirs = &mut config.capabilities;
        if let Some(prompts) = ours.prompts.take() {
            let listed = theirs.prompts.as_ref().and_then(|p| p.list_changed);
            theirs.prompts = Some(prompts);
            if let Some(p) = theirs.prompts.as_mut() {
                p.list_changed = listed.or(p.list_changed);
            }
        }
        if let Some(mut resources) = ours.resources.take() {
            if let Some(handler) = &theirs.resources {
                resources.list_changed = handler.list_changed.or(resources.list_changed);
            }
            theirs.resources = Some(resources);
        } else if let Some(resources) = theirs.resources.as_mut() {
            // The registry keeps subscriptions to the handler's resources if it does not.
            resources.subscribe = Some(true);
        }
        if ours.completions.is_some() && theirs.completions.is_none() {
            theirs.completions = ours.completions.take();
        }
        if let Some(extensions) = ours.extensions {
            config
                .capabilities
                .extensions
                .get_or_insert_with(Default::default)
                .extend(extensions);
        }
        config.server_info = tools.server_info;
        if tools.instructions.is_some() {
            config.instructions = tools.instructions;
        }
        config
    }

    async fn initialize(
        &self,
        request: InitializeRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<InitializeResult, ErrorData> {
        crate::handler::initialize(self, request, &context)
    }

    fn supported_protocol_versions(&self) -> Cow<'static, [ProtocolVersion]> {
        self.handler.supported_protocol_versions()
    }

    async fn list_tools(
        &self,
        request: Option<PaginatedRequestParams>,
        context: RequestContext<RoleServer>,
    ) -> Result<ListToolsResult, ErrorData> {
        self.registry.list_tools(request, context).await
    }

    fn call_tool(
        &self,
        request: CallToolRequestParams,
        context: RequestContext<RoleServer>,
    ) -> impl Future<Output = Result<CallToolResponse, ErrorData>> + Send + '_ {
        self.registry.call_tool(request, context)
    }

    fn get_tool(&self, name: &str) -> Option<Tool> {
        self.registry.get_tool(name)
    }

    async fn set_level(
        &self,
        request: SetLevelRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<(), ErrorData> {
        self.registry.set_level(request, context).await
    }

    async fn complete(
        &self,
        request: CompleteRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<CompleteResult, ErrorData> {
        let caller = self.registry.caller_or_default(&context);
        match self.registry.complete_as(&request, &caller).await {
            Some(answer) => answer,
            // A reference no one serves gets the registry's error when the handler does
            // not complete.
            None if self.handler.get_info().capabilities.completions.is_none() => {
                self.registry.complete(request, context).await
            }
            None => self.handler.complete(request, context).await,
        }
    }

    async fn get_prompt(
        &self,
        request: GetPromptRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<GetPromptResponse, ErrorData> {
        // A name no one serves gets the registry's error when the handler serves no prompts
        // (or declares prompts only for their list changes, and gets none itself).
        if self.registry.prompt_named(&request.name).is_some()
            || self.handler.get_info().capabilities.prompts.is_none()
        {
            return self.registry.get_prompt(request, context).await;
        }
        match self
            .handler
            .get_prompt(request.clone(), context.clone())
            .await
        {
            Err(err) if err.code == ErrorCode::METHOD_NOT_FOUND => {
                self.registry.get_prompt(request, context).await
            }
            answer => answer,
        }
    }

    async fn list_prompts(
        &self,
        request: Option<PaginatedRequestParams>,
        context: RequestContext<RoleServer>,
    ) -> Result<ListPromptsResult, ErrorData> {
        let caller = self.registry.caller_or_default(&context);
        let mut ours = self.registry.prompts_for(&caller);
        if self.handler.get_info().capabilities.prompts.is_none() {
            return Ok(ListPromptsResult::with_all_items(ours));
        }
        let mut result = self.handler.list_prompts(request, context).await?;
        ours.append(&mut result.prompts);
        result.prompts = ours;
        Ok(result)
    }

    async fn list_resources(
        &self,
        request: Option<PaginatedRequestParams>,
        context: RequestContext<RoleServer>,
    ) -> Result<ListResourcesResult, ErrorData> {
        let caller = self.registry.caller_or_default(&context);
        let (mut ours, _) = self.registry.resources_for(&caller);
        if self.handler.get_info().capabilities.resources.is_none() {
            return Ok(ListResourcesResult::with_all_items(ours));
        }
        let mut result = self.handler.list_resources(request, context).await?;
        ours.append(&mut result.resources);
        result.resources = ours;
        Ok(result)
    }

    async fn list_resource_templates(
        &self,
        request: Option<PaginatedRequestParams>,
        context: RequestContext<RoleServer>,
    ) -> Result<ListResourceTemplatesResult, ErrorData> {
        let caller = self.registry.caller_or_default(&context);
        let (_, mut ours) = self.registry.resources_for(&caller);
        if self.handler.get_info().capabilities.resources.is_none() {
            return Ok(ListResourceTemplatesResult::with_all_items(ours));
        }
        let mut result = self
            .handler
            .list_resource_templates(request, context)
            .await?;
        ours.append(&mut result.resource_templates);
        result.resource_templates = ours;
        Ok(result)
    }

    async fn read_resource(
        &self,
        request: ReadResourceRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<ReadResourceResponse, ErrorData> {
        // An unknown URI gets the registry's error (SEP-2164) when the handler serves no
        // resources.
        if self.registry.resource_for(&request.uri).is_some()
            || self.handler.get_info().capabilities.resources.is_none()
        {
            return self.registry.read_resource(request, context).await;
        }
        match self
            .handler
            .read_resource(request.clone(), context.clone())
            .await
        {
            Err(err) if err.code == ErrorCode::METHOD_NOT_FOUND => {
                self.registry.read_resource(request, context).await
            }
            answer => answer,
        }
    }

    fn accepted_subscription_filter(
        &self,
        requested: &SubscriptionFilter,
    ) -> Option<SubscriptionFilter> {
        let info = self.handler.get_info();
        let Some(mut theirs) = self.handler.accepted_subscription_filter(requested) else {
            // The handler takes no streams: the registry keeps those of its resources, and
            // of the handler's if it has any.
            if info.capabilities.resources.is_some() {
                return Some(self.registry.accept_any(requested));
            }
            let ours = self.registry.accepted_filter(requested);
            return (!self.registry.inner.resources.is_empty()).then_some(ours);
        };
        let ours = self.registry.accepted_filter(requested);
        if let Some(uris) = ours.resource_subscriptions {
            let all = theirs.resource_subscriptions.get_or_insert_with(Vec::new);
            all.extend(
                uris.into_iter()
                    .filter(|u| !all.contains(u))
                    .collect::<Vec<_>>(),
            );
        }
        Some(theirs)
    }

    async fn listen(&self, context: SubscriptionContext) -> Result<(), ErrorData> {
        // The registry's updates go out through the same stream as the handler's.
        let key = self.registry.inner.updates.open(context.sink().clone());
        let result = self.handler.listen(context).await;
        self.registry.inner.updates.close(key);
        result
    }

    /// The registry's resources are the registry's to subscribe to; the handler's, the
    /// handler's if it takes subscriptions, else the registry keeps them too, and
    /// [`ResourceUpdates::updated`](crate::resource::ResourceUpdates::updated) tells them.
    async fn subscribe(
        &self,
        request: SubscribeRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<(), ErrorData> {
        match self.owner_of_subscriptions(&request.uri) {
            Subscriptions::Handler => self.handler.subscribe(request, context).await,
            Subscriptions::Kept => {
                self.registry.keep_subscription(request.uri, &context);
                Ok(())
            }
            Subscriptions::Registry => {
                let caller = self.registry.caller_or_default(&context);
                self.registry.subscribe_as(&request.uri, &caller, &context)
            }
        }
    }

    async fn unsubscribe(
        &self,
        request: UnsubscribeRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<(), ErrorData> {
        match self.owner_of_subscriptions(&request.uri) {
            Subscriptions::Handler => self.handler.unsubscribe(request, context).await,
            Subscriptions::Kept | Subscriptions::Registry => {
                self.registry.unsubscribe_as(&request.uri);
                Ok(())
            }
        }
    }

    /// A malformed request of a method the registry answers is the registry's to refuse;
    /// any other custom method is the handler's.
    async fn on_custom_request(
        &self,
        request: CustomRequest,
        context: RequestContext<RoleServer>,
    ) -> Result<CustomResult, ErrorData> {
        if crate::handler::answers_method(
            request.method.as_str(),
            crate::handler::is_modern(&context),
        ) {
            self.registry.on_custom_request(request, context).await
        } else {
            self.handler.on_custom_request(request, context).await
        }
    }

    async fn on_cancelled(
        &self,
        notification: CancelledNotificationParam,
        context: NotificationContext<RoleServer>,
    ) {
        self.handler.on_cancelled(notification, context).await;
    }

    async fn on_progress(
        &self,
        notification: ProgressNotificationParam,
        context: NotificationContext<RoleServer>,
    ) {
        self.handler.on_progress(notification, context).await;
    }

    async fn on_initialized(&self, context: NotificationContext<RoleServer>) {
        self.handler.on_initialized(context).await;
    }

    async fn on_roots_list_changed(&self, context: NotificationContext<RoleServer>) {
        self.handler.on_roots_list_changed(context).await;
    }

    async fn on_custom_notification(
        &self,
        notification: CustomNotification,
        context: NotificationContext<RoleServer>,
    ) {
        self.handler
            .on_custom_notification(notification, context)
            .await;
    }

    fn get_task(
        &self,
        request: GetTaskParams,
        context: RequestContext<RoleServer>,
    ) -> impl Future<Output = Result<GetTaskResult, ErrorData>> + Send + '_ {
        if self.registry.inner.has_tasks() {
            Either::Left(self.registry.get_task(request, context))
        } else {
            Either::Right(self.handler.get_task(request, context))
        }
    }

    fn update_task(
        &self,
        request: UpdateTaskParams,
        context: RequestContext<RoleServer>,
    ) -> impl Future<Output = Result<(), ErrorData>> + Send + '_ {
        if self.registry.inner.has_tasks() {
            Either::Left(self.registry.update_task(request, context))
        } else {
            Either::Right(self.handler.update_task(request, context))
        }
    }

    fn cancel_task(
        &self,
        request: CancelTaskParams,
        context: RequestContext<RoleServer>,
    ) -> impl Future<Output = Result<(), ErrorData>> + Send + '_ {
        if self.registry.inner.has_tasks() {
            Either::Left(self.registry.cancel_task(request, context))
        } else {
            Either::Right(self.handler.cancel_task(request, context))
        }
    }

    async fn list_skills(
        &self,
        request: Option<PaginatedRequestParams>,
        context: RequestContext<RoleServer>,
    ) -> Result<ListSkillsResult, ErrorData> {
        self.handler.list_skills(request, context).await
    }

    async fn get_skill(
        &self,
        request: GetSkillRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<GetSkillResult, ErrorData> {
        self.handler.get_skill(request, context).await
    }

    async fn read_resource_directory(
        &self,
        request: ReadResourceDirectoryRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<ReadResourceDirectoryResult, ErrorData> {
        self.handler.read_resource_directory(request, context).await
    }
}

/// Who answers a subscription to a URI.
enum Subscriptions {
    /// The handler, which takes subscriptions itself.
    Handler,
    /// The registry, for a resource of the handler's that takes none.
    Kept,
    /// The registry, for one of its own resources, or with its error when no one serves it.
    Registry,
}

impl<H: ServerHandler> Server<H> {
    fn owner_of_subscriptions(&self, uri: &str) -> Subscriptions {
        if self.registry.resource_for(uri).is_some() {
            return Subscriptions::Registry;
        }
        match self.handler.get_info().capabilities.resources {
            Some(r) if r.subscribe == Some(true) => Subscriptions::Handler,
            Some(_) => Subscriptions::Kept,
            None => Subscriptions::Registry,
        }
    }
}
