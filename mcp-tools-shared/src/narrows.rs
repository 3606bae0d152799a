//! How `#[derive(ToolArgs)]` tells the runtime that a field narrows a result.

/// The schema keyword a field's `#[param(narrows)]` (`true`) or `#[param(narrows = false)]`
/// (`false`) becomes in its struct's schema, the one channel from the derive to
/// `Args<T>`. The runtime reads it when it builds the tool and leaves it out of the schema
/// it lists; a hand-written input schema may carry it too.
pub const KEYWORD: &str = "x-narrows";
