//! Tools whose input schema is a hand-written JSON Schema file,
//! `#[tool(input_schema = "schemas/….json")]`: `tools/list` publishes the file as written,
//! and calls are checked against it by the runtime's validator before the fn sees them.
//!
//! Two tools: the conformance suite's `json_schema_2020_12_tool`, whose schema (a `$schema`,
//! `$defs` and a `$ref`, `additionalProperties: false`) must survive verbatim, and a
//! shipping tool whose schema a Rust type could not express: `if`/`then`/`else` inside
//! `allOf` (an express shipment needs a deadline, only freight takes pallets, dangerous
//! goods carry one UN number), `dependentRequired`, and an address in `$defs` reached by a
//! pointer and through the root's `$id`. A third file uses a keyword the validator does not
//! enforce, and the registry refuses to build with it.

use mcp_tools::{
    Registry,
    prelude::*,
    rmcp::model::{CallToolResult, JsonObject},
};
use serde::Deserialize;
use serde_json::{Value, json};

/// Echo a person's name and postal address back as JSON.
///
/// The conformance suite's probe for JSON Schema 2020-12 input schemas (`$defs`, `$ref`).
#[tool(
    name = "json_schema_2020_12_tool",
    input_schema = "schemas/json_schema_2020_12_tool.json",
    read_only,
    allow(namespace_required)
)]
async fn json_schema_2020_12_tool(args: Value) -> String {
    args.to_string()
}

/// The depot that books shipments.
struct Depot {
    name: &'static str,
}

/// A booking, as the schema file describes it; serde reads what the validator let through.
#[derive(Debug, Deserialize)]
struct Booking {
    method: String,
    deadline: Option<String>,
    pallets: Option<u8>,
    weight_kg: f64,
    origin: Address,
    destination: Address,
    #[serde(default)]
    labels: Vec<String>,
}

#[derive(Debug, Deserialize)]
struct Address {
    city: String,
    country: String,
}

/// Book a shipment from an origin to a destination address, by road.
///
/// Use once the sender has chosen a method; express needs a deadline, freight a pallet count.
#[tool(
    namespace = "shipment",
    input_schema = "schemas/book_shipment.json",
    destructive = false
)]
async fn book(depot: State<Depot>, booking: Booking, ctx: ToolContext) -> String {
    format!(
        "{} via {}: {} {} kg from {} ({}) to {} ({}), deadline {:?}, pallets {:?}, labels {:?}, at {}",
        ctx.tool_name(),
        depot.name,
        booking.method,
        booking.weight_kg,
        booking.origin.city,
        booking.origin.country,
        booking.destination.city,
        booking.destination.country,
        booking.deadline,
        booking.pallets,
        booking.labels,
        depot.name,
    )
}

/// Look up the rates of each delivery zone.
///
/// Use before quoting a price for a shipment.
#[tool(
    namespace = "shipment",
    input_schema = "schemas/unenforced_keyword.json",
    read_only
)]
async fn get_rates(args: JsonObject) -> String {
    format!("{} zones", args.len())
}

fn registry() -> Registry {
    Registry::builder()
        .state(Depot { name: "north" })
        .tools(tools![json_schema_2020_12_tool, book])
        .build()
        .expect("the registry builds")
}

/// The schema file as written, parsed with its key order.
fn file(name: &str) -> Value {
    let path = format!("{}/schemas/{name}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("read {path}: {e}"));
    serde_json::from_str(&text).expect("the fixture is JSON")
}

/// The tool as `tools/list` sends it.
fn listed(registry: &Registry, name: &str) -> Value {
    let tool = registry
        .tool_definitions()
        .iter()
        .find(|t| t.name == name)
        .unwrap_or_else(|| panic!("`{name}` is listed"));
    serde_json::to_value(tool).expect("a tool serializes")
}

fn call(registry: &Registry, name: &str, args: Value) -> CallToolResult {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_time()
        .build()
        .expect("a runtime");
    runtime
        .block_on(registry.call(name, args))
        .unwrap_or_else(|err| panic!("`{name}` is a known tool: {err:?}"))
}

fn text(result: &CallToolResult) -> String {
    result
        .content
        .iter()
        .filter_map(|block| block.as_text())
        .map(|t| t.text.clone())
        .collect::<Vec<_>>()
        .join("\n")
}

/// The text of a call that must fail on its arguments.
fn refused(registry: &Registry, name: &str, args: Value) -> String {
    let result = call(registry, name, args.clone());
    let text = text(&result);
    assert_eq!(
        result.is_error,
        Some(true),
        "`{name}` accepted {args}: {text}"
    );
    assert!(text.starts_with("invalid input: "), "{text}");
    text
}

/// A valid booking, to break one rule at a time.
fn booking() -> Value {
    json!({
        "method": "express",
        "deadline": "2026-05-04T17:00:00+02:00",
        "weight_kg": 12.5,
        "origin": {"street": "Hafenstr. 1", "city": "Hamburg", "postal_code": "20457", "country": "DE"},
        "destination": {"street": "Rue de Rivoli 2", "city": "Paris", "postal_code": "75001", "country": "FR"}
    })
}

#[test]
fn the_conformance_schema_is_listed_byte_for_byte() {
    let registry = registry();
    let tool = listed(&registry, "json_schema_2020_12_tool");
    let path = format!(
        "{}/schemas/json_schema_2020_12_tool.json",
        env!("CARGO_MANIFEST_DIR")
    );
    let written = std::fs::read_to_string(path).expect("read the fixture");
    // The file is compact JSON: what goes on the wire is its very text.
    assert_eq!(tool["inputSchema"].to_string(), written.trim_end());
    assert_eq!(
        tool["inputSchema"]["$schema"],
        "https://json-schema.org/draft/2020-12/schema"
    );
    assert_eq!(
        tool["inputSchema"]["$defs"]["address"],
        json!({"type": "object", "properties": {"street": {"type": "string"}, "city": {"type": "string"}}})
    );
    assert_eq!(tool["inputSchema"]["additionalProperties"], json!(false));
}

#[test]
fn a_pretty_printed_schema_is_listed_with_its_keys_in_order() {
    let registry = registry();
    let tool = listed(&registry, "shipment_book");
    let expected = file("book_shipment.json");
    assert_eq!(tool["inputSchema"], expected);
    // `Value`'s equality ignores key order; the text does not.
    assert_eq!(tool["inputSchema"].to_string(), expected.to_string());
    let keys: Vec<&String> = tool["inputSchema"]
        .as_object()
        .expect("an object")
        .keys()
        .collect();
    assert_eq!(
        keys,
        [
            "$schema",
            "$id",
            "title",
            "type",
            "properties",
            "required",
            "additionalProperties",
            "allOf",
            "dependentRequired",
            "$defs"
        ]
    );
}

#[test]
fn valid_arguments_reach_the_fn() {
    let registry = registry();
    let args = json!({"name": "Ada", "address": {"street": "1 Main St", "city": "Springfield"}});
    let result = call(&registry, "json_schema_2020_12_tool", args.clone());
    assert_eq!(result.is_error, None, "{}", text(&result));
    assert_eq!(text(&result), args.to_string());

    let result = call(&registry, "shipment_book", booking());
    assert_eq!(result.is_error, None, "{}", text(&result));
    assert_eq!(
        text(&result),
        "shipment_book via north: express 12.5 kg from Hamburg (DE) to Paris (FR), deadline Some(\"2026-05-04T17:00:00+02:00\"), pallets None, labels [], at north"
    );

    let mut freight = booking();
    freight["method"] = json!("freight");
    freight["pallets"] = json!(4.0);
    freight["hazardous"] = json!(true);
    freight["labels"] = json!(["fragile", "UN1203"]);
    freight["insured_value_eur"] = json!(20000);
    freight["signature_required"] = json!(true);
    freight["destination"] = json!({
        "street": "1 Main St", "city": "Austin", "postal_code": "78701", "country": "US", "state": "TX"
    });
    let result = call(&registry, "shipment_book", freight);
    assert_eq!(result.is_error, None, "{}", text(&result));
    // `4.0` was normalised to the integer the schema asks for before serde read it.
    assert!(
        text(&result).contains("pallets Some(4)"),
        "{}",
        text(&result)
    );
}

#[test]
fn if_then_else_is_enforced_and_names_the_condition() {
    let registry = registry();
    let mut express = booking();
    express
        .as_object_mut()
        .expect("an object")
        .remove("deadline");
    assert_eq!(
        refused(&registry, "shipment_book", express),
        "invalid input: missing required argument `deadline` (when `method` is \"express\")"
    );
    let mut standard = booking();
    standard["method"] = json!("standard");
    standard["pallets"] = json!(2);
    assert_eq!(
        refused(&registry, "shipment_book", standard),
        "invalid input: pallets is not allowed (unless `method` is \"freight\")"
    );
}

#[test]
fn all_of_branches_are_each_enforced() {
    let registry = registry();
    let mut freight = booking();
    freight["method"] = json!("freight");
    assert_eq!(
        refused(&registry, "shipment_book", freight.clone()),
        "invalid input: missing required argument `pallets` (when `method` is \"freight\")"
    );
    freight["pallets"] = json!(3);
    freight["hazardous"] = json!(true);
    freight["labels"] = json!(["fragile", "UN1203", "UN1993"]);
    assert_eq!(
        refused(&registry, "shipment_book", freight),
        "invalid input: labels must contain at most 1 item that matches its `contains` schema; got 2 (when `hazardous` is true)"
    );
}

#[test]
fn refs_into_defs_are_enforced_at_the_path_of_the_value() {
    let registry = registry();
    let mut bad = booking();
    bad["origin"]["postal_code"] = json!("D-20457");
    // Reached through the root's `$id`: the same `$defs` entry.
    bad["destination"]["country"] = json!("US");
    assert_eq!(
        refused(&registry, "shipment_book", bad),
        "invalid input: origin.postal_code must match ^[0-9]{4,5}$; got \"D-20457\"\n\
         destination is missing required field `state` (when `destination.country` is \"US\")"
    );
    let conformance = json!({"name": "Ada", "address": {"street": 1}});
    assert_eq!(
        refused(&registry, "json_schema_2020_12_tool", conformance),
        "invalid input: address.street must be a string; got 1"
    );
}

#[test]
fn additional_properties_false_refuses_unknown_keys_with_the_nearest_name() {
    let registry = registry();
    let mut bad = booking();
    let weight = bad
        .as_object_mut()
        .and_then(|b| b.remove("weight_kg"))
        .expect("a weight");
    bad["weight"] = weight;
    bad["origin"]["zip"] = json!("20457");
    assert_eq!(
        refused(&registry, "shipment_book", bad),
        "invalid input: unknown argument `weight`; did you mean `weight_kg`?\n\
         missing required argument `weight_kg`\n\
         origin has unknown field `zip`; expected `street`, `city`, `postal_code`, `country`, `state`"
    );
    assert_eq!(
        refused(
            &registry,
            "json_schema_2020_12_tool",
            json!({"nmae": "Ada"})
        ),
        "invalid input: unknown argument `nmae`; did you mean `name`?"
    );
}

#[test]
fn dependent_required_names_the_argument_that_needs_it() {
    let registry = registry();
    let mut insured = booking();
    insured["insured_value_eur"] = json!(500);
    assert_eq!(
        refused(&registry, "shipment_book", insured),
        "invalid input: missing required argument `signature_required` (when `insured_value_eur` is given)"
    );
}

#[test]
fn a_keyword_the_validator_does_not_enforce_stops_the_registry() {
    let err = Registry::builder()
        .tools(tools![get_rates])
        .build()
        .expect_err("the schema has a keyword the check would not enforce");
    assert_eq!(
        err.problems(),
        [
            "tool `shipment_get_rates` (in_process::raw_schema::get_rates): its input schema `schemas/unenforced_keyword.json`: `unevaluatedItems` at #/properties/zones is a JSON Schema keyword the argument check does not enforce, so calls could break it unnoticed"
        ]
    );
}
