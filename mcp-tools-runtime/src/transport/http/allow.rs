//! The `Host` and `Origin` allow-lists (DNS rebinding and cross-site requests), parsed once
//! when the router is built. rmcp can check both, but it re-parses every entry on every
//! request, and its service copies the lists twice per request; checked here, rmcp's copies
//! are empty. The matching is rmcp's: hosts compare without brackets and case, a port only
//! where the entry names one; origins compare scheme, host and port, `:*` meaning any port.

use axum::http::{HeaderMap, StatusCode, Uri, header, uri::Authority};

/// One allowed `Host`: a host, and the port if the entry names one.
#[derive(Debug, Clone, PartialEq, Eq)]
struct AllowedHost {
    host: String,
    port: Option<u16>,
}

/// The port an allowed origin matches.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum AllowedPort {
    /// `:*`.
    Any,
    /// No port in the entry: any port (rmcp's rule, deprecated there).
    Unspecified,
    Exact(u16),
}

#[derive(Debug, Clone, PartialEq, Eq)]
enum AllowedOrigin {
    Null,
    Tuple {
        scheme: String,
        host: String,
        port: AllowedPort,
    },
}

/// A request's `Origin`.
#[derive(Debug, PartialEq, Eq)]
enum Origin {
    Null,
    Tuple {
        scheme: String,
        host: String,
        port: Option<u16>,
    },
}

/// Both lists, parsed.
#[derive(Debug, Default)]
pub(super) struct AllowList {
    /// Empty: any host (the registry's own default is loopback).
    hosts: Vec<AllowedHost>,
    origins: Vec<AllowedOrigin>,
}

impl AllowList {
    pub(super) fn new(hosts: &[String], origins: &[String]) -> Self {
        AllowList {
            hosts: hosts.iter().filter_map(|h| parse_allowed_host(h)).collect(),
            origins: origins
                .iter()
                .filter_map(|o| parse_allowed_origin(o))
                .collect(),
        }
    }

    /// `Err` with the status and plain-text body rmcp answers such a request with.
    pub(super) fn check(
        &self,
        uri: &Uri,
        headers: &HeaderMap,
    ) -> Result<(), (StatusCode, &'static str)> {
        if !self.hosts.is_empty() {
            let (host, port) = match headers.get(header::HOST) {
                Some(value) => {
                    let authority = value
                        .to_str()
                        .ok()
                        .and_then(|v| Authority::try_from(v).ok())
                        .ok_or((StatusCode::BAD_REQUEST, "Bad Request: Invalid Host header"))?;
                    (normalize_host(authority.host()), authority.port_u16())
                }
                // HTTP/2 carries the host in `:authority`.
                None => {
                    let authority = uri
                        .authority()
                        .ok_or((StatusCode::BAD_REQUEST, "Bad Request: missing Host header"))?;
                    (normalize_host(authority.host()), authority.port_u16())
                }
            };
            let allowed = self.hosts.iter().any(|allowed| {
                allowed.host == host && allowed.port.is_none_or(|p| port == Some(p))
            });
            if !allowed {
                tracing::warn!(
                    host,
                    "refused a request whose Host is not allowed (possible DNS rebinding)"
                );
                return Err((
                    StatusCode::FORBIDDEN,
                    "Forbidden: Host header is not allowed",
                ));
            }
        }
        let Some(origin) = headers.get(header::ORIGIN) else {
            return Ok(());
        };
        let origin = origin.to_str().map_err(|_| {
            (
                StatusCode::FORBIDDEN,
                "Forbidden: Invalid Origin header encoding",
            )
        })?;
        let parsed = parse_origin(origin)
            .ok_or((StatusCode::FORBIDDEN, "Forbidden: Invalid Origin header"))?;
        if self.origins.iter().any(|allowed| matches(allowed, &parsed)) {
            Ok(())
        } else {
            tracing::warn!(
                origin,
                "refused a request from an Origin that is not allowed"
            );
            Err((
                StatusCode::FORBIDDEN,
                "Forbidden: Origin header is not allowed",
            ))
        }
    }
}

fn normalize_host(host: &str) -> String {
    host.trim_matches('[')
        .trim_matches(']')
        .to_ascii_lowercase()
}

fn parse_allowed_host(entry: &str) -> Option<AllowedHost> {
    let entry = entry.trim();
    if entry.is_empty() {
        return None;
    }
    Some(match Authority::try_from(entry) {
        Ok(authority) => AllowedHost {
            host: normalize_host(authority.host()),
            port: authority.port_u16(),
        },
        Err(_) => AllowedHost {
            host: normalize_host(entry),
            port: None,
        },
    })
}

fn parse_origin(value: &str) -> Option<Origin> {
    let value = value.trim();
    if value.is_empty() {
        return None;
    }
    if value.eq_ignore_ascii_case("null") {
        return Some(Origin::Null);
    }
    let uri = Uri::try_from(value).ok()?;
    let scheme = uri.scheme_str()?.to_ascii_lowercase();
    let authority = uri.authority()?;
    Some(Origin::Tuple {
        scheme,
        host: normalize_host(authority.host()),
        port: authority.port_u16(),
    })
}

fn parse_allowed_origin(entry: &str) -> Option<AllowedOrigin> {
    let entry = entry.trim();
    if let Some(base) = entry.strip_suffix(":*") {
        let Origin::Tuple {
            scheme,
            host,
            port: None,
        } = parse_origin(base)?
        else {
            return None;
        };
        return Some(AllowedOrigin::Tuple {
            scheme,
            host,
            port: AllowedPort::Any,
        });
    }
    Some(match parse_origin(entry)? {
        Origin::Null => AllowedOrigin::Null,
        Origin::Tuple { scheme, host, port } => AllowedOrigin::Tuple {
            scheme,
            host,
            port: port.map_or(AllowedPort::Unspecified, AllowedPort::Exact),
        },
    })
}

fn matches(allowed: &AllowedOrigin, origin: &Origin) -> bool {
    match (allowed, origin) {
        (AllowedOrigin::Null, Origin::Null) => true,
        (
            AllowedOrigin::Tuple { scheme, host, port },
            Origin::Tuple {
                scheme: o_scheme,
                host: o_host,
                port: o_port,
            },
        ) => {
            scheme == o_scheme
                && host == o_host
                && match port {
                    AllowedPort::Any | AllowedPort::Unspecified => true,
                    // An origin leaves its scheme's default port out (RFC 6454 §6.2).
                    AllowedPort::Exact(allowed) => {
                        o_port.or_else(|| default_port(o_scheme)) == Some(*allowed)
                    }
                }
        }
        _ => false,
    }
}

fn default_port(scheme: &str) -> Option<u16> {
    match scheme {
        "http" => Some(80),
        "https" => Some(443),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check(list: &AllowList, host: &str, origin: Option<&str>) -> Result<(), StatusCode> {
        let mut headers = HeaderMap::new();
        headers.insert(header::HOST, host.parse().unwrap());
        if let Some(origin) = origin {
            headers.insert(header::ORIGIN, origin.parse().unwrap());
        }
        list.check(&Uri::from_static("/mcp"), &headers)
            .map_err(|(status, _)| status)
    }

    #[test]
    fn hosts_and_origins_match_as_rmcp_matches_them() {
        let list = AllowList::new(
            &[
                "localhost".into(),
                "127.0.0.1".into(),
                "[::1]".into(),
                "example.com:8080".into(),
            ],
            &[
                "http://localhost:*".into(),
                "https://app.example.com".into(),
                "https://x.dev:8443".into(),
            ],
        );
        assert_eq!(check(&list, "localhost:3000", None), Ok(()));
        assert_eq!(check(&list, "LOCALHOST", None), Ok(()));
        assert_eq!(check(&list, "[::1]:9", None), Ok(()));
        assert_eq!(check(&list, "example.com:8080", None), Ok(()));
        assert_eq!(
            check(&list, "example.com:8081", None),
            Err(StatusCode::FORBIDDEN)
        );
        assert_eq!(check(&list, "evil.test", None), Err(StatusCode::FORBIDDEN));
        assert_eq!(
            check(&list, "localhost", Some("http://localhost:5173")),
            Ok(())
        );
        assert_eq!(
            check(&list, "localhost", Some("https://app.example.com:444")),
            Ok(())
        );
        assert_eq!(
            check(&list, "localhost", Some("https://x.dev")),
            Err(StatusCode::FORBIDDEN)
        );
        assert_eq!(
            check(&list, "localhost", Some("https://x.dev:8443")),
            Ok(())
        );
        assert_eq!(
            check(&list, "localhost", Some("https://localhost:1")),
            Err(StatusCode::FORBIDDEN)
        );
        assert_eq!(
            check(&list, "localhost", Some("null")),
            Err(StatusCode::FORBIDDEN)
        );
        assert_eq!(
            check(&list, "localhost", Some("not a url")),
            Err(StatusCode::FORBIDDEN)
        );
        // No hosts listed: any host, origins still checked.
        let open = AllowList::new(&[], &[]);
        assert_eq!(check(&open, "anything.test", None), Ok(()));
        assert_eq!(
            check(&open, "anything.test", Some("https://a.test")),
            Err(StatusCode::FORBIDDEN)
        );
    }
}
