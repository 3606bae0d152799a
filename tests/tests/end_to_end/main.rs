//! Tests with other processes: the fixture server under the rmcp, Python, TypeScript and
//! Inspector clients, the official conformance suite, Redis, replicas behind a balancer, and
//! `mcp-tools-lint` on published servers from the npm and Python package registries.
//! They provision what they need themselves (a venv, Node and npm packages, redis-server).

#[path = "../common_balancer/mod.rs"]
mod common_balancer;
#[path = "../common_client/mod.rs"]
mod common_client;
#[path = "../common_http/mod.rs"]
mod common_http;
#[path = "../common_node/mod.rs"]
mod common_node;
#[path = "../common_process/mod.rs"]
mod common_process;
#[path = "../common_real_tools/mod.rs"]
mod common_real_tools;
#[path = "../common_redis/mod.rs"]
mod common_redis;
#[path = "../common_task_tools/mod.rs"]
mod common_task_tools;

mod conformance;
mod discovery_bench;
mod e2e_inspector;
mod e2e_python;
mod e2e_rmcp;
mod e2e_task_marking;
mod e2e_tasks;
mod e2e_typescript;
mod everything_port;
mod lint;
mod redis_store;
mod replicas;
mod serve_args;
