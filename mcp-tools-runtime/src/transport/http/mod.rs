//! Streamable HTTP: [`Http`] holds what only HTTP needs (hosts, origins, sessions,
//! authentication, its limits) and serves a registry or a [`Server`](crate::server::Server)
//! through rmcp's service in an axum router, with our checks in front, by an accept loop
//! of our own.
//!
//! An application that serves [`Http::router`] itself gets the router's checks but not the
//! accept loop's `TCP_NODELAY` and header timeout; with axum it can have the first with
//! `axum::serve(listener.tap_io(|tcp| { let _ = tcp.set_nodelay(true); }), app)`
//! (`axum::serve::ListenerExt`), and the second from a proxy in front or hyper directly.

mod accept;
mod allow;
pub mod auth;
mod body;
mod front;
mod gate;
mod host;
mod marks;
#[cfg(feature = "oauth")]
pub mod oauth;
mod peek;
mod reply;
mod router;
mod serve;
mod sessions;
mod settings;

pub use crate::wire::MCP_PATH;
pub use serve::Http;
pub use settings::{
    DEFAULT_HEADER_READ_TIMEOUT, DEFAULT_MAX_SESSIONS, DEFAULT_SESSION_IDLE_TIMEOUT,
};
