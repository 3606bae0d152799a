//! [`Guard`]: a [`ResourceServer`] checked once, when the router is built, and what
//! serving it needs: the token checks, the issuers' key caches and the metadata document.

use std::{collections::BTreeSet, sync::Arc};

use axum::body::Bytes;
use serde_json::json;

use super::{
    config::ResourceServer,
    fetch::{Fetch, Https},
    jwks::Jwks,
    uri::{self, WELL_KNOWN},
    verify::{Checks, Verifier},
};
use crate::wire::MCP_PATH;

/// The resource server, ready to serve.
pub(crate) struct Guard {
    pub(super) verifier: Verifier,
    /// Where clients read the metadata: the `resource_metadata` of every challenge.
    pub(super) metadata_url: String,
    /// The metadata document (RFC 9728), serialized once.
    pub(super) metadata: Bytes,
    /// The paths the document is served at.
    pub(super) metadata_paths: Vec<String>,
}

impl std::fmt::Debug for Guard {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Guard")
            .field("metadata_url", &self.metadata_url)
            .finish_non_exhaustive()
    }
}

impl Guard {
    /// Checks `config` for a server named `server_name` whose tools name `tool_scopes`;
    /// `Err` lists every problem, one sentence each.
    pub(crate) fn build(
        config: ResourceServer,
        server_name: &str,
        tool_scopes: &[&str],
    ) -> Result<Guard, Vec<String>> {
        let fetch = Https::new().map_err(|e| vec![e])?;
        Guard::with_fetch(config, server_name, tool_scopes, Arc::new(fetch))
    }

    fn with_fetch(
        config: ResourceServer,
        server_name: &str,
        tool_scopes: &[&str],
        fetch: Arc<dyn Fetch>,
    ) -> Result<Guard, Vec<String>> {
        let problems = problems(&config, tool_scopes);
        if !problems.is_empty() {
            return Err(problems);
        }
        let authorization_servers = config
            .authorization_servers
            .clone()
            .unwrap_or_else(|| config.issuers.iter().map(|i| i.issuer.clone()).collect());
        let scopes_supported = config.scopes_supported.clone().unwrap_or_else(|| {
            let scopes: BTreeSet<&str> = tool_scopes.iter().copied().collect();
            scopes.into_iter().map(str::to_owned).collect()
        });
        let mut metadata = json!({
            "resource": config.resource,
            "authorization_servers": authorization_servers,
        });
        if !scopes_supported.is_empty() {
            metadata["scopes_supported"] = json!(scopes_supported);
        }
        metadata["bearer_methods_supported"] = json!(["header"]);
        metadata["resource_name"] = json!(server_name);
        if let Some(documentation) = &config.documentation {
            metadata["resource_documentation"] = json!(documentation);
        }
        let mut metadata_paths = vec![WELL_KNOWN.to_owned(), format!("{WELL_KNOWN}{MCP_PATH}")];
        let own = format!("{WELL_KNOWN}{}", uri::resource_path(&config.resource));
        if !metadata_paths.contains(&own) {
            metadata_paths.push(own);
        }
        let checks = Checks {
            resource: &config.resource,
            algorithms: config.algorithms.iter().map(|a| a.jwt()).collect(),
            leeway_secs: config.leeway.as_secs(),
            authorization_servers: &authorization_servers,
        };
        let issuers = config
            .issuers
            .iter()
            .map(|i| {
                let jwks = Jwks::new(
                    i.jwks_url.clone(),
                    Arc::clone(&fetch),
                    config.jwks_lifetime,
                    config.refetch_interval,
                );
                (i.issuer.clone(), jwks)
            })
            .collect();
        Ok(Guard {
            verifier: Verifier::new(&checks, issuers),
            metadata_url: uri::metadata_url(&config.resource),
            metadata: Bytes::from(metadata.to_string()),
            metadata_paths,
        })
    }
}

/// Everything wrong with `config`.
fn problems(config: &ResourceServer, tool_scopes: &[&str]) -> Vec<String> {
    let mut problems = Vec::new();
    problems.extend(uri::problem("the OAuth resource", &config.resource));
    if config.issuers.is_empty() {
        problems.push(
            "the OAuth resource server trusts no issuer; add one with `.issuer(iss, jwks_url)`"
                .to_owned(),
        );
    }
    let mut seen = BTreeSet::new();
    for issuer in &config.issuers {
        if issuer.issuer.trim().is_empty() {
            problems.push("an OAuth issuer is empty; give the `iss` its tokens carry".to_owned());
        } else if !seen.insert(issuer.issuer.as_str()) {
            problems.push(format!(
                "the OAuth issuer `{}` is given twice; give each issuer once, with its JWKS URL",
                issuer.issuer
            ));
        }
        problems.extend(uri::problem(
            &format!("the JWKS URL of issuer `{}`", issuer.issuer),
            &issuer.jwks_url,
        ));
    }
    match &config.authorization_servers {
        Some(servers) if servers.is_empty() => problems.push(
            "the OAuth resource server names no authorization server; clients would not know where to get a token".to_owned(),
        ),
        Some(servers) => {
            for server in servers {
                problems.extend(uri::problem("the authorization server", server));
            }
        }
        // The issuers stand for the authorization servers: an issuer that is not an
        // https URL cannot be advertised as one.
        None => {
            for issuer in &config.issuers {
                if let Some(problem) = uri::problem("the issuer", &issuer.issuer) {
                    problems.push(format!(
                        "{problem}; it is advertised as the authorization server unless `.authorization_servers(…)` names others"
                    ));
                }
            }
        }
    }
    if config.algorithms.is_empty() {
        problems.push(
            "the OAuth resource server accepts no signing algorithm; leave the default or name some"
                .to_owned(),
        );
    }
    if let Some(documentation) = &config.documentation {
        problems.extend(uri::problem("the resource documentation", documentation));
    }
    let supported = config.scopes_supported.iter().flatten().map(String::as_str);
    for scope in tool_scopes.iter().copied().chain(supported) {
        if !is_scope_token(scope) {
            problems.push(format!(
                "scope `{scope}` cannot be sent in an OAuth challenge: a scope is printable ASCII without spaces, `\"` or `\\`"
            ));
        }
    }
    problems
}

/// RFC 6749 §3.3: `1*( %x21 / %x23-5B / %x5D-7E )`.
fn is_scope_token(scope: &str) -> bool {
    !scope.is_empty()
        && scope
            .bytes()
            .all(|b| matches!(b, 0x21 | 0x23..=0x5B | 0x5D..=0x7E))
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use axum::body::Bytes;
    use futures::future::BoxFuture;

    use super::{Guard, is_scope_token};
    use crate::transport::http::oauth::{ResourceServer, fetch::Fetch};

    struct NoFetch;

    impl Fetch for NoFetch {
        fn get<'a>(&'a self, _url: &'a str) -> BoxFuture<'a, Result<Bytes, String>> {
            Box::pin(async { Err("not in this test".to_owned()) })
        }
    }

    fn build(config: ResourceServer, scopes: &[&str]) -> Result<Guard, Vec<String>> {
        Guard::with_fetch(config, "shipments", scopes, Arc::new(NoFetch))
    }

    #[test]
    fn every_problem_is_reported_at_once() {
        let config = ResourceServer::new("http://mcp.example.com/mcp")
            .issuer("https://a.example", "http://a.example/jwks")
            .issuer("https://a.example", "https://a.example/jwks")
            .algorithms([]);
        let problems = build(config, &["ok:scope", "two words"]).unwrap_err();
        let all = problems.join("\n");
        for says in [
            "the OAuth resource `http://mcp.example.com/mcp` is plain http",
            "the JWKS URL of issuer `https://a.example` `http://a.example/jwks` is plain http",
            "the OAuth issuer `https://a.example` is given twice",
            "accepts no signing algorithm",
            "scope `two words` cannot be sent",
        ] {
            assert!(all.contains(says), "missing {says:?} in:\n{all}");
        }
        assert_eq!(problems.len(), 5, "{all}");
    }

    #[test]
    fn no_issuer_is_a_problem() {
        let problems = build(ResourceServer::new("https://mcp.example.com/mcp"), &[]).unwrap_err();
        assert_eq!(
            problems,
            ["the OAuth resource server trusts no issuer; add one with `.issuer(iss, jwks_url)`"]
        );
    }

    #[test]
    fn an_issuer_that_is_not_a_url_needs_authorization_servers() {
        let config = ResourceServer::new("https://mcp.example.com/mcp")
            .issuer("tenant-7", "https://a.example/jwks");
        let problems = build(config.clone(), &[]).unwrap_err();
        assert!(
            problems[0].contains("`.authorization_servers(…)`"),
            "{problems:?}"
        );
        assert!(build(config.authorization_servers(["https://a.example"]), &[]).is_ok());
    }

    #[test]
    fn the_metadata_lists_the_tools_scopes_by_default() {
        let config = ResourceServer::new("https://mcp.example.com/tools/mcp")
            .issuer("https://a.example", "https://a.example/jwks");
        let guard = build(config, &["s:write", "s:read", "s:write"]).unwrap();
        let metadata: serde_json::Value = serde_json::from_slice(&guard.metadata).unwrap();
        assert_eq!(
            metadata,
            serde_json::json!({
                "resource": "https://mcp.example.com/tools/mcp",
                "authorization_servers": ["https://a.example"],
                "scopes_supported": ["s:read", "s:write"],
                "bearer_methods_supported": ["header"],
                "resource_name": "shipments",
            })
        );
        assert_eq!(
            guard.metadata_url,
            "https://mcp.example.com/.well-known/oauth-protected-resource/tools/mcp"
        );
        assert_eq!(
            guard.metadata_paths,
            [
                "/.well-known/oauth-protected-resource",
                "/.well-known/oauth-protected-resource/mcp",
                "/.well-known/oauth-protected-resource/tools/mcp",
            ]
        );
    }

    #[test]
    fn scope_tokens_are_printable_ascii_without_quotes() {
        assert!(is_scope_token("shipment:cancel"));
        assert!(is_scope_token("https://api.example.com/read"));
        for bad in ["", "a b", "a\"b", "a\\b", "é"] {
            assert!(!is_scope_token(bad), "{bad:?}");
        }
    }
}
