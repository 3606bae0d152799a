//! Shape and observe: a handler's output becomes a result within its budget; every failure
//! becomes an `isError` result through [`failure`], the one conversion.

use rmcp::model::{CallToolResult, ContentBlock, MetaObject};

use super::base::{self, Failure, count_call, error_meta};
use crate::{
    definition::ToolDefinition,
    error::ErrorKind,
    error::ToolError,
    error::new_reference,
    optimizer::{self, CallFacts, Shaped},
    output::ToolOutput,
    wire::TRUNCATION_META_KEY,
};

/// A successful call's result: the output cut to its budget, its `_meta` kept.
pub(super) fn success(
    entry: &ToolDefinition,
    facts: &CallFacts<'_>,
    mut output: ToolOutput,
    meta: Option<MetaObject>,
) -> CallToolResult {
    // The optimizer shapes the content only; the tool's own `_meta` passes through.
    let own_meta = output.meta.take();
    let shaped = optimizer::shape(output, facts);
    count_call(entry, "ok");
    observe(facts, &shaped);
    let mut result = if shaped.failed {
        CallToolResult::error(shaped.content)
    } else {
        base::success(shaped.content)
    };
    result.structured_content = shaped.structured;
    let mut extra = own_meta.unwrap_or_default();
    if let Some(meta) = meta {
        extra.0.extend(meta.0);
    }
    if let Some(truncation) = shaped.truncation {
        extra.0.insert(TRUNCATION_META_KEY.to_owned(), truncation);
    }
    result.meta = (!extra.0.is_empty()).then_some(extra);
    result
}

/// Any failure of a call, as the model reads it: the error's kind and message, an internal
/// one (a bug, a panic) masked behind a reference id that ties it to its log line.
pub(super) fn failure(
    entry: &ToolDefinition,
    failure: Failure,
    meta: Option<MetaObject>,
    max_chars: usize,
) -> CallToolResult {
    let (err, outcome) = match failure {
        Failure::Refused(err, outcome) => (err, outcome),
        Failure::Failed(err) => (err, "error"),
        Failure::Panicked(detail) => (
            ToolError::internal(format!("the handler panicked: {detail}")),
            "panic",
        ),
        Failure::Cancelled => {
            tracing::debug!(tool = entry.name(), "call cancelled by the client");
            (
                ToolError::retry_later("the call was cancelled before it finished"),
                "cancelled",
            )
        }
    };
    count_call(entry, outcome);
    let reference = (err.kind() == ErrorKind::Internal).then(new_reference);
    if let Some(reference) = &reference {
        tracing::error!(
            tool = entry.name(),
            function = entry.fn_path(),
            reference,
            detail = err.log_detail(),
            "tool failed"
        );
    } else {
        tracing::debug!(
            tool = entry.name(),
            kind = err.kind().as_str(),
            message = err.message(),
            "tool returned an error"
        );
    }
    // Held to the registry's error size: a handler's message may quote anything.
    let text = crate::error::clip_owned(err.model_text(reference.as_deref()), max_chars);
    let mut result = CallToolResult::error(vec![ContentBlock::text(text)]);
    let detail = error_meta(
        err.kind().as_str(),
        err.kind().is_retryable(),
        reference.as_deref(),
    );
    result.meta = Some(match meta {
        Some(mut base) => {
            base.0.extend(detail.0);
            base
        }
        None => detail,
    });
    result
}

/// Logs one successful call and records its tokens. A result that fit without counting is
/// counted after the response is on its way, so exact numbers cost the caller no latency,
/// once the vocabulary is loaded.
fn observe(facts: &CallFacts<'_>, shaped: &Shaped) {
    let report = shaped.report;
    let (tool, format, encoding) = (facts.tool, facts.format.as_str(), facts.encoding);
    let emit = move |tokens: usize| {
        tracing::info!(target: "mcp_tools::call", tool, format, tokens, tokens_cut = report.tokens_cut, truncated = report.truncated, "tool result");
        metrics::histogram!("mcp_tools_response_tokens", "tool" => tool).record(tokens as f64);
        if report.truncated {
            metrics::counter!("mcp_tools_truncated_total", "tool" => tool).increment(1);
            metrics::counter!("mcp_tools_tokens_cut_total", "tool" => tool)
                .increment(report.tokens_cut as u64);
        }
    };
    match report.tokens {
        Some(tokens) => emit(tokens),
        // Nobody listens: counting a result that fit would only spend CPU.
        None if !tracing::enabled!(target: "mcp_tools::call", tracing::Level::INFO) => {}
        // Nor is loading the vocabulary (about a second of CPU, 85 MB) worth a log line:
        // until a result over budget has loaded it, log the bound the bytes give.
        None if !encoding.is_loaded() => {
            let tokens_at_most: usize = shaped
                .content
                .iter()
                .filter_map(|b| b.as_text().map(|t| t.text.len()))
                .sum();
            tracing::info!(target: "mcp_tools::call", tool, format, tokens_at_most, tokens_cut = report.tokens_cut, truncated = report.truncated, "tool result");
        }
        None => {
            let text: Vec<String> = shaped
                .content
                .iter()
                .filter_map(|b| b.as_text().map(|t| t.text.clone()))
                .collect();
            let count = move || emit(text.iter().map(|t| encoding.count(t)).sum());
            match tokio::runtime::Handle::try_current() {
                Ok(handle) => drop(handle.spawn(async move { count() })),
                Err(_) => count(),
            }
        }
    }
}
