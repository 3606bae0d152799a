//! `handle_ttl_secs = 0` makes handles that expire before any call can use them: the build
//! fails at the value.
use mcp_tools::prelude::*;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

#[derive(Default, Serialize, Deserialize, JsonSchema)]
struct Cart {
    skus: Vec<String>,
}

/// Open an empty cart to collect items before checking out.
#[tool(namespace = "cart", destructive = false, handle_ttl_secs = 0)]
async fn open() -> Handle<Cart> {
    Handle::new(Cart::default())
}

fn main() {
    let _ = tools![open];
}
