//! `input_schema = "…"`: a hand-written JSON Schema file, relative to the crate's directory,
//! is listed as written and checked on every call. One parameter takes the whole arguments
//! object (`serde_json::Value`, `JsonObject`, or a type that derives `Deserialize`), beside
//! the server's `State<T>` and `ToolContext`; `allow(...)` waives a rule for the file's
//! properties as for parameters.
use mcp_tools::{prelude::*, rmcp::model::JsonObject};
use serde::Deserialize;
use serde_json::{Value, json};

struct Depot {
    name: &'static str,
}

#[derive(Deserialize)]
struct Track {
    parcel_number: String,
    carrier: String,
    carrier_name: Option<String>,
}

/// Look up where a parcel is, at the carrier that holds it.
///
/// Use when a customer asks where their parcel is.
#[tool(namespace = "parcel", input_schema = "ui/schemas/track_parcel.json", read_only)]
async fn track(depot: State<Depot>, args: Track, ctx: ToolContext) -> String {
    let carrier = args.carrier_name.unwrap_or(args.carrier);
    format!(
        "{} at {carrier}, asked at {} through {}",
        args.parcel_number,
        depot.name,
        ctx.tool_name()
    )
}

/// Look up a parcel and return the arguments as the tool received them.
///
/// Use to see what a client sends.
#[tool(namespace = "parcel", input_schema = "ui/schemas/track_parcel.json", read_only)]
async fn echo_lookup(args: Value) -> String {
    args.to_string()
}

/// Attach a note for the driver to a parcel.
///
/// Use when the recipient asks for special handling.
// The dispatch team owns the notes' schema and leaves `note` undocumented.
#[tool(
    namespace = "parcel",
    input_schema = "ui/schemas/note.json",
    destructive = false,
    allow(param_description_required)
)]
async fn add_note(args: JsonObject) -> String {
    format!("{} fields", args.len())
}

fn main() {
    let registry = Registry::builder()
        .state(Depot { name: "north" })
        .tools(tools![track, echo_lookup, add_note])
        .build()
        .unwrap();
    let written: Value = serde_json::from_str(include_str!("../schemas/track_parcel.json")).unwrap();
    let tool = serde_json::to_value(&registry.tool_definitions()[0]).unwrap();
    assert_eq!(tool["inputSchema"].to_string(), written.to_string());

    let runtime = tokio::runtime::Runtime::new().unwrap();
    let call = |name: &str, args: Value| {
        let result = runtime.block_on(registry.call(name, args)).unwrap();
        let text = serde_json::to_value(&result.content).unwrap()[0]["text"]
            .as_str()
            .unwrap()
            .to_owned();
        (result.is_error == Some(true), text)
    };
    assert_eq!(
        call("parcel_track", json!({"parcel_number": "PN-00000042", "carrier": "dhl"})),
        (false, "PN-00000042 at dhl, asked at north through parcel_track".to_owned())
    );
    let args = json!({"parcel_number": "PN-00000042", "carrier": "other", "carrier_name": "Bike Co"});
    assert_eq!(call("parcel_echo_lookup", args.clone()), (false, args.to_string()));
    assert_eq!(
        call("parcel_track", json!({"parcel_number": "PN-00000042", "carrier": "other"})),
        (
            true,
            "invalid input: missing required argument `carrier_name` (when `carrier` is \"other\")"
                .to_owned()
        )
    );
    assert_eq!(
        call("parcel_add_note", json!({"parcel_number": "PN-00000042", "note": "ring twice"})),
        (false, "2 fields".to_owned())
    );
}
