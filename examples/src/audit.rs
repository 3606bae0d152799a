//! A depot's weight audit: every shipment it dispatched goes back on the scale, one at a
//! time, and those whose recorded weight is off are reported. It takes seconds to minutes,
//! so it runs as a task (`task = "optional"`): a client that supports tasks gets the task at
//! once and polls it, seeing each shipment as progress; any replica answers for it, and a
//! replica that dies mid-audit leaves it reported failed, its outcome unknown, rather than
//! working forever.

use std::time::Duration;

use mcp_tools::prelude::*;
use schemars::JsonSchema;
use serde::Serialize;

use crate::{depot::Depot, shipment::Status};

/// How far a reading may differ from the recorded weight before it is reported.
const TOLERANCE: f64 = 0.05;

/// The scale the audit weighs on: how long one weighing takes.
#[derive(Clone, Copy, Debug)]
pub struct Scale {
    /// The time one shipment spends on the scale.
    pub per_shipment: Duration,
}

impl Default for Scale {
    fn default() -> Self {
        Scale {
            per_shipment: Duration::from_millis(100),
        }
    }
}

/// What an audit found.
#[derive(Debug, Serialize, JsonSchema)]
pub struct AuditReport {
    /// The depot audited, like `BER1`.
    pub depot: String,
    /// How many shipments went back on the scale.
    pub weighed: usize,
    /// Shipments whose reading differs from the recorded weight by more than 5%.
    pub discrepancies: Vec<Discrepancy>,
}

/// A shipment whose recorded weight is off.
#[derive(Debug, Serialize, JsonSchema)]
pub struct Discrepancy {
    /// Shipment number, like `SH-2026-000123`.
    pub shipment_number: String,
    /// The weight on record, in kilograms.
    pub recorded_kg: f64,
    /// What the scale read now, in kilograms.
    pub measured_kg: f64,
}

/// Re-weigh every shipment a depot dispatched and list those whose recorded weight is off
/// by more than 5%.
///
/// Use before billing or when a carrier disputes weights; for one shipment,
/// `shipment_get_status` is enough. Takes a tenth of a second per shipment, minutes for a
/// large depot: it runs as a task where the client supports tasks.
#[tool(
    namespace = "depot",
    read_only,
    open_world = false,
    task = "optional",
    task_ttl_secs = 3600
)]
pub async fn audit(
    ctx: ToolContext,
    depot: State<Depot>,
    scale: State<Scale>,
    /// Code of the depot, like `BER1`.
    #[param(pattern = r"^[A-Z]{3}\d$", example = "BER1")]
    depot_code: String,
) -> Result<Json<AuditReport>, ToolError> {
    if !depot.has_depot(&depot_code) {
        return Err(ToolError::not_found(format!(
            "no depot `{depot_code}`; depots are BER1, HAM1, MUC1, CGN1 and FRA1"
        )));
    }
    let shipments: Vec<_> = depot
        .search("", None)
        .into_iter()
        .filter(|s| s.origin_depot == depot_code && s.status != Status::Cancelled)
        .filter_map(|s| s.weight_kg.map(|kg| (s.shipment_number, kg)))
        .collect();
    let total = shipments.len();
    let mut discrepancies = Vec::new();
    for (done, (number, recorded_kg)) in shipments.into_iter().enumerate() {
        if ctx.is_cancelled() {
            return Err(ToolError::retry_later(
                "the audit was cancelled; nothing changed",
            ));
        }
        #[allow(clippy::cast_precision_loss)] // a depot's shipments, a few hundred at most
        ctx.progress(
            done as f64,
            Some(total as f64),
            format!("weighed {done} of {total} shipments"),
        )
        .await;
        tokio::time::sleep(scale.per_shipment).await;
        let measured_kg = reading(&number, recorded_kg);
        if (measured_kg - recorded_kg).abs() > recorded_kg * TOLERANCE {
            discrepancies.push(Discrepancy {
                shipment_number: number,
                recorded_kg,
                measured_kg,
            });
        }
    }
    Ok(Json(AuditReport {
        depot: depot_code,
        weighed: total,
        discrepancies,
    }))
}

/// What the demo scale reads for a shipment: its recorded weight, except for about one in
/// eleven, which reads 8% heavier (the same ones every time).
fn reading(number: &str, recorded_kg: f64) -> f64 {
    let digits: u64 = number.bytes().filter(u8::is_ascii_digit).fold(0, |n, d| {
        n.wrapping_mul(10).wrapping_add(u64::from(d - b'0'))
    });
    if digits.is_multiple_of(11) {
        (recorded_kg * 1.08 * 100.0).round() / 100.0
    } else {
        recorded_kg
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn an_audit_weighs_a_depots_shipments_and_reports_the_heavy_ones() {
        let depot = State::new(Depot::seeded());
        let scale = State::new(Scale {
            per_shipment: Duration::ZERO,
        });
        let ctx = ToolContext::detached("depot_audit");
        let Json(report) = audit(ctx, depot, scale, "BER1".into())
            .await
            .expect("BER1 is a depot");
        assert!(report.weighed > 0);
        assert!(
            !report.discrepancies.is_empty(),
            "one in eleven reads heavy"
        );
        for d in &report.discrepancies {
            assert!(d.measured_kg > d.recorded_kg);
        }
    }

    #[tokio::test]
    async fn an_unknown_depot_is_named_with_the_ones_there_are() {
        let ctx = ToolContext::detached("depot_audit");
        let err = audit(
            ctx,
            State::new(Depot::seeded()),
            State::new(Scale::default()),
            "XXX9".into(),
        )
        .await
        .expect_err("no such depot");
        assert!(err.message().contains("BER1"));
    }
}
