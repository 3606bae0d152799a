//! `description_length` and `description_placeholder` edges: descriptions of exactly 40 and
//! exactly 1,200 characters (paragraph breaks count), and the word "todos" or a name like
//! "Todoist" are not the `TODO` marker.
use mcp_tools::prelude::*;

/// Report where a parcel is, for a courier.
#[tool(namespace = "parcel", read_only)]
async fn get_location(
    /// Parcel barcode, for example `PX00012345`.
    #[param(pattern = r"^PX\d{8}$")]
    barcode: String,
) -> String {
    format!("{barcode}: hub 4")
}

/// Reschedule the delivery of a parcel to a new day and time window chosen by the recipient,
/// and tell the courier's route planner about the change.
///
/// Use when a recipient asks for a different delivery day, or when the first attempt failed
/// because nobody was home. The new window must start at least two hours from now and fall on a
/// working day of the destination depot; windows are two hours long and start on the hour
/// between 08:00 and 18:00 local time at the destination.
///
/// A parcel that is already out for delivery cannot be moved: the result says so, and names the
/// depot the recipient can call instead. Parcels that need a signature keep that requirement in
/// the new window, and parcels sent cash on delivery keep the amount due. Rescheduling twice to
/// the same window changes nothing and returns the same confirmation.
///
/// Parcels held at a pickup point are not delivered at all: for those, extend the holding
/// period with `parcel_extend_hold` instead. International parcels can be moved only after
/// customs clearance, which the status tool reports.
///
/// Returns the confirmed window, the courier's planned arrival within it, and a reference the
/// recipient can quote to customer service, all given in local time.
#[tool(namespace = "parcel", destructive = false, idempotent)]
async fn reschedule_delivery(
    /// Parcel barcode, for example `PX00012345`.
    #[param(pattern = r"^PX\d{8}$")]
    barcode: String,
    /// Start of the new two-hour window, RFC 3339 with offset, e.g. `2026-05-04T10:00:00+01:00`.
    #[param(format = "date-time")]
    window_start_at: String,
) -> String {
    format!("{barcode}: new window from {window_start_at}")
}

/// Summarize a project's open todos synced from Todoist, grouped by assignee.
///
/// Use for a stand-up overview; each group lists titles and due dates.
#[tool(namespace = "tasks", read_only)]
async fn summarize_open(
    /// Todoist project id, for example `2203306141`.
    #[param(pattern = r"^\d{6,12}$")]
    project_id: String,
) -> String {
    format!("{project_id}: 4 open todos")
}

fn main() {
    let registry = Registry::builder()
        .server_info("t", "1")
        .tools(tools![get_location, reschedule_delivery, summarize_open])
        .build()
        .unwrap();
    let lengths: Vec<usize> = registry
        .tool_definitions()
        .iter()
        .map(|t| {
            let tool = serde_json::to_value(t).unwrap();
            tool["description"].as_str().unwrap().chars().count()
        })
        .collect();
    assert_eq!(lengths[..2], [40, 1200]);
}
