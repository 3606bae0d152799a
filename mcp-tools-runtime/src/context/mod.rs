//! `ToolContext`: cancellation, progress, who is calling, and the way back to the client
//! (log messages, sampling, elicitation, roots).

mod as_task;
mod ask;
mod caller;
pub(crate) mod input;
pub(crate) mod log;
pub(crate) mod task;
mod tool_context;

pub use caller::Caller;
pub use log::LogLevel;
pub(crate) use tool_context::ClientLink;
pub use tool_context::{ResultBudget, ToolContext};
