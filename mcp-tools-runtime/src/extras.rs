//! `Extras`: fixed resources and prompts beside the tools, without writing a handler.

use std::{collections::HashMap, future::Future, pin::Pin, sync::Arc};

use rmcp::{
    ErrorData, RoleServer, ServerHandler,
    model::{
        GetPromptRequestParams, GetPromptResponse, GetPromptResult, ListPromptsResult,
        ListResourcesResult, PaginatedRequestParams, Prompt, PromptMessage,
        ReadResourceRequestParams, ReadResourceResponse, ReadResourceResult, Resource,
        ResourceContents, ServerCapabilities, ServerConfig,
    },
    service::RequestContext,
};
use serde_json::{Value, json};

type Reply<T> = Pin<Box<dyn Future<Output = Result<T, ErrorData>> + Send>>;
type ReadFn = Arc<dyn Fn(String) -> Reply<Vec<ResourceContents>> + Send + Sync>;
type PromptFn = Arc<dyn Fn(HashMap<String, String>) -> Reply<Vec<PromptMessage>> + Send + Sync>;

/// Resources and prompts served beside a registry's tools: each a definition (rmcp's
/// `Resource` or `Prompt`) and an async fn that produces it.
///
/// ```no_run
/// use mcp_tools::{Extras, Registry, Serve as _, rmcp::model::*};
///
/// # async fn run(registry: Registry) -> Result<(), mcp_tools::ServeError> {
/// let extras = Extras::new()
///     .resource(Resource::new("docs://rates", "Shipping rates"), |uri| async move {
///         Ok(vec![ResourceContents::text("EU: 4.90 EUR/kg", uri)])
///     })
///     .prompt(
///         Prompt::new("explain_delay", Some("Explain a late shipment"), None),
///         |_args| async { Ok(vec![PromptMessage::new_text(Role::User, "Why is it late?")]) },
///     );
/// registry.with_handler(extras).serve_stdio().await
/// # }
/// ```
///
/// A read of an unknown URI and a prompt of an unknown name are invalid params (-32602)
/// naming it; a prompt called without one of its required arguments likewise, naming the
/// argument. Subscriptions to these resources are kept by the registry: call
/// [`ResourceUpdates::updated`](crate::resource::ResourceUpdates::updated) (from
/// `registry.resource_updates()`) when one changes.
///
/// Prompts and resources known when the server is written are `#[prompt]` and
/// `#[resource]` fns (typed arguments, URI templates, completions, checks and budgets); use
/// `Extras` for those built at run time, from a database or a directory listing.
#[derive(Clone, Default)]
pub struct Extras {
    resources: Vec<(Resource, ReadFn)>,
    prompts: Vec<(Prompt, PromptFn)>,
}

impl std::fmt::Debug for Extras {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let uris: Vec<&str> = self.resources.iter().map(|(r, _)| r.uri.as_str()).collect();
        let prompts: Vec<&str> = self.prompts.iter().map(|(p, _)| p.name.as_str()).collect();
        f.debug_struct("Extras")
            .field("resources", &uris)
            .field("prompts", &prompts)
            .finish()
    }
}

impl Extras {
    /// No resources and no prompts yet.
    #[must_use]
    pub fn new() -> Self {
        Self::default()
    }

    /// Serves `resource`; `read` gets its URI and returns its contents.
    #[must_use]
    pub fn resource<F, Fut>(mut self, resource: Resource, read: F) -> Self
    where
        F: Fn(String) -> Fut + Send + Sync + 'static,
        Fut: Future<Output = Result<Vec<ResourceContents>, ErrorData>> + Send + 'static,
    {
        let read: ReadFn = Arc::new(move |uri| Box::pin(read(uri)));
        self.resources.push((resource, read));
        self
    }

    /// Serves `prompt`; `get` gets its arguments (every required one present) and returns
    /// its messages.
    #[must_use]
    pub fn prompt<F, Fut>(mut self, prompt: Prompt, get: F) -> Self
    where
        F: Fn(HashMap<String, String>) -> Fut + Send + Sync + 'static,
        Fut: Future<Output = Result<Vec<PromptMessage>, ErrorData>> + Send + 'static,
    {
        let get: PromptFn = Arc::new(move |args| Box::pin(get(args)));
        self.prompts.push((prompt, get));
        self
    }
}

impl ServerHandler for Extras {
    fn get_info(&self) -> ServerConfig {
        let mut capabilities = ServerCapabilities::default();
        if !self.resources.is_empty() {
            capabilities.resources = Some(rmcp::model::ResourcesCapability::default());
        }
        if !self.prompts.is_empty() {
            capabilities.prompts = Some(rmcp::model::PromptsCapability::default());
        }
        ServerConfig::new(capabilities)
    }

    async fn list_resources(
        &self,
        _request: Option<PaginatedRequestParams>,
        _context: RequestContext<RoleServer>,
    ) -> Result<ListResourcesResult, ErrorData> {
        let resources = self.resources.iter().map(|(r, _)| r.clone()).collect();
        Ok(ListResourcesResult::with_all_items(resources))
    }

    async fn read_resource(
        &self,
        request: ReadResourceRequestParams,
        _context: RequestContext<RoleServer>,
    ) -> Result<ReadResourceResponse, ErrorData> {
        let Some((_, read)) = self.resources.iter().find(|(r, _)| r.uri == request.uri) else {
            // SEP-2164: an unknown resource is invalid params, with the URI in `data`.
            return Err(ErrorData::invalid_params(
                format!(
                    "no resource `{}`; resources/list names them",
                    crate::error::clip(&request.uri, 200)
                ),
                Some(json!({ "uri": request.uri })),
            ));
        };
        let contents = read(request.uri).await?;
        Ok(ReadResourceResult::new(contents).into())
    }

    async fn list_prompts(
        &self,
        _request: Option<PaginatedRequestParams>,
        _context: RequestContext<RoleServer>,
    ) -> Result<ListPromptsResult, ErrorData> {
        let prompts = self.prompts.iter().map(|(p, _)| p.clone()).collect();
        Ok(ListPromptsResult::with_all_items(prompts))
    }

    async fn get_prompt(
        &self,
        request: GetPromptRequestParams,
        _context: RequestContext<RoleServer>,
    ) -> Result<GetPromptResponse, ErrorData> {
        let Some((prompt, get)) = self.prompts.iter().find(|(p, _)| p.name == request.name) else {
            return Err(ErrorData::invalid_params(
                format!(
                    "no prompt `{}`; prompts/list names them",
                    crate::error::clip(&request.name, 100)
                ),
                None,
            ));
        };
        let args: HashMap<String, String> = request
            .arguments
            .unwrap_or_default()
            .into_iter()
            .map(|(name, value)| match value {
                Value::String(text) => (name, text),
                other => (name, other.to_string()),
            })
            .collect();
        let missing: Vec<&str> = prompt
            .arguments
            .iter()
            .flatten()
            .filter(|a| a.required == Some(true) && !args.contains_key(&a.name))
            .map(|a| a.name.as_str())
            .collect();
        if !missing.is_empty() {
            return Err(ErrorData::invalid_params(
                format!(
                    "prompt `{}` needs the argument(s) {}",
                    prompt.name,
                    missing
                        .iter()
                        .map(|m| format!("`{m}`"))
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
                None,
            ));
        }
        let messages = get(args).await?;
        let mut result = GetPromptResult::new(messages);
        result.description.clone_from(&prompt.description);
        Ok(result.into())
    }
}
