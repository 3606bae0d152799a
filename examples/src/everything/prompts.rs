//! The everything server's four prompts: none, two arguments, completed arguments, and an
//! embedded resource. Their names are the original's, published without a namespace, so
//! each waives `namespace_required`; their descriptions are the original's words.

use super::resources::{ResourceType, dynamic_contents};
use mcp_tools::{
    prelude::*,
    rmcp::model::{ContentBlock, PromptMessage, Role},
};

/// A prompt with no arguments
#[prompt(
    name = "simple-prompt",
    title = "Simple Prompt",
    allow(namespace_required)
)]
pub(super) async fn simple_prompt() -> &'static str {
    "This is a simple prompt without arguments."
}

/// A prompt with two arguments, one required and one optional
#[prompt(
    name = "args-prompt",
    title = "Arguments Prompt",
    allow(namespace_required)
)]
pub(super) async fn args_prompt(
    /// Name of the city
    city: String,
    /// Name of the state
    state: Option<String>,
) -> String {
    let location = match state {
        Some(state) => format!("{city}, {state}"),
        None => city,
    };
    format!("What's weather in {location}?")
}

/// First argument choice narrows values for second argument.
#[prompt(
    name = "completable-prompt",
    title = "Team Management",
    allow(namespace_required)
)]
pub(super) async fn completable_prompt(
    /// Choose the department.
    #[param(complete = departments)]
    department: String,
    /// Choose a team member to lead the selected department.
    #[param(complete = team_members)]
    name: String,
) -> String {
    format!("Please promote {name} to the head of the {department} team.")
}

/// A prompt that includes an embedded resource reference
#[prompt(
    name = "resource-prompt",
    title = "Resource Prompt",
    allow(namespace_required, description_filler)
)]
pub(super) async fn resource_prompt(
    /// Type of resource to fetch
    #[param(rename = "resourceType", complete = resource_types)]
    resource_type: ResourceType,
    /// ID of the text resource to fetch
    #[param(rename = "resourceId", min = 1, complete = resource_ids)]
    resource_id: u64,
) -> Vec<PromptMessage> {
    let intro = format!(
        "This prompt includes the {} resource with id: {resource_id}. Please analyze the \
         following resource:",
        resource_type.label()
    );
    let contents = dynamic_contents(resource_type, resource_id);
    vec![
        PromptMessage::new_text(Role::User, intro),
        PromptMessage::new(Role::User, ContentBlock::resource(contents)),
    ]
}

/// The departments that start with what the user typed.
#[allow(clippy::unused_async)] // a completion fn is async, whether or not it awaits
async fn departments(c: Completion) -> Vec<&'static str> {
    let all = ["Engineering", "Sales", "Marketing", "Support"];
    all.into_iter()
        .filter(|d| d.starts_with(c.value()))
        .collect()
}

/// The members of the department already chosen that start with what the user typed.
#[allow(clippy::unused_async)] // a completion fn is async, whether or not it awaits
async fn team_members(c: Completion) -> Vec<&'static str> {
    let members: &[&'static str] = match c.given("department") {
        Some("Engineering") => &["Alice", "Bob", "Charlie"],
        Some("Sales") => &["David", "Eve", "Frank"],
        Some("Marketing") => &["Grace", "Henry", "Iris"],
        Some("Support") => &["John", "Kim", "Lee"],
        _ => &[],
    };
    let typed = c.value();
    members
        .iter()
        .copied()
        .filter(|n| n.starts_with(typed))
        .collect()
}

/// The resource types that start with what the user typed.
#[allow(clippy::unused_async)] // a completion fn is async, whether or not it awaits
async fn resource_types(c: Completion) -> Vec<&'static str> {
    let all = ["Text", "Blob"];
    all.into_iter()
        .filter(|t| t.starts_with(c.value()))
        .collect()
}

/// What the user typed, if it is a resource id (a positive integer): any such id names a
/// resource, so there is nothing else to offer.
#[allow(clippy::unused_async)] // a completion fn is async, whether or not it awaits
pub(super) async fn resource_ids(c: Completion) -> Vec<String> {
    match c.value().parse::<u64>() {
        Ok(id) if id > 0 => vec![c.value().to_owned()],
        _ => Vec::new(),
    }
}
