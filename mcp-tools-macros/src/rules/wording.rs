//! The words of the reports `mcp-tools-rules` writes for a tool, where the fn is a resource
//! (or, for `async_fn`, a prompt): the library words its rules for tools and prompts only,
//! so the few rules that judge a resource say here what the flaw costs a resource's reader.

use mcp_tools_rules::{DescriptionPart, Report, Rule, Target};

use crate::{kind::Kind, model::ToolFn};

/// The report's text (message, `= help:` and rule id) for a `#[prompt]` or `#[resource]`
/// fn, where the library's words are a tool's; `None` to keep the library's.
pub(crate) fn reworded(tool: &ToolFn, report: &Report) -> Option<String> {
    let name = tool.wire_name();
    let (message, help) = match (tool.kind(), report.rule) {
        (Kind::Prompt, Rule::AsyncFn) => (
            format!(
                "prompt `{name}` is not an `async fn`: a blocking prompt stalls every other request the server is serving"
            ),
            "write `async fn`, and move blocking work into `tokio::task::spawn_blocking`"
                .to_owned(),
        ),
        (Kind::Resource, Rule::AsyncFn) => (
            format!(
                "resource `{name}` is not an `async fn`: a blocking read stalls every other request the server is serving"
            ),
            "write `async fn`, and move blocking work into `tokio::task::spawn_blocking`"
                .to_owned(),
        ),
        (Kind::Resource, Rule::DescriptionRequired) => (
            format!(
                "resource `{name}` has no doc comment: clients list the description beside the resource, and it is all a user or model has to choose what to read"
            ),
            "add `///` lines: what the resource holds, and when to read it".to_owned(),
        ),
        (Kind::Resource, Rule::DescriptionPlaceholder) => {
            let marker = match &report.target {
                Target::Description(DescriptionPart::Containing(marker)) => marker.as_str(),
                _ => "TODO",
            };
            (
                format!("the description of resource `{name}` contains the placeholder `{marker}`: clients list it as part of what the resource holds"),
                "replace the placeholder with what the resource holds and when to read it, or move the note into a `//` comment".to_owned(),
            )
        }
        _ => return None,
    };
    Some(format!(
        "{message}\n= help: {help} [rule: {}]",
        report.rule.id()
    ))
}
