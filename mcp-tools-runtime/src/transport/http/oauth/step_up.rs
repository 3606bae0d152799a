//! The resource server's check after the body is read: a `tools/call` of a tool whose scopes the
//! token does not hold gets `403` with MCP's scope challenge, naming the scopes to ask for,
//! so the client can get a token with them and retry (step-up authorization). The call
//! pipeline checks the scopes again, whatever the transport.

use axum::response::Response;

use super::{guard::Guard, refusal::insufficient_scope};
use crate::{context::Caller, registry::Registry};

/// `Err` with the challenge when `caller` lacks a scope of the tool a `tools/call` reaches:
/// `name` is the name it gives, `through` the `arguments.name` of a call of `tools_call`.
/// An unknown name is left to the pipeline, which answers it with the nearest names.
#[expect(
    clippy::result_large_err,
    reason = "the refusal is the response sent, moved once; boxing would allocate"
)]
pub(crate) fn check(
    guard: &Guard,
    registry: &Registry,
    caller: Option<&Caller>,
    name: &str,
    through: Option<&str>,
) -> Result<(), Response> {
    if let Some(caller) = caller
        && let Some(tool) = registry.tool_reached(name, through)
        && !tool.scopes().iter().all(|s| caller.has_scope(s))
    {
        let missing: Vec<&str> = tool
            .scopes()
            .iter()
            .copied()
            .filter(|s| !caller.has_scope(s))
            .collect();
        let quoted: Vec<String> = missing.iter().map(|s| format!("`{s}`")).collect();
        let description = format!(
            "`{}` needs the scope{} {}, which this token does not hold; get a token with {} and retry",
            tool.name(),
            if missing.len() == 1 { "" } else { "s" },
            quoted.join(", "),
            if missing.len() == 1 { "it" } else { "them" },
        );
        return Err(insufficient_scope(
            &guard.metadata_url,
            tool.scopes(),
            &description,
        ));
    }
    Ok(())
}
