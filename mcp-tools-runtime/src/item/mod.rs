//! What prompts and resources share with tools: arguments checked by the same validator,
//! icons and `_meta`, errors as JSON-RPC answers, and the compile-time collision check of
//! `catalog![...]`.

mod args;
mod collision;
mod errors;
mod meta;

pub(crate) use args::{ItemArgs, Origin};
pub use collision::{ItemKey, find_item_collision_at};
pub(crate) use errors::{guarded, to_rpc_error};
pub(crate) use meta::{icons, meta_object};
