//! Preview, then commit, exactly once.
//!
//! A change that matters (cancel an order, move money, edit in bulk) is split in two tools.
//! The preview returns a [`Plan`]: what would change, and an opaque handle. The commit takes
//! the handle as a [`PlanHandle`] and applies the plan. The runtime keeps the plan in the
//! registry's [`Store`](crate::store::Store), seals the handle (tamper-proof, expiring,
//! bound to the caller and to the plan's type), and runs a commit's handler to success at
//! most once per handle: committing the same handle again returns the first result.
//!
//! Any tool that changes state may also take an [`IdempotencyKey`], or read one from the
//! request's `_meta` (`"mcp-tools/idempotency-key"`), for the same guarantee without a
//! preview.

mod handle;
mod key;
mod preview;

pub use handle::PlanHandle;
pub use key::IdempotencyKey;
pub use preview::Plan;
#[cfg(test)]
pub(crate) use preview::plan_kind;
