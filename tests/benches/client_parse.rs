//! What a result's shape costs an rmcp client to parse: the client reads every reply as the
//! untagged `ServerResult`, trying each result type in turn until one fits, and a `_meta`
//! object is parsed again on every try. Measures the replies of a `tools/call` that
//! succeeded or was refused for its arguments, with and without `_meta`, and the JSON-RPC
//! error rmcp's own servers send for arguments that do not deserialize.
//!
//! ```sh
//! cargo bench -p mcp-tools-tests --bench client_parse
//! ```

use std::hint::black_box;

use criterion::Criterion;
use rmcp::model::ServerJsonRpcMessage;

const REFUSAL: &str = "invalid input: unknown argument `c`; expected `a`, `b`\\na must be at most 1000000000; got 2000000000";

fn replies() -> Vec<(&'static str, String)> {
    let refused = |meta: &str| {
        format!(
            r#"{{"jsonrpc":"2.0","id":7,"result":{{"content":[{{"type":"text","text":"{REFUSAL}"}}],"isError":true{meta}}}}}"#
        )
    };
    vec![
        (
            "success",
            r#"{"jsonrpc":"2.0","id":7,"result":{"content":[{"type":"text","text":"3"}],"isError":false}}"#.to_owned(),
        ),
        (
            "success, one-key _meta",
            r#"{"jsonrpc":"2.0","id":7,"result":{"content":[{"type":"text","text":"3"}],"isError":false,"_meta":{"x":1}}}"#.to_owned(),
        ),
        ("refused", refused("")),
        (
            "refused, error _meta",
            refused(r#","_meta":{"mcp-tools/error":{"kind":"invalid_input","retryable":false}}"#),
        ),
        (
            "JSON-RPC error",
            r#"{"jsonrpc":"2.0","id":7,"error":{"code":-32602,"message":"failed to deserialize parameters: invalid type: string \"one\", expected f64"}}"#.to_owned(),
        ),
    ]
}

fn main() {
    let mut criterion = Criterion::default().configure_from_args();
    let mut group = criterion.benchmark_group("client_parse");
    for (name, text) in replies() {
        // Each reply must parse, or the figure would be of an error path.
        serde_json::from_str::<ServerJsonRpcMessage>(&text).expect("a valid reply");
        group.bench_function(name, |b| {
            b.iter(|| serde_json::from_str::<ServerJsonRpcMessage>(black_box(&text)));
        });
    }
    group.finish();
    criterion.final_summary();
}
