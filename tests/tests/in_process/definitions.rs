//! The tool definitions exactly as `tools/list` sends them, which is what the model reads.
//!
//! One JSON snapshot per tool makes every change to a name, description, schema or
//! annotation show up as a reviewable diff. The other tests state the properties every
//! listing must keep, whatever the snapshots say: lean (no `$schema`, titles or float
//! `format`s inside schemas), closed (`additionalProperties: false` at the root), and with
//! units where the model reads them.

use crate::common;

use serde_json::Value;

fn listing() -> Vec<Value> {
    let registry = common::registry();
    registry
        .tool_definitions()
        .iter()
        .map(|tool| serde_json::to_value(tool).expect("a tool serializes"))
        .collect()
}

fn tool<'a>(listing: &'a [Value], name: &str) -> &'a Value {
    listing
        .iter()
        .find(|t| t["name"] == name)
        .unwrap_or_else(|| panic!("`{name}` is listed"))
}

#[test]
fn each_tool_matches_its_snapshot() {
    for tool in listing() {
        let name = tool["name"].as_str().expect("a name").to_owned();
        insta::assert_json_snapshot!(name, tool);
    }
}

#[test]
fn tools_are_listed_in_registration_order() {
    let names: Vec<String> = listing()
        .iter()
        .map(|t| t["name"].as_str().expect("a name").to_owned())
        .collect();
    assert_eq!(names, common::TOOL_NAMES);
}

/// Every place in `schema` where the keyword `key` appears, as JSON pointers. Names of
/// properties are not keywords, so a property called `title` does not count.
fn keyword_uses(schema: &Value, key: &str, at: &str, found: &mut Vec<String>) {
    match schema {
        Value::Object(map) => {
            for (k, v) in map {
                let here = format!("{at}/{k}");
                if k == key {
                    found.push(here.clone());
                }
                if k == "properties"
                    && let Value::Object(properties) = v
                {
                    for (name, property) in properties {
                        keyword_uses(property, key, &format!("{here}/{name}"), found);
                    }
                } else {
                    keyword_uses(v, key, &here, found);
                }
            }
        }
        Value::Array(items) => {
            for (i, v) in items.iter().enumerate() {
                keyword_uses(v, key, &format!("{at}/{i}"), found);
            }
        }
        _ => {}
    }
}

#[test]
fn schemas_are_lean() {
    for tool in listing() {
        for which in ["inputSchema", "outputSchema"] {
            let Some(schema) = tool.get(which) else {
                continue;
            };
            let at = format!("{}/{which}", tool["name"]);
            let mut noise = Vec::new();
            keyword_uses(schema, "$schema", &at, &mut noise);
            keyword_uses(schema, "title", &at, &mut noise);
            assert!(
                noise.is_empty(),
                "schemas carry $schema or titles: {noise:?}"
            );

            // Numeric `format`s (`double`, `uint32`, …) tell the model nothing that
            // `type`, `minimum` and `maximum` do not; only string formats may remain.
            let mut formats = Vec::new();
            keyword_uses(schema, "format", &at, &mut formats);
            for pointer in formats {
                let format = schema
                    .pointer(
                        pointer
                            .strip_prefix(&at)
                            .expect("a pointer under the schema"),
                    )
                    .and_then(Value::as_str)
                    .unwrap_or_default();
                assert!(
                    [
                        "date-time",
                        "date",
                        "time",
                        "email",
                        "uri",
                        "uuid",
                        "ipv4",
                        "ipv6",
                        "hostname"
                    ]
                    .contains(&format),
                    "{pointer} is `{format}`"
                );
            }
        }
    }
}

#[test]
fn input_schemas_are_closed_objects() {
    for tool in listing() {
        let schema = &tool["inputSchema"];
        assert_eq!(schema["type"], "object", "{}", tool["name"]);
        assert_eq!(
            schema["additionalProperties"],
            Value::Bool(false),
            "{} accepts unknown arguments",
            tool["name"]
        );
    }
}

#[test]
fn units_are_written_into_descriptions() {
    let listing = listing();
    let description = |tool_name: &str, param: &str| {
        tool(&listing, tool_name)["inputSchema"]["properties"][param]["description"]
            .as_str()
            .unwrap_or_else(|| panic!("{tool_name}.{param} has a description"))
            .to_owned()
    };
    // From the name's suffix.
    assert!(description("shipment_set_weight", "weight_kg").contains("kg"));
    assert!(description("pickup_book", "window_minutes").contains("min"));
    assert!(description("shipment_set_storage", "max_transit_days").contains("days"));
    // From `unit = "…"`.
    assert!(description("shipment_set_storage", "max_temperature").contains("°C"));
}

#[test]
fn descriptions_keep_paragraphs_and_param_docs() {
    let listing = listing();
    let search = tool(&listing, "shipment_search");
    assert_eq!(
        search["description"],
        "Find shipments by recipient, status or creation time, newest first.\n\n\
         Use to find a shipment number before calling `shipment_get_status`. Without a \
         `query`, every shipment matching the other filters is listed."
    );
    assert_eq!(
        search["inputSchema"]["properties"]["query"]["description"],
        "Words from the recipient's name or address."
    );
    // The title comes from the name, namespace included, so a tool picker can show it alone.
    assert_eq!(search["title"], "Shipment: Search");
}

#[test]
fn required_lists_exactly_the_arguments_without_default_or_option() {
    let listing = listing();
    let required = |name: &str| tool(&listing, name)["inputSchema"].get("required").cloned();
    assert_eq!(
        required("shipment_set_weight"),
        Some(serde_json::json!(["shipment_number", "weight_kg"]))
    );
    // Option, a default, and ResponseFormat are all optional.
    assert_eq!(required("shipment_search"), None);
    assert_eq!(
        required("pickup_book"),
        Some(serde_json::json!(["ready_at", "shipment_numbers"]))
    );
    assert_eq!(required("depot_check_open"), None);
}

#[test]
fn structured_outputs_publish_an_object_schema() {
    let listing = listing();
    let status = &tool(&listing, "shipment_get_status")["outputSchema"];
    assert_eq!(status["type"], "object");
    assert!(status["properties"]["shipment_number"].is_object());
    // A list is not an object, so it travels wrapped as `{"result": [...]}`.
    let search = &tool(&listing, "shipment_search")["outputSchema"];
    assert_eq!(search["required"], serde_json::json!(["result"]));
    assert_eq!(search["properties"]["result"]["type"], "array");
    // Text results publish no output schema.
    assert!(
        tool(&listing, "shipment_set_weight")
            .get("outputSchema")
            .is_none()
    );
}
