//! A server of tools and the application's own resources, prompts and completions: the
//! registry composed with `Extras` or with an rmcp handler, served and driven by rmcp's
//! client over stdio-like pipes and Streamable HTTP.

use crate::common_client;

use std::collections::HashMap;

use common_client::{object, within};
use mcp_tools::{
    Extras, Registry, Serve as _, Server,
    rmcp::{
        ErrorData, RoleServer, ServerHandler,
        model::{
            CompleteRequestParams, CompleteResult, CompletionInfo, ListResourceTemplatesResult,
            PaginatedRequestParams, Prompt, PromptArgument, PromptMessage, Resource,
            ResourceContents, ResourceTemplate, Role, ServerCapabilities, ServerConfig,
        },
        service::RequestContext,
    },
};
use rmcp::{
    ServiceExt,
    model::{
        ArgumentInfo, CallToolRequestParams, GetPromptRequestParams, PromptReference,
        ReadResourceRequestParams, Reference,
    },
};
use serde_json::json;

fn registry() -> Registry {
    mcp_tools_tests::registry().expect("the fixture registry builds")
}

fn extras() -> Extras {
    let arguments = vec![
        PromptArgument::new("shipment_number")
            .with_description("The late shipment")
            .with_required(true),
    ];
    Extras::new()
        .resource(
            Resource::new("docs://rates", "Shipping rates").with_mime_type("text/plain"),
            |uri| async move { Ok(vec![ResourceContents::text("EU: 4.90 EUR/kg", uri)]) },
        )
        .prompt(
            Prompt::new(
                "explain_delay",
                Some("Explain a late shipment to its customer"),
                Some(arguments),
            ),
            |args: HashMap<String, String>| async move {
                let text = format!("Explain why {} is late.", args["shipment_number"]);
                Ok(vec![PromptMessage::new_text(Role::User, text)])
            },
        )
}

async fn connect<H: ServerHandler + Clone>(
    server: Server<H>,
) -> rmcp::service::RunningService<rmcp::RoleClient, ()> {
    let (server_io, client_io) = tokio::io::duplex(1 << 16);
    tokio::spawn(server.serve_transport(server_io));
    within("initialize", ().serve(client_io))
        .await
        .expect("the handshake succeeds")
}

#[tokio::test]
async fn extras_serve_resources_and_prompts_beside_the_tools() {
    let client = connect(registry().with_handler(extras())).await;
    let info = client.peer_info().expect("server info");
    assert_eq!(
        info.server_info.as_ref().map(|s| s.name.as_str()),
        Some(mcp_tools_tests::SERVER_NAME)
    );
    let caps = &info.capabilities;
    assert!(caps.tools.is_some() && caps.logging.is_some());
    assert!(caps.resources.is_some() && caps.prompts.is_some());

    let resources = within("resources/list", client.list_all_resources())
        .await
        .expect("resources/list");
    assert_eq!(resources.len(), 1);
    assert_eq!(resources[0].uri, "docs://rates");
    let read = within(
        "resources/read",
        client.read_resource(ReadResourceRequestParams::new("docs://rates")),
    )
    .await
    .expect("resources/read");
    assert_eq!(
        serde_json::to_value(&read.contents).unwrap(),
        json!([{"uri": "docs://rates", "mimeType": "text/plain", "text": "EU: 4.90 EUR/kg"}])
    );
    let err = within(
        "unknown resource",
        client.read_resource(ReadResourceRequestParams::new("docs://nope")),
    )
    .await
    .expect_err("an unknown resource is an error");
    assert!(
        err.to_string()
            .contains("no resource `docs://nope`; resources/list names them"),
        "{err}"
    );

    let prompt = within(
        "prompts/get",
        client.get_prompt(
            GetPromptRequestParams::new("explain_delay")
                .with_arguments(object(json!({"shipment_number": "SH-2026-000123"}))),
        ),
    )
    .await
    .expect("prompts/get");
    assert_eq!(
        prompt.description.as_deref(),
        Some("Explain a late shipment to its customer")
    );
    assert_eq!(
        serde_json::to_value(&prompt.messages).unwrap(),
        json!([{"role": "user", "content": {"type": "text", "text": "Explain why SH-2026-000123 is late."}}])
    );
    let err = within(
        "prompt without its argument",
        client.get_prompt(GetPromptRequestParams::new("explain_delay")),
    )
    .await
    .expect_err("a missing required argument is an error");
    assert!(
        err.to_string()
            .contains("prompt `explain_delay` needs the argument(s) `shipment_number`"),
        "{err}"
    );

    // The tools are the registry's, validation included.
    let bad = within(
        "tools/call",
        client.call_tool(
            CallToolRequestParams::new("shipment_set_weight").with_arguments(object(
                json!({"shipment_number": "SH-2026-000007", "weight_kg": 45000}),
            )),
        ),
    )
    .await
    .expect("a result");
    assert_eq!(bad.is_error, Some(true));
    within("close", client.cancel()).await.expect("closes");
}

/// A handler written against rmcp directly: a resource template and completions.
#[derive(Clone)]
struct Templates;

impl ServerHandler for Templates {
    fn get_info(&self) -> ServerConfig {
        ServerConfig::new(
            ServerCapabilities::builder()
                .enable_resources()
                .enable_completions()
                .build(),
        )
        .with_instructions("the handler's instructions")
    }

    async fn list_resource_templates(
        &self,
        _request: Option<PaginatedRequestParams>,
        _context: RequestContext<RoleServer>,
    ) -> Result<ListResourceTemplatesResult, ErrorData> {
        Ok(ListResourceTemplatesResult::with_all_items(vec![
            ResourceTemplate::new("depot://{code}/stock", "Depot stock"),
        ]))
    }

    async fn complete(
        &self,
        request: CompleteRequestParams,
        _context: RequestContext<RoleServer>,
    ) -> Result<CompleteResult, ErrorData> {
        let values = ["AMS", "ATH", "BER"]
            .into_iter()
            .filter(|c| c.starts_with(&request.argument.value))
            .map(str::to_owned)
            .collect();
        let info = CompletionInfo::new(values).map_err(|e| ErrorData::internal_error(e, None))?;
        Ok(CompleteResult::new(info))
    }
}

#[tokio::test]
async fn an_rmcp_handler_serves_templates_and_completions_beside_the_tools() {
    let client = connect(registry().with_handler(Templates)).await;
    let info = client.peer_info().expect("server info");
    assert!(info.capabilities.completions.is_some() && info.capabilities.tools.is_some());
    // The registry has no instructions here, so the handler's are served.
    assert_eq!(
        info.instructions.as_deref(),
        Some("the handler's instructions")
    );
    let templates = within(
        "resources/templates/list",
        client.list_all_resource_templates(),
    )
    .await
    .expect("templates");
    assert_eq!(templates[0].uri_template, "depot://{code}/stock");
    let completion = within(
        "completion/complete",
        client.complete(CompleteRequestParams::new(
            Reference::Prompt(PromptReference::new("any")),
            ArgumentInfo::new("code", "A"),
        )),
    )
    .await
    .expect("completion");
    assert_eq!(completion.completion.values, ["AMS", "ATH"]);
    let tools = within("tools/list", client.list_all_tools())
        .await
        .expect("tools/list");
    assert_eq!(tools.len(), registry().tool_definitions().len());
    within("close", client.cancel()).await.expect("closes");
}

#[tokio::test]
async fn a_composed_server_keeps_the_http_checks() {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .expect("a port");
    let addr = listener.local_addr().expect("an address");
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let server = tokio::spawn(
        mcp_tools::http::Http::new(registry().with_handler(extras())).serve_on(
            listener,
            async move {
                let _ = stopped.await;
            },
        ),
    );
    let body = json!({
        "jsonrpc": "2.0", "id": 1, "method": "initialize",
        "params": {"protocolVersion": "2025-11-25", "capabilities": {},
                   "clientInfo": {"name": "probe", "version": "1"}}
    })
    .to_string();
    let status = |origin: &'static str| {
        let body = body.clone();
        async move {
            let mut stream = tokio::net::TcpStream::connect(addr)
                .await
                .expect("connects");
            let request = format!(
                "POST /mcp HTTP/1.1\r\nHost: {addr}\r\nOrigin: {origin}\r\n\
                 Content-Type: application/json\r\nAccept: application/json, text/event-stream\r\n\
                 Content-Length: {}\r\nConnection: close\r\n\r\n{body}",
                body.len()
            );
            tokio::io::AsyncWriteExt::write_all(&mut stream, request.as_bytes())
                .await
                .expect("sends");
            let mut reply = Vec::new();
            let mut buf = [0u8; 1024];
            // The status line is all this needs; an SSE reply may stay open.
            while !reply.windows(2).any(|w| w == b"\r\n") {
                let n = tokio::io::AsyncReadExt::read(&mut stream, &mut buf)
                    .await
                    .expect("reads");
                if n == 0 {
                    break;
                }
                reply.extend_from_slice(&buf[..n]);
            }
            String::from_utf8_lossy(&reply)
                .split(' ')
                .nth(1)
                .unwrap_or_default()
                .to_owned()
        }
    };
    assert_eq!(
        within("foreign origin", status("http://evil.example.com")).await,
        "403"
    );
    assert_eq!(
        within("local origin", status("http://localhost:3000")).await,
        "200"
    );
    let _ = stop.send(());
    within("server stops", server)
        .await
        .expect("no panic")
        .expect("stops cleanly");
}
