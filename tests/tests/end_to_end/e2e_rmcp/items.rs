//! The fixture server's prompts and resources through rmcp's client: listings, reads of a
//! fixed resource and a template (and of one cut to its budget, read on where the notice
//! says), a prompt with its arguments, completions, the errors a client gets, and the update
//! a subscriber hears after a tool changes a resource:
//! `resources/subscribe` in a 2025-11-25 session, `subscriptions/listen` under 2026-07-28.
//! Each runs in process, against the `fixture-server` binary over stdio, and over
//! Streamable HTTP.

use std::{
    fmt::Write as _,
    process::Stdio,
    sync::{Arc, Mutex},
    time::Duration,
};

use mcp_tools_tests::items::{HANDLING_POLICY, notes_uri};
use rmcp::{
    ClientHandler, Peer, RoleClient, ServiceError, ServiceExt,
    model::{
        ClientCapabilities, ClientConfig, CompletionInfo, ErrorCode, ErrorData,
        GetPromptRequestParams, GetPromptResponse, Implementation, ProtocolVersion,
        ReadResourceRequestParams, ResourceUpdatedNotificationParam, ServerNotification,
        SubscribeRequestParams, SubscriptionFilter, UnsubscribeRequestParams,
    },
    service::{ClientLifecycleMode, ClientServiceExt, NotificationContext, RunningService},
    transport::{
        StreamableHttpClientTransport, TokioChildProcess,
        streamable_http_client::StreamableHttpClientTransportConfig,
    },
};
use serde_json::{Value, json};
use tokio::io::AsyncBufReadExt;

use super::{INVALID_PARAMS, fixture_server};
use crate::common_client::{IO_TIMEOUT, call, object, within};

const PROMPT: &str = "shipment_delay_notice";
const POLICY: &str = "policy://shipping/handling";
const TEMPLATE: &str = "notes://shipments/{shipment_number}";

fn served_registry() -> mcp_tools::Registry {
    mcp_tools_tests::items::registry().expect("the fixture server's registry builds")
}

/// A client that records the URIs of the `notifications/resources/updated` it receives.
#[derive(Clone, Default)]
struct Updates {
    uris: Arc<Mutex<Vec<String>>>,
}

impl ClientHandler for Updates {
    async fn on_resource_updated(
        &self,
        params: ResourceUpdatedNotificationParam,
        _context: NotificationContext<RoleClient>,
    ) {
        self.uris.lock().unwrap().push(params.uri);
    }
}

impl Updates {
    /// Waits until `count` updates have arrived, and returns them all.
    async fn wait_for(&self, count: usize) -> Vec<String> {
        let waited = tokio::time::timeout(IO_TIMEOUT, async {
            while self.uris.lock().unwrap().len() < count {
                tokio::time::sleep(Duration::from_millis(10)).await;
            }
        })
        .await;
        let seen = self.uris.lock().unwrap().clone();
        assert!(
            waited.is_ok(),
            "expected {count} resources/updated notification(s), got {seen:?}"
        );
        seen
    }
}

/// An error a request must end with.
fn rpc_error<T: std::fmt::Debug>(what: &str, answer: Result<T, ServiceError>) -> ErrorData {
    match answer {
        Err(ServiceError::McpError(err)) => err,
        other => panic!("{what}: expected a JSON-RPC error, got {other:?}"),
    }
}

async fn read(peer: &Peer<RoleClient>, uri: &str) -> Value {
    let result = within(
        &format!("resources/read {uri}"),
        peer.read_resource(ReadResourceRequestParams::new(uri)),
    )
    .await
    .unwrap_or_else(|err| panic!("resources/read {uri}: {err}"));
    serde_json::to_value(result.contents).unwrap()
}

async fn read_error(peer: &Peer<RoleClient>, uri: &str) -> ErrorData {
    let answer = within(
        &format!("resources/read {uri}"),
        peer.read_resource(ReadResourceRequestParams::new(uri)),
    )
    .await;
    rpc_error(&format!("resources/read {uri}"), answer)
}

async fn get_prompt(
    peer: &Peer<RoleClient>,
    arguments: Value,
) -> Result<rmcp::model::GetPromptResult, ServiceError> {
    within(
        "prompts/get",
        peer.get_prompt(GetPromptRequestParams::new(PROMPT).with_arguments(object(arguments))),
    )
    .await
}

fn completion(info: &CompletionInfo) -> (Vec<&str>, Option<u32>, Option<bool>) {
    (
        info.values.iter().map(String::as_str).collect(),
        info.total,
        info.has_more,
    )
}

/// The text of a tool result's one block.
fn only_text(result: &rmcp::model::CallToolResult) -> &str {
    assert_ne!(result.is_error, Some(true), "expected success: {result:?}");
    &result.content[0].as_text().expect("a text block").text
}

/// Listings, reads, the prompt, completions and the errors, in either revision.
async fn check_items(peer: &Peer<RoleClient>) {
    let expected = served_registry();
    let info = peer.peer_info().expect("the server sent its info");
    let capabilities = serde_json::to_value(&info.capabilities).unwrap();
    assert!(capabilities["prompts"].is_object(), "{capabilities}");
    assert_eq!(
        capabilities["resources"]["subscribe"], true,
        "{capabilities}"
    );
    assert!(capabilities["completions"].is_object(), "{capabilities}");

    // prompts/list: the doc comment, and each argument with its doc and required flag.
    let prompts = within("prompts/list", peer.list_all_prompts())
        .await
        .expect("prompts/list");
    let listed = serde_json::to_value(&prompts).unwrap();
    assert_eq!(
        listed,
        serde_json::to_value(expected.prompt_definitions()).unwrap()
    );
    assert_eq!(listed.as_array().map(Vec::len), Some(1), "{listed}");
    assert_eq!(listed[0]["name"], PROMPT);
    assert_eq!(listed[0]["title"], "Shipment: Delay Notice");
    assert!(
        listed[0]["description"].as_str().is_some_and(|d| d
            .starts_with("Draft the message that tells a recipient their shipment will be late.")),
        "{listed}"
    );
    assert_eq!(
        listed[0]["arguments"],
        json!([
            {
                "name": "shipment_number",
                "description": "The late shipment, like `SH-2026-000042`.",
                "required": true,
            },
            {
                "name": "days_late",
                "description": "How many days late it will arrive, if known.",
                "required": false,
            },
        ])
    );

    // resources/list and resources/templates/list.
    let resources = within("resources/list", peer.list_all_resources())
        .await
        .expect("resources/list");
    let resources = serde_json::to_value(&resources).unwrap();
    assert_eq!(resources.as_array().map(Vec::len), Some(1), "{resources}");
    assert_eq!(resources[0]["uri"], POLICY);
    assert_eq!(resources[0]["name"], "handling_policy");
    assert_eq!(resources[0]["mimeType"], "text/markdown");
    assert!(
        resources[0]["description"]
            .as_str()
            .is_some_and(|d| d.starts_with("How the depot handles parcels")),
        "{resources}"
    );
    let templates = within(
        "resources/templates/list",
        peer.list_all_resource_templates(),
    )
    .await
    .expect("resources/templates/list");
    let templates = serde_json::to_value(&templates).unwrap();
    assert_eq!(templates.as_array().map(Vec::len), Some(1), "{templates}");
    assert_eq!(templates[0]["uriTemplate"], TEMPLATE);
    assert_eq!(templates[0]["name"], "shipment_notes");
    assert_eq!(templates[0]["mimeType"], "text/plain");
    let (fixed, template_list) = expected.resource_definitions();
    assert_eq!(resources, serde_json::to_value(fixed).unwrap());
    assert_eq!(templates, serde_json::to_value(template_list).unwrap());

    // resources/read of the fixed resource and of the template.
    assert_eq!(
        read(peer, POLICY).await,
        json!([{ "uri": POLICY, "mimeType": "text/markdown", "text": HANDLING_POLICY }])
    );
    let uri = notes_uri("SH-2026-000042");
    assert_eq!(
        read(peer, &uri).await,
        json!([{
            "uri": uri,
            "mimeType": "text/plain",
            "text": "no notes on SH-2026-000042 yet; add one with `shipment_add_note`",
        }])
    );

    // An unknown URI: invalid params (SEP-2164), the URI in `data`.
    let unknown = "policy://shipping/returns";
    let err = read_error(peer, unknown).await;
    assert_eq!(err.code.0, INVALID_PARAMS, "{err:?}");
    assert_eq!(err.data, Some(json!({ "uri": unknown })), "{err:?}");
    assert!(err.message.contains(unknown), "{}", err.message);
    // A template variable that climbs out with `..` never reaches the fn.
    let climbing = "notes://shipments/..%2F..%2Fetc%2Fpasswd";
    let err = read_error(peer, climbing).await;
    assert_eq!(err.code.0, INVALID_PARAMS, "{err:?}");
    assert_eq!(err.data, Some(json!({ "uri": climbing })), "{err:?}");
    assert!(
        err.message
            .contains("`shipment_number` holds a `..` segment, which this resource refuses"),
        "{}",
        err.message
    );
    // A variable its parameter refuses, and a shipment the depot does not hold.
    let err = read_error(peer, "notes://shipments/SH-1").await;
    assert_eq!(err.code.0, INVALID_PARAMS, "{err:?}");
    assert!(
        err.message.contains("shipment_number must match"),
        "{}",
        err.message
    );
    let err = read_error(peer, &notes_uri("SH-2026-999999")).await;
    assert_eq!(err.code.0, INVALID_PARAMS, "{err:?}");
    assert!(
        err.message.contains("no shipment SH-2026-999999"),
        "{}",
        err.message
    );

    // prompts/get: the arguments substituted, the optional one parsed from its string.
    let got = get_prompt(
        peer,
        json!({ "shipment_number": "SH-2026-000042", "days_late": "3" }),
    )
    .await
    .expect("prompts/get");
    assert_eq!(
        serde_json::to_value(&got.messages).unwrap(),
        json!([{ "role": "user", "content": { "type": "text", "text":
            "Write a short apology to the recipient of shipment SH-2026-000042: it will arrive \
             3 days later than promised. Offer to re-route it to a nearer depot, and do not \
             promise a new date." } }])
    );
    assert_eq!(got.description, prompts[0].description);
    let without = get_prompt(peer, json!({ "shipment_number": "SH-2026-000042" }))
        .await
        .expect("prompts/get without the optional argument");
    assert!(
        serde_json::to_string(&without.messages)
            .unwrap()
            .contains("it will arrive later than promised."),
        "{without:?}"
    );
    // A missing required argument is refused, naming it; so is a bad optional one.
    let err = rpc_error(
        "prompts/get without shipment_number",
        get_prompt(peer, json!({ "days_late": "3" })).await,
    );
    assert_eq!(err.code.0, INVALID_PARAMS, "{err:?}");
    assert_eq!(
        err.message,
        "invalid arguments for prompt `shipment_delay_notice`:\nmissing required argument \
         `shipment_number`"
    );
    let err = rpc_error(
        "prompts/get with days_late 0",
        get_prompt(
            peer,
            json!({ "shipment_number": "SH-2026-000042", "days_late": "0" }),
        )
        .await,
    );
    assert_eq!(err.code.0, INVALID_PARAMS, "{err:?}");
    assert!(
        err.message.contains("days_late must be at least 1"),
        "{}",
        err.message
    );

    // completion/complete: filtered by prefix, at most 100 values, with total and hasMore.
    let ten = within(
        "complete a prompt argument",
        peer.complete_prompt_argument(PROMPT, "shipment_number", "SH-2026-00001", None),
    )
    .await
    .expect("completion/complete");
    let numbers: Vec<String> = (10..20).map(|n| format!("SH-2026-{n:06}")).collect();
    assert_eq!(
        completion(&ten),
        (
            numbers.iter().map(String::as_str).collect(),
            Some(10),
            Some(false)
        )
    );
    let many = within(
        "complete a prompt argument",
        peer.complete_prompt_argument(PROMPT, "shipment_number", "sh-2026-000", None),
    )
    .await
    .expect("completion/complete");
    assert_eq!(many.values.len(), 100);
    assert_eq!(many.values[0], "SH-2026-000001");
    assert_eq!(many.values[99], "SH-2026-000100");
    assert_eq!((many.total, many.has_more), (Some(300), Some(true)));
    let one = within(
        "complete a template variable",
        peer.complete_resource_argument(TEMPLATE, "shipment_number", "SH-2026-0003", None),
    )
    .await
    .expect("completion/complete");
    assert_eq!(
        completion(&one),
        (vec!["SH-2026-000300"], Some(1), Some(false))
    );
    // An argument without a completion fn has no suggestions.
    let none = within(
        "complete an argument without completions",
        peer.complete_prompt_argument(PROMPT, "days_late", "1", None),
    )
    .await
    .expect("completion/complete");
    assert!(none.values.is_empty(), "{none:?}");
}

/// A 2025-11-25 session subscribes with `resources/subscribe`, and hears of the change
/// `shipment_add_note` makes; after `resources/unsubscribe` it does not.
#[allow(deprecated)] // rmcp deprecates resources/subscribe for 2026-07-28; 2025-11-25 uses it
async fn check_subscribe(peer: &Peer<RoleClient>, updates: &Updates) {
    let uri = notes_uri("SH-2026-000007");
    within(
        "resources/subscribe",
        peer.subscribe(SubscribeRequestParams::new(&uri)),
    )
    .await
    .expect("resources/subscribe");
    let added = call(
        peer,
        "shipment_add_note",
        json!({ "shipment_number": "SH-2026-000007", "text": "left at the back door" }),
    )
    .await;
    assert_eq!(
        only_text(&added),
        format!("note 1 added to {uri}; 1 subscriber(s) told")
    );
    assert_eq!(updates.wait_for(1).await, std::slice::from_ref(&uri));
    assert_eq!(
        read(peer, &uri).await,
        json!([{ "uri": uri, "mimeType": "text/plain", "text": "1. left at the back door\n" }])
    );
    // A note on another shipment tells nobody.
    let other = call(
        peer,
        "shipment_add_note",
        json!({ "shipment_number": "SH-2026-000008", "text": "dented box" }),
    )
    .await;
    assert!(
        only_text(&other).ends_with("; 0 subscriber(s) told"),
        "{other:?}"
    );
    within(
        "resources/unsubscribe",
        peer.unsubscribe(UnsubscribeRequestParams::new(&uri)),
    )
    .await
    .expect("resources/unsubscribe");
    let after = call(
        peer,
        "shipment_add_note",
        json!({ "shipment_number": "SH-2026-000007", "text": "signed for" }),
    )
    .await;
    assert_eq!(
        only_text(&after),
        format!("note 2 added to {uri}; 0 subscriber(s) told")
    );
    assert_eq!(updates.uris.lock().unwrap().clone(), [uri]);
    // A URI that names no resource cannot be subscribed to.
    let unknown = "policy://shipping/returns";
    let err = rpc_error(
        "resources/subscribe to an unknown URI",
        within(
            "resources/subscribe",
            peer.subscribe(SubscribeRequestParams::new(unknown)),
        )
        .await,
    );
    assert_eq!(err.code.0, INVALID_PARAMS, "{err:?}");
    assert_eq!(err.data, Some(json!({ "uri": unknown })), "{err:?}");
}

/// A 2026-07-28 client opens `subscriptions/listen` for one URI, and hears of the change
/// `shipment_add_note` makes on its stream; a URI that names no resource is not
/// acknowledged.
async fn check_listen(peer: &Peer<RoleClient>) {
    let uri = notes_uri("SH-2026-000009");
    let unknown = "policy://shipping/returns".to_owned();
    let mut filter = SubscriptionFilter::new();
    filter.resource_subscriptions = Some(vec![uri.clone(), unknown]);
    let mut stream = within("subscriptions/listen", peer.listen(filter))
        .await
        .expect("subscriptions/listen is acknowledged");
    assert_eq!(
        stream.acknowledged().resource_subscriptions,
        Some(vec![uri.clone()])
    );
    let added = call(
        peer,
        "shipment_add_note",
        json!({ "shipment_number": "SH-2026-000009", "text": "customs cleared" }),
    )
    .await;
    assert_eq!(
        only_text(&added),
        format!("note 1 added to {uri}; 1 subscriber(s) told")
    );
    let notification = within("the update on the stream", stream.next())
        .await
        .expect("the stream carries the update")
        .expect("the stream is open");
    let ServerNotification::ResourceUpdatedNotification(updated) = notification else {
        panic!("expected notifications/resources/updated, got {notification:?}");
    };
    assert_eq!(updated.params.uri, uri);
    assert_eq!(
        read(peer, &uri).await,
        json!([{ "uri": uri, "mimeType": "text/plain", "text": "1. customs cleared\n" }])
    );
    within("close the stream", stream.cancel())
        .await
        .expect("the stream closes");
}

/// A read over the resource's budget is cut with a notice naming the URI to read on at
/// (`#line=L` or `#line=L:C`); following the notices gives back every note, once.
async fn check_cut_read(peer: &Peer<RoleClient>) {
    let shipment = "SH-2026-000012";
    let uri = notes_uri(shipment);
    let mut whole = String::new();
    for n in 1..=60 {
        let text = format!("scanned at hub {n} of the northern route, parcel intact");
        call(
            peer,
            "shipment_add_note",
            json!({ "shipment_number": shipment, "text": text }),
        )
        .await;
        let _ = writeln!(whole, "{n}. {text}");
    }
    let mut read_back = String::new();
    let mut next = Some(uri.clone());
    let mut reads = 0;
    while let Some(at) = next.take() {
        reads += 1;
        assert!(reads <= 20, "the notices do not reach the end");
        let contents = read(peer, &at).await;
        assert_eq!(contents[0]["uri"], uri.as_str(), "{contents}");
        let text = contents[0]["text"].as_str().expect("a text resource");
        match text.rsplit_once("\n[cut: kept ") {
            Some((kept, notice)) => {
                let (_, rest) = notice
                    .split_once("; read `")
                    .unwrap_or_else(|| panic!("the notice names where to read on: {notice}"));
                let continue_at = rest
                    .strip_suffix("` for the rest]")
                    .unwrap_or_else(|| panic!("the notice ends the text: {notice}"));
                assert!(
                    continue_at.starts_with(&format!("{uri}#line=")),
                    "{continue_at}"
                );
                read_back.push_str(kept);
                // A cut inside a line continues that line; one at a line's end starts the next.
                if continue_at
                    .split_once("#line=")
                    .is_some_and(|(_, l)| !l.contains(':'))
                {
                    read_back.push('\n');
                }
                next = Some(continue_at.to_owned());
            }
            None => read_back.push_str(text),
        }
    }
    assert!(reads > 1, "60 notes fit in one read of 250 tokens");
    assert_eq!(read_back, whole);
}

async fn close<H: ClientHandler>(client: RunningService<RoleClient, H>) {
    within("client shutdown", client.cancel())
        .await
        .expect("the client shuts down");
}

fn discover() -> ClientLifecycleMode {
    ClientLifecycleMode::Discover {
        preferred_versions: vec![ProtocolVersion::V_2026_07_28],
    }
}

fn assert_modern<H: ClientHandler>(client: &RunningService<RoleClient, H>) {
    let info = client.peer_info().expect("the server sent its info");
    assert_eq!(info.protocol_version, ProtocolVersion::V_2026_07_28);
}

#[tokio::test]
async fn prompts_and_resources_in_process() {
    let updates = Updates::default();
    let (server_io, client_io) = tokio::io::duplex(1 << 16);
    let server = tokio::spawn(mcp_tools::Serve::serve_transport(
        served_registry(),
        server_io,
    ));
    let client = within("initialize", updates.clone().serve(client_io))
        .await
        .expect("the handshake succeeds");
    check_items(client.peer()).await;
    check_subscribe(client.peer(), &updates).await;
    check_cut_read(client.peer()).await;
    close(client).await;
    within("server shutdown", server)
        .await
        .expect("the server task does not panic")
        .expect("the server stops cleanly");

    let (server_io, client_io) = tokio::io::duplex(1 << 16);
    tokio::spawn(mcp_tools::Serve::serve_transport(
        served_registry(),
        server_io,
    ));
    let client = within(
        "server/discover",
        ().serve_with_lifecycle(client_io, discover()),
    )
    .await
    .expect("server/discover succeeds");
    assert_modern(&client);
    check_items(client.peer()).await;
    check_listen(client.peer()).await;
    close(client).await;
}

/// The `fixture-server` binary over stdio; its log (errors only: the refusals these tests
/// provoke are logged as warnings) goes to the test's stderr.
fn stdio_transport() -> TokioChildProcess {
    let mut command = tokio::process::Command::new(fixture_server());
    command.env("RUST_LOG", "error").kill_on_drop(true);
    let (transport, _stderr) = TokioChildProcess::builder(command)
        .stderr(Stdio::inherit())
        .spawn()
        .expect("the fixture server starts");
    transport
}

#[tokio::test]
async fn prompts_and_resources_over_stdio() {
    let updates = Updates::default();
    let client = within("initialize", updates.clone().serve(stdio_transport()))
        .await
        .expect("the handshake succeeds");
    check_items(client.peer()).await;
    check_subscribe(client.peer(), &updates).await;
    close(client).await;

    let client = within(
        "server/discover",
        ().serve_with_lifecycle(stdio_transport(), discover()),
    )
    .await
    .expect("server/discover succeeds");
    assert_modern(&client);
    check_items(client.peer()).await;
    check_listen(client.peer()).await;
    close(client).await;
}

/// The `fixture-server` binary serving Streamable HTTP on a free port, and its URL.
async fn http_server() -> (tokio::process::Child, String) {
    let mut process = tokio::process::Command::new(fixture_server())
        .args(["--http", "127.0.0.1:0"])
        .env("RUST_LOG", "error")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .kill_on_drop(true)
        .spawn()
        .expect("the fixture server starts");
    let stdout = process.stdout.take().expect("stdout is piped");
    let mut url = String::new();
    within(
        "the server's URL",
        tokio::io::BufReader::new(stdout).read_line(&mut url),
    )
    .await
    .expect("the fixture server prints its URL");
    (process, url.trim().to_owned())
}

#[tokio::test]
async fn prompts_and_resources_over_streamable_http() {
    let (_server, url) = http_server().await;
    let updates = Updates::default();
    let transport = StreamableHttpClientTransport::from_config(
        StreamableHttpClientTransportConfig::with_uri(url.clone()),
    );
    let client = within("initialize", updates.clone().serve(transport))
        .await
        .expect("the handshake succeeds");
    check_items(client.peer()).await;
    check_subscribe(client.peer(), &updates).await;
    close(client).await;

    let transport = StreamableHttpClientTransport::from_config(
        StreamableHttpClientTransportConfig::with_uri(url),
    );
    let client = within(
        "server/discover",
        ().serve_with_lifecycle(transport, discover()),
    )
    .await
    .expect("server/discover succeeds");
    assert_modern(&client);
    check_items(client.peer()).await;
    check_listen(client.peer()).await;
    close(client).await;
}

/// Every change made after a listener's acknowledgement reaches it: a client that calls a
/// tool as soon as `subscriptions/listen` is acknowledged is told of the change, each time.
/// The window between the acknowledgement and the stream's registration is narrow, so the
/// test opens many streams one after another.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_change_right_after_the_acknowledgement_reaches_the_listener() {
    const ROUNDS: usize = 1000;
    let (server_io, client_io) = tokio::io::duplex(1 << 16);
    tokio::spawn(mcp_tools::Serve::serve_transport(
        served_registry(),
        server_io,
    ));
    let client = within(
        "server/discover",
        ().serve_with_lifecycle(client_io, discover()),
    )
    .await
    .expect("server/discover succeeds");
    let uri = notes_uri("SH-2026-000011");
    let mut missed = Vec::new();
    for round in 1..=ROUNDS {
        let mut filter = SubscriptionFilter::new();
        filter.resource_subscriptions = Some(vec![uri.clone()]);
        let mut stream = within("subscriptions/listen", client.peer().listen(filter))
            .await
            .expect("subscriptions/listen is acknowledged");
        let added = call(
            client.peer(),
            "shipment_add_note",
            json!({ "shipment_number": "SH-2026-000011", "text": "scanned" }),
        )
        .await;
        if only_text(&added) != format!("note {round} added to {uri}; 1 subscriber(s) told") {
            missed.push(round);
        }
        within("close the stream", stream.cancel())
            .await
            .expect("the stream closes");
    }
    assert!(
        missed.is_empty(),
        "{} of {ROUNDS} changes made right after the acknowledgement were told to nobody \
         (rounds {missed:?})",
        missed.len()
    );
    close(client).await;
}

/// A `#[prompt]` that asks the user through its `ToolContext`, under 2026-07-28: the first
/// `prompts/get` ends with an input-required result and a sealed `requestState`; the retry
/// with the answer gets the messages; a state altered on the way is refused (-32602).
#[tokio::test]
async fn a_prompt_that_asks_runs_in_input_rounds_under_2026_07_28() {
    const PROMPT: &str = "test_input_required_result_prompt";
    let (server_io, client_io) = tokio::io::duplex(1 << 16);
    let server = mcp_tools_examples::conformance::server().expect("the server builds");
    tokio::spawn(mcp_tools::Serve::serve_transport(server, server_io));
    let client = within(
        "server/discover",
        Elicits.serve_with_lifecycle(client_io, discover()),
    )
    .await
    .expect("server/discover succeeds");
    assert_modern(&client);
    let peer = client.peer();
    let first = within(
        "prompts/get",
        peer.get_prompt_once(GetPromptRequestParams::new(PROMPT)),
    )
    .await
    .expect("an answer");
    let GetPromptResponse::InputRequired(asked) = first else {
        panic!("the prompt asks first: {first:?}");
    };
    let requests = asked.input_requests.expect("what it asks");
    assert_eq!(requests.keys().collect::<Vec<_>>(), ["user_context"]);
    let state = asked.request_state.expect("a sealed requestState");

    let answer = json!({"action": "accept", "content": {"context": "a rainy Tuesday"}});
    let mut retry = GetPromptRequestParams::new(PROMPT);
    retry.input_responses = Some([("user_context".to_owned(), answer.clone())].into());
    retry.request_state = Some(state.clone());
    let done = within("prompts/get", peer.get_prompt_once(retry))
        .await
        .expect("an answer");
    let GetPromptResponse::Complete(result) = done else {
        panic!("the answer completes it: {done:?}");
    };
    let text = result.messages[0]
        .content
        .as_text()
        .expect("text")
        .text
        .clone();
    assert_eq!(text, "Prompt with elicited context: a rainy Tuesday");

    let mut forged = GetPromptRequestParams::new(PROMPT);
    forged.input_responses = Some([("user_context".to_owned(), answer)].into());
    forged.request_state = Some(format!("{state}x"));
    let err = within("prompts/get", peer.get_prompt_once(forged))
        .await
        .expect_err("a forged state");
    let ServiceError::McpError(err) = err else {
        panic!("{err:?}")
    };
    assert_eq!(err.code, ErrorCode::INVALID_PARAMS, "{err:?}");
    assert!(err.message.contains("requestState"), "{}", err.message);
    close(client).await;
}

/// A client that declares it can ask its user (its answers travel in the retry).
#[derive(Clone)]
struct Elicits;

impl ClientHandler for Elicits {
    fn get_info(&self) -> ClientConfig {
        let capabilities: ClientCapabilities =
            serde_json::from_value(json!({"elicitation": {"form": {}}})).expect("capabilities");
        ClientConfig::new(capabilities, Implementation::new("asking", "1.0.0"))
    }
}
