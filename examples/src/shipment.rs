//! The shipment record and its vocabularies: status and service level.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// Where a shipment is in its life, from booking to delivery.
///
/// The order of the variants is the order of the lifecycle; `cancelled` can follow any
/// state before `delivered`.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum Status {
    /// Booked, not yet weighed.
    Pending,
    /// Weighed at the origin depot, waiting for dispatch.
    Weighed,
    /// Handed to the carrier; the weight is final from here on.
    Dispatched,
    /// On its way between the origin and destination depots.
    InTransit,
    /// Delivered to the recipient.
    Delivered,
    /// Cancelled before delivery.
    Cancelled,
}

impl Status {
    /// The status as it appears on the wire: `in_transit`, …
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            Status::Pending => "pending",
            Status::Weighed => "weighed",
            Status::Dispatched => "dispatched",
            Status::InTransit => "in_transit",
            Status::Delivered => "delivered",
            Status::Cancelled => "cancelled",
        }
    }

    /// Whether the weight may still be recorded or corrected.
    #[must_use]
    pub fn weight_editable(self) -> bool {
        matches!(self, Status::Pending | Status::Weighed)
    }

    /// Whether the shipment may still be cancelled.
    #[must_use]
    pub fn cancellable(self) -> bool {
        !matches!(self, Status::Delivered | Status::Cancelled)
    }

    /// The state as the end of a sentence: "SH-… is {already dispatched}".
    pub(crate) fn phrase(self) -> &'static str {
        match self {
            Status::Pending => "pending",
            Status::Weighed => "weighed",
            Status::Dispatched => "already dispatched",
            Status::InTransit => "in transit",
            Status::Delivered => "already delivered",
            Status::Cancelled => "cancelled",
        }
    }
}

/// How fast the shipment travels, and what the sender pays for.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum ServiceLevel {
    /// Road freight, consolidated; three to five working days.
    Economy,
    /// Next depot run; two to three working days.
    Standard,
    /// Dedicated run; next working day.
    Express,
}

/// One shipment, as the depot stores it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct Shipment {
    /// Public shipment number, like `SH-2026-000123`; what customers and tools quote.
    pub shipment_number: String,
    /// Internal database id; stable, but meaningless to customers.
    pub internal_id: String,
    /// Where the shipment is in its lifecycle.
    pub status: Status,
    /// The service the sender booked.
    pub service_level: ServiceLevel,
    /// Sending company or person.
    pub sender_name: String,
    /// City the shipment leaves from.
    pub sender_city: String,
    /// Receiving person or company.
    pub recipient_name: String,
    /// City the shipment goes to.
    pub recipient_city: String,
    /// Code of the depot that dispatches the shipment, like `BER1`.
    pub origin_depot: String,
    /// Code of the depot that delivers the shipment, like `MUC1`.
    pub destination_depot: String,
    /// Measured weight in kilograms; absent until the shipment is weighed.
    pub weight_kg: Option<f64>,
    /// When the shipment was booked (RFC 3339, UTC).
    #[schemars(extend("format" = "date-time"))]
    pub created_at: String,
    /// When the shipment last changed (RFC 3339, UTC).
    #[schemars(extend("format" = "date-time"))]
    pub updated_at: String,
    /// Handling notes from the sender; empty when there are none.
    pub notes: String,
    /// Why the shipment was cancelled; present only on cancelled shipments.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cancel_reason: Option<String>,
}
