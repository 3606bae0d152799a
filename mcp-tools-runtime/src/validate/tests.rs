use serde_json::{Value, json};

use super::Validator;
use crate::definition::ParamMeta;

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
    Validator::compile(&schema, &PARAMS)
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
