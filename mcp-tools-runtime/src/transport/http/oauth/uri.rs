//! The URIs of the configuration: which are acceptable, and where the metadata document
//! lives (RFC 9728 §3.1).

use axum::http::Uri;

/// The well-known path of protected resource metadata.
pub(super) const WELL_KNOWN: &str = "/.well-known/oauth-protected-resource";

/// Why `uri`, the configuration's `what`, cannot be used, or `None`: it must be absolute,
/// `https` (`http` only on a loopback host, for local testing: tokens and keys must not
/// cross a network in the clear), and have no fragment.
pub(super) fn problem(what: &str, uri: &str) -> Option<String> {
    if uri.contains('#') {
        return Some(format!("{what} `{uri}` has a fragment (`#…`); remove it"));
    }
    let Ok(parsed) = uri.parse::<Uri>() else {
        return Some(format!("{what} `{uri}` is not a URI"));
    };
    let (Some(scheme), Some(host)) = (parsed.scheme_str(), parsed.host()) else {
        return Some(format!(
            "{what} `{uri}` is not an absolute URI; write it as https://host/path"
        ));
    };
    match scheme {
        "https" => None,
        "http" if is_loopback(host) => None,
        "http" => Some(format!(
            "{what} `{uri}` is plain http; use https (http is allowed on loopback hosts only)"
        )),
        _ => Some(format!("{what} `{uri}` must be an https URI")),
    }
}

/// Whether `host` names this machine: `localhost`, `127.0.0.0/8` or `::1`.
fn is_loopback(host: &str) -> bool {
    let host = host.trim_start_matches('[').trim_end_matches(']');
    host.eq_ignore_ascii_case("localhost")
        || host
            .parse::<std::net::IpAddr>()
            .is_ok_and(|ip| ip.is_loopback())
}

/// The path of `resource` (which [`problem`] accepted) as RFC 9728 appends it to the
/// well-known path: empty for a bare host, else the path as written.
pub(super) fn resource_path(resource: &str) -> String {
    let uri = resource.parse::<Uri>().unwrap_or_default();
    match uri.path() {
        "/" => String::new(),
        path => path.to_owned(),
    }
}

/// The URL of the metadata of `resource` (which [`problem`] accepted): the well-known path
/// inserted between its host and its path, `https://mcp.example.com/mcp` →
/// `https://mcp.example.com/.well-known/oauth-protected-resource/mcp`.
pub(super) fn metadata_url(resource: &str) -> String {
    let uri = resource.parse::<Uri>().unwrap_or_default();
    let scheme = uri.scheme_str().unwrap_or("https");
    let authority = uri.authority().map_or("", |a| a.as_str());
    let query = uri.query().map(|q| format!("?{q}")).unwrap_or_default();
    format!(
        "{scheme}://{authority}{WELL_KNOWN}{}{query}",
        resource_path(resource)
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_metadata_url_inserts_the_well_known_path_after_the_host() {
        for (resource, url) in [
            (
                "https://mcp.example.com/mcp",
                "https://mcp.example.com/.well-known/oauth-protected-resource/mcp",
            ),
            (
                "https://mcp.example.com",
                "https://mcp.example.com/.well-known/oauth-protected-resource",
            ),
            (
                "https://mcp.example.com/",
                "https://mcp.example.com/.well-known/oauth-protected-resource",
            ),
            (
                "http://127.0.0.1:8080/tools/mcp?tenant=a",
                "http://127.0.0.1:8080/.well-known/oauth-protected-resource/tools/mcp?tenant=a",
            ),
        ] {
            assert_eq!(metadata_url(resource), url, "{resource}");
        }
    }

    #[test]
    fn uris_must_be_https_except_on_loopback() {
        for ok in [
            "https://mcp.example.com/mcp",
            "http://localhost:8080/mcp",
            "http://127.0.0.1/mcp",
            "http://[::1]:9000/mcp",
        ] {
            assert_eq!(problem("the resource", ok), None, "{ok}");
        }
        for (bad, says) in [
            ("http://mcp.example.com/mcp", "plain http"),
            ("https://mcp.example.com/mcp#top", "fragment"),
            ("/mcp", "not an absolute URI"),
            ("ftp://mcp.example.com/mcp", "must be an https URI"),
            ("not a uri", "not a URI"),
        ] {
            let problem = problem("the resource", bad).unwrap_or_default();
            assert!(problem.contains(says), "{bad}: {problem}");
        }
    }
}
