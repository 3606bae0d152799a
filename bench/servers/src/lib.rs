//! What the benchmark's Rust servers and its load generator share: the page `search`
//! returns, and the command line every server of the benchmark takes.

pub mod page;
pub mod serve_args;
