//! The event log of a shipment: one line per scan, weighing, loading, customs step and
//! delivery attempt, and on long-haul runs one per tracker ping.
//!
//! Logs are not stored. Each is derived from the shipment's record, the same on every call,
//! and the tracker telemetry of a long-haul run is computed line by line: reading from line
//! 40,000 costs no more than the lines read.

use std::fmt::Write as _;

use chrono::DateTime;

use crate::{
    seed::{self, SplitMix64, mix},
    shipment::{ServiceLevel, Shipment, Status},
};

/// A long-haul run's tracker logs at least this many pings (when the run lasts as many
/// seconds): GPS fixes and cargo temperatures, alternately.
const MIN_PINGS: i64 = 40_000;

/// A trailer moves in stretches: in each period of this length it drives for its share of
/// the run, at most 4.5 hours (EU drivers' hours), and stands for the rest, at least the
/// 45-minute break.
const PERIOD_SECS: i64 = 4 * 3_600 + 1_800 + 45 * 60;
const MAX_DRIVE_SECS: f64 = 4.5 * 3_600.0;

/// Cruising speed of a trailer, and how much longer roads are than the great circle.
const CRUISE_KMH: f64 = 80.0;
const ROAD_FACTOR: f64 = 1.25;

/// Where customs stops shipments to and from Switzerland.
const BORDER: &str = "BSL-BORDER";

/// Hubs that trunk routes pass through.
const HUBS: [&str; 3] = ["FRA1", "LEJ1", "CGN1"];

/// Depot codes with their country and position (latitude, longitude).
const DEPOTS: &[(&str, &str, f64, f64)] = &[
    ("BER1", "DE", 52.520, 13.405),
    ("HAM1", "DE", 53.551, 9.994),
    ("MUC1", "DE", 48.137, 11.575),
    ("CGN1", "DE", 50.938, 6.960),
    ("FRA1", "DE", 50.110, 8.682),
    ("STR1", "DE", 48.776, 9.183),
    ("LEJ1", "DE", 51.340, 12.375),
    ("DUS1", "DE", 51.228, 6.774),
    ("RTM1", "NL", 51.924, 4.478),
    ("AMS1", "NL", 52.368, 4.904),
    ("ANR1", "BE", 51.219, 4.402),
    ("BRU1", "BE", 50.850, 4.352),
    ("PAR1", "FR", 48.857, 2.352),
    ("LYS1", "FR", 45.764, 4.836),
    ("MIL1", "IT", 45.464, 9.190),
    ("TRN1", "IT", 45.070, 7.687),
    ("VIE1", "AT", 48.208, 16.373),
    ("PRG1", "CZ", 50.076, 14.438),
    ("WAW1", "PL", 52.230, 21.012),
    ("KRK1", "PL", 50.065, 19.945),
    ("CPH1", "DK", 55.676, 12.568),
    ("STO1", "SE", 59.329, 18.069),
    ("ZRH1", "CH", 47.377, 8.541),
    ("MAD1", "ES", 40.417, -3.704),
    ("BCN1", "ES", 41.385, 2.173),
    ("LIS1", "PT", 38.722, -9.139),
];

/// Whether a shipment travels on a long-haul trailer with a cold-chain tracker, whose pings
/// make its log tens of thousands of lines long once it is on the road.
#[must_use]
pub fn is_long_haul(shipment_number: &str) -> bool {
    number_of(shipment_number).is_some_and(|n| n <= 3 || n % 50 == 0)
}

/// A shipment's event log, oldest line first.
///
/// ```
/// use mcp_tools_examples::{Depot, event_log::EventLog};
///
/// let depot = Depot::seeded();
/// let log = EventLog::new(&depot.get("SH-2026-000042").unwrap());
/// let first = log.line(1).unwrap();
/// assert!(first.contains(" BOOKED "), "{first}");
/// assert_eq!(log.text_from(1).unwrap().lines().count() as u64, log.len());
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct EventLog {
    /// Events up to departure (and the tracker switching on).
    head: Vec<String>,
    /// Pings between `head` and `tail`, computed when read.
    telemetry: Option<Telemetry>,
    /// Events after the run.
    tail: Vec<String>,
}

impl EventLog {
    /// The log of `shipment`, as its record stands.
    #[must_use]
    pub fn new(shipment: &Shipment) -> Self {
        Builder::new(shipment).build()
    }

    /// How many lines the log has; never 0, since every shipment was booked.
    #[must_use]
    pub fn len(&self) -> u64 {
        self.head.len() as u64 + self.pings() + self.tail.len() as u64
    }

    /// Whether the log has no lines; always false, see [`EventLog::len`].
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Line `n`, 1-based, without its line break; `None` past the end.
    #[must_use]
    pub fn line(&self, n: u64) -> Option<String> {
        let index = n.checked_sub(1)?;
        let head = self.head.len() as u64;
        if index < head {
            return self.head.get(usize::try_from(index).ok()?).cloned();
        }
        let index = index - head;
        if let Some(telemetry) = &self.telemetry
            && index < telemetry.pings
        {
            return Some(telemetry.ping(index + 1));
        }
        let index = index - self.pings();
        self.tail.get(usize::try_from(index).ok()?).cloned()
    }

    /// The lines from `from_line` (1-based) to the end, each ending in a line break; `None`
    /// when `from_line` is 0 or past the last line.
    #[must_use]
    pub fn text_from(&self, from_line: u64) -> Option<String> {
        if from_line == 0 || from_line > self.len() {
            return None;
        }
        let mut text = String::new();
        for n in from_line..=self.len() {
            // Every `n` up to `len()` is a line.
            text.push_str(&self.line(n).unwrap_or_default());
            text.push('\n');
        }
        Some(text)
    }

    /// Lines from `from_line` on while they fit in `max_chars`, and the line that crosses
    /// it (so text that had to stop is longer than `max_chars`, and a budget of that many
    /// characters cuts it and says where to go on); `None` past the end. Costs what it
    /// returns, whatever the length of the log.
    #[must_use]
    pub fn text_within(&self, from_line: u64, max_chars: usize) -> Option<String> {
        if from_line == 0 || from_line > self.len() {
            return None;
        }
        let mut text = String::new();
        for n in from_line..=self.len() {
            text.push_str(&self.line(n).unwrap_or_default());
            text.push('\n');
            if text.len() > max_chars {
                break;
            }
        }
        Some(text)
    }

    fn pings(&self) -> u64 {
        self.telemetry.as_ref().map_or(0, |t| t.pings)
    }
}

/// A tracker's pings, each computable on its own.
#[derive(Clone, Debug, PartialEq)]
struct Telemetry {
    tracker: String,
    seed: u64,
    /// When the trailer left.
    start: i64,
    /// Seconds between pings.
    step: i64,
    pings: u64,
    from: (f64, f64),
    to: (f64, f64),
    /// Seconds of each period spent driving.
    drive: f64,
    /// Seconds at the wheel over the whole run.
    driven: f64,
}

impl Telemetry {
    fn new(tracker: String, seed: u64, route: (&str, &str), start: i64, end: i64) -> Self {
        let run = (end - start).max(0);
        let step = (run / MIN_PINGS).max(1);
        let pings = run / step;
        let (from, to) = (position(route.0), position(route.1));
        let needed = great_circle_km(from, to) * ROAD_FACTOR / CRUISE_KMH * 3_600.0;
        let share = needed / seconds(run.max(1));
        let mut telemetry = Telemetry {
            tracker,
            seed,
            start,
            step,
            pings: u64::try_from(pings).unwrap_or(0),
            from,
            to,
            drive: (seconds(PERIOD_SECS) * share).clamp(60.0, MAX_DRIVE_SECS),
            driven: 0.0,
        };
        telemetry.driven = telemetry.driven_by(pings * step).0;
        telemetry
    }

    /// Seconds at the wheel in the first `elapsed` seconds of the run, and whether the
    /// trailer is moving then.
    fn driven_by(&self, elapsed: i64) -> (f64, bool) {
        let into = seconds(elapsed % PERIOD_SECS);
        let driven = seconds(elapsed / PERIOD_SECS) * self.drive + into.min(self.drive);
        (driven, into < self.drive)
    }

    /// Ping `k`, 1-based: odd pings are GPS fixes, even pings cargo temperatures.
    fn ping(&self, k: u64) -> String {
        let elapsed = i64::try_from(k).unwrap_or(i64::MAX / 2) * self.step;
        let at = seed::rfc3339(self.start + elapsed);
        let noise = mix(self.seed ^ k);
        let (driven, moving) = self.driven_by(elapsed);
        let tracker = &self.tracker;
        if k % 2 == 1 {
            let done = if self.driven > 0.0 {
                driven / self.driven
            } else {
                1.0
            };
            // A fix wanders by a few metres.
            let jitter = |shift: u32| (unit(noise >> shift) - 0.5) * 0.000_1;
            let lat = self.from.0 + (self.to.0 - self.from.0) * done + jitter(0);
            let lon = self.from.1 + (self.to.1 - self.from.1) * done + jitter(16);
            let speed = if moving { 76 + noise % 9 } else { 0 };
            format!("{at} {tracker} GPS {lat:.4},{lon:.4} {speed} km/h")
        } else {
            // The reefer cycles around 4 °C; standing, the cargo warms a little.
            let cycle = (seconds(elapsed) / 1_800.0 * std::f64::consts::TAU).sin();
            let warm = if moving { 0.0 } else { 0.6 };
            let celsius = 4.0 + 0.7 * cycle + warm + (unit(noise) - 0.5) * 0.3;
            format!("{at} {tracker} TEMP {celsius:.1} °C door closed")
        }
    }
}

/// The steps of a shipment's life that leave a line in its log.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Stage {
    Booked,
    PickedUp,
    InboundScan,
    Weighed,
    ExportDeclared,
    Loaded,
    Departed,
    HubScan,
    CustomsHold,
    CustomsCleared,
    Arrived,
    Sorted,
    OutForDelivery,
    DeliveryFailed,
    Delivered,
    Cancelled,
}

/// Everything a log is made of, drawn once per shipment from its number.
struct Builder<'a> {
    shipment: &'a Shipment,
    seed: u64,
    booked: i64,
    updated: i64,
    customs: bool,
    long_haul: bool,
    failed_attempt: bool,
    hub: &'static str,
    pickup_van: usize,
    delivery_van: usize,
    docks: (usize, usize),
    scale: usize,
    trailer: i64,
    seal: i64,
    route: usize,
    declaration: u64,
}

impl<'a> Builder<'a> {
    fn new(shipment: &'a Shipment) -> Self {
        let number = &shipment.shipment_number;
        let seed = mix(fnv1a(number) ^ 0x4C4F_4753_2026_0001);
        let mut rng = SplitMix64(seed);
        let origin = &shipment.origin_depot;
        let destination = &shipment.destination_depot;
        let booked = unix_secs(&shipment.created_at);
        let hub = HUBS
            .iter()
            .copied()
            .find(|h| h != origin && h != destination)
            .unwrap_or(HUBS[0]);
        Builder {
            shipment,
            seed,
            booked,
            updated: unix_secs(&shipment.updated_at).max(booked),
            customs: (country(origin) == Some("CH")) != (country(destination) == Some("CH")),
            long_haul: is_long_haul(number),
            failed_attempt: rng.chance(25),
            hub,
            pickup_van: 1 + rng.below(40),
            delivery_van: 1 + rng.below(40),
            docks: (1 + rng.below(12), 1 + rng.below(12)),
            scale: 1 + rng.below(4),
            trailer: rng.between(1_000, 9_999),
            seal: rng.between(10_000_000, 99_999_999),
            route: 1 + rng.below(60),
            declaration: rng.next_u64(),
        }
    }

    /// The stages the shipment has been through, each at a fraction (in thousandths) of the
    /// time between booking and its last change.
    fn plan(&self) -> Vec<(Stage, i64)> {
        use Stage::{
            Arrived, Booked, Cancelled, CustomsCleared, CustomsHold, Delivered, DeliveryFailed,
            Departed, ExportDeclared, HubScan, InboundScan, Loaded, OutForDelivery, PickedUp,
            Sorted, Weighed,
        };
        let customs = self.customs;
        // A tracked trailer runs direct; others pass a hub.
        let via_hub = !self.long_haul;
        let mut plan = vec![(Booked, 0)];
        match self.shipment.status {
            Status::Pending => {}
            Status::Weighed => plan.extend([(PickedUp, 400), (InboundScan, 600), (Weighed, 1000)]),
            Status::Dispatched => {
                plan.extend([(PickedUp, 150), (InboundScan, 250), (Weighed, 300)]);
                plan.extend(customs.then_some((ExportDeclared, 500)));
                plan.extend([(Loaded, 900), (Departed, 1000)]);
            }
            Status::InTransit => {
                plan.extend([(PickedUp, 60), (InboundScan, 100), (Weighed, 120)]);
                plan.extend(customs.then_some((ExportDeclared, 150)));
                plan.extend([(Loaded, 180), (Departed, 200)]);
                if customs {
                    plan.push((CustomsHold, 1000));
                } else if via_hub {
                    plan.push((HubScan, 1000));
                }
            }
            Status::Delivered => {
                plan.extend([(PickedUp, 40), (InboundScan, 60), (Weighed, 80)]);
                plan.extend(customs.then_some((ExportDeclared, 100)));
                plan.extend([(Loaded, 120), (Departed, 150)]);
                plan.extend(via_hub.then_some((HubScan, 400)));
                if customs {
                    plan.extend([(CustomsHold, 680), (CustomsCleared, 720)]);
                }
                plan.extend([(Arrived, 750), (Sorted, 780), (OutForDelivery, 850)]);
                if self.failed_attempt {
                    plan.extend([(DeliveryFailed, 880), (OutForDelivery, 950)]);
                }
                plan.push((Delivered, 1000));
            }
            Status::Cancelled => {
                if self.shipment.weight_kg.is_some() {
                    plan.extend([(PickedUp, 300), (InboundScan, 500), (Weighed, 700)]);
                }
                plan.push((Cancelled, 1000));
            }
        }
        plan
    }

    fn build(self) -> EventLog {
        let span = self.updated - self.booked;
        let at = |thousandths: i64| self.booked + span * thousandths / 1000;
        let plan = self.plan();
        let mut head = Vec::new();
        let mut tail = Vec::new();
        let mut telemetry = None;
        for (index, &(stage, thousandths)) in plan.iter().enumerate() {
            let lines = if telemetry.is_some() {
                &mut tail
            } else {
                &mut head
            };
            self.lines_of(stage, at(thousandths), lines);
            if stage == Stage::Departed && self.long_haul {
                let start = at(thousandths);
                let next = plan.get(index + 1).map(|&(_, t)| at(t));
                let end = next.unwrap_or(self.updated);
                let run = self.telemetry(start, end);
                head.push(line(
                    start,
                    &run.tracker,
                    "TRACKER_ON",
                    format_args!(
                        "Cold-chain tracker on trailer TRL-{} logging GPS and cargo temperature",
                        self.trailer
                    ),
                ));
                if next.is_some() {
                    tail.push(line(
                        end,
                        &run.tracker,
                        "TRACKER_OFF",
                        format_args!("Run ended after {} pings", run.pings),
                    ));
                }
                telemetry = Some(run);
            }
        }
        EventLog {
            head,
            telemetry,
            tail,
        }
    }

    fn telemetry(&self, start: i64, end: i64) -> Telemetry {
        let s = self.shipment;
        Telemetry::new(
            format!("TRK-{:04}", self.seed % 10_000),
            self.seed,
            (&s.origin_depot, &s.destination_depot),
            start,
            end,
        )
    }

    fn lines_of(&self, stage: Stage, at: i64, lines: &mut Vec<String>) {
        let s = self.shipment;
        let origin = s.origin_depot.as_str();
        let destination = s.destination_depot.as_str();
        let trailer = self.trailer;
        let mut push = |place: &str, code: &str, text: std::fmt::Arguments<'_>| {
            lines.push(line(at, place, code, text));
        };
        match stage {
            Stage::Booked => {
                push(
                    origin,
                    "BOOKED",
                    format_args!(
                        "Booked by {} for {}, {}; {} service",
                        s.sender_name,
                        s.recipient_name,
                        s.recipient_city,
                        service(s.service_level)
                    ),
                );
                if !s.notes.is_empty() {
                    push(origin, "NOTE", format_args!("Sender's note: {}", s.notes));
                }
                push(
                    origin,
                    "LABEL_PRINTED",
                    format_args!("Label printed; awaiting pickup"),
                );
            }
            Stage::PickedUp => push(
                origin,
                "PICKED_UP",
                format_args!(
                    "Collected from {}, {}, by van {origin}-V{:02}",
                    s.sender_name, s.sender_city, self.pickup_van
                ),
            ),
            Stage::InboundScan => push(
                origin,
                "INBOUND_SCAN",
                format_args!("Inbound scan at dock {}", self.docks.0),
            ),
            Stage::Weighed => {
                if let Some(kg) = s.weight_kg {
                    push(
                        origin,
                        "WEIGHED",
                        format_args!("{kg} kg on scale {origin}-S{}", self.scale),
                    );
                }
            }
            Stage::ExportDeclared => push(
                origin,
                "CUSTOMS_EXPORT",
                format_args!(
                    "Export declaration 26{}{:014X} lodged",
                    country(origin).unwrap_or("XX"),
                    self.declaration >> 8
                ),
            ),
            Stage::Loaded => push(
                origin,
                "LOADED",
                format_args!(
                    "Loaded onto trailer TRL-{trailer} for {destination}, seal {}",
                    self.seal
                ),
            ),
            Stage::Departed => push(
                origin,
                "DEPARTED",
                format_args!("Trailer TRL-{trailer} left for {destination}"),
            ),
            Stage::HubScan => push(
                self.hub,
                "HUB_SCAN",
                format_args!(
                    "Transit scan at hub {}; on schedule for {destination}",
                    self.hub
                ),
            ),
            Stage::CustomsHold => push(
                BORDER,
                "CUSTOMS_HOLD",
                format_args!("Trailer TRL-{trailer} held for import customs at Basel"),
            ),
            Stage::CustomsCleared => push(
                BORDER,
                "CUSTOMS_CLEARED",
                format_args!("Import customs cleared; released to the carrier"),
            ),
            Stage::Arrived => push(
                destination,
                "ARRIVED",
                format_args!("Trailer TRL-{trailer} unloaded at dock {}", self.docks.1),
            ),
            Stage::Sorted => push(
                destination,
                "SORTED",
                format_args!("Sorted to delivery route {destination}-R{:02}", self.route),
            ),
            Stage::OutForDelivery => push(
                destination,
                "OUT_FOR_DELIVERY",
                format_args!("On van {destination}-V{:02}", self.delivery_van),
            ),
            Stage::DeliveryFailed => push(
                destination,
                "DELIVERY_ATTEMPT",
                format_args!("Recipient absent; notice card left, next attempt tomorrow"),
            ),
            Stage::Delivered => push(
                destination,
                "DELIVERED",
                format_args!(
                    "Handed to {} in {}, signature captured",
                    s.recipient_name, s.recipient_city
                ),
            ),
            Stage::Cancelled => push(
                origin,
                "CANCELLED",
                format_args!(
                    "{}",
                    s.cancel_reason
                        .as_deref()
                        .unwrap_or("Cancelled by the sender.")
                ),
            ),
        }
    }
}

/// `2026-09-01T06:00:00Z BER1 BOOKED Booked by …`: time, place, event, details.
fn line(at: i64, place: &str, code: &str, text: std::fmt::Arguments<'_>) -> String {
    let mut line = seed::rfc3339(at);
    // Writing to a `String` cannot fail.
    let _ = write!(line, " {place} {code} {text}");
    line
}

fn service(level: ServiceLevel) -> &'static str {
    match level {
        ServiceLevel::Economy => "economy",
        ServiceLevel::Standard => "standard",
        ServiceLevel::Express => "express",
    }
}

fn country(depot: &str) -> Option<&'static str> {
    DEPOTS.iter().find(|d| d.0 == depot).map(|d| d.1)
}

/// A depot's position; the middle of the network for a depot it does not know.
fn position(depot: &str) -> (f64, f64) {
    DEPOTS
        .iter()
        .find(|d| d.0 == depot)
        .map_or((50.110, 8.682), |d| (d.2, d.3))
}

/// The great-circle distance between two positions (degrees), in kilometres.
fn great_circle_km(a: (f64, f64), b: (f64, f64)) -> f64 {
    const EARTH_RADIUS_KM: f64 = 6_371.0;
    let (lat_a, lat_b) = (a.0.to_radians(), b.0.to_radians());
    let half_dlat = (lat_b - lat_a) / 2.0;
    let half_dlon = (b.1 - a.1).to_radians() / 2.0;
    let h = half_dlat.sin().powi(2) + lat_a.cos() * lat_b.cos() * half_dlon.sin().powi(2);
    2.0 * EARTH_RADIUS_KM * h.sqrt().asin()
}

/// Seconds as a float; runs are far shorter than the 68 years an `i32` holds.
fn seconds(secs: i64) -> f64 {
    f64::from(i32::try_from(secs).unwrap_or(i32::MAX))
}

/// The top 32 bits of `bits` as a fraction in `0.0..=1.0`.
fn unit(bits: u64) -> f64 {
    f64::from(u32::try_from(bits >> 32).unwrap_or(u32::MAX)) / f64::from(u32::MAX)
}

fn unix_secs(rfc3339: &str) -> i64 {
    DateTime::parse_from_rfc3339(rfc3339).map_or(0, |t| t.timestamp())
}

/// `SH-2026-000042` → 42.
fn number_of(shipment_number: &str) -> Option<u32> {
    shipment_number.rsplit('-').next()?.parse().ok()
}

/// FNV-1a: a stable hash of a shipment number (std's hashers may change between releases).
fn fnv1a(text: &str) -> u64 {
    text.bytes().fold(0xCBF2_9CE4_8422_2325, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01B3)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Depot;

    fn log_of(depot: &Depot, number: &str) -> EventLog {
        EventLog::new(&depot.get(number).unwrap())
    }

    fn timestamp(line: &str) -> &str {
        line.split(' ').next().unwrap()
    }

    #[test]
    fn every_log_starts_at_booking_and_ends_at_the_last_change() {
        let depot = Depot::seeded();
        for shipment in depot.search("", None) {
            let log = EventLog::new(&shipment);
            let number = &shipment.shipment_number;
            let first = log.line(1).unwrap();
            assert!(first.contains(" BOOKED "), "{number}: {first}");
            assert_eq!(timestamp(&first), shipment.created_at, "{number}");
            let last = log.line(log.len()).unwrap();
            assert!(timestamp(&last) <= shipment.updated_at.as_str(), "{number}");
            if !(is_long_haul(number) && shipment.status == Status::InTransit) {
                assert_eq!(timestamp(&last), shipment.updated_at, "{number}: {last}");
            }
            assert!(log.line(log.len() + 1).is_none());
            assert!(log.line(0).is_none());
            let expected = match shipment.status {
                Status::Delivered => Some(" DELIVERED "),
                Status::Cancelled => Some(" CANCELLED "),
                Status::Dispatched => Some(" DEPARTED "),
                Status::Weighed => Some(" WEIGHED "),
                Status::Pending | Status::InTransit => None,
            };
            if let Some(event) = expected {
                assert!(last.contains(event), "{number}: {last}");
            }
        }
    }

    #[test]
    fn short_logs_are_in_time_order() {
        let depot = Depot::seeded();
        for shipment in depot.search("", None) {
            if is_long_haul(&shipment.shipment_number) {
                continue;
            }
            let text = EventLog::new(&shipment).text_from(1).unwrap();
            let times: Vec<&str> = text.lines().map(timestamp).collect();
            assert!(times.is_sorted(), "{}:\n{text}", shipment.shipment_number);
            assert!(times.len() < 20, "{}", shipment.shipment_number);
        }
    }

    #[test]
    fn long_haul_runs_log_tens_of_thousands_of_pings() {
        let depot = Depot::seeded();
        for number in ["SH-2026-000001", "SH-2026-000002", "SH-2026-000003"] {
            let log = log_of(&depot, number);
            assert!(log.len() > 40_000, "{number}: {} lines", log.len());
            // Random access agrees with reading through, and time never runs backwards.
            let middle = log.len() / 2;
            let text = log.text_from(middle - 2).unwrap();
            let last = log.line(log.len()).unwrap();
            assert!(last.contains(" DELIVERED "), "{number}: {last}");
            let lines: Vec<&str> = text.lines().collect();
            assert_eq!(lines.len() as u64, log.len() - middle + 3);
            assert_eq!(lines[2], log.line(middle).unwrap());
            assert!(lines.iter().map(|l| timestamp(l)).is_sorted(), "{number}");
            assert!(lines[..4].iter().any(|l| l.contains(" GPS ")), "{lines:?}");
            assert!(lines[..4].iter().any(|l| l.contains(" TEMP ")), "{lines:?}");
        }
    }

    /// The GPS fixes of a log: time (seconds into the run), position, reported speed.
    fn fixes(log: &EventLog) -> Vec<(i64, (f64, f64), u64)> {
        let text = log.text_from(1).unwrap();
        text.lines()
            .map(|l| l.split(' ').collect::<Vec<_>>())
            .filter(|fields| fields[2] == "GPS")
            .map(|fields| {
                let at = unix_secs(fields[0]);
                let (lat, lon) = fields[3].split_once(',').unwrap();
                let position = (lat.parse().unwrap(), lon.parse().unwrap());
                (at, position, fields[4].parse().unwrap())
            })
            .collect()
    }

    #[test]
    fn trailers_drive_from_origin_to_destination_at_road_speeds() {
        let depot = Depot::seeded();
        let shipment = depot.get("SH-2026-000001").unwrap();
        let fixes = fixes(&EventLog::new(&shipment));
        let near = |a, b| great_circle_km(a, b) < 1.0;
        assert!(near(fixes[0].1, position(&shipment.origin_depot)));
        assert!(near(
            fixes.last().unwrap().1,
            position(&shipment.destination_depot)
        ));
        let moving = fixes.iter().filter(|f| f.2 > 0).count();
        assert!(
            moving > 100 && moving < fixes.len(),
            "{moving} moving fixes"
        );
        for pair in fixes.windows(2) {
            let ((t0, p0, _), (t1, p1, speed)) = (pair[0], pair[1]);
            let kmh = great_circle_km(p0, p1) / seconds(t1 - t0) * 3_600.0;
            assert!(kmh < 100.0, "{kmh} km/h between {pair:?}");
            assert!((speed == 0) || (76..=84).contains(&speed), "{pair:?}");
        }
    }

    #[test]
    fn logs_are_the_same_on_every_call() {
        let depot = Depot::seeded();
        let a = log_of(&depot, "SH-2026-000002");
        assert_eq!(a, log_of(&Depot::seeded(), "SH-2026-000002"));
        assert_eq!(
            a.line(12_345),
            log_of(&depot, "SH-2026-000002").line(12_345)
        );
        assert_ne!(
            log_of(&depot, "SH-2026-000010").line(1),
            log_of(&depot, "SH-2026-000011").line(1)
        );
    }

    #[test]
    fn reading_past_the_end_gives_nothing() {
        let depot = Depot::seeded();
        let log = log_of(&depot, "SH-2026-000042");
        assert!(log.text_from(0).is_none());
        assert!(log.text_from(log.len() + 1).is_none());
        let last = log.text_from(log.len()).unwrap();
        assert_eq!(last, format!("{}\n", log.line(log.len()).unwrap()));
    }
}
