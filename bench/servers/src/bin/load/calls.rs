//! What is asked and what must come back: the arguments of call number `n`, and the check
//! of its reply against the value every server must compute.

use mcp_tools_peer_bench::page;
use serde_json::{Value, json};

use crate::cli::Tool;

/// Distinct queries: enough that no side can answer from one cached page.
const QUERIES: u64 = 100;

/// The expected pages, built once so checking costs the client little.
pub(crate) struct Expected {
    pages: Vec<Value>,
}

impl Expected {
    pub(crate) fn new() -> Expected {
        Expected {
            pages: (0..QUERIES)
                .map(|q| serde_json::to_value(page::page(&query(q))).expect("a page is JSON"))
                .collect(),
        }
    }

    /// The `tools/call` request with JSON-RPC id `id`, and what its reply must say.
    pub(crate) fn request(&self, tool: Tool, id: u64) -> (String, Want<'_>) {
        let (arguments, want) = match tool {
            Tool::Add => {
                // Both addends vary and stay inside the bounds every side declares.
                let a = (id % 1_000_000).cast_signed() * 997 - 500_000_000;
                let b = 123_456_789 - (id % 1_000).cast_signed() * 1_001;
                (json!({ "a": a, "b": b }), Want::Sum(a + b))
            }
            Tool::Search => {
                let q = id % QUERIES;
                (
                    json!({ "query": query(q) }),
                    Want::Page(&self.pages[q as usize]),
                )
            }
        };
        let body = json!({
            "jsonrpc": "2.0", "id": id, "method": "tools/call",
            "params": { "name": tool.name(), "arguments": arguments },
        });
        (body.to_string(), want)
    }
}

fn query(q: u64) -> String {
    format!("query{q}")
}

/// What a reply must carry.
pub(crate) enum Want<'a> {
    /// `add`: the sum, as the text of the first content block.
    Sum(i64),
    /// `search`: the page, as JSON text in the first content block and, when the server
    /// sends one, as `structuredContent`.
    Page(&'a Value),
}

/// What a good reply showed.
pub(crate) struct Checked {
    /// Whether it carried `structuredContent`.
    pub(crate) structured: bool,
}

/// Checks the JSON-RPC reply to request `id`.
pub(crate) fn check(message: &Value, id: u64, want: &Want<'_>) -> Result<Checked, String> {
    if message.get("id").and_then(Value::as_u64) != Some(id) {
        return Err(format!("the reply to id {id} has id {}", message["id"]));
    }
    if let Some(error) = message.get("error") {
        return Err(format!("JSON-RPC error: {}", clip(&error.to_string())));
    }
    let result = message
        .get("result")
        .ok_or_else(|| format!("no result: {}", clip(&message.to_string())))?;
    if result.get("isError").and_then(Value::as_bool) == Some(true) {
        return Err(format!("isError: {}", clip(&result["content"].to_string())));
    }
    let text = result["content"][0]["text"]
        .as_str()
        .ok_or_else(|| format!("no text content: {}", clip(&result.to_string())))?;
    let structured = result.get("structuredContent");
    match want {
        Want::Sum(sum) => {
            if text != sum.to_string() {
                return Err(format!("add: got {}, want {sum}", clip(text)));
            }
        }
        Want::Page(page) => {
            let parsed: Value = serde_json::from_str(text)
                .map_err(|e| format!("search: the text is not JSON ({e}): {}", clip(text)))?;
            if &parsed != *page {
                return Err(format!("search: the text is not the page: {}", clip(text)));
            }
            if let Some(structured) = structured
                && structured != *page
            {
                return Err(format!(
                    "search: structuredContent is not the page: {}",
                    clip(&structured.to_string())
                ));
            }
        }
    }
    Ok(Checked {
        structured: structured.is_some(),
    })
}

/// At most 200 characters of `text`, for error messages.
pub(crate) fn clip(text: &str) -> String {
    match text.char_indices().nth(200) {
        Some((end, _)) => format!("{}…", &text[..end]),
        None => text.to_owned(),
    }
}
