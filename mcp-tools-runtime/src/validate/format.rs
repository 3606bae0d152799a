//! The `format`s the runtime checks, strictly as JSON Schema validators read them.

use std::net::{Ipv4Addr, Ipv6Addr};

use chrono::NaiveDate;

pub(super) use mcp_tools_shared::format::Format;

/// Whether `s` is valid as `format`. The names and descriptions are shared with the macro;
/// the checks are the runtime's alone, so the shared crate needs no calendar.
pub(super) fn accepts(format: Format, s: &str) -> bool {
    match format {
        Format::DateTime => date_time(s),
        Format::Date => date(s),
        Format::Time => time(s),
        Format::Email => email(s),
        Format::Uri => uri(s),
        Format::Uuid => uuid(s),
        Format::Ipv4 => s.parse::<Ipv4Addr>().is_ok(),
        Format::Ipv6 => s.parse::<Ipv6Addr>().is_ok(),
        Format::Hostname => hostname(s),
    }
}

fn digits(s: &str, n: usize) -> Option<u32> {
    (s.len() == n && s.bytes().all(|b| b.is_ascii_digit()))
        .then(|| s.parse().ok())
        .flatten()
}

#[allow(clippy::many_single_char_names)] // y, m, d, h, s: the names RFC 3339 uses
fn date(s: &str) -> bool {
    let b = s.as_bytes();
    if b.len() != 10 || b[4] != b'-' || b[7] != b'-' {
        return false;
    }
    match (
        digits(&s[0..4], 4),
        digits(&s[5..7], 2),
        digits(&s[8..10], 2),
    ) {
        (Some(y), Some(m), Some(d)) => NaiveDate::from_ymd_opt(y.cast_signed(), m, d).is_some(),
        _ => false,
    }
}

#[allow(clippy::many_single_char_names)] // y, m, d, h, s: the names RFC 3339 uses
fn time(s: &str) -> bool {
    let b = s.as_bytes();
    if b.len() < 9 || b[2] != b':' || b[5] != b':' {
        return false;
    }
    let (Some(h), Some(m), Some(sec)) = (
        digits(&s[0..2], 2),
        digits(&s[3..5], 2),
        digits(&s[6..8], 2),
    ) else {
        return false;
    };
    if h > 23 || m > 59 || sec > 60 {
        return false;
    }
    let mut rest = &s[8..];
    if let Some(frac) = rest.strip_prefix('.') {
        let n = frac.bytes().take_while(u8::is_ascii_digit).count();
        if n == 0 {
            return false;
        }
        rest = &frac[n..];
    }
    let offset_ok = match rest {
        "Z" | "z" => true,
        _ => {
            let ob = rest.as_bytes();
            ob.len() == 6
                && (ob[0] == b'+' || ob[0] == b'-')
                && ob[3] == b':'
                && digits(&rest[1..3], 2).is_some_and(|h| h <= 23)
                && digits(&rest[4..6], 2).is_some_and(|m| m <= 59)
        }
    };
    if !offset_ok {
        return false;
    }
    // A leap second is only valid at 23:59:60 UTC.
    if sec == 60 {
        let (oh, om, sign) = match rest {
            "Z" | "z" => (0, 0, 1),
            _ => (
                digits(&rest[1..3], 2).unwrap_or(0).cast_signed(),
                digits(&rest[4..6], 2).unwrap_or(0).cast_signed(),
                if rest.starts_with('-') { -1 } else { 1 },
            ),
        };
        let utc_minutes =
            (h.cast_signed() * 60 + m.cast_signed() - sign * (oh * 60 + om)).rem_euclid(24 * 60);
        return utc_minutes == 23 * 60 + 59;
    }
    true
}

fn date_time(s: &str) -> bool {
    match s.find(['T', 't']) {
        Some(10) => date(&s[..10]) && time(&s[11..]),
        _ => false,
    }
}

/// RFC 5321 addresses as JSON Schema validators check them: a dot-atom or quoted local part,
/// and a hostname or a bracketed IP literal.
fn email(s: &str) -> bool {
    let Some((local, domain)) = s.rsplit_once('@') else {
        return false;
    };
    let local_ok = if local.len() >= 2 && local.starts_with('"') && local.ends_with('"') {
        let inner = &local[1..local.len() - 1];
        inner
            .bytes()
            .all(|b| (0x20..0x7f).contains(&b) && b != b'"' && b != b'\\')
    } else {
        !local.is_empty()
            && !local.starts_with('.')
            && !local.ends_with('.')
            && !local.contains("..")
            && local
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || b"!#$%&'*+-/=?^_`{|}~.".contains(&b))
    };
    let domain_ok = match domain.strip_prefix('[').and_then(|d| d.strip_suffix(']')) {
        Some(literal) => {
            literal.parse::<Ipv4Addr>().is_ok()
                || literal
                    .strip_prefix("IPv6:")
                    .is_some_and(|v6| v6.parse::<Ipv6Addr>().is_ok())
        }
        None => !domain.ends_with('.') && hostname(domain),
    };
    local.len() <= 64 && local_ok && domain_ok
}

/// An absolute URI (RFC 3986): ASCII only, valid percent-escapes.
fn uri(s: &str) -> bool {
    let Some((scheme, rest)) = s.split_once(':') else {
        return false;
    };
    let mut chars = scheme.chars();
    let bytes = rest.as_bytes();
    let escapes_ok = bytes
        .iter()
        .enumerate()
        .filter(|(_, b)| **b == b'%')
        .all(|(i, _)| {
            bytes.get(i + 1).is_some_and(u8::is_ascii_hexdigit)
                && bytes.get(i + 2).is_some_and(u8::is_ascii_hexdigit)
        });
    chars.next().is_some_and(|c| c.is_ascii_alphabetic())
        && chars.all(|c| c.is_ascii_alphanumeric() || matches!(c, '+' | '-' | '.'))
        && escapes_ok
        && rest
            .bytes()
            .all(|b| b.is_ascii_graphic() && !b"<>\"{}|\\^`".contains(&b))
}

fn uuid(s: &str) -> bool {
    let b = s.as_bytes();
    b.len() == 36
        && b.iter().enumerate().all(|(i, c)| match i {
            8 | 13 | 18 | 23 => *c == b'-',
            _ => c.is_ascii_hexdigit(),
        })
}

fn hostname(s: &str) -> bool {
    !s.is_empty()
        && s.len() <= 253
        && s.split('.').all(|label| {
            !label.is_empty()
                && label.len() <= 63
                && !label.starts_with('-')
                && !label.ends_with('-')
                && label
                    .bytes()
                    .all(|b| b.is_ascii_alphanumeric() || b == b'-')
        })
}

/// The range of the integer type an integer `format` names (`uint8`, `int64`, as schemars
/// writes them); `None` for any other format. 128-bit types are bounded by no JSON reader,
/// so by nothing here.
pub(crate) fn integer_width(format: &str) -> Option<(f64, f64)> {
    Some(match format {
        "int8" => (i8::MIN.into(), i8::MAX.into()),
        "int16" => (i16::MIN.into(), i16::MAX.into()),
        "int32" => (i32::MIN.into(), i32::MAX.into()),
        "int64" | "int" => (i64::MIN as f64, i64::MAX as f64),
        "uint8" => (0.0, u8::MAX.into()),
        "uint16" => (0.0, u16::MAX.into()),
        "uint32" => (0.0, u32::MAX.into()),
        "uint64" | "uint" => (0.0, u64::MAX as f64),
        "int128" => (f64::NEG_INFINITY, f64::INFINITY),
        "uint128" => (0.0, f64::INFINITY),
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::{Format, accepts};

    #[test]
    fn date_times_need_an_offset() {
        assert!(accepts(Format::DateTime, "2026-05-01T14:30:00Z"));
        assert!(accepts(Format::DateTime, "2026-05-01T14:30:00.123+09:00"));
        assert!(!accepts(Format::DateTime, "2026-05-01T14:30:00"));
        assert!(!accepts(Format::DateTime, "2026-05-01 14:30:00Z"));
        assert!(!accepts(Format::DateTime, "2026-02-30T14:30:00Z"));
        assert!(!accepts(Format::DateTime, "yesterday"));
    }

    #[test]
    fn other_formats() {
        assert!(accepts(Format::Date, "2024-02-29"));
        assert!(!accepts(Format::Date, "2023-02-29"));
        assert!(accepts(
            Format::Uuid,
            "123e4567-e89b-12d3-a456-426614174000"
        ));
        assert!(accepts(Format::Email, "ops@example.com"));
        assert!(!accepts(Format::Email, "ops at example.com"));
        assert!(accepts(Format::Uri, "https://example.com/a?b=c"));
        assert!(!accepts(Format::Uri, "example.com"));
        assert!(accepts(Format::Hostname, "api.example.com"));
        assert!(!accepts(Format::Hostname, "-bad.example.com"));
    }
}
