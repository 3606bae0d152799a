//! Where the state a call depends on lives between calls: plans and their handles'
//! commits, and idempotency records.
//!
//! One replica of a server may preview a change and another commit it; a retry may reach a
//! replica that never saw the first attempt. So this state sits behind [`Store`], a small
//! key-value trait with expiry: [`MemoryStore`] by default (one process), or a shared store
//! for several replicas, such as `RedisStore` (feature `redis`). Every value is written with
//! a time to live, and the store, not the process, forgets it when that ends.

mod contract;
mod memory;
#[cfg(feature = "redis")]
mod redis;

#[cfg(any(test, feature = "testing"))]
pub use contract::check_contract;
pub use contract::{Store, StoreError, StoreFuture};
pub use memory::MemoryStore;
#[cfg(feature = "redis")]
pub use redis::RedisStore;
