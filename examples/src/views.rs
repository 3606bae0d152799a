//! What the tools return: views of shipments shaped for what the model does next.

use mcp_tools_runtime::ResponseFormat;
use schemars::JsonSchema;
use serde::Serialize;

use crate::shipment::{ServiceLevel, Shipment, Status};

/// Shipments that matched a search.
#[derive(Clone, Debug, PartialEq, Serialize, JsonSchema)]
pub struct SearchResults {
    /// How many shipments match in all; more than are listed when the limit cut them off.
    pub total_matches: usize,
    /// The matches, newest booking first.
    pub shipments: Vec<ShipmentSummary>,
    /// What to try next when nothing matched or not every match is listed.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub hint: Option<String>,
}

/// One shipment in search results. The `detailed` format adds the fields marked so.
#[derive(Clone, Debug, PartialEq, Serialize, JsonSchema)]
pub struct ShipmentSummary {
    /// Shipment number, like `SH-2026-000123`.
    pub shipment_number: String,
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
    /// Measured weight in kilograms; null until the shipment is weighed.
    pub weight_kg: Option<f64>,
    /// Detailed only: internal database id.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub internal_id: Option<String>,
    /// Detailed only: code of the dispatching depot.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub origin_depot: Option<String>,
    /// Detailed only: code of the delivering depot.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub destination_depot: Option<String>,
    /// Detailed only: when the shipment was booked (RFC 3339, UTC).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schemars(extend("format" = "date-time"))]
    pub created_at: Option<String>,
    /// Detailed only: when the shipment last changed (RFC 3339, UTC).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schemars(extend("format" = "date-time"))]
    pub updated_at: Option<String>,
    /// Detailed only: handling notes from the sender; empty when there are none.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub notes: Option<String>,
    /// Detailed only, and only on cancelled shipments: why it was cancelled.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cancel_reason: Option<String>,
}

impl ShipmentSummary {
    /// The view of `shipment` for `format`.
    #[must_use]
    pub fn new(shipment: Shipment, format: ResponseFormat) -> Self {
        let detailed = format == ResponseFormat::Detailed;
        let only_detailed = |value: String| detailed.then_some(value);
        Self {
            shipment_number: shipment.shipment_number,
            status: shipment.status,
            service_level: shipment.service_level,
            sender_name: shipment.sender_name,
            sender_city: shipment.sender_city,
            recipient_name: shipment.recipient_name,
            recipient_city: shipment.recipient_city,
            weight_kg: shipment.weight_kg,
            internal_id: only_detailed(shipment.internal_id),
            origin_depot: only_detailed(shipment.origin_depot),
            destination_depot: only_detailed(shipment.destination_depot),
            created_at: only_detailed(shipment.created_at),
            updated_at: only_detailed(shipment.updated_at),
            notes: only_detailed(shipment.notes),
            cancel_reason: shipment.cancel_reason.filter(|_| detailed),
        }
    }
}

/// Where a shipment is, and what may still be done with it.
#[derive(Clone, Debug, PartialEq, Serialize, JsonSchema)]
pub struct StatusView {
    /// Shipment number, like `SH-2026-000123`.
    pub shipment_number: String,
    /// Where the shipment is in its lifecycle.
    pub status: Status,
    /// The service the sender booked.
    pub service_level: ServiceLevel,
    /// Code of the dispatching depot.
    pub origin_depot: String,
    /// Code of the delivering depot.
    pub destination_depot: String,
    /// Measured weight in kilograms; null until the shipment is weighed.
    pub weight_kg: Option<f64>,
    /// When the shipment last changed (RFC 3339, UTC).
    #[schemars(extend("format" = "date-time"))]
    pub updated_at: String,
    /// Whether `shipment_set_weight` may still record the weight (before dispatch only).
    pub weight_editable: bool,
    /// Whether `shipment_cancel` may still cancel it (until delivery).
    pub cancellable: bool,
    /// Why it was cancelled; present only on cancelled shipments.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cancel_reason: Option<String>,
}

impl From<Shipment> for StatusView {
    fn from(shipment: Shipment) -> Self {
        Self {
            weight_editable: shipment.status.weight_editable(),
            cancellable: shipment.status.cancellable(),
            shipment_number: shipment.shipment_number,
            status: shipment.status,
            service_level: shipment.service_level,
            origin_depot: shipment.origin_depot,
            destination_depot: shipment.destination_depot,
            weight_kg: shipment.weight_kg,
            updated_at: shipment.updated_at,
            cancel_reason: shipment.cancel_reason,
        }
    }
}
