//! Deterministic demo data: the same few hundred shipments on every run.
//!
//! A fixed-seed splitmix64 generator drives every choice, so tests and demos can quote
//! shipment numbers and expect the same records behind them.

use chrono::{DateTime, SecondsFormat};

use crate::shipment::{ServiceLevel, Shipment, Status};

/// How many shipments [`shipments`] makes by default.
pub(crate) const DEFAULT_COUNT: u32 = 300;

const SEED: u64 = 0x5348_4950_2026_0001;

/// 2026-09-01T06:00:00Z: when the first seeded shipment is booked.
const FIRST_BOOKING_SECS: i64 = 1_788_242_400;

const HOUR_SECS: i64 = 3_600;
const DAY_SECS: i64 = 24 * HOUR_SECS;

/// Cities with the code of the depot that serves each.
const CITIES: &[(&str, &str)] = &[
    ("Berlin", "BER1"),
    ("Hamburg", "HAM1"),
    ("Munich", "MUC1"),
    ("Cologne", "CGN1"),
    ("Frankfurt", "FRA1"),
    ("Stuttgart", "STR1"),
    ("Leipzig", "LEJ1"),
    ("Düsseldorf", "DUS1"),
    ("Rotterdam", "RTM1"),
    ("Amsterdam", "AMS1"),
    ("Antwerp", "ANR1"),
    ("Brussels", "BRU1"),
    ("Paris", "PAR1"),
    ("Lyon", "LYS1"),
    ("Milan", "MIL1"),
    ("Turin", "TRN1"),
    ("Vienna", "VIE1"),
    ("Prague", "PRG1"),
    ("Warsaw", "WAW1"),
    ("Kraków", "KRK1"),
    ("Copenhagen", "CPH1"),
    ("Stockholm", "STO1"),
    ("Zurich", "ZRH1"),
    ("Madrid", "MAD1"),
    ("Barcelona", "BCN1"),
    ("Lisbon", "LIS1"),
];

/// Senders are businesses, each shipping from its home city (an index into [`CITIES`]).
const SENDERS: &[(&str, usize)] = &[
    ("Nordwind Textil GmbH", 1),
    ("Alpenglas AG", 22),
    ("Hanseatic Coffee Roasters", 1),
    ("Kessler Maschinenbau", 5),
    ("Brightwell Electronics", 0),
    ("Van Dijk Bloemen B.V.", 9),
    ("Atelier Moreau", 12),
    ("Rossi Ceramiche", 14),
    ("Lindqvist Design AB", 21),
    ("Novák Bicycles", 17),
    ("Kowalski Tools", 18),
    ("Sol y Mar Olive Oil", 23),
    ("Fischer Medical Supplies", 4),
    ("Bergmann Books", 6),
    ("Dupont & Fils", 13),
    ("Costa Wines", 25),
    ("Hoffmann Audio", 3),
    ("Mertens Chocolatiers", 11),
    ("Silva Cork Works", 25),
    ("Weber Office Furniture", 2),
    ("Havenkraan Logistics", 8),
    ("Zeiler Sportswear", 16),
];

const FIRST_NAMES: &[&str] = &[
    "Anna", "Lukas", "Sofia", "Jonas", "Emma", "Mateo", "Lea", "Noah", "Marta", "Piotr", "Clara",
    "Elias", "Inês", "Tomáš", "Julia", "Henrik", "Chloé", "Luca", "Zofia", "Felix", "Sara", "Jan",
    "Amélie", "Diego",
];

const LAST_NAMES: &[&str] = &[
    "Müller",
    "Schmidt",
    "Janssen",
    "Dubois",
    "Rossi",
    "Nowak",
    "Svoboda",
    "Andersson",
    "García",
    "Silva",
    "Peeters",
    "Hansen",
    "Weber",
    "Fischer",
    "Bianchi",
    "Kowalczyk",
    "Lefebvre",
    "Novak",
    "Berg",
    "Costa",
    "Meyer",
    "Wagner",
    "Moreau",
    "Lindgren",
];

/// Handling notes; most shipments have none.
const NOTES: &[&str] = &[
    "Fragile: glassware, keep upright.",
    "Leave with a neighbour if the recipient is absent.",
    "Call the recipient 30 minutes before delivery.",
    "Loading dock B, weekdays 07:00-15:00 only.",
    "Customs documents are in the pouch on the lid.",
    "Temperature-sensitive: keep below 25 °C.",
    "Two-person delivery: heavy item.",
    "Signature required on delivery.",
];

/// Makes `count` shipments, numbered `SH-2026-000001` up, booked in number order.
pub(crate) fn shipments(count: u32) -> Vec<Shipment> {
    let mut rng = SplitMix64(SEED);
    let mut booked_at = FIRST_BOOKING_SECS;
    (1..=count)
        .map(|number| {
            booked_at += rng.between(HOUR_SECS, 8 * HOUR_SECS);
            // Rank 0 is the newest booking: new shipments are early in their lifecycle.
            let rank = count - number;
            shipment(&mut rng, number, rank, booked_at)
        })
        .collect()
}

fn shipment(rng: &mut SplitMix64, number: u32, rank: u32, booked_at: i64) -> Shipment {
    let status = status_for(rng, rank);
    let (sender_name, sender_home) = *rng.pick(SENDERS);
    let (sender_city, origin_depot) = CITIES[sender_home];
    let recipient_home = loop {
        let index = rng.below(CITIES.len());
        if index != sender_home {
            break index;
        }
    };
    let (recipient_city, destination_depot) = CITIES[recipient_home];
    let recipient_name = format!("{} {}", rng.pick(FIRST_NAMES), rng.pick(LAST_NAMES));
    let service_level = *rng.pick(&[
        ServiceLevel::Economy,
        ServiceLevel::Standard,
        ServiceLevel::Standard,
        ServiceLevel::Express,
    ]);
    // Cancelled shipments were often withdrawn before anyone weighed them.
    let weighed = match status {
        Status::Pending => false,
        Status::Cancelled => rng.chance(50),
        _ => true,
    };
    let weight_kg = weighed.then(|| weight_kg(rng));
    let updated_at = booked_at + last_change_after(rng, status);
    let notes = if rng.chance(35) {
        (*rng.pick(NOTES)).to_owned()
    } else {
        String::new()
    };
    let cancel_reason = (status == Status::Cancelled).then(|| {
        (*rng.pick(&[
            "Sender withdrew the order.",
            "Recipient refused the booking.",
            "Duplicate booking.",
            "Address could not be verified.",
        ]))
        .to_owned()
    });
    Shipment {
        shipment_number: format!("SH-2026-{number:06}"),
        internal_id: format!("shp_{:016x}", rng.next_u64()),
        status,
        service_level,
        sender_name: sender_name.to_owned(),
        sender_city: sender_city.to_owned(),
        recipient_name,
        recipient_city: recipient_city.to_owned(),
        origin_depot: origin_depot.to_owned(),
        destination_depot: destination_depot.to_owned(),
        weight_kg,
        created_at: rfc3339(booked_at),
        updated_at: rfc3339(updated_at),
        notes,
        cancel_reason,
    }
}

/// The newest bookings wait for weighing and dispatch; older ones are on the road or done.
fn status_for(rng: &mut SplitMix64, rank: u32) -> Status {
    let roll = rng.below(100);
    let (first, second, cancelled) = match rank {
        0..40 => ((Status::Pending, 50), (Status::Weighed, 40), 10),
        40..80 => ((Status::Dispatched, 70), (Status::InTransit, 25), 5),
        80..130 => ((Status::InTransit, 75), (Status::Delivered, 20), 5),
        _ => ((Status::Delivered, 93), (Status::Delivered, 0), 7),
    };
    debug_assert_eq!(first.1 + second.1 + cancelled, 100);
    if roll < first.1 {
        first.0
    } else if roll < first.1 + second.1 {
        second.0
    } else {
        Status::Cancelled
    }
}

/// Seconds from booking to the shipment's last change, typical for its status.
fn last_change_after(rng: &mut SplitMix64, status: Status) -> i64 {
    match status {
        Status::Pending => 0,
        Status::Weighed => rng.between(HOUR_SECS, 20 * HOUR_SECS),
        Status::Dispatched => rng.between(DAY_SECS, 2 * DAY_SECS),
        Status::InTransit => rng.between(DAY_SECS, 4 * DAY_SECS),
        Status::Delivered => rng.between(2 * DAY_SECS, 7 * DAY_SECS),
        Status::Cancelled => rng.between(HOUR_SECS, 2 * DAY_SECS),
    }
}

/// Mostly parcels, some freight, a few pallets; to 0.1 kg.
fn weight_kg(rng: &mut SplitMix64) -> f64 {
    let tenths = match rng.below(100) {
        0..85 => rng.between(2, 315),
        85..97 => rng.between(400, 8_000),
        _ => rng.between(8_000, 24_000),
    };
    f64::from(u32::try_from(tenths).unwrap_or(u32::MAX)) / 10.0
}

/// `2026-09-01T06:00:00Z`: whole seconds, UTC, as the records store times.
pub(crate) fn rfc3339(unix_secs: i64) -> String {
    DateTime::from_timestamp(unix_secs, 0)
        .unwrap_or_default()
        .to_rfc3339_opts(SecondsFormat::Secs, true)
}

/// splitmix64 (Steele, Lea and Flood): tiny, fast, and good enough for demo data.
pub(crate) struct SplitMix64(pub(crate) u64);

impl SplitMix64 {
    pub(crate) fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        mix(self.0)
    }

    /// Uniform in `0..n`; the modulo bias is negligible for the small `n` used here.
    // The remainder is below `n`, a `usize`, so narrowing it back cannot truncate.
    #[allow(clippy::cast_possible_truncation)]
    pub(crate) fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }

    /// Uniform in `low..=high`.
    pub(crate) fn between(&mut self, low: i64, high: i64) -> i64 {
        let span = high.abs_diff(low) + 1;
        low + i64::try_from(self.next_u64() % span).unwrap_or(0)
    }

    pub(crate) fn chance(&mut self, percent: usize) -> bool {
        self.below(100) < percent
    }

    pub(crate) fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }
}

/// The splitmix64 output function: scrambles `z` into a well-mixed 64-bit value. Also a
/// stateless hash, for values that must be computable in any order (the n-th log line).
pub(crate) fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn first_booking_is_the_documented_instant() {
        assert_eq!(rfc3339(FIRST_BOOKING_SECS), "2026-09-01T06:00:00Z");
    }

    #[test]
    fn the_same_seed_gives_the_same_shipments() {
        assert_eq!(shipments(50), shipments(50));
    }

    #[test]
    fn every_lifecycle_state_is_represented() {
        let all = shipments(DEFAULT_COUNT);
        for status in [
            Status::Pending,
            Status::Weighed,
            Status::Dispatched,
            Status::InTransit,
            Status::Delivered,
            Status::Cancelled,
        ] {
            assert!(all.iter().any(|s| s.status == status), "no {status:?}");
        }
    }

    #[test]
    fn records_are_consistent() {
        for s in shipments(DEFAULT_COUNT) {
            assert_ne!(s.sender_city, s.recipient_city, "{}", s.shipment_number);
            assert!(s.created_at <= s.updated_at, "{}", s.shipment_number);
            match s.status {
                Status::Pending => assert!(s.weight_kg.is_none(), "{}", s.shipment_number),
                Status::Cancelled => {}
                _ => assert!(s.weight_kg.is_some(), "{}", s.shipment_number),
            }
            assert!(s.weight_kg.is_none_or(|kg| (0.1..=30_000.0).contains(&kg)));
            assert_eq!(s.cancel_reason.is_some(), s.status == Status::Cancelled);
        }
    }
}
