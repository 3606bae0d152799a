//! Representative tools of a parcel service, shared by the definition snapshots and the
//! validator property test. Handlers return fixed values: what matters is the schema each
//! tool publishes and how calls against it are judged.
//!
//! Between them the tools cover units from a name suffix and from `unit = "…"`, ranges,
//! `pattern` with an `example`, `format = "date-time"` and `"email"`, defaults, `Option`
//! parameters, an enum with documented variants, a nested struct, lists with length bounds,
//! unbounded `u64` and `i64`, `ResponseFormat`, `Json<T>` and `Json<Vec<T>>` outputs, and a
//! tool without parameters.

use mcp_tools::prelude::*;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// Where a shipment is in its journey.
#[derive(Clone, Copy, Debug, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub(crate) enum ShipmentStatus {
    /// Booked, not yet collected.
    Pending,
    /// Collected and on its way.
    InTransit,
    /// Signed for by the recipient.
    Delivered,
    /// Could not be delivered and is back at the depot.
    Returned,
}

/// A delivery address.
#[derive(Debug, Deserialize, JsonSchema)]
pub(crate) struct Address {
    /// Street and house number.
    #[schemars(length(min = 1, max = 100))]
    pub(crate) street: String,
    /// Flat, floor or building, if any.
    pub(crate) apartment: Option<String>,
    /// City or town.
    pub(crate) city: String,
    /// Postal code, digits only.
    #[schemars(regex(pattern = r"^\d{5}$"))]
    pub(crate) postal_code: String,
}

/// A shipment as a search lists it.
#[derive(Debug, Serialize, JsonSchema)]
pub(crate) struct ShipmentSummary {
    /// Shipment number.
    shipment_number: String,
    /// Where it is in its journey.
    status: ShipmentStatus,
}

/// What `shipment_get_status` reports.
#[derive(Debug, Serialize, JsonSchema)]
pub(crate) struct StatusReport {
    /// Shipment number.
    shipment_number: String,
    /// Where it is in its journey.
    status: ShipmentStatus,
    /// Expected delivery, as an RFC 3339 timestamp; absent once delivered.
    due_at: Option<String>,
    /// Measured weight, once weighed.
    weight_kg: Option<f64>,
}

/// Record a shipment's measured weight before dispatch.
///
/// Use after weighing a parcel. Dispatched shipments cannot be changed; check the
/// status with `shipment_get_status` first.
#[tool(namespace = "shipment", destructive = false, idempotent)]
pub(crate) async fn set_weight(
    /// Shipment number, for example `SH-2026-004211`.
    #[param(pattern = r"^SH-\d{4}-\d{6}$", example = "SH-2026-004211")]
    shipment_number: String,
    /// Measured weight of the parcel.
    #[param(min = 0.1, max = 30000.0)]
    weight_kg: f64,
) -> String {
    let _ = (shipment_number, weight_kg);
    "weight recorded".to_owned()
}

/// Keep a cold-chain shipment within a temperature range while in transit.
///
/// Use for food and medicine. The depot refuses shipments it cannot keep in range.
#[tool(namespace = "shipment", destructive = false, idempotent)]
pub(crate) async fn set_storage(
    /// Shipment number, for example `SH-2026-004211`.
    #[param(pattern = r"^SH-\d{4}-\d{6}$", example = "SH-2026-004211")]
    shipment_number: String,
    /// Highest temperature the contents tolerate.
    #[param(unit = "°C", min = -25, max = 8)]
    max_temperature: f64,
    /// Longest the contents may spend in transit.
    #[param(min = 1, max = 14)]
    max_transit_days: u8,
) -> String {
    let _ = (shipment_number, max_temperature, max_transit_days);
    "storage set".to_owned()
}

/// Find shipments by recipient, status or creation time, newest first.
///
/// Use to find a shipment number before calling `shipment_get_status`. Without a
/// `query`, every shipment matching the other filters is listed.
#[tool(namespace = "shipment", read_only)]
pub(crate) async fn search(
    /// Words from the recipient's name or address.
    #[param(min_length = 2, max_length = 200)]
    query: Option<String>,
    /// Only shipments in this state.
    status: Option<ShipmentStatus>,
    /// Only shipments created at or after this time.
    #[param(format = "date-time")]
    since: Option<String>,
    /// Most shipments to return.
    #[param(min = 1, max = 100, default = 20)]
    limit: u32,
    response_format: ResponseFormat,
) -> Json<Vec<ShipmentSummary>> {
    let _ = (query, status, since, limit, response_format);
    Json(Vec::new())
}

/// Look up where a shipment is and when it is due.
///
/// Use before promising a delivery date to a customer.
#[tool(namespace = "shipment", read_only)]
pub(crate) async fn get_status(
    /// Shipment number, for example `SH-2026-004211`.
    #[param(pattern = r"^SH-\d{4}-\d{6}$", example = "SH-2026-004211")]
    shipment_number: String,
) -> Result<Json<StatusReport>, ToolError> {
    Ok(Json(StatusReport {
        shipment_number,
        status: ShipmentStatus::InTransit,
        due_at: Some("2026-05-02T18:00:00+09:00".to_owned()),
        weight_kg: None,
    }))
}

/// List a shipment's scan events after a sequence number, oldest first.
///
/// Use to follow a shipment step by step; pass the last `sequence` seen to get only
/// newer events.
#[tool(namespace = "shipment", read_only)]
pub(crate) async fn get_events(
    /// Shipment number, for example `SH-2026-004211`.
    #[param(pattern = r"^SH-\d{4}-\d{6}$", example = "SH-2026-004211")]
    shipment_number: String,
    /// Only events after this sequence number; omit for all events.
    after_sequence: Option<u64>,
    /// Seconds to add to every event time, to line up with another system's clock; may
    /// be negative.
    time_shift_s: Option<i64>,
) -> String {
    let _ = (shipment_number, after_sequence, time_shift_s);
    "no events".to_owned()
}

/// Change where a shipment goes, before it is dispatched.
///
/// Use when the recipient moved; dispatched shipments cannot be redirected.
#[tool(namespace = "shipment", destructive = false, idempotent)]
pub(crate) async fn set_destination(
    /// Shipment number, for example `SH-2026-004211`.
    #[param(pattern = r"^SH-\d{4}-\d{6}$", example = "SH-2026-004211")]
    shipment_number: String,
    /// The new delivery address.
    destination: Address,
) -> Result<String, ToolError> {
    let Address {
        street,
        apartment,
        city,
        postal_code,
    } = destination;
    let _ = (shipment_number, street, apartment, city, postal_code);
    Ok("destination changed".to_owned())
}

/// Book a courier to collect parcels at the sender's address.
///
/// Use after the parcels are weighed; one booking collects every parcel listed.
#[tool(namespace = "pickup", destructive = false)]
pub(crate) async fn book(
    /// Earliest time the parcels are ready.
    #[param(format = "date-time")]
    ready_at: String,
    /// How long the parcels stay ready for collection.
    #[param(min = 15, max = 480, default = 60)]
    window_minutes: u32,
    /// Shipment numbers of the parcels to collect.
    #[param(min_length = 1, max_length = 5)]
    shipment_numbers: Vec<String>,
    /// Where to send the booking confirmation.
    #[param(format = "email")]
    contact_email: Option<String>,
    /// Instructions for the courier.
    #[param(max_length = 300)]
    notes: Option<String>,
) -> String {
    let _ = (
        ready_at,
        window_minutes,
        shipment_numbers,
        contact_email,
        notes,
    );
    "pickup booked".to_owned()
}

/// Report whether every depot is open and accepting parcels right now.
///
/// Use before promising a same-day pickup to a customer.
#[tool(namespace = "depot", read_only)]
pub(crate) async fn check_open() -> String {
    "all depots open".to_owned()
}

/// The wire names of the fixture tools, in listing order.
pub(crate) const TOOL_NAMES: [&str; 8] = [
    "shipment_set_weight",
    "shipment_set_storage",
    "shipment_search",
    "shipment_get_status",
    "shipment_get_events",
    "shipment_set_destination",
    "pickup_book",
    "depot_check_open",
];

/// A registry of every fixture tool, in [`TOOL_NAMES`] order.
pub(crate) fn registry() -> Registry {
    Registry::builder()
        .server_info("parcels", "1.0.0")
        .tools(tools![
            set_weight,
            set_storage,
            search,
            get_status,
            get_events,
            set_destination,
            book,
            check_open,
        ])
        .build()
        .expect("the fixture tools build a registry")
}
