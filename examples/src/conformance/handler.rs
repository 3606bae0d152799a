//! Resources, prompts, completions and subscriptions: an ordinary rmcp `ServerHandler`,
//! served beside the registry's tools.

// Resource subscriptions are deprecated by 2026-07-28, and the suite still tests them.
#![allow(deprecated)]

use std::{
    collections::BTreeSet,
    sync::{Arc, Mutex, PoisonError},
};

use mcp_tools::rmcp::{
    ErrorData, RoleServer, ServerHandler,
    model::{
        CompleteRequestParams, CompleteResult, CompletionInfo, ContentBlock, ElicitRequest,
        ElicitRequestParams, GetPromptRequestParams, GetPromptResponse, GetPromptResult,
        ImageContent, InputRequest, InputRequiredResult, ListPromptsResult,
        ListResourceTemplatesResult, ListResourcesResult, PaginatedRequestParams, Prompt,
        PromptArgument, PromptMessage, ReadResourceRequestParams, ReadResourceResponse,
        ReadResourceResult, Reference, Resource, ResourceContents, ResourceTemplate, Role,
        ServerCapabilities, ServerConfig, SubscribeRequestParams, SubscriptionFilter,
        UnsubscribeRequestParams,
    },
    service::{RequestContext, SubscriptionContext},
};
use serde_json::{Value, json};

use super::{fixtures::TEST_IMAGE_DATA, hub::Hub, tools::text_resource};

/// The resources, prompts, completions and subscriptions of the suite's fixtures.
#[derive(Clone, Debug, Default)]
pub struct Handler {
    pub(crate) hub: Hub,
    /// The URIs a 2025 client subscribed to.
    watched: Arc<Mutex<BTreeSet<String>>>,
}

fn prompt(name: &str, description: &str, arguments: Option<Vec<PromptArgument>>) -> Prompt {
    Prompt::new(name, Some(description), arguments)
}

impl ServerHandler for Handler {
    fn get_info(&self) -> ServerConfig {
        ServerConfig::new(
            ServerCapabilities::builder()
                .enable_prompts()
                .enable_prompts_list_changed()
                .enable_resources()
                .enable_resources_subscribe()
                .enable_resources_list_changed()
                .enable_completions()
                .build(),
        )
    }

    async fn list_resources(
        &self,
        _request: Option<PaginatedRequestParams>,
        _context: RequestContext<RoleServer>,
    ) -> Result<ListResourcesResult, ErrorData> {
        Ok(ListResourcesResult::with_all_items(vec![
            Resource::new("test://static-text", "Static Text Resource")
                .with_description("A static text resource for testing")
                .with_mime_type("text/plain"),
            Resource::new("test://static-binary", "Static Binary Resource")
                .with_description("A static binary (PNG) resource for testing")
                .with_mime_type("image/png"),
            Resource::new("test://watched-resource", "Watched Resource")
                .with_description("A resource to subscribe to")
                .with_mime_type("text/plain"),
        ]))
    }

    async fn list_resource_templates(
        &self,
        _request: Option<PaginatedRequestParams>,
        _context: RequestContext<RoleServer>,
    ) -> Result<ListResourceTemplatesResult, ErrorData> {
        Ok(ListResourceTemplatesResult::with_all_items(vec![
            ResourceTemplate::new("test://template/{id}/data", "Dynamic Resource")
                .with_description("A resource whose id is part of its URI")
                .with_mime_type("application/json"),
        ]))
    }

    async fn read_resource(
        &self,
        request: ReadResourceRequestParams,
        _context: RequestContext<RoleServer>,
    ) -> Result<ReadResourceResponse, ErrorData> {
        let uri = request.uri.as_str();
        let contents = match uri {
            "test://static-text" => text_resource(
                uri,
                "text/plain",
                "This is the content of the static text resource.",
            ),
            "test://watched-resource" => text_resource(uri, "text/plain", "Watched content."),
            "test://static-binary" => ResourceContents::BlobResourceContents {
                uri: uri.into(),
                mime_type: Some("image/png".into()),
                blob: TEST_IMAGE_DATA.into(),
                meta: None,
            },
            _ => {
                let id = uri
                    .strip_prefix("test://template/")
                    .and_then(|rest| rest.strip_suffix("/data"))
                    .filter(|id| !id.is_empty() && !id.contains('/'));
                let Some(id) = id else {
                    // SEP-2164: an unknown resource is invalid params, naming the URI.
                    return Err(ErrorData::invalid_params(
                        "Resource not found",
                        Some(json!({ "uri": uri })),
                    ));
                };
                let data =
                    json!({"id": id, "templateTest": true, "data": format!("Data for ID: {id}")});
                text_resource(uri, "application/json", &data.to_string())
            }
        };
        Ok(ReadResourceResult::new(vec![contents]).into())
    }

    async fn subscribe(
        &self,
        request: SubscribeRequestParams,
        _context: RequestContext<RoleServer>,
    ) -> Result<(), ErrorData> {
        self.watched
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .insert(request.uri);
        Ok(())
    }

    async fn unsubscribe(
        &self,
        request: UnsubscribeRequestParams,
        _context: RequestContext<RoleServer>,
    ) -> Result<(), ErrorData> {
        self.watched
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .remove(&request.uri);
        Ok(())
    }

    fn accepted_subscription_filter(
        &self,
        requested: &SubscriptionFilter,
    ) -> Option<SubscriptionFilter> {
        Some(requested.clone())
    }

    async fn listen(&self, context: SubscriptionContext) -> Result<(), ErrorData> {
        let key = self.hub.add(context.sink().clone());
        context.cancelled().await;
        self.hub.remove(key);
        Ok(())
    }

    async fn list_prompts(
        &self,
        _request: Option<PaginatedRequestParams>,
        _context: RequestContext<RoleServer>,
    ) -> Result<ListPromptsResult, ErrorData> {
        let arguments = vec![
            PromptArgument::new("arg1")
                .with_description("First test argument")
                .with_required(true),
            PromptArgument::new("arg2")
                .with_description("Second test argument")
                .with_required(true),
        ];
        let resource_uri = vec![
            PromptArgument::new("resourceUri")
                .with_description("URI of the resource to embed")
                .with_required(true),
        ];
        Ok(ListPromptsResult::with_all_items(vec![
            prompt(
                "test_simple_prompt",
                "A simple prompt without arguments",
                None,
            ),
            prompt(
                "test_prompt_with_arguments",
                "A prompt with two arguments",
                Some(arguments),
            ),
            prompt(
                "test_prompt_with_embedded_resource",
                "A prompt that embeds a resource",
                Some(resource_uri),
            ),
            prompt("test_prompt_with_image", "A prompt with an image", None),
            prompt(
                "test_input_required_result_prompt",
                "A prompt that first asks the user for its context",
                None,
            ),
        ]))
    }

    async fn get_prompt(
        &self,
        request: GetPromptRequestParams,
        _context: RequestContext<RoleServer>,
    ) -> Result<GetPromptResponse, ErrorData> {
        let args = request.arguments.unwrap_or_default();
        let arg = |name: &str| {
            args.get(name)
                .and_then(Value::as_str)
                .unwrap_or_default()
                .to_owned()
        };
        let user = |text: String| PromptMessage::new_text(Role::User, text);
        let messages = match request.name.as_str() {
            "test_simple_prompt" => vec![user("This is a simple prompt for testing.".into())],
            "test_prompt_with_arguments" => vec![user(format!(
                "Prompt with arguments: arg1='{}', arg2='{}'",
                arg("arg1"),
                arg("arg2")
            ))],
            "test_prompt_with_embedded_resource" => {
                let uri = match arg("resourceUri") {
                    uri if uri.is_empty() => "test://example-resource".to_owned(),
                    uri => uri,
                };
                vec![
                    PromptMessage::new(
                        Role::User,
                        ContentBlock::resource(text_resource(
                            &uri,
                            "text/plain",
                            "Embedded resource content for testing.",
                        )),
                    ),
                    user("Please process the embedded resource above.".into()),
                ]
            }
            "test_prompt_with_image" => vec![
                PromptMessage::new(
                    Role::User,
                    ContentBlock::Image(ImageContent::new(TEST_IMAGE_DATA, "image/png")),
                ),
                user("Please analyze the image above.".into()),
            ],
            "test_input_required_result_prompt" => {
                let answer = request
                    .input_responses
                    .as_ref()
                    .and_then(|r| r.get("user_context"))
                    .and_then(|a| a.pointer("/content/context"))
                    .and_then(Value::as_str);
                let Some(context) = answer else {
                    return Ok(ask_context().into());
                };
                vec![user(format!("Prompt with elicited context: {context}"))]
            }
            other => {
                return Err(ErrorData::invalid_params(
                    format!("unknown prompt `{other}`; prompts/list names them"),
                    None,
                ));
            }
        };
        Ok(GetPromptResult::new(messages).into())
    }

    async fn complete(
        &self,
        request: CompleteRequestParams,
        _context: RequestContext<RoleServer>,
    ) -> Result<CompleteResult, ErrorData> {
        let candidates: &[&str] = match (&request.r#ref, request.argument.name.as_str()) {
            (Reference::Prompt(_), "arg1" | "arg2") => &["paris", "park", "party"],
            (Reference::Resource(_), "id") => &["1", "2", "3"],
            _ => &[],
        };
        let prefix = request.argument.value.as_str();
        let values = candidates
            .iter()
            .filter(|c| c.starts_with(prefix))
            .map(|c| (*c).to_owned())
            .collect();
        let info = CompletionInfo::new(values).map_err(|e| ErrorData::internal_error(e, None))?;
        Ok(CompleteResult::new(info))
    }
}

/// The prompt's question, asked by an input-required result (2026-07-28).
fn ask_context() -> InputRequiredResult {
    let schema = json!({
        "type": "object",
        "properties": {"context": {"type": "string"}},
        "required": ["context"]
    });
    let params = ElicitRequestParams::FormElicitationParams {
        meta: None,
        message: "What context should the prompt use?".into(),
        requested_schema: serde_json::from_value(schema).expect("an elicitation schema"),
    };
    let ask = InputRequest::Elicitation(ElicitRequest::new(params));
    InputRequiredResult::from_input_requests([("user_context".to_owned(), ask)].into())
}
