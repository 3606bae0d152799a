//! The reference `everything` server (`@modelcontextprotocol/server-everything`, pinned in
//! `tests/node/package.json`) and its port to mcp-tools (`mcp_tools_examples::everything`)
//! side by side through the same client checks: the prompt, resource and template listings,
//! each prompt with its arguments, fixed and template reads, completions, the errors of bad
//! arguments and URIs, and the update a subscriber hears once `toggle-subscriber-updates`
//! runs. rmcp's client drives the original over stdio and the port in process; the Python
//! SDK (`tests/python/everything_port.py`) drives both over Streamable HTTP. Every
//! observation must agree but the differences listed in [`without_known_differences`], each
//! checked on both sides.

use crate::{
    common_client::{IO_TIMEOUT, call, within},
    common_node, common_process,
    e2e_python::python,
};

use std::{
    collections::{BTreeMap, HashMap},
    path::PathBuf,
    process::Stdio,
    sync::{Arc, Mutex},
    time::Duration,
};

use base64::Engine as _;
use mcp_tools::{Extras, Server};
use rmcp::{
    ClientHandler, Peer, RoleClient, ServiceError, ServiceExt,
    model::{
        CompletionContext, GetPromptRequestParams, ReadResourceRequestParams,
        ResourceUpdatedNotificationParam, SubscribeRequestParams, UnsubscribeRequestParams,
    },
    service::NotificationContext,
    transport::TokioChildProcess,
};
use serde_json::{Value, json};
use tokio::io::AsyncBufReadExt as _;

const PACKAGE: &str = "@modelcontextprotocol/server-everything";
const BIN: &str = "mcp-server-everything";

/// The resource both clients subscribe to (after reading it, as a client would).
const SUBSCRIBED: &str = "demo://resource/dynamic/text/1";

/// The whole Python run against one server.
const SCRIPT_TIMEOUT: Duration = Duration::from_secs(300);

/// What a client saw, by check.
type Observations = BTreeMap<String, Value>;

/// A `prompts/get` check: (key, prompt, arguments).
type PromptCheck = (
    &'static str,
    &'static str,
    &'static [(&'static str, &'static str)],
);

/// A completion of a prompt argument: (key, prompt, argument, typed, an argument given).
type PromptCompletion = (
    &'static str,
    &'static str,
    &'static str,
    &'static str,
    Option<(&'static str, &'static str)>,
);

/// `prompts/get` checks; the last three are refused.
const PROMPTS: &[PromptCheck] = &[
    ("simple-prompt", "simple-prompt", &[]),
    (
        "args-prompt city state",
        "args-prompt",
        &[("city", "Paris"), ("state", "Texas")],
    ),
    ("args-prompt city", "args-prompt", &[("city", "Paris")]),
    (
        "completable-prompt",
        "completable-prompt",
        &[("department", "Sales"), ("name", "Eve")],
    ),
    (
        "resource-prompt Text 1",
        "resource-prompt",
        &[("resourceType", "Text"), ("resourceId", "1")],
    ),
    (
        "resource-prompt Blob 2",
        "resource-prompt",
        &[("resourceType", "Blob"), ("resourceId", "2")],
    ),
    ("args-prompt without city", "args-prompt", &[]),
    (
        "resource-prompt Foo",
        "resource-prompt",
        &[("resourceType", "Foo"), ("resourceId", "1")],
    ),
    (
        "resource-prompt id 0",
        "resource-prompt",
        &[("resourceType", "Text"), ("resourceId", "0")],
    ),
];

/// `resources/read` checks; the last two are refused.
const READS: &[&str] = &[
    "demo://resource/static/document/instructions.md",
    "demo://resource/dynamic/text/1",
    "demo://resource/dynamic/blob/2",
    "demo://resource/dynamic/text/abc",
    "demo://nothing",
];

/// `completion/complete` of prompt arguments.
const PROMPT_COMPLETIONS: &[PromptCompletion] = &[
    (
        "department S",
        "completable-prompt",
        "department",
        "S",
        None,
    ),
    (
        "name of Sales",
        "completable-prompt",
        "name",
        "",
        Some(("department", "Sales")),
    ),
    (
        "name without department",
        "completable-prompt",
        "name",
        "",
        None,
    ),
    (
        "resourceType B",
        "resource-prompt",
        "resourceType",
        "B",
        None,
    ),
    ("resourceId 3", "resource-prompt", "resourceId", "3", None),
];

/// `completion/complete` of template variables: (key, template, variable, typed).
const TEMPLATE_COMPLETIONS: &[(&str, &str, &str, &str)] = &[
    (
        "text resourceId 7",
        "demo://resource/dynamic/text/{resourceId}",
        "resourceId",
        "7",
    ),
    (
        "blob resourceId x",
        "demo://resource/dynamic/blob/{resourceId}",
        "resourceId",
        "x",
    ),
];

/// The original's launcher, `dist/index.js`.
fn original_script() -> PathBuf {
    common_node::package_bin(PACKAGE, BIN)
}

/// The original's `dist/docs`, which it serves as documents; the port serves the same files.
fn docs() -> PathBuf {
    original_script()
        .parent()
        .expect("the launcher is in dist/")
        .join("docs")
}

fn port() -> Server<Extras> {
    mcp_tools_examples::everything::server(Some(&docs())).expect("the port builds")
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

/// A result as JSON, or `{"error": code}` for a JSON-RPC error.
fn outcome<T: serde::Serialize>(what: &str, answer: Result<T, ServiceError>) -> Value {
    match answer {
        Ok(result) => serde_json::to_value(result).expect("a result serializes"),
        Err(ServiceError::McpError(err)) => json!({ "error": err.code.0 }),
        Err(err) => panic!("{what}: {err}"),
    }
}

/// Every check of the module's lists, through rmcp's client, as the Python script makes them.
#[allow(deprecated)] // rmcp deprecates resources/subscribe for 2026-07-28; 2025-11-25 uses it
async fn observe(peer: &Peer<RoleClient>, updates: &Updates) -> Observations {
    let mut seen = Observations::new();
    let info = peer.peer_info().expect("the server sent its info");
    seen.insert(
        "server".into(),
        json!(info.server_info.as_ref().map(|i| i.name.clone())),
    );
    seen.insert("instructions".into(), json!(info.instructions));
    let prompts = within("prompts/list", peer.list_all_prompts()).await;
    seen.insert("prompts".into(), outcome("prompts/list", prompts));
    let resources = within("resources/list", peer.list_all_resources()).await;
    seen.insert("resources".into(), outcome("resources/list", resources));
    let templates = within("templates/list", peer.list_all_resource_templates()).await;
    seen.insert("templates".into(), outcome("templates/list", templates));
    let tools = within("tools/list", peer.list_all_tools())
        .await
        .expect("tools/list");
    let toggle = tools.iter().any(|t| t.name == "toggle-subscriber-updates");
    seen.insert("toggle listed".into(), json!(toggle));
    for (key, name, arguments) in PROMPTS {
        let arguments: serde_json::Map<String, Value> = arguments
            .iter()
            .map(|(k, v)| ((*k).to_owned(), json!(v)))
            .collect();
        let request = GetPromptRequestParams::new(*name).with_arguments(arguments);
        let answer = within(key, peer.get_prompt(request)).await;
        seen.insert(format!("get {key}"), outcome(key, answer));
    }
    for uri in READS {
        let answer = within(
            uri,
            peer.read_resource(ReadResourceRequestParams::new(*uri)),
        )
        .await;
        seen.insert(format!("read {uri}"), outcome(uri, answer));
    }
    for (key, prompt, argument, typed, given) in PROMPT_COMPLETIONS {
        let context = given.map(|(name, value)| {
            CompletionContext::with_arguments(HashMap::from([(name.into(), value.into())]))
        });
        let answer = peer.complete_prompt_argument(*prompt, *argument, *typed, context);
        let answer = within(key, answer).await;
        seen.insert(format!("complete {key}"), outcome(key, answer));
    }
    for (key, template, variable, typed) in TEMPLATE_COMPLETIONS {
        let answer = peer.complete_resource_argument(*template, *variable, *typed, None);
        let answer = within(key, answer).await;
        seen.insert(format!("complete {key}"), outcome(key, answer));
    }

    // Read, subscribe, and hear of the updates the simulation announces.
    within(
        SUBSCRIBED,
        peer.read_resource(ReadResourceRequestParams::new(SUBSCRIBED)),
    )
    .await
    .expect("the resource to subscribe to reads");
    within(
        "subscribe",
        peer.subscribe(SubscribeRequestParams::new(SUBSCRIBED)),
    )
    .await
    .expect("resources/subscribe");
    let on = call(peer, "toggle-subscriber-updates", json!({})).await;
    seen.insert(
        "toggle on is an error".into(),
        json!(on.is_error == Some(true)),
    );
    let heard = tokio::time::timeout(IO_TIMEOUT, async {
        while !updates.uris.lock().unwrap().iter().any(|u| u == SUBSCRIBED) {
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
    })
    .await;
    let heard = heard.map(|()| SUBSCRIBED).ok();
    seen.insert("updated".into(), json!(heard));
    let off = call(peer, "toggle-subscriber-updates", json!({})).await;
    seen.insert(
        "toggle off is an error".into(),
        json!(off.is_error == Some(true)),
    );
    within(
        "unsubscribe",
        peer.unsubscribe(UnsubscribeRequestParams::new(SUBSCRIBED)),
    )
    .await
    .expect("resources/unsubscribe");
    seen
}

/// Checks each difference between the original and the port on both sides, then removes
/// it, so what is left must agree. Each is deliberate or a gap of the original:
///
/// - the port's templates have a `title` (mcp-tools gives one; the original gives none);
/// - the port documents `args-prompt`'s optional `state` (the original's schema loses the
///   description it writes: zod's `.describe()` before `.optional()`);
/// - the port's `prompts/get` results carry the prompt's description (the spec allows it);
/// - a blob template read is `application/octet-stream`, the type its template lists (the
///   original lists that type and sends `text/plain`);
/// - a bad prompt argument or URI variable is `-32602`, invalid params, naming each problem
///   (the original's handler throws, which its SDK sends as `-32603`, internal error).
fn without_known_differences(client: &str, original: &mut Observations, port: &mut Observations) {
    let templates = |seen: &Observations| -> Vec<serde_json::Map<String, Value>> {
        let Some(Value::Array(list)) = seen.get("templates") else {
            panic!("{client}: no templates");
        };
        list.iter().filter_map(|t| t.as_object().cloned()).collect()
    };
    for template in templates(original) {
        assert_eq!(template.get("title"), None, "{client}: {template:?}");
    }
    for template in templates(port) {
        assert_eq!(
            template.get("title"),
            template.get("name"),
            "{client}: {template:?}"
        );
    }
    if let Some(Value::Array(list)) = port.get_mut("templates") {
        for template in list.iter_mut().filter_map(Value::as_object_mut) {
            template.remove("title");
        }
    }

    let state_doc = |seen: &mut Observations| -> Option<Value> {
        let prompts = seen.get_mut("prompts")?.as_array_mut()?;
        let args = prompts.iter_mut().find(|p| p["name"] == "args-prompt")?;
        let state = args["arguments"]
            .as_array_mut()?
            .iter_mut()
            .find(|a| a["name"] == "state")?;
        state.as_object_mut()?.remove("description")
    };
    assert_eq!(
        state_doc(original),
        None,
        "{client}: the original's `state` is undocumented"
    );
    assert_eq!(
        state_doc(port),
        Some(json!("Name of the state")),
        "{client}"
    );

    let descriptions: BTreeMap<String, Value> = port["prompts"]
        .as_array()
        .expect("a prompt list")
        .iter()
        .map(|p| {
            (
                p["name"].as_str().unwrap_or_default().to_owned(),
                p["description"].clone(),
            )
        })
        .collect();
    for (key, name, _) in PROMPTS {
        let key = format!("get {key}");
        let original_result = original.get_mut(&key).and_then(Value::as_object_mut);
        if let Some(result) = original_result.filter(|r| !r.contains_key("error")) {
            assert_eq!(result.get("description"), None, "{client}: {key}");
        }
        let port_result = port.get_mut(&key).and_then(Value::as_object_mut);
        if let Some(result) = port_result.filter(|r| !r.contains_key("error")) {
            assert_eq!(
                result.remove("description").as_ref(),
                descriptions.get(*name),
                "{client}: {key}"
            );
        }
    }

    let blob = "read demo://resource/dynamic/blob/2";
    let mime = |seen: &mut Observations| {
        seen.get_mut(blob)
            .and_then(|r| r["contents"][0].as_object_mut()?.remove("mimeType"))
    };
    assert_eq!(
        mime(original),
        Some(json!("text/plain")),
        "{client}: {blob}"
    );
    assert_eq!(
        mime(port),
        Some(json!("application/octet-stream")),
        "{client}: {blob}"
    );

    for key in [
        "get resource-prompt Foo",
        "get resource-prompt id 0",
        "read demo://resource/dynamic/text/abc",
    ] {
        assert_eq!(
            original.remove(key),
            Some(json!({ "error": -32603 })),
            "{client}: {key}"
        );
        assert_eq!(
            port.remove(key),
            Some(json!({ "error": -32602 })),
            "{client}: {key}"
        );
    }
}

/// Replaces what differs from one read to the next, the time a dynamic resource was made,
/// and shows blobs decoded.
fn normalize(value: &mut Value) {
    match value {
        Value::String(text) => {
            if let Some(at) = text.find(" created at ") {
                text.truncate(at + " created at ".len());
                text.push_str("<time>");
            }
        }
        Value::Array(items) => items.iter_mut().for_each(normalize),
        Value::Object(fields) => {
            if let Some(Value::String(blob)) = fields.get("blob") {
                let bytes = base64::engine::general_purpose::STANDARD
                    .decode(blob)
                    .expect("a blob is base64");
                let text = String::from_utf8(bytes).expect("the blobs hold text");
                fields.insert("blob".into(), json!(format!("decoded: {text}")));
            }
            fields.values_mut().for_each(normalize);
        }
        _ => {}
    }
}

/// Asserts the port was seen as the original, but for the known differences.
fn assert_agree(client: &str, mut original: Observations, mut port: Observations) {
    let keys = |seen: &Observations| seen.keys().cloned().collect::<Vec<_>>();
    assert_eq!(
        keys(&original),
        keys(&port),
        "{client}: the same checks ran"
    );
    // The port serves what the original does, so the checks have something to compare.
    assert_eq!(port["server"], json!("mcp-servers/everything"), "{client}");
    assert_eq!(
        port["updated"],
        json!(SUBSCRIBED),
        "{client}: the subscriber heard"
    );
    assert_eq!(
        port["resources"].as_array().map(Vec::len),
        Some(7),
        "{client}: the docs"
    );
    assert_eq!(
        port["prompts"].as_array().map(Vec::len),
        Some(4),
        "{client}: the prompts"
    );
    without_known_differences(client, &mut original, &mut port);
    let mut disagree = Vec::new();
    for (key, mut expected) in original {
        let mut got = port.remove(&key).unwrap_or(Value::Null);
        normalize(&mut expected);
        normalize(&mut got);
        if expected != got {
            disagree.push(format!("{key}:\n  original: {expected}\n  port:     {got}"));
        }
    }
    assert!(
        disagree.is_empty(),
        "{client}: the port differs from the original:\n{}",
        disagree.join("\n")
    );
}

/// rmcp's client on the original over stdio and on the port in process, as stdio serves it.
#[tokio::test]
async fn rmcp_sees_the_port_as_the_original() {
    let started = std::time::Instant::now();
    let mut command = common_node::package_command(PACKAGE, BIN);
    command.arg("stdio").kill_on_drop(true);
    let (transport, _stderr) = TokioChildProcess::builder(command)
        .stderr(Stdio::null())
        .spawn()
        .expect("the original starts");
    let updates = Updates::default();
    let client = within("initialize the original", updates.clone().serve(transport))
        .await
        .expect("the original completes the handshake");
    let original = observe(client.peer(), &updates).await;
    within("close", client.cancel())
        .await
        .expect("the client closes");

    let (server_io, client_io) = tokio::io::duplex(1 << 16);
    let server = tokio::spawn(mcp_tools::Serve::serve_transport(port(), server_io));
    let updates = Updates::default();
    let client = within("initialize the port", updates.clone().serve(client_io))
        .await
        .expect("the port completes the handshake");
    let ported = observe(client.peer(), &updates).await;
    within("close", client.cancel())
        .await
        .expect("the client closes");
    within("the port stops", server)
        .await
        .expect("the server task does not panic")
        .expect("the port stops cleanly");

    assert_agree("rmcp", original, ported);
    println!("rmcp, both servers: {:?}", started.elapsed());
}

/// The Python script's observations of the server at `url`.
async fn python_observes(python: &str, url: &str) -> Observations {
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/python/everything_port.py");
    let output = common_process::output_of(
        tokio::process::Command::new(python)
            .arg(script)
            .arg(url)
            .env("PYTHONUNBUFFERED", "1"),
        "the Python client",
        SCRIPT_TIMEOUT,
    )
    .await;
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(
        output.status.success(),
        "the Python client failed on {url} ({}):\n{stdout}\n{}",
        output.status,
        String::from_utf8_lossy(&output.stderr)
    );
    let line = stdout
        .lines()
        .find_map(|l| l.strip_prefix("observations: "))
        .unwrap_or_else(|| panic!("the Python client printed no observations:\n{stdout}"));
    serde_json::from_str(line).expect("the observations are JSON")
}

/// The original serving Streamable HTTP on a free port, and its URL, once it listens.
async fn original_over_http() -> (tokio::process::Child, String) {
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .expect("a free loopback port")
        .port();
    let mut child = common_node::package_command(PACKAGE, BIN)
        .arg("streamableHttp")
        .env("PORT", port.to_string())
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .kill_on_drop(true)
        .spawn()
        .expect("the original starts");
    let mut lines = tokio::io::BufReader::new(child.stderr.take().expect("piped")).lines();
    let listening = async {
        while let Some(line) = lines.next_line().await.expect("the original's log") {
            if line.contains("listening on port") {
                return;
            }
        }
        panic!("the original stopped before it listened");
    };
    within("the original listens", listening).await;
    (child, format!("http://127.0.0.1:{port}/mcp"))
}

/// The Python SDK on both servers over Streamable HTTP.
#[tokio::test]
async fn the_python_sdk_sees_the_port_as_the_original() {
    let started = std::time::Instant::now();
    let python = python();
    let (_original, url) = original_over_http().await;
    let original = python_observes(&python, &url).await;

    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .expect("a loopback port");
    let url = format!("http://{}/mcp", listener.local_addr().expect("an address"));
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let serving = tokio::spawn(
        mcp_tools::http::Http::new(port()).serve_on(listener, async {
            let _ = stopped.await;
        }),
    );
    let ported = python_observes(&python, &url).await;
    drop(stop);
    within("the port stops", serving)
        .await
        .expect("the server task does not panic")
        .expect("the port stops cleanly");

    assert_agree("Python SDK", original, ported);
    println!("Python SDK, both servers: {:?}", started.elapsed());
}
