//! A parameter's role comes from its type, not its name: a user's own `enum State` is an
//! ordinary argument (a schema property with its doc and default), and an alias of the
//! runtime's `State<T>` is injected.
use mcp_tools::prelude::*;
use serde_json::json;

/// Where a shipment is in its life.
#[derive(Debug, serde::Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
enum State {
    Open,
    Dispatched,
}

struct Depot {
    name: &'static str,
}

/// The depot, injected under a name of this crate's own.
type Shared = mcp_tools::State<Depot>;

/// Count the shipments of a depot that are in one state.
///
/// Use to see how much work is waiting before planning a dispatch run.
#[tool(namespace = "shipment", read_only)]
async fn count(
    depot: Shared,
    /// Which shipments to count: `open` ones are still waiting, `dispatched` ones left.
    #[param(default = "open")]
    state: State,
) -> String {
    format!("{:?} at {}", state, depot.name)
}

fn main() {
    let registry = Registry::builder()
        .state(Depot { name: "north" })
        .tools(tools![count])
        .build()
        .unwrap();
    let tool = serde_json::to_value(&registry.tool_definitions()[0]).unwrap();
    let schema = &tool["inputSchema"];
    assert_eq!(
        schema["properties"]
            .as_object()
            .unwrap()
            .keys()
            .collect::<Vec<_>>(),
        ["state"],
        "{schema}"
    );
    let state = &schema["properties"]["state"];
    assert_eq!(state["enum"], json!(["open", "dispatched"]), "{state}");
    assert_eq!(state["default"], "open", "{state}");
    assert!(
        state["description"]
            .as_str()
            .unwrap()
            .starts_with("Which shipments to count"),
        "{state}"
    );
    // With a default it is not required.
    assert!(schema.get("required").is_none(), "{schema}");

    let runtime = tokio::runtime::Runtime::new().unwrap();
    let call = |args| {
        let result = runtime
            .block_on(registry.call("shipment_count", args))
            .unwrap();
        (
            result.is_error,
            serde_json::to_value(result.content).unwrap().to_string(),
        )
    };
    let (error, text) = call(json!({"state": "dispatched"}));
    assert_eq!(error, None, "{text}");
    assert!(text.contains("Dispatched at north"), "{text}");
    let (error, text) = call(json!({}));
    assert_eq!(error, None, "{text}");
    assert!(text.contains("Open at north"), "{text}");
    let (error, text) = call(json!({"state": "lost"}));
    assert_eq!(error, Some(true), "{text}");
}
