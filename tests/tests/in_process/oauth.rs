//! Who an HTTP request is. The OAuth 2.1 resource server in front of Streamable HTTP,
//! against an issuer of the tests' own (`common_oauth`: keys made here, a JWKS endpoint on a
//! loopback port): real requests, raw (`common_http`) where the exact status, headers and
//! body matter, and one session through rmcp's own client. `hook`: no OAuth, so requests
//! fail closed, and an `authenticate` hook of API keys.

use crate::common_http;
use crate::common_oauth;
mod hook;

use std::{net::SocketAddr, time::Duration};

use common_http::{Conn, Reply, call_body, post_bytes, request_body, within};
use common_oauth::{Issuer, Key, now};
use mcp_tools::{
    Caller, Registry,
    http::{
        Http,
        oauth::{ResourceServer, SigningAlgorithm},
    },
    prelude::*,
    registry::RegistryBuilder,
    rmcp::{
        ErrorData, RoleServer, ServerHandler, ServiceExt as _,
        model::{
            CallToolRequestParams, ListResourcesResult, PaginatedRequestParams, Resource,
            ServerCapabilities, ServerConfig,
        },
        service::RequestContext,
        transport::{
            StreamableHttpClientTransport,
            streamable_http_client::StreamableHttpClientTransportConfig,
        },
    },
};
use serde_json::{Value, json};
use tokio::{net::TcpListener, sync::oneshot};

/// Say who the caller is and which scopes it holds.
///
/// Use it to check what the server knows of a token's caller.
#[tool(namespace = "diag", read_only)]
async fn whoami(ctx: ToolContext) -> String {
    let caller = ctx.caller();
    let scopes: Vec<&str> = caller.scopes().collect();
    format!(
        "{} [{}]",
        caller.subject().unwrap_or("nobody"),
        scopes.join(" ")
    )
}

/// Cancel an order that has not shipped; needs `orders:cancel`.
///
/// Use when a customer withdraws an order before dispatch.
#[tool(namespace = "orders", destructive = true, scopes("orders:cancel"))]
#[allow(clippy::unused_async, reason = "#[tool] fns are async")]
async fn cancel(
    /// The order's number, like `O-1001`.
    #[param(pattern = r"^O-\d+$")]
    order_number: String,
) -> String {
    format!("{order_number} cancelled")
}

/// Empty the route cache so routes are computed afresh; needs `admin:write`.
///
/// Use after a depot's opening hours change.
#[tool(namespace = "admin", destructive = true, scopes("admin:write"))]
#[allow(clippy::unused_async, reason = "#[tool] fns are async")]
async fn purge_cache() -> String {
    "route cache purged".to_owned()
}

/// How long a test waits between two fetches of the issuer's keys.
const REFETCH: Duration = Duration::from_millis(400);

const VERSION: &str = "MCP-Protocol-Version: 2025-11-25\r\n";

/// A server behind the resource server, and the issuer it trusts.
struct Served {
    addr: SocketAddr,
    resource: String,
    issuer: Issuer,
    key: Key,
    _stop: oneshot::Sender<()>,
}

impl Served {
    /// The registry's tools behind OAuth, with or without sessions: `tune` sets the
    /// registry's other options.
    async fn start(
        stateless: bool,
        tune: impl FnOnce(RegistryBuilder) -> RegistryBuilder,
    ) -> Served {
        let key = Key::p256("key-1", 7);
        let issuer = Issuer::start(&[&key]).await;
        let listener = TcpListener::bind("127.0.0.1:0").await.expect("a free port");
        let addr = listener.local_addr().expect("an address");
        let resource = format!("http://{addr}/mcp");
        let oauth = ResourceServer::new(&resource)
            .issuer(issuer.url(), issuer.jwks_url())
            .algorithms([SigningAlgorithm::Es256, SigningAlgorithm::Rs256])
            .jwks_refetch_interval(REFETCH);
        let registry = tune(
            Registry::builder()
                .server_info("orders", "1.0.0")
                .tools(tools![whoami, cancel, purge_cache]),
        )
        .build()
        .expect("the registry builds");
        let (stop, stopped) = oneshot::channel::<()>();
        let http = Http::new(registry).stateless(stateless).oauth(oauth);
        tokio::spawn(http.serve_on(listener, async {
            let _ = stopped.await;
        }));
        Served {
            addr,
            resource,
            issuer,
            key,
            _stop: stop,
        }
    }

    /// A token of the issuer's key for `sub` with `scope`.
    fn token(&self, sub: &str, scope: &str) -> String {
        self.key.sign(&self.claims(sub, scope))
    }

    fn claims(&self, sub: &str, scope: &str) -> Value {
        self.issuer.claims(&self.resource, sub, scope)
    }

    fn metadata_url(&self) -> String {
        format!(
            "http://{}/.well-known/oauth-protected-resource/mcp",
            self.addr
        )
    }

    /// POSTs `body` to `/mcp` with `Authorization: <authorization>`, if any.
    async fn post(&self, authorization: Option<&str>, body: &[u8]) -> Reply {
        let auth = authorization
            .map(|a| format!("Authorization: {a}\r\n"))
            .unwrap_or_default();
        let mut conn = Conn::open(self.addr).await;
        conn.send_raw(&post_bytes(self.addr, None, body, &[VERSION, &auth]))
            .await;
        conn.reply().await
    }

    /// A `tools/call` with a bearer token.
    async fn call(&self, token: &str, tool: &str, arguments: Value) -> Reply {
        let bearer = format!("Bearer {token}");
        self.post(Some(&bearer), &call_body(1, tool, arguments))
            .await
    }

    /// Every page of `tools/list` the caller of `token` sees, by name.
    async fn list(&self, token: &str) -> Vec<String> {
        let bearer = format!("Bearer {token}");
        let mut names = Vec::new();
        let mut cursor: Option<String> = None;
        loop {
            let params = cursor.map_or_else(|| json!({}), |c| json!({ "cursor": c }));
            let reply = self
                .post(Some(&bearer), &request_body(1, "tools/list", params))
                .await;
            assert_eq!(reply.status(), 200, "{}", reply.text());
            let result = &reply.message()["result"];
            names.extend(
                result["tools"]
                    .as_array()
                    .expect("tools")
                    .iter()
                    .map(|t| t["name"].as_str().expect("a name").to_owned()),
            );
            match result["nextCursor"].as_str() {
                Some(next) => cursor = Some(next.to_owned()),
                None => return names,
            }
        }
    }
}

/// The `WWW-Authenticate` of a reply.
fn challenge(reply: &Reply) -> &str {
    reply
        .head
        .header("www-authenticate")
        .unwrap_or_else(|| panic!("no WWW-Authenticate in {:?}", reply.head))
}

fn json_body(reply: &Reply) -> Value {
    serde_json::from_slice(&reply.body).expect("a JSON body")
}

#[tokio::test]
async fn a_valid_token_reaches_the_tool_as_its_caller_and_not_as_a_token() {
    let served = Served::start(true, |b| b).await;
    let token = served.token("alice", "orders:cancel admin:write");
    let reply = served.call(&token, "diag_whoami", json!({})).await;
    assert_eq!(reply.status(), 200, "{}", reply.text());
    let message = reply.message();
    assert_eq!(
        message["result"]["content"][0]["text"],
        "alice [admin:write orders:cancel]"
    );
    // Nothing of the token comes back.
    let signature = token.rsplit('.').next().expect("a signature");
    assert!(!reply.text().contains(signature));
    // A scoped tool runs for a token that holds its scope.
    let reply = served
        .call(&token, "orders_cancel", json!({ "order_number": "O-1001" }))
        .await;
    assert_eq!(
        reply.message()["result"]["content"][0]["text"],
        "O-1001 cancelled"
    );
}

#[tokio::test]
async fn no_token_gets_401_pointing_at_the_metadata() {
    let served = Served::start(true, |b| b).await;
    let reply = served
        .post(None, &call_body(1, "diag_whoami", json!({})))
        .await;
    assert_eq!(reply.status(), 401, "{}", reply.text());
    assert_eq!(
        challenge(&reply),
        format!("Bearer resource_metadata=\"{}\"", served.metadata_url())
    );
    let body = json_body(&reply);
    assert_eq!(body["resource_metadata"], served.metadata_url());
    assert!(body.get("error").is_none(), "{body}");
    // The Host check still comes first: a foreign Host is refused as before.
    let mut conn = Conn::open(served.addr).await;
    let request = "POST /mcp HTTP/1.1\r\nHost: evil.example.com\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{}";
    conn.send_raw(request.as_bytes()).await;
    assert_eq!(conn.reply().await.status(), 403);
}

#[tokio::test]
async fn refused_tokens_get_401_saying_why() {
    let served = Served::start(true, |b| b).await;
    let other_key = Key::p256("key-1", 9);
    let unpublished = Key::p256("key-unpublished", 11);
    let with = |changes: Value| {
        let mut claims = served.claims("alice", "orders:cancel");
        for (name, value) in changes.as_object().expect("an object") {
            if value.is_null() {
                claims.as_object_mut().unwrap().remove(name);
            } else {
                claims[name] = value.clone();
            }
        }
        served.key.sign(&claims)
    };
    let hs256 = jsonwebtoken::encode(
        &jsonwebtoken::Header::new(jsonwebtoken::Algorithm::HS256),
        &served.claims("alice", "orders:cancel"),
        &jsonwebtoken::EncodingKey::from_secret(b"a shared secret").unwrap(),
    )
    .unwrap();
    let cases: Vec<(&str, String, &str)> = vec![
        (
            "expired",
            format!("Bearer {}", with(json!({ "exp": now() - 120 }))),
            "the token has expired",
        ),
        (
            "not yet valid",
            format!("Bearer {}", with(json!({ "nbf": now() + 120 }))),
            "the token is not valid yet",
        ),
        (
            "wrong audience",
            format!(
                "Bearer {}",
                with(json!({ "aud": "https://other.example.com/mcp" }))
            ),
            "its audience (`aud`) must include http://",
        ),
        (
            "wrong issuer",
            format!(
                "Bearer {}",
                with(json!({ "iss": "https://evil.example.com" }))
            ),
            "the token's issuer (`iss`) is not one this server trusts; get a token from http://",
        ),
        (
            "no audience",
            format!("Bearer {}", with(json!({ "aud": null }))),
            "the token has no `aud` claim",
        ),
        (
            "no subject",
            format!("Bearer {}", with(json!({ "sub": null }))),
            "the token has no `sub` claim",
        ),
        (
            "signed by another key with the same kid",
            format!(
                "Bearer {}",
                other_key.sign(&served.claims("alice", "orders:cancel"))
            ),
            "the token's signature does not verify",
        ),
        (
            "a key the issuer does not publish",
            format!(
                "Bearer {}",
                unpublished.sign(&served.claims("alice", "orders:cancel"))
            ),
            "the token is signed with a key its issuer does not publish",
        ),
        (
            "an algorithm not accepted",
            format!("Bearer {hs256}"),
            "the token is signed with HS256, which this server does not accept",
        ),
        (
            "not a JWT",
            "Bearer not-a-jwt".to_owned(),
            "the token is not a JWT",
        ),
        (
            "another scheme",
            "Basic YWxpY2U6c2VjcmV0".to_owned(),
            "the Authorization header must be `Bearer <token>`; this server takes no other scheme",
        ),
        (
            "no token after Bearer",
            "Bearer".to_owned(),
            "the Authorization header must be `Bearer <token>`; the token is missing",
        ),
    ];
    for (case, authorization, says) in cases {
        let reply = served
            .post(
                Some(&authorization),
                &call_body(1, "diag_whoami", json!({})),
            )
            .await;
        assert_eq!(reply.status(), 401, "{case}: {}", reply.text());
        let challenge = challenge(&reply);
        assert!(
            challenge.starts_with(&format!(
                "Bearer resource_metadata=\"{}\", error=\"invalid_token\", error_description=\"",
                served.metadata_url()
            )),
            "{case}: {challenge}"
        );
        assert!(challenge.contains(says), "{case}: {challenge}");
        let body = json_body(&reply);
        assert_eq!(body["error"], "invalid_token", "{case}");
        assert!(
            body["error_description"].as_str().unwrap().contains(says),
            "{case}: {body}"
        );
        // No part of the token is repeated.
        let token = authorization.trim_start_matches("Bearer ");
        if token.len() > 20 {
            assert!(!reply.text().contains(token), "{case}");
        }
    }
}

#[tokio::test]
async fn an_audience_array_that_names_the_resource_is_accepted() {
    let served = Served::start(true, |b| b).await;
    let mut claims = served.claims("bob", "orders:cancel");
    claims["aud"] = json!(["https://other.example.com", served.resource]);
    let reply = served
        .call(&served.key.sign(&claims), "diag_whoami", json!({}))
        .await;
    assert_eq!(reply.status(), 200, "{}", reply.text());
    assert_eq!(
        reply.message()["result"]["content"][0]["text"],
        "bob [orders:cancel]"
    );
}

#[tokio::test]
async fn an_unknown_key_id_refetches_the_keys_once_then_refuses() {
    let served = Served::start(true, |b| b).await;
    let good = served.token("alice", "");
    assert_eq!(
        served.call(&good, "diag_whoami", json!({})).await.status(),
        200
    );
    assert_eq!(served.issuer.fetches(), 1);
    // The cached keys serve the next tokens.
    assert_eq!(
        served.call(&good, "diag_whoami", json!({})).await.status(),
        200
    );
    assert_eq!(served.issuer.fetches(), 1);
    tokio::time::sleep(REFETCH).await;
    // A key the cache does not hold: fetched again once, then refused from the cache,
    // however many such tokens come.
    let rotated = Key::p256("key-2", 13);
    let token = rotated.sign(&served.claims("alice", ""));
    for _ in 0..5 {
        let reply = served.call(&token, "diag_whoami", json!({})).await;
        assert_eq!(reply.status(), 401, "{}", reply.text());
    }
    assert_eq!(served.issuer.fetches(), 2);
    // The issuer rotates the key in: after the interval, the token is good.
    served.issuer.publish(&[&served.key, &rotated]);
    tokio::time::sleep(REFETCH).await;
    let reply = served.call(&token, "diag_whoami", json!({})).await;
    assert_eq!(reply.status(), 200, "{}", reply.text());
    assert_eq!(served.issuer.fetches(), 3);
}

#[tokio::test]
async fn keys_that_cannot_be_fetched_get_503() {
    let closed = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let nowhere = closed.local_addr().unwrap();
    drop(closed);
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let resource = format!("http://{addr}/mcp");
    let registry = Registry::builder().tools(tools![whoami]).build().unwrap();
    let http = Http::new(registry)
        .stateless(true)
        .oauth(ResourceServer::new(&resource).issuer(
            format!("http://{nowhere}"),
            format!("http://{nowhere}/jwks"),
        ));
    let (_stop, stopped) = oneshot::channel::<()>();
    tokio::spawn(http.serve_on(listener, async {
        let _ = stopped.await;
    }));
    let key = Key::p256("key-1", 7);
    let token = key.sign(&json!({
        "iss": format!("http://{nowhere}"), "aud": resource, "sub": "a", "exp": now() + 60,
    }));
    let mut conn = Conn::open(addr).await;
    let bearer = format!("Authorization: Bearer {token}\r\n");
    let body = call_body(1, "diag_whoami", json!({}));
    conn.send_raw(&post_bytes(addr, None, &body, &[VERSION, &bearer]))
        .await;
    let reply = conn.reply().await;
    assert_eq!(reply.status(), 503, "{}", reply.text());
    assert_eq!(reply.head.header("retry-after"), Some("30"));
    assert_eq!(json_body(&reply)["error"], "temporarily_unavailable");
}

#[tokio::test]
async fn a_missing_scope_gets_403_with_the_step_up_challenge() {
    let served = Served::start(true, |b| b).await;
    let token = served.token("alice", "orders:cancel");
    let reply = served.call(&token, "admin_purge_cache", json!({})).await;
    assert_eq!(reply.status(), 403, "{}", reply.text());
    let description = "`admin_purge_cache` needs the scope `admin:write`, which this token does not hold; get a token with it and retry";
    assert_eq!(
        challenge(&reply),
        format!(
            "Bearer error=\"insufficient_scope\", scope=\"admin:write\", resource_metadata=\"{}\", error_description=\"{description}\"",
            served.metadata_url()
        )
    );
    assert_eq!(
        json_body(&reply),
        json!({
            "error": "insufficient_scope",
            "error_description": description,
            "scope": "admin:write",
            "resource_metadata": served.metadata_url(),
        })
    );
    // An unknown tool is the pipeline's to answer, with names the caller may call only.
    let reply = served.call(&token, "admin_purge_cach", json!({})).await;
    assert_eq!(reply.status(), 200, "{}", reply.text());
    let error = &reply.message()["error"];
    assert_eq!(error["code"], -32602);
    assert!(
        !error["message"]
            .as_str()
            .unwrap()
            .contains("admin_purge_cache"),
        "{error}"
    );
}

#[tokio::test]
async fn the_metadata_document_is_served_without_a_token() {
    let served = Served::start(false, |b| b).await;
    let expected = json!({
        "resource": served.resource,
        "authorization_servers": [served.issuer.url()],
        "scopes_supported": ["admin:write", "orders:cancel"],
        "bearer_methods_supported": ["header"],
        "resource_name": "orders",
    });
    for path in [
        "/.well-known/oauth-protected-resource/mcp",
        "/.well-known/oauth-protected-resource",
    ] {
        let mut conn = Conn::open(served.addr).await;
        let request = format!(
            "GET {path} HTTP/1.1\r\nHost: {}\r\nOrigin: http://localhost:6274\r\n\r\n",
            served.addr
        );
        conn.send_raw(request.as_bytes()).await;
        let reply = conn.reply().await;
        assert_eq!(reply.status(), 200, "{path}: {}", reply.text());
        assert_eq!(reply.head.header("content-type"), Some("application/json"));
        assert_eq!(reply.head.header("access-control-allow-origin"), Some("*"));
        assert_eq!(json_body(&reply), expected, "{path}");
    }
    // A browser client's preflight (it sends MCP-Protocol-Version).
    let mut conn = Conn::open(served.addr).await;
    let request = format!(
        "OPTIONS /.well-known/oauth-protected-resource/mcp HTTP/1.1\r\nHost: {}\r\n\
         Origin: http://localhost:6274\r\nAccess-Control-Request-Method: GET\r\n\
         Access-Control-Request-Headers: mcp-protocol-version\r\n\r\n",
        served.addr
    );
    conn.send_raw(request.as_bytes()).await;
    // A 204 has no body to read.
    let head = conn.head().await;
    assert_eq!(head.status, 204);
    assert_eq!(head.header("access-control-allow-origin"), Some("*"));
    assert_eq!(
        head.header("access-control-allow-methods"),
        Some("GET, OPTIONS")
    );
}

#[tokio::test]
async fn tools_list_shows_each_token_the_tools_its_scopes_allow() {
    // One tool a page, so the cursors are exercised too.
    let served = Served::start(true, |b| b.page_size(1)).await;
    let cancel_only = served.token("alice", "orders:cancel");
    let admin_only = served.token("bob", "admin:write");
    let both = served.token("carol", "orders:cancel admin:write");
    assert_eq!(
        served.list(&cancel_only).await,
        ["diag_whoami", "orders_cancel"]
    );
    assert_eq!(
        served.list(&admin_only).await,
        ["diag_whoami", "admin_purge_cache"]
    );
    assert_eq!(
        served.list(&both).await,
        ["diag_whoami", "orders_cancel", "admin_purge_cache"]
    );
    // A cursor is bound to the view it was issued for: another caller's is refused.
    let reply = served
        .post(
            Some(&format!("Bearer {cancel_only}")),
            &request_body(1, "tools/list", json!({})),
        )
        .await;
    let cursor = reply.message()["result"]["nextCursor"]
        .as_str()
        .expect("a next page")
        .to_owned();
    let reply = served
        .post(
            Some(&format!("Bearer {admin_only}")),
            &request_body(2, "tools/list", json!({ "cursor": cursor })),
        )
        .await;
    let error = &reply.message()["error"];
    assert_eq!(error["code"], -32602, "{error}");
    assert!(
        error["message"]
            .as_str()
            .unwrap()
            .starts_with("invalid cursor")
    );
}

#[tokio::test]
async fn tools_search_finds_only_what_the_caller_may_call_and_tools_call_steps_up() {
    let served = Served::start(true, |b| b.progressive_discovery(Vec::<String>::new())).await;
    let cancel_only = served.token("alice", "orders:cancel");
    let search = |token: String| {
        let served = &served;
        async move {
            let reply = served
                .call(
                    &token,
                    "tools_search",
                    json!({ "query": "cancel order purge route cache", "limit": 10 }),
                )
                .await;
            let result = reply.message()["result"].clone();
            result["structuredContent"]["tools"]
                .as_array()
                .expect("tools")
                .iter()
                .map(|t| t["name"].as_str().unwrap().to_owned())
                .collect::<Vec<_>>()
        }
    };
    assert_eq!(search(cancel_only.clone()).await, ["orders_cancel"]);
    let mut all = search(served.token("carol", "orders:cancel admin:write")).await;
    all.sort();
    assert_eq!(all, ["admin_purge_cache", "orders_cancel"]);
    // `tools_call` of a tool the token may not call is refused before it runs, with the
    // same challenge as a direct call.
    let reply = served
        .call(
            &cancel_only,
            "tools_call",
            json!({ "name": "admin_purge_cache", "arguments": {} }),
        )
        .await;
    assert_eq!(reply.status(), 403, "{}", reply.text());
    assert!(challenge(&reply).contains("scope=\"admin:write\""));
}

/// An error and its causes, `a / b / c`.
fn causes(error: &dyn std::error::Error) -> String {
    let mut text = error.to_string();
    let mut source = error.source();
    while let Some(cause) = source {
        text = format!("{text} / {cause}");
        source = cause.source();
    }
    text
}

/// An rmcp handler beside the tools that reports what a request's HTTP parts carry.
#[derive(Clone)]
struct Spy;

impl ServerHandler for Spy {
    fn get_info(&self) -> ServerConfig {
        ServerConfig::new(ServerCapabilities::builder().enable_resources().build())
    }

    async fn list_resources(
        &self,
        _request: Option<PaginatedRequestParams>,
        context: RequestContext<RoleServer>,
    ) -> Result<ListResourcesResult, ErrorData> {
        let parts = context
            .extensions
            .get::<axum::http::request::Parts>()
            .expect("HTTP parts");
        let seen = format!(
            "authorization={} caller={:?}",
            parts.headers.contains_key("authorization"),
            parts.extensions.get::<Caller>().and_then(Caller::subject),
        );
        Ok(ListResourcesResult::with_all_items(vec![Resource::new(
            "spy://request",
            seen,
        )]))
    }
}

#[tokio::test]
async fn an_rmcp_client_session_with_a_bearer_token() {
    let key = Key::p256("key-1", 7);
    let issuer = Issuer::start(&[&key]).await;
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let resource = format!("http://{addr}/mcp");
    let server = Registry::builder()
        .server_info("orders", "1.0.0")
        .tools(tools![whoami, cancel, purge_cache])
        .build()
        .unwrap()
        .with_handler(Spy);
    let http = Http::new(server)
        .oauth(ResourceServer::new(&resource).issuer(issuer.url(), issuer.jwks_url()));
    let (_stop, stopped) = oneshot::channel::<()>();
    tokio::spawn(http.serve_on(listener, async {
        let _ = stopped.await;
    }));
    let token = key.sign(&issuer.claims(&resource, "dana", "orders:cancel"));
    let config = StreamableHttpClientTransportConfig::with_uri(resource.clone()).auth_header(token);
    let client = within(
        "the handshake",
        ().serve(StreamableHttpClientTransport::from_config(config)),
    )
    .await
    .expect("the client connects with its token");
    let names: Vec<String> = within("tools/list", client.list_all_tools())
        .await
        .unwrap()
        .into_iter()
        .map(|t| t.name.into_owned())
        .collect();
    assert_eq!(names, ["diag_whoami", "orders_cancel"]);
    let result = within(
        "a call",
        client.call_tool(CallToolRequestParams::new("diag_whoami")),
    )
    .await
    .unwrap();
    assert_eq!(
        result.content[0].as_text().map(|t| t.text.as_str()),
        Some("dana [orders:cancel]")
    );
    // A handler of the application's sees the caller, and not the token.
    let resources = within("resources/list", client.list_all_resources())
        .await
        .unwrap();
    assert_eq!(
        resources[0].name,
        "authorization=false caller=Some(\"dana\")"
    );
    // A tool beyond the token's scopes: the client gets the step-up challenge.
    let refused = within(
        "a call without the scope",
        client.call_tool(CallToolRequestParams::new("admin_purge_cache")),
    )
    .await
    .expect_err("the call is refused");
    let text = causes(&refused);
    assert!(text.contains("Insufficient scope"), "{text}");
    drop(client);

    // Without a token, the client is told authorization is required.
    let config = StreamableHttpClientTransportConfig::with_uri(resource);
    let refused = within(
        "a handshake without a token",
        ().serve(StreamableHttpClientTransport::from_config(config)),
    )
    .await
    .expect_err("refused");
    let text = causes(&refused);
    assert!(text.contains("Auth required"), "{text}");
}
