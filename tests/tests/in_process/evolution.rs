//! Tools that evolve: deprecated aliases in each mode, the catalog contract, and the token
//! cost of definitions.

use mcp_tools::rmcp::model::CallToolResult;
use mcp_tools::{
    Registry, prelude::*, registry::AliasListing, testing, tokens::Encoding,
    wire::DEPRECATION_META_KEY,
};
use serde_json::{Value, json};

/// Record a parcel's measured weight before it leaves the depot.
///
/// Use after weighing; the weight can change until dispatch.
#[tool(
    namespace = "parcel",
    destructive = false,
    idempotent,
    aliases("set_weight"),
    alias(name = "parcel_weigh", since = "1.4", remove_in = "2.0"),
    alias(
        name = "parcel_record_weight_grams",
        redirect = "the weight is now `weight_kg`, in kilograms, not grams"
    )
)]
async fn set_weight(
    /// Parcel number, like `P-1001`.
    #[param(pattern = r"^P-\d+$")]
    parcel_number: String,
    /// Measured weight.
    #[param(min = 0.1, max = 30000.0)]
    weight_kg: f64,
) -> String {
    format!("{parcel_number}: {weight_kg} kg")
}

/// Look up where a parcel is and when it is due at its destination.
///
/// Use before promising a delivery date.
#[tool(namespace = "parcel", read_only)]
async fn get_status(
    /// Parcel number, like `P-1001`.
    parcel_number: String,
) -> String {
    format!("{parcel_number}: in transit")
}

fn registry(listing: AliasListing) -> Registry {
    Registry::builder()
        .server_info("parcels", "1.0.0")
        .alias_listing(listing)
        .tools(tools![set_weight, get_status])
        .build()
        .unwrap()
}

fn texts(result: &CallToolResult) -> Vec<String> {
    result
        .content
        .iter()
        .filter_map(|b| b.as_text().map(|t| t.text.clone()))
        .collect()
}

fn names(registry: &Registry) -> Vec<String> {
    registry
        .tool_definitions()
        .iter()
        .map(|t| t.name.to_string())
        .collect()
}

#[tokio::test]
async fn hidden_aliases_route_and_say_what_replaced_them() {
    let registry = registry(AliasListing::Hidden);
    assert_eq!(names(&registry), ["parcel_set_weight", "parcel_get_status"]);
    let result = registry
        .call(
            "parcel_weigh",
            json!({"parcel_number": "P-7", "weight_kg": 2.5}),
        )
        .await
        .unwrap();
    assert_eq!(result.is_error, None);
    let text = texts(&result);
    assert_eq!(text[0], "P-7: 2.5 kg");
    assert_eq!(
        text[1],
        "Note: `parcel_weigh` is deprecated since 1.4 and will be removed in 2.0; call `parcel_set_weight` instead, with the same arguments."
    );
    let meta = &result.meta.unwrap().0[DEPRECATION_META_KEY];
    assert_eq!(
        meta,
        &json!({"alias": "parcel_weigh", "use": "parcel_set_weight", "since": "1.4", "remove_in": "2.0"})
    );
    let plain = registry
        .call(
            "set_weight",
            json!({"parcel_number": "P-7", "weight_kg": 1}),
        )
        .await
        .unwrap();
    assert_eq!(
        texts(&plain)[1],
        "Note: `set_weight` is deprecated; call `parcel_set_weight` instead, with the same arguments."
    );
}

#[tokio::test]
async fn listed_aliases_carry_a_banner() {
    let registry = registry(AliasListing::Listed);
    assert_eq!(
        names(&registry),
        [
            "parcel_set_weight",
            "set_weight",
            "parcel_weigh",
            "parcel_get_status"
        ]
    );
    let listed = &registry.tool_definitions()[2];
    assert!(
        listed
            .description
            .as_deref()
            .unwrap()
            .starts_with("[DEPRECATED: use parcel_set_weight] Record a parcel's")
    );
    assert_eq!(
        listed.input_schema,
        registry.tool_definitions()[0].input_schema
    );
    assert_eq!(
        listed.meta.as_ref().unwrap().0[DEPRECATION_META_KEY]["use"],
        "parcel_set_weight"
    );
}

#[tokio::test]
async fn redirect_aliases_fail_with_directions() {
    let registry = registry(AliasListing::Listed);
    assert!(!names(&registry).contains(&"parcel_record_weight_grams".to_owned()));
    let result = registry
        .call(
            "parcel_record_weight_grams",
            json!({"parcel_number": "P-7", "grams": 2500}),
        )
        .await
        .unwrap();
    assert_eq!(result.is_error, Some(true));
    assert_eq!(
        texts(&result),
        [
            "`parcel_record_weight_grams` was replaced by `parcel_set_weight`, which takes different arguments: the weight is now `weight_kg`, in kilograms, not grams. Call `parcel_set_weight` with `parcel_number` (string), `weight_kg` (number, kg)."
        ]
    );
    assert_eq!(
        result.meta.unwrap().0[DEPRECATION_META_KEY]["redirect"],
        true
    );
}

#[test]
fn alias_calls_are_counted() {
    let recorder = metrics_util::debugging::DebuggingRecorder::new();
    let snapshotter = recorder.snapshotter();
    metrics::with_local_recorder(&recorder, || {
        let rt = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .unwrap();
        let registry = registry(AliasListing::Hidden);
        for _ in 0..3 {
            rt.block_on(registry.call(
                "set_weight",
                json!({"parcel_number": "P-7", "weight_kg": 1}),
            ))
            .unwrap();
        }
    });
    let counted: u64 = snapshotter
        .snapshot()
        .into_vec()
        .into_iter()
        .filter(|(key, ..)| key.key().name() == "mcp_tools_alias_calls_total")
        .filter(|(key, ..)| {
            key.key()
                .labels()
                .any(|l| l.key() == "alias" && l.value() == "set_weight")
        })
        .map(|(.., value)| match value {
            metrics_util::debugging::DebugValue::Counter(n) => n,
            _ => 0,
        })
        .sum();
    assert_eq!(counted, 3);
}

#[test]
fn the_definition_report_counts_each_listed_definition() {
    // The counts themselves are checked against tiktoken's in the runtime's unit tests.
    let registry = registry(AliasListing::Hidden);
    let report = registry.definition_report();
    for tool in registry.tool_definitions() {
        let json = serde_json::to_string(tool).unwrap();
        assert_eq!(
            report.tokens_of(&tool.name),
            Some(Encoding::O200kBase.count(&json)),
            "{}",
            tool.name
        );
    }
    assert_eq!(
        report.total(),
        report.tools().iter().map(|(_, t)| t).sum::<usize>()
    );
    report.assert_total_at_most(report.total());
    let over = std::panic::catch_unwind(|| report.assert_total_at_most(report.total() - 1));
    assert!(over.is_err());
    assert!(report.to_string().contains("parcel_set_weight"));
    let _ = Encoding::Cl100kBase;
}

fn changed(f: impl FnOnce(&mut Value)) -> String {
    let registry = registry(AliasListing::Hidden);
    let reviewed = testing::catalog_json(&registry);
    let mut current = reviewed.clone();
    f(&mut current);
    testing::describe_changes(
        &reviewed,
        &current,
        std::path::Path::new("tests/catalog.json"),
    )
}

#[test]
fn the_catalog_contract_catches_changes() {
    let text = changed(|c| c["tools"][0]["description"] = json!("Record a weight."));
    assert!(text.contains("- `parcel_set_weight` changed:"), "{text}");
    assert!(
        text.contains("+   \"description\": \"Record a weight.\""),
        "{text}"
    );
    let text = changed(|c| {
        c["tools"][1]["inputSchema"]["properties"]["parcel_number"]["type"] = json!("integer");
    });
    assert!(
        text.contains("- `parcel_get_status` changed:")
            && text.contains("+         \"type\": \"integer\""),
        "{text}"
    );
    let text = changed(|c| {
        c["tools"].as_array_mut().unwrap().remove(1);
    });
    assert!(
        text.contains("`parcel_get_status` was removed and is not an alias of any tool: clients calling it will fail. If it was renamed, add `aliases(\"parcel_get_status\")` to its successor"),
        "{text}"
    );
}

#[test]
fn the_reviewed_catalog_of_this_file_holds() {
    testing::assert_catalog(
        &registry(AliasListing::Hidden),
        "tests/catalog/evolution.json",
    );
}
