//! Regressions of the validator's closed world, through a real registry: what the
//! published input schema forbids is refused before the handler runs, and a schema keyword
//! the check does not enforce stops the registry from building.

// The handlers only deserialize the parameter types; nothing reads their fields.
#![allow(dead_code)]

use std::{
    borrow::Cow,
    sync::atomic::{AtomicUsize, Ordering},
};

use mcp_tools::{Registry, tool, tools};
use schemars::{JsonSchema, Schema, SchemaGenerator, json_schema};
use serde::Deserialize;
use serde_json::{Value, json};

static RUNS: AtomicUsize = AtomicUsize::new(0);

/// A short code and a check digit.
#[derive(Debug, Deserialize, JsonSchema)]
struct Code(#[schemars(length(max = 3))] String, u8);

/// A delivery address.
#[derive(Debug, Deserialize, JsonSchema)]
struct Address {
    /// City or town.
    city: String,
}

/// Where a parcel goes.
#[derive(Debug, Deserialize, JsonSchema)]
struct Route {
    /// The destination.
    to: Address,
}

/// Record a parcel's code, pickup word and route.
///
/// Use when a parcel is registered.
#[tool(namespace = "parcel", destructive = false, idempotent)]
async fn register(
    /// The parcel's code and check digit.
    code: Code,
    /// Four lower-case letters or digits, at least one a digit.
    #[param(pattern = r"^(?=.*\d)[a-z\d]{4}$")]
    word: String,
    /// Where it goes.
    route: Route,
) -> String {
    let _ = (code, word, route);
    RUNS.fetch_add(1, Ordering::SeqCst);
    "registered".to_owned()
}

/// Tags, closed by `unevaluatedItems`, which the check does not enforce.
#[derive(Debug, Deserialize)]
struct UrgentTags(Vec<String>);

impl JsonSchema for UrgentTags {
    fn schema_name() -> Cow<'static, str> {
        "UrgentTags".into()
    }

    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        json_schema!({"type": "array", "prefixItems": [{"type": "string"}], "unevaluatedItems": false})
    }
}

/// Tag a parcel.
///
/// Use to mark parcels for the sorting line.
#[tool(namespace = "parcel", destructive = false, idempotent)]
async fn tag(
    /// The tags; one must be `urgent`.
    tags: UrgentTags,
) -> String {
    let _ = tags;
    "tagged".to_owned()
}

fn registry() -> Registry {
    Registry::builder()
        .tools(tools![register])
        .build()
        .expect("builds")
}

/// The text of an error result, or `None` if the call succeeded.
fn refusal(registry: &Registry, args: Value) -> Option<String> {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_time()
        .build()
        .expect("a runtime");
    let result = runtime
        .block_on(registry.call("parcel_register", args))
        .expect("a known tool");
    (result.is_error == Some(true)).then(|| {
        result
            .content
            .first()
            .and_then(|c| c.as_text())
            .map(|t| t.text.clone())
            .unwrap_or_default()
    })
}

fn valid() -> Value {
    json!({"code": ["ABC", 1], "word": "ab12", "route": {"to": {"city": "Busan"}}})
}

#[test]
fn valid_arguments_reach_the_handler() {
    let before = RUNS.load(Ordering::SeqCst);
    assert_eq!(refusal(&registry(), valid()), None);
    assert!(RUNS.load(Ordering::SeqCst) > before);
}

#[test]
fn a_tuple_item_breaking_its_schema_is_refused() {
    let mut args = valid();
    args["code"] = json!(["TOOLONG", 1]);
    let text = refusal(&registry(), args).expect("refused");
    assert!(
        text.contains("code[0] must be at most 3 characters long; got 7"),
        "{text}"
    );
}

#[test]
fn a_lookahead_pattern_is_enforced() {
    let mut args = valid();
    args["word"] = json!("abcd");
    let text = refusal(&registry(), args).expect("refused");
    assert!(
        text.contains(r#"word must match ^(?=.*\d)[a-z\d]{4}$; got "abcd""#),
        "{text}"
    );
}

#[test]
fn an_unknown_field_in_a_nested_struct_is_refused() {
    let registry = registry();
    let tool = registry
        .tool_definitions()
        .iter()
        .find(|t| t.name == "parcel_register")
        .expect("listed");
    let schema = Value::Object((*tool.input_schema).clone());
    assert_eq!(
        schema["properties"]["route"]["properties"]["to"]["additionalProperties"],
        json!(false),
        "the published schema says so: {schema}"
    );
    let mut args = valid();
    args["route"]["to"]["town"] = json!("Busan");
    let text = refusal(&registry, args).expect("refused");
    assert!(
        text.contains("route.to has unknown field `town`; expected `city`"),
        "{text}"
    );
}

#[test]
fn a_keyword_the_check_does_not_enforce_fails_the_build() {
    let err = Registry::builder()
        .tools(tools![register, tag])
        .build()
        .expect_err("refused");
    assert_eq!(err.problems().len(), 1, "{err}");
    let problem = &err.problems()[0];
    assert!(problem.starts_with("tool `parcel_tag` ("), "{problem}");
    assert!(
        problem.contains("`unevaluatedItems` at #/properties/tags is a JSON Schema keyword the argument check does not enforce"),
        "{problem}"
    );
}

/// Which parcels to list: an argument struct whose fields carry `#[param]` keys.
#[derive(Debug, Deserialize, mcp_tools::ToolArgs)]
struct ParcelFilters {
    /// Most parcels to return.
    #[param(min = 1, max = 50)]
    limit: u32,
    /// Only parcels heavier than this.
    min_weight_kg: Option<f64>,
    /// The depot's code, three capital letters.
    #[param(pattern = "^[A-Z]{3}$", example = "ICN")]
    depot: Option<String>,
}

/// List parcels, heaviest first.
#[tool(namespace = "parcel", read_only)]
async fn list(
    /// Which parcels.
    filters: ParcelFilters,
) -> String {
    format!("{} parcels", filters.limit)
}

/// The published schema of `filters`, and the refusal of a call, of the `parcel_list` tool.
fn filters_tool(args: Value) -> (Value, Option<String>) {
    let registry = Registry::builder()
        .tools(tools![list])
        .build()
        .expect("builds");
    let tool = registry
        .tool_definitions()
        .iter()
        .find(|t| t.name == "parcel_list")
        .expect("listed");
    let schema = Value::Object((*tool.input_schema).clone())["properties"]["filters"].clone();
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_time()
        .build()
        .expect("a runtime");
    let result = runtime
        .block_on(registry.call("parcel_list", args))
        .expect("a known tool");
    let refusal = (result.is_error == Some(true)).then(|| {
        result
            .content
            .first()
            .and_then(|c| c.as_text())
            .map(|t| t.text.clone())
            .unwrap_or_default()
    });
    (schema, refusal)
}

#[test]
fn tool_args_fields_carry_their_keys_into_the_schema_and_every_call() {
    let (schema, refusal) = filters_tool(json!({"filters": {"limit": 10, "depot": "ICN"}}));
    assert_eq!(refusal, None);
    let fields = &schema["properties"];
    assert_eq!(fields["limit"]["maximum"], json!(50), "{schema}");
    assert_eq!(fields["limit"]["minimum"], json!(1), "{schema}");
    assert_eq!(fields["depot"]["pattern"], json!("^[A-Z]{3}$"), "{schema}");
    assert_eq!(fields["depot"]["examples"], json!(["ICN"]), "{schema}");
    // The unit from the name's suffix is written where the model reads it, as for a parameter.
    let weight = fields["min_weight_kg"]["description"]
        .as_str()
        .unwrap_or_default();
    assert!(weight.ends_with("Unit: kg."), "{schema}");

    let (_, refusal) = filters_tool(json!({"filters": {"limit": 500}}));
    let text = refusal.expect("over the bound: refused");
    assert!(text.contains("filters.limit must be at most 50"), "{text}");
    let (_, refusal) = filters_tool(json!({"filters": {"limit": 5, "depot": "icn"}}));
    assert!(
        refusal
            .expect("refused")
            .contains("filters.depot must match")
    );
}

/// Whether calling `tool` with `args` failed, and the text of its first block.
fn called(registry: &Registry, tool: &str, args: Value) -> (bool, String) {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_time()
        .build()
        .expect("a runtime");
    let result = runtime
        .block_on(registry.call(tool, args))
        .expect("a known tool");
    let text = result.content[0].as_text().expect("text").text.clone();
    (result.is_error == Some(true), text)
}

/// The same filters as the whole arguments object, the way an rmcp server takes them.
#[tool(namespace = "parcel", name = "find", read_only)]
async fn find(args: mcp_tools::Args<ParcelFilters>) -> String {
    format!("{} parcels from {:?}", args.limit, args.depot)
}

#[test]
fn args_struct_fields_are_the_tools_own_arguments() {
    let registry = Registry::builder()
        .tools(tools![find])
        .build()
        .expect("builds");
    let tool = &registry.tool_definitions()[0];
    let schema = Value::Object((*tool.input_schema).clone());
    assert_eq!(schema["type"], json!("object"));
    assert_eq!(schema["additionalProperties"], json!(false), "{schema}");
    assert_eq!(schema["required"], json!(["limit"]), "{schema}");
    let fields = &schema["properties"];
    assert!(fields.get("args").is_none(), "{schema}");
    assert_eq!(fields["limit"]["maximum"], json!(50), "{schema}");
    assert_eq!(fields["depot"]["pattern"], json!("^[A-Z]{3}$"), "{schema}");

    let text = |args: Value| called(&registry, "parcel_find", args);
    assert_eq!(
        text(json!({"limit": 3, "depot": "ICN"})),
        (false, "3 parcels from Some(\"ICN\")".to_owned())
    );
    let (refused, message) = text(json!({"limit": 500}));
    assert!(
        refused && message.contains("limit must be at most 50"),
        "{message}"
    );
    let (refused, message) = text(json!({"limit": 5, "filters": {}}));
    assert!(refused && message.contains("filters"), "{message}");
    let (refused, message) = text(json!({}));
    assert!(refused && message.contains("limit"), "{message}");
}

/// The filters beside an ordinary parameter of the tool's own, as a port of a server whose
/// tools take a repository and a group of options does.
#[tool(namespace = "parcel", name = "find_in", read_only)]
async fn find_in(
    /// The depot's ledger to search, by its file name.
    #[param(min_length = 1)]
    ledger: String,
    args: mcp_tools::Args<ParcelFilters>,
) -> String {
    format!("{ledger}: {} parcels from {:?}", args.limit, args.depot)
}

#[test]
fn an_args_struct_stands_beside_ordinary_parameters() {
    let registry = Registry::builder()
        .tools(tools![find_in])
        .build()
        .expect("builds");
    let tool = &registry.tool_definitions()[0];
    let schema = Value::Object((*tool.input_schema).clone());
    assert_eq!(schema["additionalProperties"], json!(false), "{schema}");
    // The parameter and the struct's fields are one flat set of properties.
    assert_eq!(schema["required"], json!(["ledger", "limit"]), "{schema}");
    let fields = &schema["properties"];
    assert!(fields.get("args").is_none(), "{schema}");
    assert_eq!(fields["ledger"]["minLength"], json!(1), "{schema}");
    assert_eq!(fields["limit"]["maximum"], json!(50), "{schema}");

    let text = |args: Value| called(&registry, "parcel_find_in", args);
    assert_eq!(
        text(json!({"ledger": "icn.csv", "limit": 3, "depot": "ICN"})),
        (false, "icn.csv: 3 parcels from Some(\"ICN\")".to_owned())
    );
    // Each bad argument is named, the parameter's and the field's alike.
    let (refused, message) = text(json!({"ledger": "", "limit": 500}));
    assert!(refused, "{message}");
    assert!(message.contains("ledger"), "{message}");
    assert!(message.contains("limit must be at most 50"), "{message}");
}

/// A field and a parameter with one name would be one property twice.
#[tool(namespace = "parcel", name = "count", read_only)]
async fn count(
    args: mcp_tools::Args<ParcelFilters>,
    /// Most parcels to count.
    #[param(max = 10)]
    limit: u32,
) -> String {
    format!("{} {limit}", args.limit)
}

#[test]
fn a_field_named_like_a_parameter_fails_the_build() {
    let err = Registry::builder()
        .tools(tools![count])
        .build()
        .expect_err("two arguments named `limit`");
    assert!(
        err.to_string().contains("two arguments are named `limit`"),
        "{err}"
    );
}
