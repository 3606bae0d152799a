//! The word lists behind units and the design rules, as data in one place.
//!
//! Matching is on whole `_`-separated words of snake_case names, so `_m` matches
//! `distance_m` but not `item`.

/// Name suffixes that carry a unit, and the unit written into the schema.
///
/// Longer suffixes come first where one is a suffix of another (`_kwh` before `_wh`).
pub(crate) const UNIT_SUFFIXES: &[(&str, &str)] = &[
    // time
    ("ns", "ns"),
    ("nanos", "ns"),
    ("us", "µs"),
    ("micros", "µs"),
    ("ms", "ms"),
    ("millis", "ms"),
    ("s", "s"),
    ("sec", "s"),
    ("secs", "s"),
    ("seconds", "s"),
    ("min", "min"),
    ("mins", "min"),
    ("minutes", "min"),
    ("h", "h"),
    ("hrs", "h"),
    ("hours", "h"),
    ("days", "days"),
    ("weeks", "weeks"),
    ("months", "months"),
    ("years", "years"),
    // data
    ("bits", "bits"),
    ("bytes", "bytes"),
    ("kb", "KB"),
    ("kib", "KiB"),
    ("mb", "MB"),
    ("mib", "MiB"),
    ("gb", "GB"),
    ("gib", "GiB"),
    ("tb", "TB"),
    ("tib", "TiB"),
    ("chars", "characters"),
    ("characters", "characters"),
    ("tokens", "tokens"),
    ("lines", "lines"),
    ("words", "words"),
    ("pages", "pages"),
    ("items", "items"),
    ("rows", "rows"),
    // mass
    ("mg", "mg"),
    ("g", "g"),
    ("grams", "g"),
    ("kg", "kg"),
    ("t", "t"),
    ("tonnes", "t"),
    ("lb", "lb"),
    ("lbs", "lb"),
    ("oz", "oz"),
    // length
    ("nm", "nm"),
    ("um", "µm"),
    ("mm", "mm"),
    ("cm", "cm"),
    ("m", "m"),
    ("meters", "m"),
    ("metres", "m"),
    ("km", "km"),
    ("in", "in"),
    ("inches", "in"),
    ("ft", "ft"),
    ("feet", "ft"),
    ("yd", "yd"),
    ("mi", "mi"),
    ("miles", "mi"),
    ("nmi", "nmi"),
    ("px", "px"),
    ("pt", "pt"),
    ("em", "em"),
    // area and volume
    ("m2", "m²"),
    ("km2", "km²"),
    ("sqft", "ft²"),
    ("m3", "m³"),
    ("ml", "ml"),
    ("l", "l"),
    ("liters", "l"),
    ("litres", "l"),
    ("gal", "gal"),
    // speed and rates
    ("kmh", "km/h"),
    ("kph", "km/h"),
    ("mph", "mph"),
    ("mps", "m/s"),
    ("knots", "kn"),
    ("rpm", "rpm"),
    ("rps", "requests/s"),
    ("qps", "queries/s"),
    ("bps", "bit/s"),
    ("kbps", "kbit/s"),
    ("mbps", "Mbit/s"),
    ("gbps", "Gbit/s"),
    ("hz", "Hz"),
    ("khz", "kHz"),
    ("mhz", "MHz"),
    ("ghz", "GHz"),
    // temperature and angles
    ("c", "°C"),
    ("celsius", "°C"),
    ("f", "°F"),
    ("fahrenheit", "°F"),
    ("k", "K"),
    ("kelvin", "K"),
    ("deg", "degrees"),
    ("degrees", "degrees"),
    ("rad", "radians"),
    ("radians", "radians"),
    // energy and power
    ("wh", "Wh"),
    ("kwh", "kWh"),
    ("mwh", "MWh"),
    ("w", "W"),
    ("kw", "kW"),
    ("mw", "MW"),
    ("j", "J"),
    ("kj", "kJ"),
    ("kcal", "kcal"),
    ("v", "V"),
    ("a", "A"),
    ("mah", "mAh"),
    ("pa", "Pa"),
    ("kpa", "kPa"),
    ("bar", "bar"),
    ("psi", "psi"),
    // ratios
    ("pct", "%"),
    ("percent", "%"),
    ("percentage", "%"),
    ("bp", "basis points"),
    ("ratio", "ratio"),
    ("fraction", "fraction of 1"),
    ("ppm", "ppm"),
    ("db", "dB"),
    // money: minor units and ISO 4217 codes
    ("cents", "cents"),
    ("pennies", "pennies"),
    ("minor", "minor currency units"),
    ("usd", "USD"),
    ("eur", "EUR"),
    ("gbp", "GBP"),
    ("jpy", "JPY"),
    ("cny", "CNY"),
    ("krw", "KRW"),
    ("inr", "INR"),
    ("chf", "CHF"),
    ("cad", "CAD"),
    ("aud", "AUD"),
    ("nzd", "NZD"),
    ("sek", "SEK"),
    ("nok", "NOK"),
    ("dkk", "DKK"),
    ("pln", "PLN"),
    ("czk", "CZK"),
    ("huf", "HUF"),
    ("brl", "BRL"),
    ("mxn", "MXN"),
    ("ars", "ARS"),
    ("clp", "CLP"),
    ("cop", "COP"),
    ("zar", "ZAR"),
    ("try", "TRY"),
    ("rub", "RUB"),
    ("uah", "UAH"),
    ("ils", "ILS"),
    ("aed", "AED"),
    ("sar", "SAR"),
    ("sgd", "SGD"),
    ("hkd", "HKD"),
    ("twd", "TWD"),
    ("thb", "THB"),
    ("idr", "IDR"),
    ("myr", "MYR"),
    ("php", "PHP"),
    ("vnd", "VND"),
    ("egp", "EGP"),
    ("ngn", "NGN"),
    ("kes", "KES"),
    ("btc", "BTC"),
    ("eth", "ETH"),
    ("sats", "satoshis"),
];

/// The unit a name's last word states, if any: `weight_kg` → `kg`.
pub(crate) fn unit_of(name: &str) -> Option<&'static str> {
    let last = name.rsplit('_').next()?;
    if last.len() == name.len() {
        return None;
    }
    UNIT_SUFFIXES
        .iter()
        .find(|(suffix, _)| *suffix == last)
        .map(|(_, unit)| *unit)
}

#[cfg(test)]
mod tests {
    use super::unit_of;

    #[test]
    fn reads_the_unit_from_the_last_word() {
        assert_eq!(unit_of("weight_kg"), Some("kg"));
        assert_eq!(unit_of("timeout_ms"), Some("ms"));
        assert_eq!(unit_of("budget_krw"), Some("KRW"));
        assert_eq!(unit_of("kg"), None);
        assert_eq!(unit_of("weight"), None);
        assert_eq!(unit_of("item_name"), None);
    }
}
