//! State that outlives a request, named by a handle the model passes back.
//!
//! Under MCP's 2026-07-28 revision nothing may be derived from the connection: a cart, a
//! draft, an open browser is carried by an explicit handle that one tool returns and later
//! calls pass back. A handle is a name, not a permission: [`Handle<T>`] seals its id, binds
//! it to the caller and to `T`, and the runtime checks both on every use; the state lives
//! in the registry's [`Store`](crate::store::Store) with a time to live, so any replica
//! serves it and none has to clean up.

mod made;
pub(crate) mod record;
pub(crate) mod token;
mod value;

pub(crate) use made::handle_fields;
pub use value::Handle;
