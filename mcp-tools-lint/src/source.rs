//! Where the tools and prompts come from: a saved `tools/list` or `prompts/list` result, a
//! stdio server, an HTTP server.

use std::{ffi::OsString, fmt, io::Read as _, path::PathBuf, process::Stdio, time::Duration};

use rmcp::{
    ServiceExt,
    transport::{
        StreamableHttpClientTransport, TokioChildProcess,
        streamable_http_client::StreamableHttpClientTransportConfig,
    },
};
use serde_json::Value;

/// What a server publishes that the rules judge.
#[derive(Debug, Default)]
pub(crate) struct Listing {
    /// The `tools` of `tools/list`, every page.
    pub(crate) tools: Vec<Value>,
    /// The `prompts` of `prompts/list`, every page; empty when the server announces no
    /// prompts.
    pub(crate) prompts: Vec<Value>,
}

/// A server's tools and prompts, as the command line names them.
pub(crate) enum Source {
    /// A JSON file (`-`: standard input).
    File(PathBuf),
    /// A command that starts a server over stdio.
    Command {
        program: OsString,
        args: Vec<OsString>,
        /// Whether the server's standard error is shown.
        stderr: bool,
    },
    /// A Streamable HTTP server.
    Http { url: String, bearer: Option<String> },
}

impl fmt::Display for Source {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Source::File(path) => write!(f, "{}", path.display()),
            Source::Command { program, args, .. } => {
                write!(f, "{}", program.to_string_lossy())?;
                for arg in args {
                    write!(f, " {}", arg.to_string_lossy())?;
                }
                Ok(())
            }
            Source::Http { url, .. } => f.write_str(url),
        }
    }
}

impl Source {
    /// The tools and prompts, as `tools/list` and `prompts/list` publish them (every page).
    pub(crate) fn listing(&self, timeout: Duration) -> Result<Listing, String> {
        match self {
            Source::File(path) => {
                let text = if path.as_os_str() == "-" {
                    let mut text = String::new();
                    std::io::stdin()
                        .read_to_string(&mut text)
                        .map_err(|e| format!("cannot read standard input: {e}"))?;
                    text
                } else {
                    std::fs::read_to_string(path)
                        .map_err(|e| format!("cannot read {}: {e}", path.display()))?
                };
                let json: Value =
                    serde_json::from_str(&text).map_err(|e| format!("{self} is not JSON: {e}"))?;
                listing_of(json).ok_or_else(|| format!("{self} holds no tools and no prompts: expected a tools/list result (`{{\"tools\": [...]}}`), a prompts/list result (`{{\"prompts\": [...]}}`), an object with both, a JSON-RPC response with one, or an array of tools"))
            }
            Source::Command { .. } | Source::Http { .. } => {
                let runtime = tokio::runtime::Builder::new_current_thread()
                    .enable_all()
                    .build()
                    .map_err(|e| format!("cannot start the client: {e}"))?;
                runtime.block_on(async {
                    match tokio::time::timeout(timeout, self.list()).await {
                        Ok(listed) => listed,
                        Err(_) => Err(format!(
                            "{self} listed no tools and prompts within {} s (raise --timeout)",
                            timeout.as_secs()
                        )),
                    }
                })
            }
        }
    }

    /// Connects as an MCP client, lists every page of tools, and of prompts when the server
    /// announces the `prompts` capability, and disconnects.
    async fn list(&self) -> Result<Listing, String> {
        let client = match self {
            Source::Command {
                program,
                args,
                stderr,
            } => {
                let mut command = tokio::process::Command::new(program);
                command.args(args);
                let (transport, _) = TokioChildProcess::builder(command)
                    .stderr(if *stderr {
                        Stdio::inherit()
                    } else {
                        Stdio::null()
                    })
                    .spawn()
                    .map_err(|e| format!("cannot start `{self}`: {e}"))?;
                ().serve(transport)
                    .await
                    .map_err(|e| format!("`{self}` did not start as an MCP server: {e}"))?
            }
            Source::Http { url, bearer } => {
                let mut config = StreamableHttpClientTransportConfig::with_uri(url.clone());
                if let Some(token) = bearer {
                    config = config.auth_header(token.clone());
                }
                ().serve(StreamableHttpClientTransport::from_config(config))
                    .await
                    .map_err(|e| format!("no MCP server answered at {url}: {e}"))?
            }
            Source::File(_) => return Err(format!("{self} is a file, not a server")),
        };
        let capabilities = client
            .peer_info()
            .map(|info| info.capabilities.clone())
            .unwrap_or_default();
        // A server that announces prompts but no tools is not asked for tools; any other
        // is, as before prompts were linted.
        let tools = if capabilities.tools.is_some() || capabilities.prompts.is_none() {
            let tools = client
                .list_all_tools()
                .await
                .map_err(|e| format!("{self} did not list its tools: {e}"))?;
            tools
                .iter()
                .map(|t| serde_json::to_value(t).map_err(|e| format!("a tool of {self}: {e}")))
                .collect::<Result<_, _>>()?
        } else {
            Vec::new()
        };
        let prompts = if capabilities.prompts.is_some() {
            let prompts = client
                .list_all_prompts()
                .await
                .map_err(|e| format!("{self} did not list its prompts: {e}"))?;
            prompts
                .iter()
                .map(|p| serde_json::to_value(p).map_err(|e| format!("a prompt of {self}: {e}")))
                .collect::<Result<_, _>>()?
        } else {
            Vec::new()
        };
        let _ = client.cancel().await;
        Ok(Listing { tools, prompts })
    }
}

/// The tools and prompts of a saved result: an object with a `tools` array, a `prompts`
/// array or both (`{"tools": [...]}`, a `prompts/list` result), the same under `result` (a
/// JSON-RPC response), or a bare array of tools.
pub(crate) fn listing_of(json: Value) -> Option<Listing> {
    match json {
        Value::Array(tools) => Some(Listing {
            tools,
            prompts: Vec::new(),
        }),
        Value::Object(mut map) => {
            let array = |v: Option<Value>| match v {
                Some(Value::Array(items)) => Some(items),
                _ => None,
            };
            let (tools, prompts) = (array(map.remove("tools")), array(map.remove("prompts")));
            if tools.is_none() && prompts.is_none() {
                return listing_of(map.remove("result")?);
            }
            Some(Listing {
                tools: tools.unwrap_or_default(),
                prompts: prompts.unwrap_or_default(),
            })
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::listing_of;

    #[test]
    fn a_saved_file_holds_tools_prompts_or_both() {
        let both = listing_of(json!({"tools": [{"name": "a"}], "prompts": [{"name": "b"}]}))
            .expect("both lists");
        assert_eq!((both.tools.len(), both.prompts.len()), (1, 1));
        let prompts = listing_of(json!({"jsonrpc": "2.0", "id": 2,
            "result": {"prompts": [{"name": "b"}], "nextCursor": null}}))
        .expect("a prompts/list response");
        assert_eq!((prompts.tools.len(), prompts.prompts.len()), (0, 1));
        let tools = listing_of(json!([{"name": "a"}])).expect("a bare array of tools");
        assert_eq!((tools.tools.len(), tools.prompts.len()), (1, 0));
        assert!(listing_of(json!({"resources": []})).is_none());
    }
}
