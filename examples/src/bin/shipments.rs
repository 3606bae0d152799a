//! `shipments`: the parcel-depot MCP server, over stdio or Streamable HTTP.

use std::{io::IsTerminal, net::SocketAddr, process::ExitCode, sync::Arc};

use mcp_tools_runtime::{
    Registry,
    store::{MemoryStore, RedisStore, Store},
};
use tracing_subscriber::EnvFilter;

const USAGE: &str = "\
shipments: an MCP server for a parcel depot, with 300 demo shipments in memory

Usage:
  shipments                  serve one client over stdin/stdout
  shipments --http ADDR      serve Streamable HTTP at http://ADDR/mcp, e.g. 127.0.0.1:8080
  shipments --catalog        print the tokens each tool's definition costs a model, and exit
  shipments --help           print this help

Options:
  --redis URL                keep plans, commit records and routes in Redis (e.g.
                             redis://127.0.0.1:6379/0) instead of this process's memory,
                             so several replicas share them
  --stateless                with --http: Streamable HTTP without sessions, so any replica
                             behind a load balancer can answer any request

Environment:
  SHIPMENTS_TOKEN_SECRET     the secret that seals cursors and plan handles (32 bytes or
                             more); give every replica the same one. With --redis and no
                             secret, the replicas agree on one kept in Redis.

Logs go to stderr; set RUST_LOG to change the level (default: info, rmcp at warn).";

/// Where to serve.
enum Transport {
    Stdio,
    Http(SocketAddr),
}

/// What the command line asks for.
enum Command {
    Serve(Serve),
    Catalog,
    Help,
}

/// How to serve.
struct Serve {
    transport: Transport,
    redis: Option<String>,
    stateless: bool,
}

#[tokio::main]
async fn main() -> ExitCode {
    // Lossy, so a stray non-UTF-8 argument is reported as unknown instead of panicking.
    let args = std::env::args_os()
        .skip(1)
        .map(|a| a.to_string_lossy().into_owned());
    let command = match parse_args(args) {
        Ok(command) => command,
        Err(problem) => {
            eprintln!(
                "shipments: {problem}\nusage: shipments [--http ADDR [--stateless]] [--redis URL] | --catalog | --help"
            );
            return ExitCode::from(2);
        }
    };
    let serve = match command {
        Command::Help => {
            println!("{USAGE}");
            return ExitCode::SUCCESS;
        }
        Command::Catalog => {
            return match mcp_tools_examples::registry() {
                Ok(registry) => {
                    println!("{}", registry.definition_report());
                    ExitCode::SUCCESS
                }
                Err(err) => {
                    eprintln!("shipments: {err}");
                    ExitCode::FAILURE
                }
            };
        }
        Command::Serve(serve) => serve,
    };
    init_logging();
    let registry = match registry(&serve).await {
        Ok(registry) => registry,
        Err(err) => {
            tracing::error!("{err}");
            return ExitCode::FAILURE;
        }
    };
    let served = match serve.transport {
        Transport::Stdio => {
            tracing::info!("serving MCP over stdio");
            registry.serve_stdio().await
        }
        Transport::Http(addr) => registry.serve_http(addr).await,
    };
    match served {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) => {
            tracing::error!("{err}");
            ExitCode::FAILURE
        }
    }
}

/// The registry `serve` asks for: its store, its token secret, its HTTP mode.
async fn registry(serve: &Serve) -> Result<Registry, String> {
    let mut secret = match std::env::var("SHIPMENTS_TOKEN_SECRET") {
        Ok(secret) if secret.len() < 32 => {
            return Err("SHIPMENTS_TOKEN_SECRET must be 32 bytes or more".into());
        }
        Ok(secret) => Some(secret.into_bytes()),
        Err(_) => None,
    };
    let store: Arc<dyn Store> = match &serve.redis {
        Some(url) => {
            let redis = RedisStore::connect(url)
                .await
                .map_err(|e| format!("cannot use Redis at {url}: {e}"))?
                .with_prefix("shipments:");
            if secret.is_none() {
                let shared = redis
                    .shared_secret()
                    .await
                    .map_err(|e| format!("cannot read the shared token secret: {e}"))?;
                secret = Some(shared);
            }
            Arc::new(redis)
        }
        None => Arc::new(MemoryStore::new()),
    };
    let mut builder = mcp_tools_examples::builder(store).stateless_http(serve.stateless);
    if let Some(secret) = secret {
        builder = builder.token_secret(secret);
    }
    builder.build().map_err(|e| e.to_string())
}

/// Reads the flags by hand: there are only a few.
fn parse_args(args: impl IntoIterator<Item = String>) -> Result<Command, String> {
    let mut args = args.into_iter();
    let mut transport = Transport::Stdio;
    let mut redis = None;
    let mut stateless = false;
    while let Some(arg) = args.next() {
        let (flag, inline_value) = match arg.split_once('=') {
            Some((flag, value)) if flag.starts_with("--") => {
                (flag.to_owned(), Some(value.to_owned()))
            }
            _ => (arg, None),
        };
        match flag.as_str() {
            "-h" | "--help" => return Ok(Command::Help),
            "--catalog" => return Ok(Command::Catalog),
            "--http" => {
                let value = inline_value
                    .or_else(|| args.next())
                    .ok_or("--http needs an address, e.g. --http 127.0.0.1:8080")?;
                let addr = value.parse().map_err(|_| {
                    format!(
                        "--http needs an IP address and port, e.g. 127.0.0.1:8080; got `{value}`"
                    )
                })?;
                transport = Transport::Http(addr);
            }
            "--redis" => {
                let url = inline_value
                    .or_else(|| args.next())
                    .ok_or("--redis needs a URL, e.g. --redis redis://127.0.0.1:6379/0")?;
                redis = Some(url);
            }
            "--stateless" => stateless = true,
            other => return Err(format!("unknown argument `{other}`")),
        }
    }
    if stateless && matches!(transport, Transport::Stdio) {
        return Err("--stateless needs --http: it changes how HTTP requests are served".into());
    }
    Ok(Command::Serve(Serve {
        transport,
        redis,
        stateless,
    }))
}

/// Logs to stderr only: on stdio, stdout carries the protocol.
fn init_logging() {
    let filter =
        EnvFilter::try_from_default_env().unwrap_or_else(|_| EnvFilter::new("info,rmcp=warn"));
    tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr)
        .with_ansi(std::io::stderr().is_terminal())
        .init();
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(args: &[&str]) -> Result<Command, String> {
        parse_args(args.iter().map(|&a| a.to_owned()))
    }

    #[test]
    fn no_flags_serve_stdio() {
        assert!(matches!(
            parse(&[]),
            Ok(Command::Serve(Serve {
                transport: Transport::Stdio,
                redis: None,
                stateless: false
            }))
        ));
    }

    #[test]
    fn http_takes_an_address_either_way() {
        for args in [
            &["--http", "127.0.0.1:8080"][..],
            &["--http=127.0.0.1:8080"],
        ] {
            let Ok(Command::Serve(Serve {
                transport: Transport::Http(addr),
                ..
            })) = parse(args)
            else {
                panic!("{args:?} did not parse");
            };
            assert_eq!(addr.to_string(), "127.0.0.1:8080");
        }
    }

    #[test]
    fn replicas_take_redis_and_stateless_http() {
        let Ok(Command::Serve(serve)) = parse(&[
            "--http",
            "127.0.0.1:1",
            "--stateless",
            "--redis=redis://127.0.0.1:6379/0",
        ]) else {
            panic!("did not parse");
        };
        assert!(serve.stateless);
        assert_eq!(serve.redis.as_deref(), Some("redis://127.0.0.1:6379/0"));
        assert_eq!(
            parse(&["--stateless"]).err().unwrap(),
            "--stateless needs --http: it changes how HTTP requests are served"
        );
    }

    #[test]
    fn help_wins() {
        assert!(matches!(
            parse(&["--http", "127.0.0.1:1", "-h"]),
            Ok(Command::Help)
        ));
    }

    #[test]
    fn bad_flags_say_what_is_wrong() {
        assert_eq!(
            parse(&["--port", "80"]).err().unwrap(),
            "unknown argument `--port`"
        );
        assert_eq!(
            parse(&["--http"]).err().unwrap(),
            "--http needs an address, e.g. --http 127.0.0.1:8080"
        );
        assert_eq!(
            parse(&["--http", "localhost"]).err().unwrap(),
            "--http needs an IP address and port, e.g. 127.0.0.1:8080; got `localhost`"
        );
    }
}
