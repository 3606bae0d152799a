//! Tool designs taken from public MCP servers that the rules must accept: evidence in doc
//! comments (units, time formats, meanings, a maximum), noun-then-verb names, redundant
//! hints on read-only tools, an overwrite left destructive by default, a parameter the
//! tool's description speaks of, self-describing names (`query`, `offset`), and published
//! names kept with one waiver of style.
use mcp_tools::prelude::*;

/// Perform click on a web page.
#[tool(namespace = "browser", destructive = true)]
async fn click(
    /// Exact target element reference from the page snapshot.
    target: String,
    /// Human-readable element description used to obtain permission to interact with the element.
    element: Option<String>,
) -> String {
    format!("clicked {target} {element:?}")
}

/// Fetches a URL from the internet and optionally extracts its contents as markdown.
#[tool(namespace = "web", read_only, idempotent, open_world)]
async fn fetch(
    /// URL to fetch.
    #[param(format = "uri")]
    url: String,
    /// Maximum number of characters to return.
    #[param(min = 1, max = 1000000)]
    max_length: Option<u64>,
    /// On return output starting at this character index, useful if a previous fetch was
    /// truncated and more context is required.
    #[param(min = 0, max = 100000000)]
    start_index: Option<u64>,
) -> String {
    format!("{url} {max_length:?} {start_index:?}")
}

/// Refund a charge, in full or in part.
#[tool(namespace = "payments", destructive = false)]
async fn create_refund(
    /// The ID of the PaymentIntent to refund.
    payment_intent: String,
    /// The amount to refund in cents.
    #[param(min = 1, max = 100000000)]
    amount: Option<i64>,
) -> String {
    format!("{payment_intent} {amount:?}")
}

/// Get all replies in a message thread.
#[tool(namespace = "chat", read_only)]
async fn get_thread_replies(
    /// The ID of the channel containing the thread.
    channel_id: String,
    /// The timestamp of the parent message in the format '1234567890.123456'.
    thread_ts: String,
    /// Only messages after this point: ISO 8601, for example `2026-05-04T10:00:00Z`.
    updated_since: Option<String>,
    /// Cursor for pagination: the id of the last item of the previous page.
    after: Option<String>,
) -> String {
    format!("{channel_id} {thread_ts} {updated_since:?} {after:?}")
}

/// Read the complete contents of a file as text, or only its first or last lines.
#[tool(namespace = "fs", read_only, destructive = false, idempotent = false)]
async fn read_text_file(
    /// Path of the file, absolute or relative to an allowed directory.
    path: String,
    /// If provided, returns only the first N lines of the file.
    #[param(min = 1, max = 10000)]
    head: Option<u32>,
    /// If provided, returns only the last N lines of the file.
    #[param(min = 1, max = 10000)]
    tail: Option<u32>,
) -> String {
    format!("{path} {head:?} {tail:?}")
}

/// List workflows of a repository, or the runs, jobs and artifacts of one.
#[tool(namespace = "github", read_only, name = "actions_list")]
async fn actions_list(
    /// Repository owner, for example `octocat`.
    owner: String,
    /// Repository name, for example `hello-world`.
    repo: String,
) -> String {
    format!("{owner}/{repo}")
}

/// Get the value of a cookie of the current page.
#[tool(namespace = "browser", read_only, name = "cookie_get")]
async fn cookie_get(
    /// Name of the cookie, as the page set it.
    cookie_name: String,
) -> String {
    cookie_name
}

/// Print the server's environment variables, for debugging a deployment.
#[tool(namespace = "debug", read_only, name = "get-env", allow(name_style))]
async fn get_env() -> String {
    String::new()
}

/// Wait for a number of seconds before the next step.
#[tool(namespace = "browser", read_only)]
async fn wait_for(
    /// The time to wait in seconds.
    #[param(min = 0.0, max = 60.0)]
    time: f64,
    /// How long to wait for the text at most; the page may never show it. In milliseconds.
    #[param(min = 0, max = 60000)]
    timeout: Option<u64>,
) -> String {
    format!("{time} {timeout:?}")
}

/// Return the folders this server may read and write, as configured at start.
#[tool(namespace = "fs", read_only)]
async fn directory_tree(
    /// Root of the tree, absolute or relative to an allowed directory.
    path: String,
) -> String {
    path
}

/// Record a shipment's measured weight; the new weight replaces the old one.
///
/// Undeclared, a tool is destructive by MCP's default, which is what an overwrite is.
#[tool(namespace = "scale")]
async fn set_weight(
    /// Shipment number, for example `SH-2026-004211`.
    #[param(pattern = r"^SH-\d{4}-\d{6}$")]
    shipment_number: String,
    /// Measured weight of the parcel.
    #[param(min = 0.1, max = 30000.0)]
    weight_kg: f64,
) -> String {
    format!("{shipment_number}: {weight_kg} kg")
}

/// Search the web; use the `count` parameter to ask for fewer results.
#[tool(namespace = "web", read_only, open_world)]
async fn search(
    /// Words to search for.
    query: String,
    /// Number of results (1-20, default 10).
    // Brave publishes the bound in prose only; `bounded_limit_unenforced` asks for it here.
    #[param(max = 20)]
    count: Option<u32>,
    /// Safe-search level of the results.
    safesearch: Option<bool>,
    offset: Option<u32>,
) -> String {
    format!("{query} {count:?} {safesearch:?} {offset:?}")
}

fn main() {
    let _ = Registry::builder()
        .server_info("t", "1")
        .tools(tools![
            click,
            fetch,
            create_refund,
            get_thread_replies,
            read_text_file,
            actions_list,
            cookie_get,
            get_env,
            wait_for,
            directory_tree,
            set_weight,
            search
        ])
        .build()
        .expect("every tool here is a valid tool");
}
