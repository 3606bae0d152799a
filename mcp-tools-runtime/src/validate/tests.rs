use serde_json::{Value, json};

use super::Validator;
use crate::meta::ParamMeta;

const fn param(
    name: &'static str,
    unit: Option<&'static str>,
    example: Option<&'static str>,
) -> ParamMeta {
    ParamMeta {
        name,
        rust_name: name,
        description: None,
        required: true,
        unit,
        minimum: None,
        maximum: None,
        min_length: None,
        max_length: None,
        pattern: None,
        format: None,
        default: None,
        example,
        narrows: None,
    }
}

static PARAMS: [ParamMeta; 2] = [
    param("shipment_number", None, Some("\"SH-2026-004211\"")),
    param("weight_kg", Some("kg"), None),
];

fn validator() -> Validator {
    let schema = json!({
        "type": "object",
        "properties": {
            "shipment_number": {"type": "string", "pattern": "^SH-\\d{4}-\\d{6}$"},
            "weight_kg": {"type": "number", "minimum": 0.1, "maximum": 30000},
            "status": {"type": "string", "enum": ["pending", "in_transit", "delivered"]},
            "tags": {"type": "array", "items": {"type": "string", "minLength": 1}, "maxItems": 2},
            "count": {"type": "integer", "minimum": 1},
            "address": {
                "type": "object",
                "properties": {"city": {"type": "string"}},
                "required": ["city"],
                "additionalProperties": false
            }
        },
        "required": ["shipment_number", "weight_kg"],
        "additionalProperties": false
    });
    let Value::Object(schema) = schema else {
        unreachable!()
    };
    Validator::compile(&schema, &PARAMS).expect("the schema compiles")
}

fn errors(args: Value) -> Vec<String> {
    let Value::Object(mut args) = args else {
        panic!("not an object")
    };
    validator().validate(&mut args).err().unwrap_or_default()
}

#[test]
fn accepts_valid_arguments() {
    assert!(errors(json!({"shipment_number": "SH-2026-004211", "weight_kg": 12.5})).is_empty());
}

#[test]
fn names_parameter_bound_unit_and_value() {
    assert_eq!(
        errors(json!({"shipment_number": "SH-2026-004211", "weight_kg": 45000})),
        ["weight_kg must be at most 30000 (kg); got 45000"]
    );
}

#[test]
fn reports_every_problem_at_once() {
    let found =
        errors(json!({"shipment_number": "SH-1", "weight": 3, "status": "shipped", "count": 0}));
    assert_eq!(
        found,
        [
            "unknown argument `weight`; did you mean `weight_kg`?",
            "missing required argument `weight_kg`",
            "shipment_number must match ^SH-\\d{4}-\\d{6}$, like SH-2026-004211; got \"SH-1\"",
            "status must be one of \"pending\", \"in_transit\", \"delivered\"; got \"shipped\"",
            "count must be at least 1; got 0",
        ]
    );
}

#[test]
fn type_errors_and_nested_paths() {
    let found = errors(json!({
        "shipment_number": 7,
        "weight_kg": "heavy",
        "tags": ["a", "", "c"],
        "address": {"town": "Busan"}
    }));
    assert_eq!(
        found,
        [
            "shipment_number must be a string; got 7",
            "weight_kg must be a number; got \"heavy\"",
            "tags must have at most 2 items; got 3",
            "tags[1] must not be empty",
            "address has unknown field `town`; expected `city`",
            "address is missing required field `city`",
        ]
    );
}

#[test]
fn integral_floats_count_as_integers_and_are_normalised() {
    let Value::Object(mut args) =
        json!({"shipment_number": "SH-2026-004211", "weight_kg": 1, "count": 3.0})
    else {
        unreachable!()
    };
    validator().validate(&mut args).unwrap();
    assert_eq!(args["count"], json!(3));
    assert!(args["count"].is_u64());
    assert_eq!(
        errors(json!({"shipment_number": "SH-2026-004211", "weight_kg": 1, "count": 2.5})),
        ["count must be an integer; got 2.5"]
    );
}

#[test]
fn long_values_are_cut_in_messages() {
    let long = "x".repeat(500);
    let found = errors(json!({"shipment_number": long, "weight_kg": 1}));
    assert!(found[0].len() < 150, "{}", found[0]);
    assert!(found[0].ends_with("…"));
}

#[test]
fn null_for_an_optional_argument_says_to_leave_it_out() {
    assert_eq!(
        errors(json!({"shipment_number": "SH-2026-004211", "weight_kg": 1, "status": null})),
        ["status cannot be null; leave it out to use its default"]
    );
}

fn compiled(schema: Value) -> Result<Validator, Vec<String>> {
    let Value::Object(schema) = schema else {
        panic!("not an object")
    };
    Validator::compile(&schema, &[])
}

/// The errors `args` meets under a closed root with one property, `x`, of schema `x`.
fn errors_for(x: Value, args: Value) -> Vec<String> {
    let validator = compiled(json!({
        "type": "object",
        "properties": {"x": x},
        "additionalProperties": false
    }))
    .expect("the schema compiles");
    let Value::Object(mut args) = args else {
        panic!("not an object")
    };
    validator.validate(&mut args).err().unwrap_or_default()
}

fn param_schema<T: schemars::JsonSchema>() -> Value {
    Value::Object(crate::schema::input_schema_for::<T>())
}

// Defect: `prefixItems` was skipped, so a tuple's items were never checked.
#[test]
fn tuples_check_each_item_against_its_own_schema() {
    #[derive(schemars::JsonSchema)]
    #[allow(dead_code)]
    struct Code(#[schemars(length(max = 3))] String, u8);
    let schema = param_schema::<Code>();
    assert_eq!(
        errors_for(schema.clone(), json!({"x": ["TOOLONG", 1]})),
        ["x[0] must be at most 3 characters long; got 7"]
    );
    assert_eq!(
        errors_for(schema.clone(), json!({"x": ["ABC", 256]})),
        ["x[1] must be at most 255; got 256"]
    );
    assert_eq!(
        errors_for(schema.clone(), json!({"x": ["ABC"]})),
        ["x must have at least 2 items; got 1"]
    );
    assert!(errors_for(schema, json!({"x": ["ABC", 1]})).is_empty());
    // `items: false` after the prefix refuses any further item.
    let closed = json!({"type": "array", "prefixItems": [{"type": "integer"}], "items": false});
    assert_eq!(
        errors_for(closed, json!({"x": [1, 2]})),
        ["x[1] is not allowed"]
    );
}

// Defect: a pattern regex-lite could not compile (lookahead) was dropped.
#[test]
fn ecma_patterns_with_lookahead_and_backreferences_are_enforced() {
    let lookahead = json!({"type": "string", "pattern": "^(?=.*\\d)[a-z\\d]{4}$"});
    assert_eq!(
        errors_for(lookahead.clone(), json!({"x": "abcd"})),
        ["x must match ^(?=.*\\d)[a-z\\d]{4}$; got \"abcd\""]
    );
    assert!(errors_for(lookahead, json!({"x": "abc1"})).is_empty());
    let backreference = json!({"type": "string", "pattern": "^(a+)-\\1$"});
    assert!(errors_for(backreference.clone(), json!({"x": "aa-aa"})).is_empty());
    assert_eq!(errors_for(backreference, json!({"x": "aa-a"})).len(), 1);
    // `\d` is ASCII digits in ECMA-262, `\p{L}` needs the `u` flag.
    let digits = json!({"type": "string", "pattern": "^\\d+$"});
    assert_eq!(errors_for(digits, json!({"x": "١٢٣"})).len(), 1);
    let letters = json!({"type": "string", "pattern": "^\\p{L}+$"});
    assert!(errors_for(letters, json!({"x": "Überweg"})).is_empty());
}

#[test]
fn a_pattern_no_ecma_engine_compiles_is_refused() {
    let err = compiled(json!({"type": "string", "pattern": "^(ab$"})).unwrap_err();
    assert_eq!(err.len(), 1);
    assert!(
        err[0].starts_with("`pattern` at # is not an ECMA-262 regular expression"),
        "{err:?}"
    );
}

// Defect: unknown fields inside a nested struct were accepted.
#[test]
fn nested_structs_are_closed() {
    #[derive(schemars::JsonSchema)]
    #[allow(dead_code)]
    struct Address {
        city: String,
        zip: Option<String>,
    }
    #[derive(schemars::JsonSchema)]
    #[allow(dead_code)]
    struct Parcel {
        to: Address,
        tags: Vec<Address>,
        extra: Value,
        meta: serde_json::Map<String, Value>,
    }
    let schema = param_schema::<Parcel>();
    let found = errors_for(
        schema.clone(),
        json!({"x": {
            "to": {"city": "Busan", "cty": "x"},
            "tags": [{"city": "Seoul"}, {"city": "Jeju", "zipp": "1"}],
            "extra": {"anything": 1},
            "meta": {"free": true}
        }}),
    );
    assert_eq!(
        found,
        [
            "x.to has unknown field `cty`; expected `city`, `zip`",
            "x.tags[1] has unknown field `zipp`; did you mean `zip`?",
        ]
    );
    assert!(
        errors_for(
            schema,
            json!({"x": {"to": {"city": "Busan"}, "tags": [], "extra": null, "meta": {}}})
        )
        .is_empty()
    );
}

#[test]
fn keywords_the_check_does_not_enforce_are_refused_with_their_place() {
    let err = compiled(json!({
        "type": "object",
        "properties": {
            "tags": {"type": "array", "unevaluatedItems": false},
            "when": {"$dynamicRef": "#meta"},
            "size": {"type": "integer", "maximumm": 3}
        }
    }))
    .unwrap_err();
    let keywords: Vec<&str> = err
        .iter()
        .map(|e| {
            e.split(" is a JSON Schema keyword")
                .next()
                .unwrap_or_default()
        })
        .collect();
    assert_eq!(
        keywords,
        [
            "`unevaluatedItems` at #/properties/tags",
            "`$dynamicRef` at #/properties/when",
            "`maximumm` at #/properties/size",
        ]
    );
    // Annotations, unknown formats and `x-` extensions assert nothing and are allowed.
    compiled(json!({
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": "https://example.com/schemas/x.json",
        "$anchor": "top",
        "title": "t", "description": "d", "$comment": "c", "deprecated": true,
        "readOnly": false, "writeOnly": false, "examples": [1], "default": 1,
        "format": "partial-date-time", "x-unit": "kg"
    }))
    .expect("annotations compile");
    let err = compiled(json!({"$ref": "https://example.com/schema"})).unwrap_err();
    assert!(
        err[0].starts_with("`$ref` at # points outside the schema"),
        "{err:?}"
    );
}

#[test]
fn what_a_hand_written_schema_gets_wrong_is_refused_with_the_fix() {
    let err = compiled(json!({
        "$schema": "http://json-schema.org/draft-07/schema#",
        "type": "object",
        "$defs": {"inner": {"$id": "inner.json", "type": "string"}},
        "properties": {
            "a": {"$ref": "#inner"},
            "b": {"then": {"minLength": 1}},
            "c": {"type": "array", "minContains": 2}
        }
    }))
    .unwrap_err();
    assert_eq!(
        err,
        [
            "`$schema` at # is \"http://json-schema.org/draft-07/schema#\"; the argument check enforces JSON Schema 2020-12, so write `\"$schema\": \"https://json-schema.org/draft/2020-12/schema\"` and its keywords",
            "`$id` at #/$defs/inner starts a schema resource of its own inside the document; the argument check resolves `$ref`s against the root alone, so move the subschema into the root's `$defs` without an `$id`",
            "`$ref` at #/properties/a points to the anchor #inner; only JSON pointers are resolved, so write the anchored schema's place, like `#/$defs/inner`",
            "`then` at #/properties/b has no `if` beside it, so it constrains nothing",
            "`minContains` at #/properties/c has no `contains` beside it, so it constrains nothing",
        ]
    );
}

fn raw_errors(schema: Value, args: Value) -> Vec<String> {
    let validator = compiled(schema).expect("the schema compiles");
    let Value::Object(mut args) = args else {
        panic!("not an object")
    };
    validator.validate(&mut args).err().unwrap_or_default()
}

fn shipping() -> Value {
    json!({
        "type": "object",
        "properties": {
            "method": {"enum": ["standard", "express", "freight"]},
            "deadline": {"type": "string", "format": "date-time"},
            "pallets": {"type": "integer", "minimum": 1},
            "insured_value_eur": {"type": "number"},
            "signature": {"type": "boolean"},
            "address": {
                "type": "object",
                "properties": {"country": {"type": "string"}, "state": {"type": "string"}},
                "if": {"properties": {"country": {"const": "US"}}, "required": ["country"]},
                "then": {"required": ["state"]}
            }
        },
        "required": ["method"],
        "additionalProperties": false,
        "allOf": [
            {
                "if": {"properties": {"method": {"const": "express"}}, "required": ["method"]},
                "then": {"required": ["deadline"]}
            },
            {
                "if": {"properties": {"method": {"const": "freight"}}, "required": ["method"]},
                "then": {"required": ["pallets"]},
                "else": {"properties": {"pallets": false}}
            }
        ],
        "dependentRequired": {"insured_value_eur": ["signature"]},
        "dependentSchemas": {
            "signature": {"properties": {"method": {"enum": ["express", "freight"]}}}
        }
    })
}

#[test]
fn if_then_else_say_which_condition_applies() {
    assert!(raw_errors(shipping(), json!({"method": "standard"})).is_empty());
    assert!(
        raw_errors(
            shipping(),
            json!({"method": "express", "deadline": "2026-05-04T12:00:00Z"})
        )
        .is_empty()
    );
    assert_eq!(
        raw_errors(shipping(), json!({"method": "express"})),
        ["missing required argument `deadline` (when `method` is \"express\")"]
    );
    assert_eq!(
        raw_errors(shipping(), json!({"method": "freight"})),
        ["missing required argument `pallets` (when `method` is \"freight\")"]
    );
    assert_eq!(
        raw_errors(shipping(), json!({"method": "standard", "pallets": 2})),
        ["pallets is not allowed (unless `method` is \"freight\")"]
    );
    // Nested: the condition names the field by its path.
    assert_eq!(
        raw_errors(
            shipping(),
            json!({"method": "standard", "address": {"country": "US"}})
        ),
        ["address is missing required field `state` (when `address.country` is \"US\")"]
    );
    // A condition of another shape is named by its keyword.
    let other = json!({
        "type": "object",
        "if": {"minProperties": 2},
        "then": {"required": ["reason"]}
    });
    assert_eq!(
        raw_errors(other, json!({"a": 1, "b": 2})),
        ["missing required argument `reason` (when the arguments meet the schema's `if`)"]
    );
    // Without `required`, the condition also holds when the property is absent, and says so.
    let lax = json!({
        "type": "object",
        "if": {"properties": {"mode": {"const": "fast"}}},
        "then": {"required": ["limit"]}
    });
    assert_eq!(
        raw_errors(lax, json!({})),
        ["missing required argument `limit` (when `mode` is \"fast\" or absent)"]
    );
}

#[test]
fn dependent_keywords_name_the_key_that_triggers_them() {
    assert_eq!(
        raw_errors(
            shipping(),
            json!({"method": "express", "deadline": "2026-05-04T12:00:00Z", "insured_value_eur": 900})
        ),
        ["missing required argument `signature` (when `insured_value_eur` is given)"]
    );
    assert_eq!(
        raw_errors(shipping(), json!({"method": "standard", "signature": true})),
        [
            "method must be one of \"express\", \"freight\"; got \"standard\" (when `signature` is given)"
        ]
    );
}

#[test]
fn contains_counts_the_items_that_match() {
    let schema = json!({
        "type": "object",
        "properties": {
            "labels": {"type": "array", "items": {"type": "string"}, "contains": {"const": "fragile"}},
            "codes": {
                "type": "array",
                "contains": {"type": "string", "pattern": "^UN\\d{4}$"},
                "minContains": 2,
                "maxContains": 3
            },
            "notes": {"type": "array", "contains": {"type": "string", "minLength": 3}},
            "any": {"type": "array", "contains": {"const": 1}, "minContains": 0, "maxContains": 1}
        }
    });
    assert!(
        raw_errors(
            schema.clone(),
            json!({"labels": ["x", "fragile"], "codes": ["UN1234", "UN5678", "A"], "any": []})
        )
        .is_empty()
    );
    assert_eq!(
        raw_errors(schema.clone(), json!({"labels": ["x", "y"], "any": [1, 1]})),
        [
            "labels must contain an item that is \"fragile\"; none of its 2 items does",
            "any must contain at most 1 item that is 1; got 2",
        ]
    );
    assert_eq!(
        raw_errors(schema.clone(), json!({"labels": []})),
        ["labels must contain an item that is \"fragile\"; got an empty array"]
    );
    assert_eq!(
        raw_errors(
            schema.clone(),
            json!({"codes": ["UN1234", "B"], "notes": ["ok"]})
        ),
        [
            "codes must contain at least 2 items that match its `contains` schema; got 1",
            "notes must contain an item that matches its `contains` schema; none of its 1 item does (notes[0] must be at least 3 characters long; got 2: \"ok\")",
        ]
    );
    assert_eq!(
        raw_errors(
            schema,
            json!({"codes": ["UN0001", "UN0002", "UN0003", "UN0004"]})
        ),
        ["codes must contain at most 3 items that match its `contains` schema; got 4"]
    );
}

#[test]
fn refs_through_the_root_id_and_conditional_branches_evaluate_properties() {
    let schema = json!({
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": "https://example.com/schemas/pickup.json",
        "type": "object",
        "$defs": {"slot": {"type": "string", "enum": ["am", "pm"]}},
        "properties": {
            "kind": {"enum": ["home", "depot"]},
            "slot": {"$ref": "https://example.com/schemas/pickup.json#/$defs/slot"}
        },
        "required": ["kind"],
        "if": {"properties": {"kind": {"const": "home"}}},
        "then": {"properties": {"street": {"type": "string"}}, "required": ["street"]},
        "else": {"properties": {"depot_code": {"type": "string"}}},
        "unevaluatedProperties": false
    });
    assert!(
        raw_errors(
            schema.clone(),
            json!({"kind": "home", "street": "Main St 1", "slot": "am"})
        )
        .is_empty()
    );
    assert!(raw_errors(schema.clone(), json!({"kind": "depot", "depot_code": "D7"})).is_empty());
    assert_eq!(
        raw_errors(
            schema.clone(),
            json!({"kind": "home", "street": "x", "slot": "noon"})
        ),
        ["slot must be one of \"am\", \"pm\"; got \"noon\""]
    );
    // `depot_code` is evaluated by `else` only: a home pickup does not take it.
    assert_eq!(
        raw_errors(
            schema,
            json!({"kind": "home", "street": "x", "depot_code": "D7"})
        ),
        ["unknown argument `depot_code`; expected `kind`, `slot`, `street`"]
    );
}

#[test]
fn enums_in_every_serde_representation() {
    #[derive(schemars::JsonSchema)]
    #[allow(dead_code)]
    enum External {
        Stop,
        Move { x: i32 },
        Wait(u8),
    }
    #[derive(schemars::JsonSchema)]
    #[allow(dead_code)]
    #[serde(tag = "kind")]
    enum Internal {
        Stop,
        Move { x: i32 },
    }
    #[derive(schemars::JsonSchema)]
    #[allow(dead_code)]
    #[serde(tag = "t", content = "c")]
    enum Adjacent {
        Stop,
        Wait(u8),
    }
    #[derive(schemars::JsonSchema)]
    #[allow(dead_code)]
    #[serde(untagged)]
    enum Untagged {
        Count(u8),
        Name(String),
        Point { x: i32 },
    }
    let ext = param_schema::<External>();
    assert!(errors_for(ext.clone(), json!({"x": "Stop"})).is_empty());
    assert!(errors_for(ext.clone(), json!({"x": {"Wait": 3}})).is_empty());
    assert_eq!(
        errors_for(ext.clone(), json!({"x": {"Move": {"x": "far"}}})),
        ["x.Move.x must be an integer; got \"far\""]
    );
    assert_eq!(
        errors_for(ext.clone(), json!({"x": {"Move": {"x": 1, "y": 2}}})),
        ["x.Move has unknown field `y`; expected `x`"]
    );
    assert_eq!(
        errors_for(ext, json!({"x": "Stp"})),
        ["x must be one of \"Stop\"; got \"Stp\" (did you mean \"Stop\"?)"]
    );
    let int = param_schema::<Internal>();
    assert!(errors_for(int.clone(), json!({"x": {"kind": "Move", "x": 1}})).is_empty());
    assert_eq!(
        errors_for(int.clone(), json!({"x": {"kind": "Move", "x": 1, "y": 2}})),
        ["x has unknown field `y`; expected `kind`, `x`"]
    );
    assert_eq!(
        errors_for(int.clone(), json!({"x": {"kind": "Mov", "x": 1}})),
        ["x.kind must be one of \"Stop\", \"Move\"; got \"Mov\" (did you mean \"Move\"?)"]
    );
    assert_eq!(
        errors_for(int, json!({"x": {"x": 1}})),
        ["x is missing required field `kind` (one of \"Stop\", \"Move\")"]
    );
    let adj = param_schema::<Adjacent>();
    assert!(errors_for(adj.clone(), json!({"x": {"t": "Wait", "c": 3}})).is_empty());
    assert_eq!(
        errors_for(adj, json!({"x": {"t": "Wait", "c": 300}})),
        ["x.c must be at most 255; got 300"]
    );
    let unt = param_schema::<Untagged>();
    assert!(errors_for(unt.clone(), json!({"x": 3})).is_empty());
    assert!(errors_for(unt.clone(), json!({"x": "three"})).is_empty());
    assert_eq!(
        errors_for(unt.clone(), json!({"x": {"x": 1.5}})),
        ["x.x must be an integer; got 1.5"]
    );
    assert_eq!(
        errors_for(unt, json!({"x": true})),
        ["x must be an integer, a string, or an object with `x`; got true"]
    );
}

#[test]
fn flattened_structs_and_enums_stay_closed() {
    #[derive(schemars::JsonSchema)]
    #[allow(dead_code)]
    struct Address {
        city: String,
    }
    #[derive(schemars::JsonSchema)]
    #[allow(dead_code)]
    #[serde(tag = "kind")]
    enum Mode {
        Walk,
        Ride { speed: u8 },
    }
    #[derive(schemars::JsonSchema)]
    #[allow(dead_code)]
    struct Trip {
        name: String,
        #[serde(flatten)]
        at: Address,
        #[serde(flatten)]
        mode: Mode,
    }
    let schema = param_schema::<Trip>();
    assert_eq!(schema["unevaluatedProperties"], json!(false), "{schema}");
    assert!(
        errors_for(
            schema.clone(),
            json!({"x": {"name": "a", "city": "b", "kind": "Ride", "speed": 3}})
        )
        .is_empty()
    );
    assert_eq!(
        errors_for(
            schema.clone(),
            json!({"x": {"name": "a", "city": "b", "kind": "Walk", "speed": 3}})
        ),
        ["x has unknown field `speed`; expected `name`, `city`, `kind`"]
    );
    assert_eq!(
        errors_for(
            schema,
            json!({"x": {"name": "a", "city": "b", "kind": "Walk", "cityy": 3}})
        ),
        ["x has unknown field `cityy`; expected `name`, `city`, `kind`, `speed`"]
    );
}

#[test]
fn maps_sets_options_and_bounds() {
    use std::collections::{BTreeMap, HashSet};
    let map = param_schema::<BTreeMap<String, u8>>();
    assert_eq!(
        errors_for(map, json!({"x": {"a": 1, "b": 300}})),
        ["x.b must be at most 255; got 300"]
    );
    let int_keys = param_schema::<BTreeMap<u32, bool>>();
    assert_eq!(
        errors_for(int_keys, json!({"x": {"1": true, "one": true}})),
        ["x has unknown field `one`; names must match ^\\d+$"]
    );
    let set = param_schema::<HashSet<u8>>();
    assert_eq!(
        errors_for(set, json!({"x": [1, 2, 1]})),
        ["x must not repeat items; item 2 repeats item 0"]
    );
    let option = param_schema::<Option<u8>>();
    assert!(errors_for(option.clone(), json!({"x": null})).is_empty());
    assert_eq!(
        errors_for(option, json!({"x": -1})),
        ["x must be at least 0; got -1"]
    );
    let bounded = json!({
        "type": "object",
        "minProperties": 1,
        "maxProperties": 2,
        "additionalProperties": {"type": "number", "exclusiveMinimum": 0, "multipleOf": 0.5}
    });
    assert_eq!(
        errors_for(bounded.clone(), json!({"x": {}})),
        ["x must have at least 1 field; got 0"]
    );
    assert_eq!(
        errors_for(bounded, json!({"x": {"a": 0, "b": 0.75}})),
        [
            "x.a must be greater than 0; got 0",
            "x.b must be a multiple of 0.5; got 0.75",
        ]
    );
}

#[test]
fn recursive_types_resolve_through_refs() {
    #[derive(schemars::JsonSchema)]
    #[allow(dead_code)]
    struct Tree {
        name: String,
        kids: Vec<Tree>,
    }
    let mut input = crate::schema::InputSchema::default();
    input.add_property(
        &param("tree", None, None),
        crate::schema::input_schema_for::<Tree>(),
    );
    let schema = input.to_schema();
    assert_eq!(
        Value::Object(schema.clone())["properties"]["tree"]["properties"]["kids"]["items"],
        json!({"$ref": "#/properties/tree"})
    );
    let validator = Validator::compile(&schema, &[]).expect("compiles");
    let Value::Object(mut args) = json!({"tree": {"name": "a", "kids": [
        {"name": "b", "kids": [{"name": "c", "kids": [], "leaf": true}]}
    ]}}) else {
        unreachable!()
    };
    assert_eq!(
        validator.validate(&mut args).unwrap_err(),
        ["tree.kids[0].kids[0] has unknown field `leaf`; expected `name`, `kids`"]
    );
}

fn straight(schema: Value) -> Validator {
    let Value::Object(schema) = schema else {
        panic!("not an object")
    };
    Validator::compile(&schema, &[]).expect("the schema compiles")
}

#[test]
fn the_usual_schemas_are_checked_straight() {
    assert!(!validator().is_quick(), "a nested object is walked");
    let flat = straight(json!({
        "type": "object",
        "properties": {
            "a": {"type": "number", "minimum": 0, "maximum": 10},
            "n": {"type": ["integer", "null"], "multipleOf": 2},
            "s": {"type": "string", "minLength": 2, "pattern": "^x", "format": "email"},
            "e": {"type": "string", "enum": ["one", "two"]},
            "tags": {"type": "array", "items": {"type": "string"}, "maxItems": 2, "uniqueItems": true},
        },
        "required": ["a"],
        "additionalProperties": false
    }));
    assert!(flat.is_quick());
    let walked = [
        json!({"type": "object", "properties": {"a": {"anyOf": [{"type": "string"}, {"type": "null"}]}}}),
        json!({"type": "object", "properties": {"a": {"$ref": "#/$defs/x"}}, "$defs": {"x": {"type": "string"}}}),
        json!({"type": "object", "patternProperties": {"^x": {"type": "string"}}}),
        json!({"type": "object", "additionalProperties": {"type": "string"}}),
        json!({"type": "object", "properties": {"a": {"type": "array", "items": {"type": "object"}}}}),
        json!({"type": "object", "properties": {"a": {"type": "string"}}, "required": ["b"]}),
        json!({"type": "object", "properties": {"a": {"type": "string"}}, "unevaluatedProperties": false}),
        json!({"type": "object", "properties": {"a": {}}}),
    ];
    for schema in walked {
        assert!(!straight(schema.clone()).is_quick(), "{schema}");
    }
}

/// Every value of a grid against every covered schema: what the straight check passes,
/// the walk passes unchanged; and it does pass the plain valid calls.
#[test]
fn the_straight_check_passes_only_what_the_walk_passes_unchanged() {
    let schemas = [
        json!({"type": "integer", "minimum": -3, "maximum": 5}),
        json!({"type": "number", "exclusiveMinimum": 0, "exclusiveMaximum": 2.5}),
        json!({"type": "number", "multipleOf": 0.5}),
        json!({"type": "integer", "multipleOf": 3}),
        json!({"type": ["string", "null"], "minLength": 1, "maxLength": 3}),
        json!({"type": "string", "pattern": "^[a-z]+$"}),
        json!({"type": "string", "format": "date"}),
        json!({"type": "string", "enum": ["a", "b"]}),
        json!({"const": 2, "type": "number"}),
        json!({"type": "boolean"}),
        json!({"type": "array", "items": {"type": "integer", "minimum": 0}, "minItems": 1, "maxItems": 2}),
        json!({"type": "array", "items": {"type": "number"}, "uniqueItems": true}),
    ];
    let values = [
        json!(null),
        json!(true),
        json!(0),
        json!(2),
        json!(3),
        json!(-4),
        json!(6),
        json!(2.0),
        json!(2.5),
        json!(0.5),
        json!(1e20),
        json!(u64::MAX),
        json!(""),
        json!("a"),
        json!("ab"),
        json!("abcd"),
        json!("A1"),
        json!("2026-12-02"),
        json!("2026-13-02"),
        json!([]),
        json!([1]),
        json!([1, 1]),
        json!([1, 2, 3]),
        json!([-1]),
        json!([1.0, 1]),
        json!({}),
    ];
    let mut passed = 0;
    for (i, schema) in schemas.iter().enumerate() {
        for required in [false, true] {
            let validator = straight(json!({
                "type": "object",
                "properties": {"v": schema, "w": {"type": "string"}},
                "required": if required { json!(["v"]) } else { json!([]) },
                "additionalProperties": i % 2 == 0,
            }));
            let quick = validator.quick.as_ref().expect("a covered schema");
            let mut cases: Vec<Value> = values.iter().map(|v| json!({"v": v})).collect();
            cases.extend([
                json!({}),
                json!({"w": "x"}),
                json!({"x": 1}),
                json!({"v": 2, "x": 1}),
            ]);
            for args in cases {
                let Value::Object(args) = args else {
                    unreachable!()
                };
                let mut walked = args.clone();
                let walk = validator.walk(&mut walked);
                if quick.passes(&validator.root, &args) {
                    passed += 1;
                    assert_eq!(walk, Ok(()), "{schema} passed {args:?}");
                    assert_eq!(
                        walked, args,
                        "{schema} passed {args:?}, which the walk changes"
                    );
                }
            }
        }
    }
    assert!(
        passed > 60,
        "the straight check passed only {passed} calls of the grid"
    );
}
