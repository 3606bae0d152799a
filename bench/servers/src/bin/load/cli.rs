//! The load generator's command line.

use std::time::Duration;

pub(crate) const USAGE: &str = "\
usage: load --server NAME --transport http|stdio --mode stateful|stateless|- --tool add|search
            [--clients N] [--warmup-secs S] [--secs S] [--seq-calls N] [--seq-max-secs S]
            [--settle-ms MS] [--results FILE] -- COMMAND [ARG...]

Starts COMMAND (for http, `{port}` in an ARG becomes a free port), then: a handshake and one
call, the server's idle RSS, a sequential pass (one call at a time), and a concurrent pass
(N clients with a call in flight each: HTTP connections with a session each, or N requests
in flight on stdio) with a warm-up; `--clients 0` skips it. Every reply is checked. Prints a markdown row, appends a
JSON line to FILE, and exits non-zero if any call failed.";

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Transport {
    Http,
    Stdio,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Tool {
    Add,
    Search,
}

impl Tool {
    pub(crate) fn name(self) -> &'static str {
        match self {
            Tool::Add => "add",
            Tool::Search => "search",
        }
    }
}

#[derive(Debug, Clone)]
pub(crate) struct Options {
    pub(crate) server: String,
    pub(crate) transport: Transport,
    /// `stateful`, `stateless`, or `-` (stdio).
    pub(crate) mode: String,
    pub(crate) tool: Tool,
    pub(crate) clients: usize,
    pub(crate) warmup: Duration,
    pub(crate) measure: Duration,
    pub(crate) seq_calls: usize,
    pub(crate) seq_max: Duration,
    /// Wait after the first call before reading the idle RSS: lazy start-up work settles.
    pub(crate) settle: Duration,
    pub(crate) results: Option<String>,
    pub(crate) command: Vec<String>,
}

impl Options {
    pub(crate) fn parse(args: &[String]) -> Result<Options, String> {
        let mut options = Options {
            server: String::new(),
            transport: Transport::Http,
            mode: String::new(),
            tool: Tool::Add,
            clients: 64,
            warmup: Duration::from_secs(3),
            measure: Duration::from_secs(10),
            seq_calls: 2_000,
            seq_max: Duration::from_secs(10),
            settle: Duration::from_secs(1),
            results: None,
            command: Vec::new(),
        };
        let mut transport = None;
        let mut tool = None;
        let mut rest = args.iter();
        while let Some(flag) = rest.next() {
            if flag == "--" {
                options.command = rest.cloned().collect();
                break;
            }
            let value = rest
                .next()
                .ok_or_else(|| format!("{flag} needs a value"))?
                .as_str();
            let number = || {
                value
                    .parse::<u64>()
                    .map_err(|_| format!("{flag} {value}: not a whole number"))
            };
            match flag.as_str() {
                "--server" => value.clone_into(&mut options.server),
                "--mode" => value.clone_into(&mut options.mode),
                "--transport" => {
                    transport = Some(match value {
                        "http" => Transport::Http,
                        "stdio" => Transport::Stdio,
                        _ => return Err(format!("--transport {value}: http or stdio")),
                    });
                }
                "--tool" => {
                    tool = Some(match value {
                        "add" => Tool::Add,
                        "search" => Tool::Search,
                        _ => return Err(format!("--tool {value}: add or search")),
                    });
                }
                "--clients" => options.clients = number()? as usize,
                "--warmup-secs" => options.warmup = Duration::from_secs(number()?),
                "--secs" => options.measure = Duration::from_secs(number()?.max(1)),
                "--seq-calls" => options.seq_calls = number()? as usize,
                "--seq-max-secs" => options.seq_max = Duration::from_secs(number()?),
                "--settle-ms" => options.settle = Duration::from_millis(number()?),
                "--results" => options.results = Some(value.to_owned()),
                _ => return Err(format!("unknown flag {flag}")),
            }
        }
        options.transport = transport.ok_or("--transport is required")?;
        options.tool = tool.ok_or("--tool is required")?;
        if options.server.is_empty() || options.command.is_empty() {
            return Err("--server and a command after `--` are required".to_owned());
        }
        if options.mode.is_empty() {
            "-".clone_into(&mut options.mode);
        }
        Ok(options)
    }
}
