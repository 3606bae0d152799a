//! The depot: an in-memory, thread-safe store of shipments and the rules for changing them.

use std::{
    collections::BTreeMap,
    sync::{PoisonError, RwLock, RwLockReadGuard, RwLockWriteGuard},
    time::{SystemTime, UNIX_EPOCH},
};

use chrono::DateTime;
use mcp_tools::ToolError;

use crate::{
    event_log::EventLog,
    seed,
    shipment::{Shipment, Status},
};

/// Every shipment a depot network knows, keyed by shipment number.
///
/// Errors are [`ToolError`]s whose messages name the next step, so tools can pass them
/// to the model unchanged.
#[derive(Debug, Default)]
pub struct Depot {
    shipments: RwLock<BTreeMap<String, Shipment>>,
}

impl Depot {
    /// A depot with the demo data: 300 shipments, `SH-2026-000001` to `SH-2026-000300`,
    /// identical on every run.
    #[must_use]
    pub fn seeded() -> Self {
        Self::new(seed::shipments(seed::DEFAULT_COUNT))
    }

    /// A depot holding `shipments`; a later shipment replaces an earlier one with the
    /// same number.
    pub fn new(shipments: impl IntoIterator<Item = Shipment>) -> Self {
        let shipments = shipments
            .into_iter()
            .map(|s| (s.shipment_number.clone(), s))
            .collect();
        Self {
            shipments: RwLock::new(shipments),
        }
    }

    /// How many shipments the depot holds.
    #[must_use]
    pub fn len(&self) -> usize {
        self.read().len()
    }

    /// Whether the depot holds no shipments.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.read().is_empty()
    }

    /// Every shipment whose number, sender, recipient or cities contain every word of
    /// `query`, ignoring case, optionally only those in `status`; newest booking first
    /// (highest number first), so the order is the same on every call and pages cut from it
    /// never skip or repeat a shipment. A query without words matches every shipment.
    #[must_use]
    pub fn search(&self, query: &str, status: Option<Status>) -> Vec<Shipment> {
        let terms: Vec<String> = query.split_whitespace().map(str::to_lowercase).collect();
        self.read()
            .values()
            // Numbers are zero-padded and issued in booking order: reverse is newest first.
            .rev()
            .filter(|s| status.is_none_or(|wanted| s.status == wanted))
            .filter(|s| matches_all(s, &terms))
            .cloned()
            .collect()
    }

    /// The numbers of the shipments that start with `prefix`, in order: what a client
    /// offers while a user types one.
    #[must_use]
    pub fn numbers_starting_with(&self, prefix: &str) -> Vec<String> {
        self.read()
            .range(prefix.to_owned()..)
            .map(|(number, _)| number)
            .take_while(|number| number.starts_with(prefix))
            .cloned()
            .collect()
    }

    /// Whether any shipment leaves from or goes to the depot with this code.
    #[must_use]
    pub fn has_depot(&self, code: &str) -> bool {
        self.read()
            .values()
            .any(|s| s.origin_depot == code || s.destination_depot == code)
    }

    /// The shipment with this number.
    pub fn get(&self, shipment_number: &str) -> Result<Shipment, ToolError> {
        self.read()
            .get(shipment_number)
            .cloned()
            .ok_or_else(|| not_found(shipment_number))
    }

    /// The event log of the shipment with this number, as its record stands now.
    pub fn event_log(&self, shipment_number: &str) -> Result<EventLog, ToolError> {
        self.read()
            .get(shipment_number)
            .map(EventLog::new)
            .ok_or_else(|| not_found(shipment_number))
    }

    /// Records the measured weight of a shipment that has not been dispatched; a pending
    /// shipment becomes `weighed`. Recording the same weight again changes nothing.
    pub fn set_weight(&self, shipment_number: &str, weight_kg: f64) -> Result<Shipment, ToolError> {
        if !(weight_kg.is_finite() && weight_kg > 0.0) {
            return Err(ToolError::invalid_input(format!(
                "weight_kg must be a positive number of kilograms; got {weight_kg}"
            )));
        }
        let mut shipments = self.write();
        let shipment = shipments
            .get_mut(shipment_number)
            .ok_or_else(|| not_found(shipment_number))?;
        if !shipment.status.weight_editable() {
            return Err(ToolError::conflict(format!(
                "{shipment_number} is {}; weights can only change before dispatch; check with `shipment_get_status`",
                shipment.status.phrase()
            )));
        }
        let unchanged = shipment.status == Status::Weighed && shipment.weight_kg == Some(weight_kg);
        if !unchanged {
            shipment.weight_kg = Some(weight_kg);
            shipment.status = Status::Weighed;
            touch(shipment);
        }
        Ok(shipment.clone())
    }

    /// Cancels a shipment that is neither delivered nor already cancelled, keeping `reason`
    /// on the record.
    pub fn cancel(&self, shipment_number: &str, reason: &str) -> Result<Shipment, ToolError> {
        let mut shipments = self.write();
        let shipment = shipments
            .get_mut(shipment_number)
            .ok_or_else(|| not_found(shipment_number))?;
        match shipment.status {
            Status::Delivered => {
                return Err(ToolError::conflict(format!(
                    "{shipment_number} is already delivered and cannot be cancelled; tell the user it has arrived, or check it with `shipment_get_status`"
                )));
            }
            Status::Cancelled => {
                return Err(ToolError::conflict(format!(
                    "{shipment_number} is already cancelled; nothing more to do"
                )));
            }
            _ => {}
        }
        shipment.status = Status::Cancelled;
        shipment.cancel_reason = Some(reason.trim().to_owned());
        touch(shipment);
        Ok(shipment.clone())
    }

    // Writers never leave a record half-changed, so a poisoned lock still guards
    // consistent data.
    fn read(&self) -> RwLockReadGuard<'_, BTreeMap<String, Shipment>> {
        self.shipments
            .read()
            .unwrap_or_else(PoisonError::into_inner)
    }

    fn write(&self) -> RwLockWriteGuard<'_, BTreeMap<String, Shipment>> {
        self.shipments
            .write()
            .unwrap_or_else(PoisonError::into_inner)
    }
}

fn matches_all(shipment: &Shipment, terms: &[String]) -> bool {
    let fields = [
        &shipment.shipment_number,
        &shipment.sender_name,
        &shipment.sender_city,
        &shipment.recipient_name,
        &shipment.recipient_city,
    ];
    let haystack = fields.map(|f| f.to_lowercase()).join("\n");
    terms.iter().all(|term| haystack.contains(term.as_str()))
}

fn not_found(shipment_number: &str) -> ToolError {
    ToolError::not_found(format!(
        "no shipment {shipment_number}; find shipment numbers with `shipment_search`"
    ))
}

/// Stamps a change. `updated_at` never goes backwards, even if the system clock does.
fn touch(shipment: &mut Shipment) {
    let now = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| i64::try_from(d.as_secs()).unwrap_or(i64::MAX));
    let previous =
        DateTime::parse_from_rfc3339(&shipment.updated_at).map_or(i64::MIN, |t| t.timestamp());
    shipment.updated_at = seed::rfc3339(now.max(previous));
}

#[cfg(test)]
mod tests {
    use super::*;

    fn first_in(depot: &Depot, status: Status) -> Shipment {
        depot
            .search("", Some(status))
            .into_iter()
            .next()
            .unwrap_or_else(|| panic!("the seed has a {status:?} shipment"))
    }

    fn numbers(shipments: &[Shipment]) -> Vec<&str> {
        shipments
            .iter()
            .map(|s| s.shipment_number.as_str())
            .collect()
    }

    #[test]
    fn seeding_is_deterministic() {
        let a = Depot::seeded();
        let b = Depot::seeded();
        assert_eq!(a.len(), 300);
        assert_eq!(a.search("", None), b.search("", None));
        assert!(a.get("SH-2026-000001").is_ok());
        assert!(a.get("SH-2026-000300").is_ok());
    }

    #[test]
    fn search_finds_by_city_ignoring_case() {
        let depot = Depot::seeded();
        let found = depot.search("bERLIN", None);
        assert!(!found.is_empty());
        for s in &found {
            assert!(
                s.sender_city == "Berlin" || s.recipient_city == "Berlin",
                "{s:?}"
            );
        }
    }

    #[test]
    fn search_returns_every_match_newest_first() {
        let depot = Depot::seeded();
        let all = depot.search("", None);
        assert_eq!(all.len(), depot.len());
        let listed = numbers(&all);
        let mut sorted = listed.clone();
        sorted.sort_unstable_by(|a, b| b.cmp(a));
        assert_eq!(listed, sorted);
        assert_eq!(listed[0], "SH-2026-000300");
        for pair in all.windows(2) {
            assert!(pair[0].created_at >= pair[1].created_at, "{pair:?}");
        }
    }

    #[test]
    fn search_needs_every_word_and_honours_status() {
        let depot = Depot::seeded();
        let berlin = depot.search("berlin", Some(Status::Delivered));
        let both = depot.search("berlin brightwell", Some(Status::Delivered));
        assert!(!both.is_empty() && both.len() < berlin.len());
        assert!(both.iter().all(|s| s.status == Status::Delivered));
        // Narrowing keeps the order: the narrower list is a subsequence of the wider one.
        let mut wider = berlin.iter();
        assert!(both.iter().all(|s| wider.any(|w| w == s)));
    }

    #[test]
    fn search_matches_numbers_and_names() {
        let depot = Depot::seeded();
        let found = depot.search("sh-2026-000042", None);
        assert_eq!(numbers(&found), ["SH-2026-000042"]);
        let name = found[0].recipient_name.to_uppercase();
        assert!(!depot.search(&name, None).is_empty());
    }

    #[test]
    fn unknown_numbers_point_to_search() {
        let err = Depot::seeded().get("SH-2026-000999").unwrap_err();
        assert_eq!(
            err.to_string(),
            "not found: no shipment SH-2026-000999; find shipment numbers with `shipment_search`"
        );
    }

    #[test]
    fn set_weight_weighs_pending_shipments() {
        let depot = Depot::seeded();
        let pending = first_in(&depot, Status::Pending);
        let weighed = depot.set_weight(&pending.shipment_number, 12.5).unwrap();
        assert_eq!(weighed.status, Status::Weighed);
        assert_eq!(weighed.weight_kg, Some(12.5));
        assert!(weighed.updated_at >= pending.updated_at);
        assert_eq!(depot.get(&pending.shipment_number).unwrap(), weighed);
        // Idempotent: the same weight again changes nothing.
        assert_eq!(
            depot.set_weight(&pending.shipment_number, 12.5).unwrap(),
            weighed
        );
    }

    #[test]
    fn set_weight_refuses_dispatched_shipments() {
        let depot = Depot::seeded();
        let dispatched = first_in(&depot, Status::Dispatched);
        let number = &dispatched.shipment_number;
        let err = depot.set_weight(number, 12.5).unwrap_err();
        assert_eq!(err.kind(), mcp_tools::ErrorKind::Conflict);
        assert_eq!(
            err.message(),
            format!(
                "{number} is already dispatched; weights can only change before dispatch; check with `shipment_get_status`"
            )
        );
        assert_eq!(depot.get(number).unwrap(), dispatched);
    }

    #[test]
    fn set_weight_refuses_nonsense_weights() {
        let depot = Depot::seeded();
        let pending = first_in(&depot, Status::Pending);
        for kg in [0.0, -1.0, f64::NAN, f64::INFINITY] {
            let err = depot.set_weight(&pending.shipment_number, kg).unwrap_err();
            assert_eq!(err.kind(), mcp_tools::ErrorKind::InvalidInput);
        }
    }

    #[test]
    fn cancel_keeps_the_reason_and_refuses_finished_shipments() {
        let depot = Depot::seeded();
        let in_transit = first_in(&depot, Status::InTransit);
        let cancelled = depot
            .cancel(&in_transit.shipment_number, "  Recipient moved away. ")
            .unwrap();
        assert_eq!(cancelled.status, Status::Cancelled);
        assert_eq!(
            cancelled.cancel_reason.as_deref(),
            Some("Recipient moved away.")
        );

        let again = depot
            .cancel(&in_transit.shipment_number, "again")
            .unwrap_err();
        assert!(again.message().contains("already cancelled"), "{again}");

        let delivered = first_in(&depot, Status::Delivered);
        let err = depot
            .cancel(&delivered.shipment_number, "too late")
            .unwrap_err();
        assert_eq!(err.kind(), mcp_tools::ErrorKind::Conflict);
        assert!(err.message().contains("already delivered"), "{err}");
    }
}
