//! What the macros do not cover yet, as an ordinary rmcp `ServerHandler` served beside the
//! registry: the `subscriptions/listen` streams that carry tool and prompt list changes,
//! and `test_input_required_result_prompt`.
//!
//! That prompt answers its first `prompts/get` with an input-required result (2026-07-28,
//! SEP-2322) and its retry, which brings `inputResponses`, with the messages. A `#[prompt]`
//! fn cannot do this yet: the registry's `prompts/get` answers only with a
//! `GetPromptResult`, and the `ToolContext` a prompt gets reads no `inputResponses`, so its
//! `ctx.elicit(...)` sends an `elicitation/create` request, which rmcp refuses under
//! 2026-07-28 ("server-to-client requests are not allowed"), and the prompt fails with a
//! JSON-RPC error instead of asking.

use mcp_tools::rmcp::{
    ErrorData, RoleServer, ServerHandler,
    model::{
        ElicitRequest, GetPromptRequestParams, GetPromptResponse, GetPromptResult, InputRequest,
        InputRequiredResult, ListPromptsResult, PaginatedRequestParams, Prompt, PromptMessage,
        Role, ServerCapabilities, ServerConfig, SubscriptionFilter,
    },
    service::{RequestContext, SubscriptionContext},
};
use serde_json::{Value, json};

use super::{hub::Hub, tools::form};

/// The prompt this handler serves.
const INPUT_PROMPT: &str = "test_input_required_result_prompt";

/// The list-change streams and the input-required prompt.
#[derive(Clone, Debug, Default)]
pub struct Handler {
    pub(crate) hub: Hub,
}

impl ServerHandler for Handler {
    fn get_info(&self) -> ServerConfig {
        ServerConfig::new(
            ServerCapabilities::builder()
                .enable_prompts()
                .enable_prompts_list_changed()
                .build(),
        )
    }

    async fn list_prompts(
        &self,
        _request: Option<PaginatedRequestParams>,
        _context: RequestContext<RoleServer>,
    ) -> Result<ListPromptsResult, ErrorData> {
        Ok(ListPromptsResult::with_all_items(vec![Prompt::new(
            INPUT_PROMPT,
            Some("A prompt that first asks the user for its context"),
            None,
        )]))
    }

    async fn get_prompt(
        &self,
        request: GetPromptRequestParams,
        _context: RequestContext<RoleServer>,
    ) -> Result<GetPromptResponse, ErrorData> {
        if request.name != INPUT_PROMPT {
            return Err(ErrorData::invalid_params(
                format!("unknown prompt `{}`; prompts/list names them", request.name),
                None,
            ));
        }
        let answer = request
            .input_responses
            .as_ref()
            .and_then(|r| r.get("user_context"))
            .and_then(|a| a.pointer("/content/context"))
            .and_then(Value::as_str);
        let Some(context) = answer else {
            return Ok(ask_context().into());
        };
        let message = PromptMessage::new_text(
            Role::User,
            format!("Prompt with elicited context: {context}"),
        );
        Ok(GetPromptResult::new(vec![message]).into())
    }

    /// The list changes only: the registry adds its resources' updates to the same stream.
    fn accepted_subscription_filter(
        &self,
        requested: &SubscriptionFilter,
    ) -> Option<SubscriptionFilter> {
        let mut accepted = SubscriptionFilter::new();
        accepted.tools_list_changed = requested.tools_list_changed;
        accepted.prompts_list_changed = requested.prompts_list_changed;
        Some(accepted)
    }

    async fn listen(&self, context: SubscriptionContext) -> Result<(), ErrorData> {
        let key = self.hub.add(context.sink().clone());
        context.cancelled().await;
        self.hub.remove(key);
        Ok(())
    }
}

/// The prompt's question, asked by an input-required result (2026-07-28).
fn ask_context() -> InputRequiredResult {
    let schema = json!({
        "type": "object",
        "properties": {"context": {"type": "string"}},
        "required": ["context"]
    });
    let ask = InputRequest::Elicitation(ElicitRequest::new(form(
        "What context should the prompt use?",
        schema,
    )));
    InputRequiredResult::from_input_requests([("user_context".to_owned(), ask)].into())
}
