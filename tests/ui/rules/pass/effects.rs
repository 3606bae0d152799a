//! `effect_declared`, `annotation_conflict` and `destructive_verb` edges: phrases that start
//! with a read verb but change state (`check_in`, `get_or_create`) may say
//! `destructive = false`, a `delete_*` tool that says `destructive` passes, and `read_only`
//! goes with `open_world`.
use mcp_tools::prelude::*;

/// Check a guest in at the front desk and hand out the room key.
///
/// Use when the guest is at the desk with a booking; checking in twice changes nothing.
#[tool(namespace = "hotel", destructive = false, idempotent)]
async fn check_in_guest(
    /// Booking reference, for example `BK-55120`.
    #[param(pattern = r"^BK-\d{5}$")]
    booking_reference: String,
) -> String {
    format!("{booking_reference}: checked in, room 204")
}

/// Return the guest profile for an email address, creating an empty one if there is none.
///
/// Use before a booking, so every booking has a profile to attach to.
#[tool(namespace = "hotel", destructive = false, idempotent)]
async fn get_or_create_profile(
    /// The guest's email address.
    #[param(format = "email")]
    guest_email: String,
) -> String {
    format!("profile of {guest_email}")
}

/// Delete a shipping label that was printed by mistake, voiding its tracking number.
///
/// Use before the parcel leaves the depot; a voided label cannot be restored.
#[tool(namespace = "shipment", destructive)]
async fn delete_label(
    /// Tracking number printed on the label, for example `1Z999AA10123456784`.
    #[param(pattern = r"^1Z[0-9A-Z]{16}$")]
    tracking_number: String,
) -> String {
    format!("label {tracking_number} voided")
}

/// Read the public weather forecast for a place, hour by hour for the next two days.
///
/// Use before planning outdoor deliveries; the forecast comes from the national weather service.
#[tool(namespace = "weather", read_only, open_world)]
async fn get_forecast(
    /// Place name or postcode, for example `1100-148 Lisboa`.
    #[param(min_length = 2, max_length = 100)]
    place: String,
) -> String {
    format!("{place}: sunny")
}

fn main() {
    let registry = Registry::builder()
        .server_info("t", "1")
        .tools(tools![
            check_in_guest,
            get_or_create_profile,
            delete_label,
            get_forecast
        ])
        .build()
        .unwrap();
    let tools = serde_json::to_value(registry.tool_definitions()).unwrap();
    assert_eq!(tools[0]["annotations"]["destructiveHint"], false, "{tools}");
    assert_eq!(tools[2]["annotations"]["destructiveHint"], true, "{tools}");
    assert_eq!(tools[3]["annotations"]["readOnlyHint"], true, "{tools}");
}
