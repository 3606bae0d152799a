//! The suite's prompts, each a `#[prompt]` fn (wire name `test_` and the fn's name); the
//! arguments of `test_prompt_with_arguments` complete, and
//! `test_input_required_result_prompt` asks the user through its `ToolContext`.

use mcp_tools::{
    prelude::*,
    rmcp::model::{ContentBlock, ElicitRequest, InputRequest, PromptMessage, Role},
};
use serde_json::{Value, json};

use super::{
    fixtures::TEST_IMAGE_DATA,
    tools::{form, text_resource},
};

/// The words an argument of `test_prompt_with_arguments` offers while a user types.
fn words(c: &Completion) -> Vec<String> {
    ["paris", "park", "party"]
        .into_iter()
        .filter(|word| word.starts_with(c.value()))
        .map(str::to_owned)
        .collect()
}

/// Give a fixed one-line prompt, to test a prompt without arguments.
#[prompt(namespace = "test")]
async fn simple_prompt() -> &'static str {
    "This is a simple prompt for testing."
}

/// Give a prompt that quotes its two arguments, to test argument substitution.
#[prompt(namespace = "test")]
async fn prompt_with_arguments(
    /// First test argument, quoted as given.
    #[param(complete = words)]
    arg1: String,
    /// Second test argument, quoted as given.
    #[param(complete = words)]
    arg2: String,
) -> String {
    format!("Prompt with arguments: arg1='{arg1}', arg2='{arg2}'")
}

/// Give a prompt that embeds a text resource, to test embedded resource content.
#[prompt(namespace = "test")]
async fn prompt_with_embedded_resource(
    /// URI of the resource to embed, like `test://example-resource`.
    #[param(rename = "resourceUri")]
    resource_uri: String,
) -> Vec<PromptMessage> {
    let embedded = text_resource(
        &resource_uri,
        "text/plain",
        "Embedded resource content for testing.",
    );
    vec![
        PromptMessage::new(Role::User, ContentBlock::resource(embedded)),
        PromptMessage::new_text(Role::User, "Please process the embedded resource above."),
    ]
}

/// Give a prompt with a small PNG image, to test image content.
#[prompt(namespace = "test")]
async fn prompt_with_image() -> Vec<PromptMessage> {
    vec![
        PromptMessage::new(
            Role::User,
            ContentBlock::image(TEST_IMAGE_DATA, "image/png"),
        ),
        PromptMessage::new_text(Role::User, "Please analyze the image above."),
    ]
}

/// Ask the user for the context of the prompt first, then give a prompt that quotes it.
///
/// Under 2026-07-28 the first `prompts/get` ends with an input-required result (SEP-2322);
/// the retry brings the answer, and the prompt runs again from the start.
#[prompt(namespace = "test")]
async fn input_required_result_prompt(ctx: ToolContext) -> Result<String, ToolError> {
    let schema = json!({
        "type": "object",
        "properties": {"context": {"type": "string"}},
        "required": ["context"]
    });
    let ask = InputRequest::Elicitation(ElicitRequest::new(form(
        "What context should the prompt use?",
        schema,
    )));
    let answers = ctx.ask([("user_context".to_owned(), ask)].into()).await?;
    let context = answers
        .get("user_context")
        .and_then(|a| a.pointer("/content/context"))
        .and_then(Value::as_str)
        .ok_or_else(|| ToolError::invalid_input("the user gave no context; ask again"))?;
    Ok(format!("Prompt with elicited context: {context}"))
}

/// Every prompt of the server.
pub(crate) fn all() -> Catalog {
    catalog![
        simple_prompt,
        prompt_with_arguments,
        prompt_with_embedded_resource,
        prompt_with_image,
        input_required_result_prompt,
    ]
}
