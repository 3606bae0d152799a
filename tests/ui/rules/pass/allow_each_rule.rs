//! `allow(rule_id)` waives exactly that rule: each tool here breaks one rule and waives it,
//! so the file compiles and every tool is served.
use mcp_tools::prelude::*;

/// Look up a customer in the legacy CRM, which predates the naming rules.
///
/// Use only for accounts not yet migrated; the name is kept for old prompts.
#[tool(
    namespace = "crm",
    read_only,
    name = "getCustomer",
    allow(name_style)
)]
async fn get_customer(
    /// Customer id, for example `C-100233`.
    #[param(pattern = r"^C-\d{6}$")]
    customer_id: String,
) -> String {
    format!("{customer_id}: Ana Sousa")
}

/// Look up a customer in the legacy CRM by its dotted method name.
///
/// Use only through the gateway that rewrites dotted names; LLM APIs refuse them.
#[tool(
    namespace = "crm",
    read_only,
    name = "customer.get",
    allow(name_charset)
)]
async fn get_customer_dotted(
    /// Customer id, for example `C-100233`.
    #[param(pattern = r"^C-\d{6}$")]
    customer_id: String,
) -> String {
    format!("{customer_id}: Ana Sousa")
}

/// Compare counted and booked stock of each refrigerated chamber, one row per chamber.
///
/// Use at the end of a shift, before the stock ledger is closed.
#[tool(namespace = "warehouse", read_only, allow(name_length))]
async fn get_reconciliation_report_for_each_refrigerated_chamber(
    /// Site code of the warehouse, for example `BER-2`.
    #[param(pattern = r"^[A-Z]{3}-\d$")]
    site_code: String,
) -> String {
    format!("{site_code}: all chambers reconciled")
}

/// Tell the current time at the server, as an RFC 3339 timestamp with offset.
///
/// Use instead of guessing the date or the time of day.
#[tool(read_only, allow(namespace_required))]
async fn get_time() -> String {
    "2026-05-04T10:00:00+01:00".to_owned()
}

/// Email a receipt for a paid order to the address on the order.
///
/// Use when a customer asks for a copy; sending twice sends two emails.
#[tool(namespace = "email", destructive = false, allow(redundant_namespace))]
async fn email_receipt(
    /// Order number, for example `ORD-77120`.
    #[param(pattern = r"^ORD-\d{5}$")]
    order_number: String,
) -> String {
    format!("receipt of {order_number} sent")
}

/// List the branches of the shipment's repository of routing rules.
///
/// A read-only `branch` reads as "create a branch"; the old name stays for old prompts.
#[tool(namespace = "routing", read_only, allow(verb_first))]
async fn branch(
    /// Shipment number, for example `SH-2026-004211`.
    #[param(pattern = r"^SH-\d{4}-\d{6}$")]
    shipment_number: String,
) -> String {
    format!("{shipment_number}: due tomorrow")
}

#[tool(namespace = "health", read_only, allow(description_required))]
async fn ping() -> String {
    "ok".to_owned()
}

/// Get open.
#[tool(namespace = "depot", read_only, allow(description_length))]
async fn get_open() -> String {
    "open".to_owned()
}

/// Look up the customs status of a shipment. TBD: list the codes.
#[tool(namespace = "customs", read_only, allow(description_placeholder))]
async fn get_status(
    /// Shipment number, for example `SH-2026-004211`.
    #[param(pattern = r"^SH-\d{4}-\d{6}$")]
    shipment_number: String,
) -> String {
    format!("{shipment_number}: cleared")
}

/// Convert an amount between two currencies at today's rate.
///
/// Use when a customer asks for a price in their own currency.
#[tool(namespace = "fx", read_only, allow(param_description_required))]
async fn convert(
    #[param(min = 0.0, max = 1e12)] amount_eur: f64,
    #[param(pattern = "^[A-Z]{3}$")] to_currency: String,
) -> String {
    format!("{amount_eur} EUR in {to_currency}")
}

/// Fetch a feature flag's state, as the flag service names it.
///
/// Use before enabling a code path behind a flag.
#[tool(namespace = "flags", read_only, allow(generic_param_name))]
async fn get_flag(
    /// Flag key as shown in the flag dashboard, for example `new-checkout`.
    #[param(pattern = "^[a-z0-9-]{1,60}$")]
    key: String,
    /// The id.
    id: Option<String>,
) -> String {
    format!("{key} for {id:?}: on")
}

/// Set the cooling of a refrigerated container, for perishable cargo.
///
/// Use when the cargo's storage instructions change; the unit adjusts within minutes.
#[tool(
    namespace = "reefer",
    destructive = false,
    idempotent,
    allow(unit_in_name)
)]
async fn set_temperature(
    /// Container number, for example `MSKU1234567`.
    #[param(pattern = r"^[A-Z]{4}\d{7}$")]
    container_number: String,
    /// Target temperature of the cargo hold, in the unit the container is configured for.
    #[param(min = -30.0, max = 90.0)]
    temperature: f64,
) -> String {
    format!("{container_number} set to {temperature}")
}

/// Find shipments whose recipient, city or reference matches the words given.
///
/// Use to locate a shipment when the customer does not know its number.
#[tool(namespace = "archive", read_only, allow(bounded_limit))]
async fn search_shipments(
    /// Words to match, for example `Lisbon ACME`.
    #[param(min_length = 1, max_length = 200)]
    query: String,
    /// How many shipments to return; the archive caps it itself.
    limit: u32,
) -> String {
    format!("first {limit} matches of {query}")
}

/// Mark a shipment as handed to the courier at the given time.
///
/// Use when the courier has signed for the parcel at the depot.
#[tool(
    namespace = "courier",
    destructive = false,
    idempotent,
    allow(timestamp_format)
)]
async fn mark_dispatched(
    /// Shipment number, for example `SH-2026-004211`.
    #[param(pattern = r"^SH-\d{4}-\d{6}$")]
    shipment_number: String,
    /// When the courier signed for it, as the handheld scanner prints it.
    dispatched_at: String,
) -> String {
    format!("{shipment_number} dispatched at {dispatched_at}")
}

/// Correct the stock level of one article after a count at the shelf.
///
/// Use after a stocktake finds a difference from the booked quantity.
#[tool(namespace = "inventory", destructive = false, allow(absolute_value))]
async fn update_stock(
    /// Article number, for example `SKU-88213`.
    #[param(pattern = r"^SKU-\d{5}$")]
    sku: String,
    /// Pieces to add (positive) or take away (negative).
    #[param(min = -10000, max = 10000)]
    quantity_delta: i64,
) -> String {
    format!("{sku} changed by {quantity_delta}")
}

/// Every depot of the network, with its address and opening hours; there are a dozen.
///
/// Use to tell a customer where to drop off or collect a parcel.
#[tool(namespace = "network", read_only, allow(search_not_list))]
async fn list_depots() -> String {
    "BER-2, LIS-1".to_owned()
}

/// Look up a shipment's measured weight.
///
/// Use before quoting a price that depends on the weight.
#[tool(namespace = "scale", allow(effect_declared))]
async fn get_weight(
    /// Shipment number, for example `SH-2026-004211`.
    #[param(pattern = r"^SH-\d{4}-\d{6}$")]
    shipment_number: String,
) -> String {
    format!("{shipment_number} weighs 2.5 kg")
}

/// This tool looks up the customs category of a parcel's contents.
#[tool(namespace = "customs", read_only, allow(description_filler))]
async fn get_category(
    /// Contents as declared on the label, for example `books`.
    #[param(min_length = 1, max_length = 200)]
    contents: String,
) -> String {
    format!("{contents}: printed matter")
}

/// Look up where a parcel is and when it is due.
///
/// Use before promising a delivery date to a customer.
#[tool(
    namespace = "parcel",
    read_only,
    destructive,
    allow(annotation_conflict)
)]
async fn get_eta(
    /// Parcel barcode, for example `PX00012345`.
    #[param(pattern = r"^PX\d{8}$")]
    barcode: String,
) -> String {
    format!("{barcode}: due tomorrow")
}

/// Delete a draft label; drafts are never printed, so nothing real is lost.
///
/// Use to tidy up drafts left by an interrupted booking.
#[tool(namespace = "label", destructive = false, allow(destructive_verb))]
async fn delete_draft(
    /// Draft number, for example `DR-311`.
    #[param(pattern = r"^DR-\d+$")]
    draft_number: String,
) -> String {
    format!("draft {draft_number} deleted")
}

/// Look up where a shipment is and when it is due, for the old integration.
///
/// Use before promising a delivery date to a customer.
#[tool(
    namespace = "tracking",
    read_only,
    aliases("tracking.getShipmentStatus"),
    allow(alias_valid)
)]
async fn get_shipment_status(
    /// Shipment number, for example `SH-2026-004211`.
    #[param(pattern = r"^SH-\d{4}-\d{6}$")]
    shipment_number: String,
) -> String {
    format!("{shipment_number}: in transit")
}

/// Convert a weight in pounds to kilograms, rounded to grams.
///
/// Pure arithmetic: use it instead of estimating conversions yourself.
#[tool(namespace = "units", read_only, allow(async_fn))]
fn convert_weight(
    /// The weight to convert.
    #[param(min = 0.0, max = 100000.0)]
    weight_lb: f64,
) -> String {
    format!("{:.3} kg", weight_lb * 0.453_592_37)
}

/// Build the day's delivery summary for a depot, for the phone app.
///
/// Use at the end of a shift. Phones on flaky networks fetch the result after a reconnect,
/// which only a task keeps.
#[tool(
    namespace = "summary",
    read_only,
    task = "required",
    timeout_ms = 20_000,
    allow(task_required_quick)
)]
async fn build_daily(
    /// Depot code, for example `BER-2`.
    #[param(pattern = r"^[A-Z]{3}-\d$")]
    depot_code: String,
) -> String {
    format!("{depot_code}: 12 routes, 3 late stops")
}

fn main() {
    let registry = Registry::builder()
        .server_info("t", "1")
        .tools(tools![
            get_customer,
            get_customer_dotted,
            get_reconciliation_report_for_each_refrigerated_chamber,
            get_time,
            email_receipt,
            branch,
            ping,
            get_open,
            get_status,
            convert,
            get_flag,
            set_temperature,
            get_category,
            search_shipments,
            mark_dispatched,
            update_stock,
            list_depots,
            get_weight,
            get_eta,
            delete_draft,
            get_shipment_status,
            convert_weight,
            build_daily,
        ])
        .build()
        .unwrap();
    assert_eq!(registry.tool_definitions().len(), 23);
}
