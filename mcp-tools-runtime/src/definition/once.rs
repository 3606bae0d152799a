//! What makes one tool's calls run once (a commit's plan handle, an idempotency key), read
//! from its parameters when the definition is made; the call pipeline's `once` stage acts
//! on it.

use crate::{meta::ToolMeta, schema::InputSchema, seal};

/// What makes one tool's calls run once, from its parameters.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct OnceParam {
    /// The `PlanHandle` parameter, and the digest of its plan's type.
    pub(crate) plan: Option<(&'static str, u64)>,
    /// The `IdempotencyKey` parameter.
    pub(crate) key: Option<&'static str>,
    /// Whether the tool may change state, so a key in `_meta` counts.
    pub(crate) changes: bool,
}

impl OnceParam {
    pub(crate) fn of(meta: &ToolMeta, input: &InputSchema, problems: &mut Vec<String>) -> Self {
        let read_only = meta.read_only == Some(true);
        if read_only && input.plan_param.is_some() {
            problems.push("it is `read_only` but commits a plan (`PlanHandle`), which changes state; drop `read_only`".into());
        }
        if read_only && input.idempotency_param.is_some() {
            problems.push("it is `read_only` but takes an `IdempotencyKey`; reading twice is harmless, so drop the parameter".into());
        }
        if input.plan_param.is_some() && input.idempotency_param.is_some() {
            problems.push("it takes both a `PlanHandle` and an `IdempotencyKey`; the handle already makes a commit run once, so drop the key".into());
        }
        OnceParam {
            plan: input
                .plan_param
                .as_ref()
                .map(|(param, kind)| (*param, seal::digest64(&[kind.as_bytes()]))),
            key: input.idempotency_param,
            changes: !read_only,
        }
    }
}
