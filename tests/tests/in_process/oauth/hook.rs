//! Without OAuth: HTTP fails closed, and an `authenticate` hook of the application's says
//! who a request is (here, API keys sent as `Authorization: Bearer <key>`). Raw requests
//! where the status and challenge matter, rmcp's client for a session.

use std::net::SocketAddr;

use mcp_tools::{
    Caller, Registry,
    http::{
        Http,
        auth::{Parts, Refusal},
    },
    prelude::*,
    rmcp::{
        ServiceExt as _,
        model::CallToolRequestParams,
        transport::{
            StreamableHttpClientTransport,
            streamable_http_client::StreamableHttpClientTransportConfig,
        },
    },
};
use serde_json::{Value, json};
use tokio::{net::TcpListener, sync::oneshot};

use super::{
    VERSION, cancel, challenge,
    common_http::{Conn, Reply, call_body, post_bytes, request_body, within},
    json_body, purge_cache, whoami,
};

/// The keys the hook knows: one may cancel orders, one may only look.
fn api_key(request: &Parts) -> Result<Option<Caller>, Refusal> {
    let Some(value) = request.headers.get("authorization") else {
        return Err(Refusal::missing(
            "Bearer",
            "send your API key as `Authorization: Bearer <key>`",
        ));
    };
    match value.as_bytes() {
        b"Bearer k-dana-41" => Ok(Some(Caller::new("dana").with_scopes(["orders:cancel"]))),
        b"Bearer k-eli-07" => Ok(Some(Caller::new("eli"))),
        b"Bearer k-public" => Ok(None),
        _ => Err(Refusal::invalid(
            "Bearer",
            "this API key is unknown or revoked",
        )),
    }
}

struct Served {
    addr: SocketAddr,
    _stop: oneshot::Sender<()>,
}

impl Served {
    async fn start(tune: impl FnOnce(Http<Registry>) -> Http<Registry>) -> Served {
        let listener = TcpListener::bind("127.0.0.1:0").await.expect("a free port");
        let addr = listener.local_addr().expect("an address");
        let registry = Registry::builder()
            .server_info("orders", "1.0.0")
            .tools(tools![whoami, cancel, purge_cache])
            .build()
            .expect("the registry builds");
        // Stateless, so each raw request stands alone; rmcp's client keeps a session.
        let http = tune(Http::new(registry).stateless(true));
        let (stop, stopped) = oneshot::channel::<()>();
        tokio::spawn(http.serve_on(listener, async {
            let _ = stopped.await;
        }));
        Served { addr, _stop: stop }
    }

    async fn post(&self, key: Option<&str>, body: &[u8]) -> Reply {
        let auth = key
            .map(|k| format!("Authorization: Bearer {k}\r\n"))
            .unwrap_or_default();
        let mut conn = Conn::open(self.addr).await;
        conn.send_raw(&post_bytes(self.addr, None, body, &[VERSION, &auth]))
            .await;
        conn.reply().await
    }

    /// The text of a `tools/call` result, and whether it is an error.
    async fn call(&self, key: Option<&str>, tool: &str) -> (bool, String) {
        let arguments = if tool == "orders_cancel" {
            json!({"order_number": "O-7"})
        } else {
            json!({})
        };
        let reply = self.post(key, &call_body(1, tool, arguments)).await;
        assert_eq!(reply.status(), 200, "{}", reply.text());
        let result = &reply.message()["result"];
        (
            result["isError"] == json!(true),
            result["content"][0]["text"]
                .as_str()
                .unwrap_or_default()
                .to_owned(),
        )
    }

    async fn list(&self, key: Option<&str>) -> Vec<String> {
        let reply = self
            .post(key, &request_body(1, "tools/list", json!({})))
            .await;
        assert_eq!(reply.status(), 200, "{}", reply.text());
        reply.message()["result"]["tools"]
            .as_array()
            .expect("tools")
            .iter()
            .map(|t| t["name"].as_str().expect("a name").to_owned())
            .collect()
    }
}

#[tokio::test]
async fn without_authentication_http_holds_no_scope() {
    let served = Served::start(|b| b).await;
    assert_eq!(served.list(None).await, ["diag_whoami"]);
    assert_eq!(
        served.call(None, "diag_whoami").await,
        (false, "nobody []".to_owned())
    );
    let (refused, text) = served.call(None, "orders_cancel").await;
    assert!(refused, "{text}");
    assert!(text.contains("needs the scope"), "{text}");
    assert!(text.contains("orders:cancel"), "{text}");
}

#[tokio::test]
async fn a_server_that_says_so_serves_unauthenticated_requests_as_local() {
    let served = Served::start(|b| b.unauthenticated_caller(Caller::local())).await;
    assert_eq!(
        served.list(None).await,
        ["diag_whoami", "orders_cancel", "admin_purge_cache"]
    );
    assert_eq!(
        served.call(None, "orders_cancel").await,
        (false, "O-7 cancelled".to_owned())
    );
}

#[tokio::test]
async fn a_valid_key_is_its_caller_with_its_scopes() {
    let served = Served::start(|b| b.authenticate(api_key)).await;
    assert_eq!(
        served.call(Some("k-dana-41"), "diag_whoami").await,
        (false, "dana [orders:cancel]".to_owned())
    );
    assert_eq!(
        served.list(Some("k-dana-41")).await,
        ["diag_whoami", "orders_cancel"]
    );
    assert_eq!(
        served.call(Some("k-dana-41"), "orders_cancel").await,
        (false, "O-7 cancelled".to_owned())
    );
}

#[tokio::test]
async fn a_key_without_the_scope_neither_sees_nor_runs_the_tool() {
    let served = Served::start(|b| b.authenticate(api_key)).await;
    assert_eq!(served.list(Some("k-eli-07")).await, ["diag_whoami"]);
    let (refused, text) = served.call(Some("k-eli-07"), "orders_cancel").await;
    assert!(refused && text.contains("orders:cancel"), "{text}");
    // A key the hook lets through without a caller is the unauthenticated caller.
    assert_eq!(
        served.call(Some("k-public"), "diag_whoami").await,
        (false, "nobody []".to_owned())
    );
}

#[tokio::test]
async fn a_wrong_or_missing_key_gets_401_with_a_challenge() {
    let served = Served::start(|b| b.authenticate(api_key)).await;
    let body = request_body(1, "tools/list", json!({}));

    let wrong = served.post(Some("k-nobody"), &body).await;
    assert_eq!(wrong.status(), 401);
    assert_eq!(
        challenge(&wrong),
        r#"Bearer error="invalid_token", error_description="this API key is unknown or revoked""#
    );
    assert_eq!(
        json_body(&wrong),
        json!({"error": "invalid_token", "error_description": "this API key is unknown or revoked"})
    );

    let missing = served.post(None, &body).await;
    assert_eq!(missing.status(), 401);
    assert_eq!(challenge(&missing), "Bearer");
    let text: Value = json_body(&missing);
    assert_eq!(
        text["error_description"],
        "send your API key as `Authorization: Bearer <key>`"
    );
}

#[tokio::test]
async fn an_rmcp_client_session_with_an_api_key() {
    let served = Served::start(|b| b.authenticate(api_key)).await;
    let uri = format!("http://{}/mcp", served.addr);
    let config =
        StreamableHttpClientTransportConfig::with_uri(uri.clone()).auth_header("k-dana-41");
    let client = within(
        "the handshake",
        ().serve(StreamableHttpClientTransport::from_config(config)),
    )
    .await
    .expect("the client connects with its key");
    let result = within(
        "a call",
        client.call_tool(CallToolRequestParams::new("diag_whoami")),
    )
    .await
    .expect("a result");
    assert_eq!(
        result.content[0].as_text().map(|t| t.text.as_str()),
        Some("dana [orders:cancel]")
    );
    drop(client);

    let config = StreamableHttpClientTransportConfig::with_uri(uri).auth_header("k-nobody");
    let refused = within(
        "a handshake with a wrong key",
        ().serve(StreamableHttpClientTransport::from_config(config)),
    )
    .await;
    assert!(refused.is_err(), "a wrong key is refused at the handshake");
}

#[tokio::test]
async fn oauth_and_a_hook_together_are_refused_before_serving() {
    let registry = Registry::builder().tools(tools![whoami]).build().unwrap();
    let err = Http::new(registry)
        .authenticate(api_key)
        .oauth(mcp_tools::http::oauth::ResourceServer::new(
            "https://mcp.example.com/mcp",
        ))
        .router(mcp_tools::CancellationToken::new())
        .expect_err("two authentications");
    assert!(
        err.to_string().contains("both `oauth` and `authenticate`"),
        "{err}"
    );
}
