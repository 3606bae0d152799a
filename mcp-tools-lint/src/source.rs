//! Where the tools come from: a saved `tools/list` result, a stdio server, an HTTP server.

use std::{ffi::OsString, fmt, io::Read as _, path::PathBuf, process::Stdio, time::Duration};

use rmcp::{
    ServiceExt,
    transport::{
        StreamableHttpClientTransport, TokioChildProcess,
        streamable_http_client::StreamableHttpClientTransportConfig,
    },
};
use serde_json::Value;

/// A server's tools, as the command line names them.
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
    /// The tools, as `tools/list` publishes them (every page).
    pub(crate) fn tools(&self, timeout: Duration) -> Result<Vec<Value>, String> {
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
                tools_of(json).ok_or_else(|| format!("{self} holds no tools: expected a tools/list result (`{{\"tools\": [...]}}`), a JSON-RPC response with one, or an array of tools"))
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
                            "{self} listed no tools within {} s (raise --timeout)",
                            timeout.as_secs()
                        )),
                    }
                })
            }
        }
    }

    /// Connects as an MCP client, lists every page of tools, and disconnects.
    async fn list(&self) -> Result<Vec<Value>, String> {
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
        let tools = client
            .list_all_tools()
            .await
            .map_err(|e| format!("{self} did not list its tools: {e}"))?;
        let _ = client.cancel().await;
        tools
            .iter()
            .map(|t| serde_json::to_value(t).map_err(|e| format!("a tool of {self}: {e}")))
            .collect()
    }
}

/// The tools of a saved result: `{"tools": [...]}`, `{"result": {"tools": [...]}}`, or a
/// bare array.
fn tools_of(json: Value) -> Option<Vec<Value>> {
    match json {
        Value::Array(tools) => Some(tools),
        Value::Object(mut map) => match map.remove("tools") {
            Some(Value::Array(tools)) => Some(tools),
            _ => tools_of(map.remove("result")?),
        },
        _ => None,
    }
}
