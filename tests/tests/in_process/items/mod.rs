//! `#[prompt]` and `#[resource]` served by the registry: listings, arguments and template
//! variables checked as a tool's are, path refusals, budgets on reads, scopes, completions,
//! subscriptions, panics, and composition with an application's own handler.

mod library;
mod prompts;
mod resources;
mod served;
