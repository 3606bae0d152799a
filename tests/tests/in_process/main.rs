//! Tests that serve the registry inside this process: definitions, schemas, validation,
//! budgets, plans, discovery, and the transports (stdio over duplex pipes, Streamable HTTP on
//! loopback ports, OAuth with an issuer of the tests' own) driven by rmcp's client or raw
//! requests. One binary, so the runtime is linked once.

#[path = "../common/mod.rs"]
mod common;
#[path = "../common_catalog/mod.rs"]
mod common_catalog;
#[path = "../common_client/mod.rs"]
mod common_client;
#[path = "../common_http/mod.rs"]
mod common_http;
#[path = "../common_oauth/mod.rs"]
mod common_oauth;
#[path = "../common_task_tools/mod.rs"]
mod common_task_tools;

mod budget_props;
mod budgets;
mod closed_schemas;
mod compose;
mod definition_tokens;
mod definitions;
mod discovery;
mod error_caps;
mod evolution;
mod extraction;
mod handle_views;
mod handles;
mod http_hostile;
mod http_stateless;
mod items;
mod line_resume;
mod lint;
mod module_graph;
mod narrowing;
mod oauth;
mod plans;
mod raw_schema;
mod shipments_catalog;
mod stdio_hostile;
mod talk_back;
mod task_marking;
mod tasks;
mod tasks_ported;
mod validator_agrees;
mod visibility;
