//! What a `#[prompt]` fn may return.

use rmcp::model::{GetPromptResult, PromptMessage, Role};

use crate::error::ToolError;

/// The return type of a `#[prompt]` fn: the text of one user message (`String`), one
/// message, several, or a whole result (to set its description or `_meta`), or any of
/// these in a `Result` whose error converts into a [`ToolError`].
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be the result of a #[prompt] fn",
    label = "return a `String`, a `PromptMessage`, a `Vec<PromptMessage>` or a `GetPromptResult`",
    note = "wrap any of them in `Result<_, ToolError>` to fail with a message"
)]
pub trait PromptReturn {
    /// The result `prompts/get` answers with.
    ///
    /// # Errors
    ///
    /// The fn's own error.
    fn into_prompt(self) -> Result<GetPromptResult, ToolError>;
}

impl PromptReturn for String {
    fn into_prompt(self) -> Result<GetPromptResult, ToolError> {
        Ok(GetPromptResult::new(vec![PromptMessage::new_text(
            Role::User,
            self,
        )]))
    }
}

impl PromptReturn for &'static str {
    fn into_prompt(self) -> Result<GetPromptResult, ToolError> {
        self.to_owned().into_prompt()
    }
}

impl PromptReturn for PromptMessage {
    fn into_prompt(self) -> Result<GetPromptResult, ToolError> {
        Ok(GetPromptResult::new(vec![self]))
    }
}

impl PromptReturn for Vec<PromptMessage> {
    fn into_prompt(self) -> Result<GetPromptResult, ToolError> {
        Ok(GetPromptResult::new(self))
    }
}

impl PromptReturn for GetPromptResult {
    fn into_prompt(self) -> Result<GetPromptResult, ToolError> {
        Ok(self)
    }
}

impl<T: PromptReturn, E: Into<ToolError>> PromptReturn for Result<T, E> {
    fn into_prompt(self) -> Result<GetPromptResult, ToolError> {
        self.map_err(Into::into)?.into_prompt()
    }
}
