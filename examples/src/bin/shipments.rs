//! `shipments`: the parcel-depot MCP server, over stdio or Streamable HTTP, optionally
//! behind an OAuth resource server (feature `oauth`, set from `SHIPMENTS_OAUTH_*`).

use std::{io::IsTerminal, net::SocketAddr, process::ExitCode, sync::Arc};

use mcp_tools::{
    Caller, Registry, Serve as _,
    http::{
        Http,
        auth::{Parts, Refusal},
    },
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

  SHIPMENTS_TASK_LEASE_MS    how long a replica may go silent while it runs a task before
                             the task is reported failed, its outcome unknown (default
                             15000)
  SHIPMENTS_SCALE_MS         how long `depot_audit` weighs each shipment (default 100)

  SHIPMENTS_API_KEY          for --http without OAuth: a request with
                             `Authorization: Bearer <this key>` is the depot's operator, who
                             may cancel shipments (scope `shipment:cancel`); a request
                             without one may only read; another key gets 401

Logs go to stderr; set RUST_LOG to change the level (default: info, rmcp at warn).

OAuth, for --http (a build with `--features oauth`): set all three, and every request needs
a bearer token from the issuer, for this server; `shipment_cancel` needs the scope
`shipment:cancel`, and a token without it does not see the tool.
  SHIPMENTS_OAUTH_RESOURCE   this server's URL as clients reach it (the tokens' `aud`),
                             e.g. https://mcp.example.com/mcp; its host is then allowed too
  SHIPMENTS_OAUTH_ISSUER     the issuer (`iss`) whose tokens are accepted,
                             e.g. https://auth.example.com
  SHIPMENTS_OAUTH_JWKS_URL   where the issuer publishes its signing keys,
                             e.g. https://auth.example.com/.well-known/jwks.json";

/// The environment variables of the OAuth settings.
const OAUTH_VARS: [&str; 3] = [
    "SHIPMENTS_OAUTH_RESOURCE",
    "SHIPMENTS_OAUTH_ISSUER",
    "SHIPMENTS_OAUTH_JWKS_URL",
];

/// The OAuth settings, from [`OAUTH_VARS`].
#[derive(Debug, PartialEq, Eq)]
struct OAuthSettings {
    resource: String,
    issuer: String,
    jwks_url: String,
}

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
    let oauth = match oauth_settings(|name| std::env::var(name).ok()) {
        Ok(oauth) => oauth,
        Err(problem) => {
            eprintln!("shipments: {problem}");
            return ExitCode::from(2);
        }
    };
    init_logging();
    let oauth = match (&serve.transport, oauth) {
        (Transport::Stdio, Some(_)) => {
            tracing::warn!(
                "SHIPMENTS_OAUTH_* apply to --http only; stdio serves its one local user"
            );
            None
        }
        (_, oauth) => oauth,
    };
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
        Transport::Http(addr) => match http(registry, serve.stateless, oauth) {
            Ok(http) => http.serve(addr).await,
            Err(err) => {
                tracing::error!("{err}");
                return ExitCode::FAILURE;
            }
        },
    };
    match served {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) => {
            tracing::error!("{err}");
            ExitCode::FAILURE
        }
    }
}

/// The registry `serve` asks for: its store and its token secret.
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
    let mut builder = mcp_tools_examples::builder(store);
    if let Some(secret) = secret {
        builder = builder.token_secret(secret);
    }
    if let Some(ms) = millis("SHIPMENTS_TASK_LEASE_MS")? {
        builder = builder.task_lease(ms);
    }
    if let Some(per_shipment) = millis("SHIPMENTS_SCALE_MS")? {
        builder = builder.state(mcp_tools_examples::audit::Scale { per_shipment });
    }
    builder.build().map_err(|e| e.to_string())
}

/// The environment variable `name` as a number of milliseconds, if set.
fn millis(name: &str) -> Result<Option<std::time::Duration>, String> {
    match std::env::var(name) {
        Err(_) => Ok(None),
        Ok(value) => value
            .trim()
            .parse::<u64>()
            .map(|ms| Some(std::time::Duration::from_millis(ms)))
            .map_err(|_| format!("{name} must be a whole number of milliseconds, not `{value}`")),
    }
}

/// Streamable HTTP for `registry`: sessions or none, and OAuth or the API key.
fn http(
    registry: Registry,
    stateless: bool,
    oauth: Option<OAuthSettings>,
) -> Result<Http<Registry>, String> {
    let http = Http::new(registry).stateless(stateless);
    match (oauth, std::env::var("SHIPMENTS_API_KEY")) {
        (Some(_), Ok(_)) => Err("set SHIPMENTS_OAUTH_* or SHIPMENTS_API_KEY, not both".into()),
        (Some(oauth), Err(_)) => with_oauth(http, oauth),
        (None, Ok(key)) if key.len() < 16 => {
            Err("SHIPMENTS_API_KEY must be 16 characters or more".into())
        }
        (None, Ok(key)) => Ok(http.authenticate(api_key(key))),
        (None, Err(_)) => Ok(http),
    }
}

/// The `authenticate` hook of `SHIPMENTS_API_KEY`: `Authorization: Bearer <key>` is the
/// operator; no `Authorization` header is an unauthenticated request, served as one (it
/// may read); anything else is refused.
fn api_key(key: String) -> impl Fn(&Parts) -> Result<Option<Caller>, Refusal> + Send + Sync {
    move |request: &Parts| {
        let Some(value) = request.headers.get("authorization") else {
            return Ok(None);
        };
        let sent = value
            .as_bytes()
            .strip_prefix(b"Bearer ")
            .unwrap_or_default();
        if same_secret(sent, key.as_bytes()) {
            Ok(Some(
                Caller::new("operator").with_scopes(["shipment:cancel"]),
            ))
        } else {
            Err(Refusal::invalid(
                "Bearer",
                "this API key is not the server's; send `Authorization: Bearer <SHIPMENTS_API_KEY>`, or no Authorization header to only read",
            ))
        }
    }
}

/// Equality that takes as long whichever byte differs, so the key cannot be found by timing.
fn same_secret(a: &[u8], b: &[u8]) -> bool {
    a.len() == b.len() && a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
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

/// The OAuth settings `var` gives: all three variables, or none (`Ok(None)`).
fn oauth_settings(var: impl Fn(&str) -> Option<String>) -> Result<Option<OAuthSettings>, String> {
    let [resource, issuer, jwks_url] =
        OAUTH_VARS.map(|name| var(name).filter(|v| !v.trim().is_empty()));
    match (resource, issuer, jwks_url) {
        (Some(resource), Some(issuer), Some(jwks_url)) => Ok(Some(OAuthSettings {
            resource,
            issuer,
            jwks_url,
        })),
        (None, None, None) => Ok(None),
        set => {
            let missing: Vec<&str> = OAUTH_VARS
                .iter()
                .zip([set.0.is_none(), set.1.is_none(), set.2.is_none()])
                .filter_map(|(name, missing)| missing.then_some(*name))
                .collect();
            Err(format!(
                "OAuth needs {} as well; set all three SHIPMENTS_OAUTH_* variables, or none",
                missing.join(" and ")
            ))
        }
    }
}

/// `http` behind an OAuth resource server; the resource's host is allowed beside the
/// loopback names, since clients reach the server by it.
#[cfg(feature = "oauth")]
#[allow(
    clippy::unnecessary_wraps,
    reason = "the build without the feature refuses"
)]
fn with_oauth(http: Http<Registry>, oauth: OAuthSettings) -> Result<Http<Registry>, String> {
    use mcp_tools::http::oauth::ResourceServer;
    let host = oauth
        .resource
        .split_once("://")
        .map_or("", |(_, rest)| rest.split(['/', '?']).next().unwrap_or(""))
        .to_owned();
    Ok(http
        .oauth(ResourceServer::new(oauth.resource).issuer(oauth.issuer, oauth.jwks_url))
        .allowed_hosts(["localhost", "127.0.0.1", "[::1]", host.as_str()]))
}

#[cfg(not(feature = "oauth"))]
fn with_oauth(_: Http<Registry>, _: OAuthSettings) -> Result<Http<Registry>, String> {
    Err(
        "SHIPMENTS_OAUTH_* are set, but this build has no OAuth; build it with `--features oauth`"
            .to_owned(),
    )
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

    fn vars(set: &[(&str, &str)]) -> impl Fn(&str) -> Option<String> {
        let set: Vec<(String, String)> = set
            .iter()
            .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
            .collect();
        move |name| set.iter().find(|(k, _)| k == name).map(|(_, v)| v.clone())
    }

    #[test]
    fn oauth_is_all_three_variables_or_none() {
        assert_eq!(oauth_settings(vars(&[])), Ok(None));
        assert_eq!(
            oauth_settings(vars(&[
                ("SHIPMENTS_OAUTH_RESOURCE", "https://mcp.example.com/mcp"),
                ("SHIPMENTS_OAUTH_ISSUER", "https://auth.example.com"),
                ("SHIPMENTS_OAUTH_JWKS_URL", "https://auth.example.com/jwks"),
            ])),
            Ok(Some(OAuthSettings {
                resource: "https://mcp.example.com/mcp".into(),
                issuer: "https://auth.example.com".into(),
                jwks_url: "https://auth.example.com/jwks".into(),
            }))
        );
        assert_eq!(
            oauth_settings(vars(&[
                ("SHIPMENTS_OAUTH_ISSUER", "https://auth.example.com"),
                ("SHIPMENTS_OAUTH_JWKS_URL", " "),
            ])),
            Err("OAuth needs SHIPMENTS_OAUTH_RESOURCE and SHIPMENTS_OAUTH_JWKS_URL as well; set all three SHIPMENTS_OAUTH_* variables, or none".into())
        );
    }

    #[cfg(feature = "oauth")]
    #[test]
    fn oauth_settings_build_a_guarded_router_or_say_why_not() {
        let settings = |resource: &str| OAuthSettings {
            resource: resource.into(),
            issuer: "https://auth.example.com".into(),
            jwks_url: "https://auth.example.com/jwks".into(),
        };
        let build = |resource: &str| {
            let registry = mcp_tools_examples::registry().map_err(|e| e.to_string())?;
            with_oauth(Http::new(registry), settings(resource))?
                .router(mcp_tools::CancellationToken::new())
                .map_err(|e| e.to_string())
        };
        assert!(build("https://mcp.example.com/mcp").is_ok());
        let err = build("http://mcp.example.com/mcp").unwrap_err();
        assert!(err.contains("is plain http"), "{err}");
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
