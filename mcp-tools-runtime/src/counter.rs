//! The calls counter, `mcp_tools_calls_total{tool, outcome}`, with its keys built once per
//! tool: the `counter!` macro builds a labelled key (an allocation) on every call, even
//! when no recorder is installed.

use metrics::{Key, Label, Level, Metadata};

const CALLS_TOTAL: &str = "mcp_tools_calls_total";

/// Where the counts come from, as the `counter!` macro would say it.
static METADATA: Metadata<'static> =
    Metadata::new(module_path!(), Level::INFO, Some(module_path!()));

/// The outcomes a call is counted under; `ok` and `invalid_arguments` are the ones a busy
/// server counts most.
#[derive(Debug)]
pub(crate) struct CallKeys {
    ok: Key,
    invalid_arguments: Key,
}

impl CallKeys {
    pub(crate) fn new(tool: &'static str) -> Self {
        CallKeys {
            ok: key(tool, "ok"),
            invalid_arguments: key(tool, "invalid_arguments"),
        }
    }
}

fn key(tool: &'static str, outcome: &'static str) -> Key {
    Key::from_parts(
        CALLS_TOTAL,
        vec![
            Label::from_static_parts("tool", tool),
            Label::from_static_parts("outcome", outcome),
        ],
    )
}

/// Counts one call of `tool` with `outcome` in the current recorder (local, else global).
pub(crate) fn count_call(keys: &CallKeys, tool: &'static str, outcome: &'static str) {
    let built;
    let key = match outcome {
        "ok" => &keys.ok,
        "invalid_arguments" => &keys.invalid_arguments,
        _ => {
            built = key(tool, outcome);
            &built
        }
    };
    metrics::with_recorder(|recorder| recorder.register_counter(key, &METADATA).increment(1));
}
