//! The registry's tools served beside an rmcp handler of the application's own: its
//! resources, prompts, completions, subscriptions and tasks.

// Subscribe and unsubscribe are deprecated by 2026-07-28 and still served to 2025 clients.
#![allow(deprecated)]

use std::borrow::Cow;

use futures::future::Either;

use rmcp::{
    ErrorData, RoleServer, ServerHandler,
    model::{
        CallToolRequestParams, CallToolResponse, CancelTaskParams, CancelledNotificationParam,
        CompleteRequestParams, CompleteResult, CustomNotification, CustomRequest, CustomResult,
        GetPromptRequestParams, GetPromptResponse, GetSkillRequestParams, GetSkillResult,
        GetTaskParams, GetTaskResult, InitializeRequestParams, InitializeResult, ListPromptsResult,
        ListResourceTemplatesResult, ListResourcesResult, ListSkillsResult, ListToolsResult,
        PaginatedRequestParams, ProgressNotificationParam, ProtocolVersion,
        ReadResourceDirectoryRequestParams, ReadResourceDirectoryResult, ReadResourceRequestParams,
        ReadResourceResponse, ServerConfig, SetLevelRequestParams, SubscribeRequestParams,
        SubscriptionFilter, Tool, UnsubscribeRequestParams, UpdateTaskParams,
    },
    service::{NotificationContext, RequestContext, SubscriptionContext},
};

use crate::registry::Registry;

/// A server of the registry's tools and a handler of your own, built with
/// [`Registry::with_handler`].
///
/// Tools, `logging/setLevel`, and the checks of the registry (validation, scopes, budgets,
/// the Host and Origin checks over HTTP) stay the registry's; every other request goes to
/// the handler: resources, resource templates and subscriptions, prompts, completions,
/// tasks (unless a tool of the registry runs as one: then the registry answers the task
/// methods), and custom methods. The capabilities announced are the handler's, with the
/// registry's tools and logging added; the server's name, version and instructions are
/// the registry's (the handler's instructions when the registry has none). Serve it like
/// the registry: [`Serve::serve_stdio`](crate::transport::Serve::serve_stdio), [`Serve::serve_http`](crate::transport::Serve::serve_http),
/// or [`Http`](crate::http::Http) for HTTP settings.
///
/// The handler is cloned for each Streamable HTTP session; keep shared state behind an `Arc`.
#[derive(Clone, Debug)]
pub struct Server<H> {
    pub(crate) registry: Registry,
    pub(crate) handler: H,
}

impl Registry {
    /// Serves these tools beside `handler`'s resources, prompts, completions and
    /// subscriptions (an rmcp [`ServerHandler`]; see [`Server`]).
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
        config.capabilities.tools = tools.capabilities.tools;
        config.capabilities.logging = tools.capabilities.logging;
        if let Some(extensions) = tools.capabilities.extensions {
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
        self.handler.complete(request, context).await
    }

    async fn get_prompt(
        &self,
        request: GetPromptRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<GetPromptResponse, ErrorData> {
        self.handler.get_prompt(request, context).await
    }

    async fn list_prompts(
        &self,
        request: Option<PaginatedRequestParams>,
        context: RequestContext<RoleServer>,
    ) -> Result<ListPromptsResult, ErrorData> {
        self.handler.list_prompts(request, context).await
    }

    async fn list_resources(
        &self,
        request: Option<PaginatedRequestParams>,
        context: RequestContext<RoleServer>,
    ) -> Result<ListResourcesResult, ErrorData> {
        self.handler.list_resources(request, context).await
    }

    async fn list_resource_templates(
        &self,
        request: Option<PaginatedRequestParams>,
        context: RequestContext<RoleServer>,
    ) -> Result<ListResourceTemplatesResult, ErrorData> {
        self.handler.list_resource_templates(request, context).await
    }

    async fn read_resource(
        &self,
        request: ReadResourceRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<ReadResourceResponse, ErrorData> {
        self.handler.read_resource(request, context).await
    }

    fn accepted_subscription_filter(
        &self,
        requested: &SubscriptionFilter,
    ) -> Option<SubscriptionFilter> {
        self.handler.accepted_subscription_filter(requested)
    }

    async fn listen(&self, context: SubscriptionContext) -> Result<(), ErrorData> {
        self.handler.listen(context).await
    }

    async fn subscribe(
        &self,
        request: SubscribeRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<(), ErrorData> {
        self.handler.subscribe(request, context).await
    }

    async fn unsubscribe(
        &self,
        request: UnsubscribeRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<(), ErrorData> {
        self.handler.unsubscribe(request, context).await
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
