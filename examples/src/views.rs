//! What the tools return: views of shipments shaped for what the model does next.

use mcp_tools::view::{detailed_only, detailed_only_some};
use schemars::JsonSchema;
use serde::Serialize;

use crate::shipment::{ServiceLevel, Shipment, Status};

/// One shipment in search results; the fields marked "Detailed only" are sent only for
/// `response_format: "detailed"`.
// One struct serves both views: `detailed_only` skips those fields while a concise result is
// serialized, and the output schema lists them as optional.
#[derive(Clone, Debug, PartialEq, Serialize, JsonSchema)]
pub struct ShipmentView {
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
    #[serde(skip_serializing_if = "detailed_only")]
    pub internal_id: String,
    /// Detailed only: code of the dispatching depot.
    #[serde(skip_serializing_if = "detailed_only")]
    pub origin_depot: String,
    /// Detailed only: code of the delivering depot.
    #[serde(skip_serializing_if = "detailed_only")]
    pub destination_depot: String,
    /// Detailed only: when the shipment was booked (RFC 3339, UTC).
    #[serde(skip_serializing_if = "detailed_only")]
    #[schemars(extend("format" = "date-time"))]
    pub created_at: String,
    /// Detailed only: when the shipment last changed (RFC 3339, UTC).
    #[serde(skip_serializing_if = "detailed_only")]
    #[schemars(extend("format" = "date-time"))]
    pub updated_at: String,
    /// Detailed only: handling notes from the sender; empty when there are none.
    #[serde(skip_serializing_if = "detailed_only")]
    pub notes: String,
    /// Detailed only, and only on cancelled shipments: why it was cancelled.
    #[serde(skip_serializing_if = "detailed_only_some")]
    pub cancel_reason: Option<String>,
}

impl From<Shipment> for ShipmentView {
    fn from(shipment: Shipment) -> Self {
        Self {
            shipment_number: shipment.shipment_number,
            status: shipment.status,
            service_level: shipment.service_level,
            sender_name: shipment.sender_name,
            sender_city: shipment.sender_city,
            recipient_name: shipment.recipient_name,
            recipient_city: shipment.recipient_city,
            weight_kg: shipment.weight_kg,
            internal_id: shipment.internal_id,
            origin_depot: shipment.origin_depot,
            destination_depot: shipment.destination_depot,
            created_at: shipment.created_at,
            updated_at: shipment.updated_at,
            notes: shipment.notes,
            cancel_reason: shipment.cancel_reason,
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

#[cfg(test)]
mod tests {
    use mcp_tools::{ResponseFormat, view::with_format};
    use serde_json::Value;

    use super::*;
    use crate::Depot;

    fn view_in(format: ResponseFormat, view: &ShipmentView) -> Value {
        with_format(format, || serde_json::to_value(view).unwrap())
    }

    #[test]
    fn concise_views_leave_out_the_detailed_fields() {
        let depot = Depot::seeded();
        let cancelled = depot
            .search("", Some(Status::Cancelled))
            .into_iter()
            .next()
            .unwrap();
        let view = ShipmentView::from(cancelled);
        let concise = view_in(ResponseFormat::Concise, &view);
        let detailed = view_in(ResponseFormat::Detailed, &view);
        let detailed_only = [
            "internal_id",
            "origin_depot",
            "destination_depot",
            "created_at",
            "updated_at",
            "notes",
            "cancel_reason",
        ];
        for key in detailed_only {
            assert!(concise.get(key).is_none(), "concise has {key}");
            assert!(detailed.get(key).is_some(), "detailed lacks {key}");
        }
        let concise = concise.as_object().unwrap();
        let detailed = detailed.as_object().unwrap();
        assert_eq!(concise.len() + detailed_only.len(), detailed.len());
        for (key, value) in concise {
            assert_eq!(&detailed[key], value, "{key}");
        }
    }

    #[test]
    fn cancel_reasons_appear_only_when_there_is_one() {
        let depot = Depot::seeded();
        let delivered = depot.search("", Some(Status::Delivered)).swap_remove(0);
        let detailed = view_in(ResponseFormat::Detailed, &delivered.into());
        assert!(detailed.get("cancel_reason").is_none(), "{detailed}");
    }
}
