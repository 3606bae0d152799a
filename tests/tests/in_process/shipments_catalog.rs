//! The example's catalog is a reviewed contract, and its context cost has a budget.

/// Changing a tool's name, description or schema must be a reviewed change to this file.
#[test]
fn the_shipments_catalog_is_reviewed() {
    let registry = mcp_tools_examples::registry().unwrap();
    mcp_tools::testing::assert_catalog(&registry, "tests/catalog/shipments.json");
}

/// The catalog's context cost may not creep up unnoticed: a deliberate increase raises
/// these numbers in the same change. (`shipments --catalog` prints the report.)
#[test]
fn the_shipments_catalog_stays_within_its_token_budget() {
    let report = mcp_tools_examples::registry().unwrap().definition_report();
    // 3,715 for the seven shipment tools, 658 for the three manifest tools (state handles),
    // about 370 for `depot_audit` (a task), most of it its report's output schema.
    report.assert_total_at_most(4_800);
    report.assert_each_at_most(1_200);
}
